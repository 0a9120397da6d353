import { z } from 'zod';
import { ZExportFormat, ZPage, ZPageQuery } from './common';

/**
 * A withdrawal's state as operators see it. Players see PENDING and RETURNING as OPEN:
 * PENDING = the transfer out of the provider has no known outcome yet (not approvable until resolved);
 * RETURNING = rejected by staff, the credit is on its way back to the provider. BOUNCED = paid out, then the
 * bank sent the payout back (approve re-pays it, reject credits it back); BOUNCE_RETURNING = that credit-back
 * is under way (players see BOUNCED).
 */
export const OPS_WITHDRAWAL_STATUSES = [
  'PENDING',
  'OPEN',
  'RETURNING',
  'SUCCESS',
  'FAILED',
  'REJECTED',
  'BOUNCED',
  'BOUNCE_RETURNING',
] as const;
export const ZOpsWithdrawalStatus = z.enum(OPS_WITHDRAWAL_STATUSES);
export type TOpsWithdrawalStatus = z.infer<typeof ZOpsWithdrawalStatus>;

/**
 * GET /api/ops/v1/withdrawals?status=&playerId=&order=&page=&pageSize=&format=: newest first, or
 * `order=oldest` for the payout queue, which staff work through from the longest-waiting request
 * (backoffice.md: OPEN oldest first); `format=csv` exports what the filter shows.
 */
export const ZOpsWithdrawalsQuery = ZPageQuery.extend({
  status: ZOpsWithdrawalStatus.optional(),
  playerId: z.uuid({ message: 'INVALID_FORMAT' }).optional(),
  order: z.enum(['newest', 'oldest']).default('newest'),
  format: ZExportFormat,
});
export type TOpsWithdrawalsQuery = z.infer<typeof ZOpsWithdrawalsQuery>;

/** A withdrawal with what staff need to pay it out (the full account number: they transfer to it). */
export const ZOpsWithdrawal = z.object({
  code: z.string(),
  playerId: z.string(),
  username: z.string(),
  provider: z.string(),
  /** THB taken from the provider, received (to pay out) and returned (kept by the house). */
  amount: z.string(),
  creditReceived: z.string(),
  creditReturned: z.string(),
  /** LAK to pay, whole kip, at `rateBuy`. */
  payoutAmount: z.string(),
  rateBuy: z.string(),
  bank: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  status: ZOpsWithdrawalStatus,
  failure: z.string().nullable(),
  bankReference: z.string().nullable(),
  /** How often its payout bounced, and the bank's reference of the latest bounce. */
  bounces: z.number().int(),
  bounceReference: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOpsWithdrawal = z.infer<typeof ZOpsWithdrawal>;

export const ZOpsWithdrawalsResponse = ZPage(ZOpsWithdrawal);
export type TOpsWithdrawalsResponse = z.infer<typeof ZOpsWithdrawalsResponse>;

export const ZOpsWithdrawalResponse = z.object({ withdrawal: ZOpsWithdrawal });
export type TOpsWithdrawalResponse = z.infer<typeof ZOpsWithdrawalResponse>;

/** POST /api/ops/v1/withdrawals/{code}/approve: the bank's reference of the payout staff made. */
export const ZApproveWithdrawalRequest = z.object({
  bankReference: z
    .string({ error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'INVALID') })
    .trim()
    .min(1, { message: 'REQUIRED' })
    .max(100, { message: 'TOO_LONG' }),
});
export type TApproveWithdrawalRequest = z.infer<typeof ZApproveWithdrawalRequest>;

/** POST /api/ops/v1/withdrawals/{code}/bounced: the bank's reference of the returned payout. */
export const ZBounceWithdrawalRequest = ZApproveWithdrawalRequest;
export type TBounceWithdrawalRequest = z.infer<typeof ZBounceWithdrawalRequest>;

/** POST /api/ops/v1/withdrawals/{code}/reject (body optional). */
export const ZRejectWithdrawalRequest = z
  .object({ reason: z.string().trim().max(200, { message: 'TOO_LONG' }).optional() })
  .nullish();
export type TRejectWithdrawalRequest = z.infer<typeof ZRejectWithdrawalRequest>;
