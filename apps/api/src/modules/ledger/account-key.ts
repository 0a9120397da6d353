import type { TProvider } from '@lc/shared/providers';
import type { TLedgerAccountKind, TLedgerCurrency } from '../../db/schema/ledger';

/** Names a ledger account within an agency; the account is created on first use. */
export type AccountKey = {
  kind: TLedgerAccountKind;
  currency: TLedgerCurrency;
  playerId?: string | null;
  provider?: TProvider | null;
};

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

/** One stable string per key: sorts accounts into the lock order and deduplicates them. */
export function accountKeyString(key: AccountKey): string {
  return [key.kind, key.currency, key.playerId ?? '', key.provider ?? ''].join('|');
}
