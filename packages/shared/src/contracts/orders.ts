import { z } from 'zod';

/** Status of deposits and withdrawals (spec section 4; domain.md gives the transitions). */
export const ORDER_STATUSES = ['OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'FAILED', 'REJECTED'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** `{code}` path parameter of deposit and withdrawal routes. */
export const ZOrderCodeParams = z.object({ code: z.string().min(1).max(40) });
