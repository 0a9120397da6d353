import { z } from 'zod';
import { ZReconciliationRun } from './reconciliation';

/** GET /api/ops/v1/dashboard?days=30: today and the days before it, N days in all (Lao calendar days). */
export const ZDashboardQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
});
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

/** How many, and how much in kip (whole) and in THB credit (two decimals). */
export const ZDashboardMoney = z.object({ count: z.number().int(), lak: z.string(), thb: z.string() });

/**
 * One Lao day: deposits credited that day (SUCCESS, by credited time; LAK paid, THB credit without bonus),
 * withdrawals paid out that day (SUCCESS or later bounced, by the payout's decision time; LAK payout, THB
 * credit received), the bonus credit given with those deposits, and the house result in THB (credit sold
 * minus credit bought back).
 */
export const ZDashboardDay = z.object({
  date: z.string(),
  deposits: ZDashboardMoney,
  withdrawals: ZDashboardMoney,
  bonuses: z.string(),
  house: z.string(),
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

/** What waits for a hand now (the console's menu counts). */
export const ZDashboardQueues = z.object({
  depositsPaid: z.number().int(),
  depositsFailed: z.number().int(),
  bankPaymentsUnmatched: z.number().int(),
  withdrawalsOpen: z.number().int(),
  approvalsPending: z.number().int(),
});

export const ZDashboardResponse = z.object({
  timeZone: z.literal('Asia/Vientiane'),
  today: ZDashboardDay,
  /** Oldest first, `days` entries, the last one today; days without activity are zeros. */
  days: z.array(ZDashboardDay),
  totals: ZDashboardDay.omit({ date: true }),
  queues: ZDashboardQueues,
  /** The latest stored reconciliation run, or null before the first. */
  reconciliation: ZReconciliationRun.nullable(),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;
