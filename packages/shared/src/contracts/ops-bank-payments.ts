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

/** POST …/bank-payments/{id}/refund: the bank reference of the refund staff sent. */
export const ZRefundBankPaymentRequest = z.object({ bankReference: z.string().trim().min(1).max(100) });
export const ZRefundBankPaymentResponse = z.object({ payment: ZOpsBankPayment });
