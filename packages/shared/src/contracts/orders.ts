import { z } from 'zod';

/** Status of deposits and withdrawals (spec section 4; domain.md gives the transitions). */
export const ORDER_STATUSES = ['OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'FAILED', 'REJECTED'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/**
 * A withdrawal's status as the player sees it: the order statuses and BOUNCED (paid out, then the bank sent
 * the payout back; staff re-pay it or credit it back, domain.md rule 9).
 */
export const WITHDRAW_RECORD_STATUSES = [...ORDER_STATUSES, 'BOUNCED'] as const;
export const ZWithdrawRecordStatus = z.enum(WITHDRAW_RECORD_STATUSES);
export type TWithdrawRecordStatus = z.infer<typeof ZWithdrawRecordStatus>;

/** `{code}` path parameter of deposit and withdrawal routes. */
export const ZOrderCodeParams = z.object({ code: z.string().min(1).max(40) });
