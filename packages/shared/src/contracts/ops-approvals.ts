import { z } from 'zod';
import { tryParseMoney } from '../money';
import { ZPage, ZPageQuery } from './common';
import { OPS_CREDIT_MAX_SATANG } from './ops-players';

/**
 * ADJUSTMENT and ROLE_CHANGE (decision 0041); WITHDRAWAL_APPROVAL: paying out a withdrawal whose credit is
 * over the agency's approvalThreshold; RATE_CHANGE: a buy or sell rate moved by more than 5 % (decision 0046).
 */
export const APPROVAL_KINDS = [
  'ADJUSTMENT',
  'ROLE_CHANGE',
  'WITHDRAWAL_APPROVAL',
  'RATE_CHANGE',
  'BOUNCE_CREDIT_BACK',
  'STAFF_CREATE',
  'PROVIDER_SETTINGS',
  'CHANNEL_SETTINGS',
] as const;
export type TApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const ZApprovalStatus = z.enum(APPROVAL_STATUSES, { message: 'INVALID' });
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

const ZReason = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { message: 'REQUIRED' })
  .max(200, { message: 'TOO_LONG' });

/** Signed THB ("-50.00" takes credit back), never zero, at most the ops credit cap either way. */
const ZSignedCredit = z
  .string({ error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'INVALID') })
  .trim()
  .superRefine((text, ctx) => {
    const satang = tryParseMoney(text, 'THB', { allowNegative: true });
    if (satang === null) ctx.addIssue({ code: 'custom', message: 'INVALID_FORMAT' });
    else if (satang === 0n || satang > OPS_CREDIT_MAX_SATANG || -satang > OPS_CREDIT_MAX_SATANG)
      ctx.addIssue({ code: 'custom', message: 'INVALID' });
  });

export const ZAdjustmentRequest = z.object({
  playerId: z.uuid({ message: 'INVALID' }),
  provider: z.string({ error: 'REQUIRED' }),
  amount: ZSignedCredit,
  reason: ZReason,
});
export type TAdjustmentRequest = z.input<typeof ZAdjustmentRequest>;

export const ZApproval = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: ZApprovalStatus,
  // ADJUSTMENT: {playerId, provider, amount}; ROLE_CHANGE: {staffId, username, from, to};
  // WITHDRAWAL_APPROVAL: {code, playerId, username, credit, payoutAmount, bankReference};
  // RATE_CHANGE: {currency, buy, sell, previousBuy, previousSell};
  // BOUNCE_CREDIT_BACK: {code, playerId, username, credit, bounceReference};
  // STAFF_CREATE: {username, displayName, role} (the member exists once approved);
  // PROVIDER_SETTINGS: {provider, protocol, url, enabled, credentials: "•••"} (sealed, never shown);
  // CHANNEL_SETTINGS: the payment channel as PUT agency/payment-channels/{code} takes it, with its code. Strings only.
  payload: z.record(z.string(), z.string()),
  reason: z.string(),
  requestedBy: z.string(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  result: z.record(z.string(), z.string()).nullable(),
});
export type TApproval = z.infer<typeof ZApproval>;

export const ZApprovalResponse = z.object({ approval: ZApproval });
export type TApprovalResponse = z.infer<typeof ZApprovalResponse>;
/** The answer to a decision: an approved STAFF_CREATE also carries the new member's one-time password, once. */
export const ZDecideApprovalResponse = ZApprovalResponse.extend({ initialPassword: z.string().optional() });
export type TDecideApprovalResponse = z.infer<typeof ZDecideApprovalResponse>;
export const ZApprovalsQuery = ZPageQuery.extend({ status: ZApprovalStatus.optional() });
export const ZApprovalsResponse = ZPage(ZApproval);
export const ZApprovalParams = z.object({ id: z.uuid({ message: 'INVALID' }) });
export const ZDecideApprovalRequest = z.object({ reason: ZReason.optional() }).optional();
