import type { TProvider } from '@lc/shared/providers';
import type { TLedgerAccountKind, TLedgerCurrency } from '../../db/schema/ledger';

/**
 * Names a ledger account within an agency; the account is created on first use. `shard` names one row of an
 * agency-wide account ({@link SPREAD_KINDS}); callers leave it out, and a posting picks the row
 * (post-transaction.ts).
 */
export type AccountKey = {
  kind: TLedgerAccountKind;
  currency: TLedgerCurrency;
  playerId?: string | null;
  provider?: TProvider | null;
  shard?: number;
};

/**
 * The agency-wide accounts: one per agency and currency, touched by most postings (every deposit moves the
 * house, the bank and the FX account). Each is spread over {@link AGENCY_ACCOUNT_SHARDS} rows so postings
 * do not all wait for one row lock; its balance is the sum of its rows
 * (docs/decisions/0052-agency-accounts-spread-over-rows.md). Per-player accounts are one row (shard 0).
 */
export const SPREAD_KINDS: ReadonlySet<TLedgerAccountKind> = new Set(['HOUSE', 'BONUS', 'BANK', 'FX']);
export const AGENCY_ACCOUNT_SHARDS = 16;

/**
 * The row of each agency-wide account a posting under `reference` uses: a hash of the reference (FNV-1a), so
 * a replay of the same reference names the same rows and different postings spread evenly. (The replay check
 * in post-transaction.ts compares accounts, not rows: postings made before the spread are on row 0.)
 */
export function shardOf(reference: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < reference.length; i++) {
    hash ^= reference.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % AGENCY_ACCOUNT_SHARDS;
}

/** The key with its row: `shard` for an agency-wide account, 0 for any other. */
export function onShard(key: AccountKey, shard: number): AccountKey {
  return { ...key, shard: SPREAD_KINDS.has(key.kind) ? shard : 0 };
}

/** A player's credit at one provider, as the ledger sees it (THB satang). */
export function playerProviderAccount(playerId: string, provider: TProvider): AccountKey {
  return { kind: 'PLAYER_PROVIDER', currency: 'THB', playerId, provider };
}

/** The agency's own side of every movement (its balance goes negative as credit is handed out). */
export function houseAccount(currency: TLedgerCurrency): AccountKey {
  return { kind: 'HOUSE', currency };
}

/** Promotion money given away, kept apart from the house so bonuses can be totalled. */
export function bonusAccount(currency: TLedgerCurrency = 'THB'): AccountKey {
  return { kind: 'BONUS', currency };
}

/**
 * Credit taken out of a player's provider wallet for a withdrawal and not yet paid out (or returned): what
 * the agency owes that player in its bank. Per player, so parallel withdrawals never queue on one row.
 */
export function payoutAccount(playerId: string, currency: TLedgerCurrency = 'THB'): AccountKey {
  return { kind: 'PAYOUT', currency, playerId };
}

/**
 * Credit a player moves between two providers while it is on its way (decision 0072): + when it left `from`,
 * − when it reached `to` or went back. Per player; 0 whenever no transfer of theirs is under way.
 */
export function inTransitAccount(playerId: string): AccountKey {
  return { kind: 'IN_TRANSIT', currency: 'THB', playerId };
}

/**
 * Kip in the agency's bank accounts (LAK, one per agency): + what the bank received for credited deposits
 * and payouts that bounced back, − what was paid out to players. Its day's movement is what the bank
 * statement shows for those (docs/decisions/0027-lak-ledger-and-settlement.md).
 */
export function bankAccount(): AccountKey {
  return { kind: 'BANK', currency: 'LAK' };
}

/**
 * The exchange (LAK, one per agency): the other side of every kip booked for credit. A credited deposit
 * takes the paid kip from it (−), a withdrawal taken out puts the payout's kip back (+); the THB side of the
 * same exchange is the house.
 */
export function fxAccount(): AccountKey {
  return { kind: 'FX', currency: 'LAK' };
}

/**
 * Kip owed to a player for a withdrawal taken out and not paid (or paid and bounced): − while owed, back to
 * 0 when paid out or credited back. Per player, like the THB payout account, so payouts never queue on one row.
 */
export function payoutOwedAccount(playerId: string): AccountKey {
  return { kind: 'PAYOUT_OWED', currency: 'LAK', playerId };
}

/** One stable string per key (one row): sorts accounts into the lock order and deduplicates them. */
export function accountKeyString(key: AccountKey): string {
  return [key.kind, key.currency, key.playerId ?? '', key.provider ?? '', key.shard ?? 0].join('|');
}
