import { z } from 'zod';
import { ZPage } from './common';
import { ZOrderStatus } from './orders';

/** POST /api/v2/deposits. `amount` is whole LAK as a decimal string ("100000"). */
export const ZCreateDepositRequest = z.object({
  provider: z.string().min(1),
  bankAccountId: z.string().min(1),
  amount: z.string().regex(/^\d{1,13}$/, { message: 'INVALID' }),
  mid: z.string().min(1).max(64),
});
export type TCreateDepositRequest = z.infer<typeof ZCreateDepositRequest>;

/** Why staff must act on a payment of an order (`review`, docs/decisions/0074): another amount, paid after it closed, paid twice. */
export const DEPOSIT_REVIEWS = ['AMOUNT_MISMATCH', 'LATE', 'DUPLICATE'] as const;
export type TDepositReview = (typeof DEPOSIT_REVIEWS)[number];

/** A deposit as the player sees it; field names as the spec shows them. */
export const ZDepositRecord = z.object({
  code: z.string(),
  date_time: z.string().nullable(),
  game_provider: z.string(),
  /** LAK paid, whole kip. */
  amount: z.string(),
  /** THB credit the deposit gives (locked at creation from the sell rate), two decimals. */
  credit: z.string(),
  /** THB bonus of a promotion, two decimals ("0.00" without one). */
  bonus: z.string(),
  status: ZOrderStatus,
  mid: z.string(),
  expires_at: z.string().nullable(),
  promotion_usage_id: z.string().nullable(),
  /** Paid after it was cancelled or expired (or outside its life): staff will credit or refund it. */
  latePaid: z.boolean(),
  /** LAK the bank reported for this order, summed over its payments; null before any payment. */
  paid_amount: z.string().nullable(),
  /** Why staff must act on one of its payments; null when none waits for them. */
  review: z.enum(DEPOSIT_REVIEWS).nullable(),
  /** LAK staff refunded of its payments; null when none was refunded (docs/decisions/0074). */
  refunded_amount: z.string().nullable(),
});
export type TDepositRecord = z.infer<typeof ZDepositRecord>;

export const ZDepositResponse = z.object({ order: ZDepositRecord });
export type TDepositResponse = z.infer<typeof ZDepositResponse>;

export const ZDepositPage = ZPage(ZDepositRecord);
export type TDepositPage = z.infer<typeof ZDepositPage>;

export const ZOpenDepositsResponse = z.object({ orders: z.array(ZDepositRecord) });
export type TOpenDepositsResponse = z.infer<typeof ZOpenDepositsResponse>;

/** GET /api/v2/deposits/{code}/laoqr: the EMVCo LaoQR payload to render as a QR code. */
export const ZLaoQrResponse = z.object({
  code: z.string(),
  payload: z.string(),
  amount: z.string(),
  currency: z.literal('LAK'),
  merchantName: z.string(),
  expiresAt: z.string().nullable(),
});
export type TLaoQrResponse = z.infer<typeof ZLaoQrResponse>;
