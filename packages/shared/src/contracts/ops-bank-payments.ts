import { z } from 'zod';
import { ZProvider } from '../providers';
import { ZExportFormat, ZPage, ZPageQuery } from './common';
import { ZOpsDeposit } from './ops-deposits';

export const BANK_PAYMENT_STATUSES = ['MATCHED', 'UNMATCHED', 'CREDITED', 'REFUNDED'] as const;
export const BANK_PAYMENT_REASONS = [
  'LATE',
  'AMOUNT_MISMATCH',
  'DUPLICATE',
  'UNKNOWN_BILL',
  'PAID_OUTSIDE_ORDER',
] as const;

/** GET /api/ops/v1/bank-payments?status=&page=&pageSize=&format= (newest first; `format=csv` exports the filter). */
export const ZBankPaymentsQuery = ZPageQuery.extend({
  status: z.enum(BANK_PAYMENT_STATUSES).optional(),
  format: ZExportFormat,
});
export type TBankPaymentsQuery = z.infer<typeof ZBankPaymentsQuery>;

/** A payment the bank reported, as staff see it (backoffice.md contract). LAK in whole kip. */
export const ZOpsBankPayment = z.object({
  id: z.string(),
  bankReference: z.string(),
  billNumber: z.string(),
  reference: z.string().nullable(),
  amount: z.string(),
  paidAt: z.string(),
  receivedAt: z.string(),
  status: z.enum(BANK_PAYMENT_STATUSES),
  reason: z.enum(BANK_PAYMENT_REASONS).nullable(),
  depositCode: z.string().nullable(),
  creditedDepositCode: z.string().nullable(),
  playerId: z.string().nullable(),
  /** The player's username (null while the payment names no player). */
  username: z.string().nullable(),
  refundReference: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type TOpsBankPayment = z.infer<typeof ZOpsBankPayment>;

export const ZBankPaymentsResponse = ZPage(ZOpsBankPayment);
export type TBankPaymentsResponse = z.infer<typeof ZBankPaymentsResponse>;

/** `{id}` of the bank-payment routes. */
export const ZBankPaymentParams = z.object({ id: z.string().min(1).max(64) });

/** POST …/bank-payments/{id}/credit: to which provider (and player, when the payment names no order). */
export const ZCreditBankPaymentRequest = z.object({ provider: ZProvider, playerId: z.uuid().optional() });
export type TCreditBankPaymentRequest = z.infer<typeof ZCreditBankPaymentRequest>;

export const ZCreditBankPaymentResponse = z.object({ payment: ZOpsBankPayment, deposit: ZOpsDeposit });

/** GET …/bank-payments/{id}/credit-preview?provider=: the provider to preview (default: the order's). */
export const ZCreditPreviewQuery = z.object({ provider: ZProvider.optional() });

/**
 * What crediting the payment would book, computed as the credit computes it (decision 0076): the paid kip at
 * the order's rate (the current rate for a payment no order names), the order's bonus only when it still
 * belongs to it. `provider`: the one previewed, the order's unless asked for another (null: no order, none
 * asked). `depositCode`: the order it would settle, or null when it gets a deposit of its own.
 */
export const ZCreditPreview = z.object({
  provider: ZProvider.nullable(),
  playerId: z.string().nullable(),
  username: z.string().nullable(),
  depositCode: z.string().nullable(),
  isNewDeposit: z.boolean(),
  /** LAK paid (whole kip), the sell rate (kip per baht) and the THB credit, bonus and their sum. */
  amount: z.string(),
  rate: z.string(),
  credit: z.string(),
  bonus: z.string(),
  total: z.string(),
});
export type TCreditPreview = z.infer<typeof ZCreditPreview>;
export const ZCreditPreviewResponse = z.object({ preview: ZCreditPreview });
export type TCreditPreviewResponse = z.infer<typeof ZCreditPreviewResponse>;

/**
 * GET …/deposits/{code}/payments: the payments of the order's bill (and any staff settled to it), newest
 * first. `confirmable`: the order may be confirmed with it (UNMATCHED, or the order's own MATCHED payment).
 */
export const ZDepositPayment = ZOpsBankPayment.extend({ confirmable: z.boolean() });
export type TDepositPayment = z.infer<typeof ZDepositPayment>;
export const ZDepositPaymentsResponse = z.object({ items: z.array(ZDepositPayment) });
export type TDepositPaymentsResponse = z.infer<typeof ZDepositPaymentsResponse>;

/** POST …/bank-payments/{id}/refund: the bank reference of the refund staff sent. */
export const ZRefundBankPaymentRequest = z.object({ bankReference: z.string().trim().min(1).max(100) });
export const ZRefundBankPaymentResponse = z.object({ payment: ZOpsBankPayment });
