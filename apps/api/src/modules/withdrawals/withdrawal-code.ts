import type { DbOrTx } from '../../db/client';
import { nextOrderCode } from '../deposits/deposit-code';

/** A new withdrawal code, e.g. `W2611210001AB` (the shared daily order counter, prefix `W`). */
export function nextWithdrawalCode(db: DbOrTx, agencyId: string, now: Date): Promise<string> {
  return nextOrderCode(db, agencyId, 'W', now);
}

/** The references of a withdrawal's steps, at the provider and in the ledger alike. */
export const withdrawalReference = {
  out: (code: string) => `${code}:out`,
  back: (code: string) => `${code}:back`,
  payout: (code: string) => `${code}:payout`,
  /** The `bounces`-th bounce of its payout (1, 2, …). */
  bounce: (code: string, bounces: number) => `${code}:bounce:${bounces}`,
  /** The payout after `bounces` bounces: `:payout` first, then `:payout:2`, `:payout:3`, … */
  payoutAfter: (code: string, bounces: number) =>
    bounces === 0 ? `${code}:payout` : `${code}:payout:${bounces + 1}`,
};
