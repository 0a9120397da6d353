import type { TProvider } from '@lc/shared/providers';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderTransfer } from '../../adapters/providers/game-provider';
import type { DbOrTx } from '../../db/client';
import type { CollectedTransfer } from './collect-provider-transfers';
import { compareReference, type ReferenceDifference, type ReferenceSide } from './compare-reference';
import type { ReconciliationProvider } from './count-provider-calls';
import { findAccountsByMember, memberKey } from './find-accounts-by-member';
import { findLedgerMovements, type LedgerMovement } from './find-ledger-movements';

// A transfer the provider applied is booked a moment later (the order's state change commits after the
// call): the ledger is read again this many times, this far apart, before a reference is reported missing.
const LEDGER_RECHECKS = 3;
const RECHECK_DELAY_MS = 200;

export type MatchContext = {
  db: DbOrTx;
  agencyId: string;
  providerOf: (provider: TProvider) => ReconciliationProvider;
  log: FastifyBaseLogger;
};

export type MatchResult = {
  matched: number;
  differences: ReferenceDifference[];
  /** Accounts the window touched on either side: their statements are read in this run. */
  activeAccountIds: Set<string>;
  /** References that could not be looked up (the provider did not answer). */
  unavailable: number;
};

const signed = (t: { direction: 'in' | 'out'; amount: bigint }) =>
  t.direction === 'in' ? t.amount : -t.amount;
const sideOf = (m: LedgerMovement): ReferenceSide => m;

/**
 * Matches the providers' transfers of the window with the ledger's movements by reference, and re-examines
 * the references an earlier run found different (`carried`), so a difference stays listed until it is
 * resolved. A reference on one side only is looked for on the other side by reference before it counts.
 */
export async function matchTransfers(
  ctx: MatchContext,
  window: { from: Date; to: Date },
  transfers: CollectedTransfer[],
  carried: ReferenceDifference[],
): Promise<MatchResult> {
  const accounts = await findAccountsByMember(ctx.db, ctx.agencyId, transfers);
  const providerSide = new Map<string, ReferenceSide>();
  for (const t of transfers) {
    const account = accounts.get(memberKey(t.provider, t.member));
    // Another agency's member: not ours to reconcile.
    if (account) providerSide.set(t.reference, { ...account, amount: signed(t) });
  }
  const ledgerSide = new Map<string, ReferenceSide>();
  for (const m of await findLedgerMovements(ctx.db, ctx.agencyId, window))
    ledgerSide.set(m.reference, sideOf(m));
  const activeAccountIds = new Set(
    [...providerSide.values(), ...ledgerSide.values()].map((s) => s.accountId),
  );

  // Booked just outside the window, or not committed yet when the window was read.
  let unbooked = [...providerSide.keys()].filter((ref) => !ledgerSide.has(ref));
  for (let attempt = 0; attempt <= LEDGER_RECHECKS && unbooked.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RECHECK_DELAY_MS));
    for (const m of await findLedgerMovements(ctx.db, ctx.agencyId, { references: unbooked })) {
      ledgerSide.set(m.reference, sideOf(m));
    }
    unbooked = unbooked.filter((ref) => !ledgerSide.has(ref));
  }

  let unavailable = 0;
  // Applied at the provider outside the window (or never): asked by reference.
  const lookUp = async (
    reference: string,
    provider: TProvider,
  ): Promise<ProviderTransfer | null | undefined> => {
    try {
      return await ctx.providerOf(provider).findTransfer(reference);
    } catch (error) {
      ctx.log.warn({ err: error, provider, reference }, 'transfer look-up failed');
      unavailable += 1;
      return undefined;
    }
  };
  for (const [reference, ledger] of ledgerSide) {
    if (providerSide.has(reference)) continue;
    const found = await lookUp(reference, ledger.provider);
    if (found === undefined) ledgerSide.delete(reference);
    else if (found) providerSide.set(reference, { ...ledger, amount: signed(found) });
  }

  const differences: ReferenceDifference[] = [];
  let matched = 0;
  for (const reference of new Set([...providerSide.keys(), ...ledgerSide.keys()])) {
    const difference = compareReference(
      reference,
      providerSide.get(reference) ?? null,
      ledgerSide.get(reference) ?? null,
    );
    if (difference) differences.push(difference);
    else matched += 1;
  }

  const seen = new Set([...providerSide.keys(), ...ledgerSide.keys()]);
  const stale = carried.filter((d) => !seen.has(d.reference));
  const booked = new Map(
    (await findLedgerMovements(ctx.db, ctx.agencyId, { references: stale.map((d) => d.reference) })).map(
      (m) => [m.reference, m],
    ),
  );
  for (const old of stale) {
    const found = await lookUp(old.reference, old.provider);
    // Unknown at the provider now: the earlier finding stands until it can be read again.
    if (found === undefined) {
      differences.push(old);
      continue;
    }
    const ledger = booked.get(old.reference);
    const difference = compareReference(
      old.reference,
      found ? { ...old, amount: signed(found) } : null,
      ledger ? sideOf(ledger) : null,
    );
    if (difference) differences.push(difference);
  }
  return { matched, differences, activeAccountIds, unavailable };
}
