import { z } from 'zod';
import { ZPage } from './common';
import { ZWithdrawRecordStatus } from './orders';

/** POST /api/v2/withdrawals. `credit` is THB with at most two decimals ("150.00"). */
export const ZCreateWithdrawalRequest = z.object({
  provider: z.string().min(1),
  bankAccountId: z.string().min(1),
  credit: z.string().regex(/^\d{1,11}(\.\d{1,2})?$/, { message: 'INVALID' }),
});
export type TCreateWithdrawalRequest = z.infer<typeof ZCreateWithdrawalRequest>;

/** A withdrawal as the player sees it; field names as the spec shows them. */
export const ZWithdrawRecord = z.object({
  code: z.string(),
  date_time: z.string().nullable(),
  game_provider: z.string(),
  /** THB credit taken from the provider. */
  amount: z.string(),
  /** THB credit paid out (after promotion rules). */
  credit_received: z.string(),
  /** THB credit kept by the house (promotion max rule). */
  credit_returned: z.string(),
  /** LAK paid to the bank account at the buy rate. */
  payout_amount: z.string(),
  status: ZWithdrawRecordStatus,
});
export type TWithdrawRecord = z.infer<typeof ZWithdrawRecord>;

export const ZWithdrawalResponse = z.object({ order: ZWithdrawRecord });
export const ZWithdrawPage = ZPage(ZWithdrawRecord);
export type TWithdrawPage = z.infer<typeof ZWithdrawPage>;
export const ZOpenWithdrawalsResponse = z.object({ orders: z.array(ZWithdrawRecord) });
