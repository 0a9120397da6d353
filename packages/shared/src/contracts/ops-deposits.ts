import { z } from 'zod';
import { ZExportFormat, ZPage, ZPageQuery } from './common';
import { ZOrderStatus } from './orders';

/** Sort keys of the deposits table; `-` = descending. */
export const OPS_DEPOSIT_SORTS = ['-createdAt', 'createdAt', '-amount', 'amount'] as const;

/**
 * GET /api/ops/v1/deposits?status=&playerId=&code=&from=&to=&sort=&page=&pageSize=&format= (newest first by
 * default). `from`/`to` bound the creation time; `code` matches exactly; `format=csv` exports every row the
 * filter shows.
 */
export const ZOpsDepositsQuery = ZPageQuery.extend({
  status: ZOrderStatus.optional(),
  playerId: z.uuid({ message: 'INVALID_FORMAT' }).optional(),
  code: z.string().trim().min(1).max(40, { message: 'TOO_LONG' }).optional(),
  from: z.iso.datetime({ offset: true, message: 'INVALID_FORMAT' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'INVALID_FORMAT' }).optional(),
  sort: z.enum(OPS_DEPOSIT_SORTS).default('-createdAt'),
  format: ZExportFormat,
});
export type TOpsDepositsQuery = z.infer<typeof ZOpsDepositsQuery>;

/** A deposit as operators see it: what was ordered beside what the bank reported, and crediting retries. */
export const ZOpsDeposit = z.object({
  code: z.string(),
  playerId: z.string(),
  username: z.string(),
  provider: z.string(),
  /** LAK ordered (whole kip) and LAK the bank reported paid (null before a payment). */
  amount: z.string(),
  paidAmount: z.string().nullable(),
  /** The bank paid another amount: waits for staff (confirm or reject). */
  isAmountMismatch: z.boolean(),
  credit: z.string(),
  bonus: z.string(),
  status: ZOrderStatus,
  mid: z.string(),
  bankReference: z.string().nullable(),
  /** A payment arrived after it closed (or outside its life): see bank-payments. */
  isLatePaid: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type TOpsDeposit = z.infer<typeof ZOpsDeposit>;

export const ZOpsDepositsResponse = ZPage(ZOpsDeposit);
export type TOpsDepositsResponse = z.infer<typeof ZOpsDepositsResponse>;

export const ZOpsDepositResponse = z.object({ deposit: ZOpsDeposit });
export type TOpsDepositResponse = z.infer<typeof ZOpsDepositResponse>;

/** POST …/deposits/{code}/confirm: the stored bank payment (bank-payments) staff match the order with. */
export const ZConfirmDepositRequest = z.object({
  paymentId: z.uuid(),
  note: z.string().trim().max(200, { message: 'TOO_LONG' }).optional(),
});

/** POST …/deposits/{code}/reject (body optional). */
export const ZRejectDepositRequest = z
  .object({ reason: z.string().trim().max(200, { message: 'TOO_LONG' }).optional() })
  .nullish();
