import { z } from 'zod';

export const RECONCILIATION_STATUSES = ['OK', 'DIFFERENCE', 'UNAVAILABLE'] as const;

/**
 * One player's credit at one provider, ledger and provider side by side (THB strings). `difference` =
 * ledger − (transferredIn − transferredOut) must be "0.00"; `gameNet` = providerBalance − net transfers is
 * what the player won or lost in games, shown for information only.
 */
export const ZReconciliationRow = z.object({
  playerId: z.string(),
  username: z.string(),
  provider: z.string(),
  member: z.string(),
  ledger: z.string(),
  transferredIn: z.string().nullable(),
  transferredOut: z.string().nullable(),
  difference: z.string().nullable(),
  providerBalance: z.string().nullable(),
  gameNet: z.string().nullable(),
  status: z.enum(RECONCILIATION_STATUSES),
  /** Why the provider could not be asked (status UNAVAILABLE). */
  error: z.string().nullable(),
});
export type TReconciliationRow = z.infer<typeof ZReconciliationRow>;

/**
 * The agency's own ledger accounts (THB strings), so bonuses are accounted apart from the house: `house`
 * goes negative as credit is handed out for deposits, `bonus` as promotion bonuses are given (and back up when
 * one is taken back), `payout` is credit taken out for withdrawals and not yet paid out, over all players.
 */
export const ZLedgerTotals = z.object({ house: z.string(), bonus: z.string(), payout: z.string() });
export type TLedgerTotals = z.infer<typeof ZLedgerTotals>;

/** GET /api/ops/v1/reconciliation. */
export const ZReconciliationResponse = z.object({
  rows: z.array(ZReconciliationRow),
  summary: z.object({
    accounts: z.number().int(),
    differences: z.number().int(),
    unavailable: z.number().int(),
    checkedAt: z.string(),
    ledger: ZLedgerTotals,
    /** Every THB ledger account of the agency summed: always "0.00" (each transaction sums to zero). */
    ledgerSum: z.string(),
  }),
});
export type TReconciliationResponse = z.infer<typeof ZReconciliationResponse>;
