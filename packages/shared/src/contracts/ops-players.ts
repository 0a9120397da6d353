import { z } from 'zod';
import { tryParseMoney } from '../money';
import { ZBankAccount } from './bank-accounts';
import { ZPage, ZPageQuery } from './common';
import { ZPlayLimitsResponse, ZRestriction } from './play-limits';

/**
 * GET /api/ops/v1/players?query=&fingerprint=: by username or display name (part), id, phone or bank
 * account number (exact, spaces and dashes ignored), or a device hash.
 */
export const ZOpsPlayersQuery = ZPageQuery.extend({
  query: z.string().trim().max(64, { message: 'TOO_LONG' }).optional(),
  fingerprint: z.string().trim().max(128, { message: 'TOO_LONG' }).optional(),
});
export type TOpsPlayersQuery = z.infer<typeof ZOpsPlayersQuery>;

export const ZOpsPlayer = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  createdAt: z.string(),
  blocked: z.boolean(),
});
export type TOpsPlayer = z.infer<typeof ZOpsPlayer>;

export const ZOpsPlayersResponse = ZPage(ZOpsPlayer);
export type TOpsPlayersResponse = z.infer<typeof ZOpsPlayersResponse>;

export const ZOpsPlayerParams = z.object({ id: z.string() });

/**
 * GET /api/ops/v1/players/{id}: the player with its responsible-play state: the time-out or self-exclusion in
 * force (read only: staff cannot shorten or lift it) and its own deposit limits.
 */
export const ZOpsPlayerDetailResponse = z.object({
  player: ZOpsPlayer.extend({
    phone: z.string().nullable(),
    /** Its one bank account, number masked as the player sees it (the payout queue has the full number). */
    bankAccount: ZBankAccount.nullable(),
    restriction: ZRestriction.nullable(),
    depositLimits: ZPlayLimitsResponse,
  }),
});
export type TOpsPlayerDetailResponse = z.infer<typeof ZOpsPlayerDetailResponse>;

/** Idempotency-Key (api.md): a repeat with the same key resumes or returns the first credit. */
export const ZIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255, { message: 'TOO_LONG' })
    .regex(/^[A-Za-z0-9._:-]+$/, { message: 'INVALID_FORMAT' })
    .optional(),
});

/** A fat-finger guard on manual credits: 1,000,000.00 THB in satang. */
export const OPS_CREDIT_MAX_SATANG = 100_000_000n;

const ZCreditAmount = z
  .string({ error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'INVALID') })
  .trim()
  .superRefine((text, ctx) => {
    const satang = tryParseMoney(text, 'THB');
    if (satang === null) ctx.addIssue({ code: 'custom', message: 'INVALID_FORMAT' });
    else if (satang <= 0n || satang > OPS_CREDIT_MAX_SATANG)
      ctx.addIssue({ code: 'custom', message: 'INVALID' });
  });

/**
 * POST /api/ops/v1/players/{id}/credit (+ optional Idempotency-Key): an operator's credit, transferred in
 * to the provider and booked as an adjustment (never a deposit), with its reason. `provider` is a plain string so an unknown one answers 400
 * UNKNOWN_PROVIDER.
 */
export const ZOpsCreditRequest = z.object({
  provider: z.string({ error: 'REQUIRED' }),
  amount: ZCreditAmount,
  // Required: an operator's credit is an adjustment, and an adjustment is audited with its reason.
  reason: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { message: 'REQUIRED' })
    .max(200, { message: 'TOO_LONG' }),
});
export type TOpsCreditRequest = z.input<typeof ZOpsCreditRequest>;

export const ZOpsCreditStatus = z.enum(['PENDING', 'APPLIED', 'REJECTED']);

export const ZOpsCredit = z.object({
  reference: z.string(),
  playerId: z.string(),
  provider: z.string(),
  amount: z.string(),
  reason: z.string().nullable(),
  /** APPLIED: at the provider and in the ledger; PENDING: the provider's answer was lost (repeat to resolve). */
  status: ZOpsCreditStatus,
  createdAt: z.string(),
});
export type TOpsCredit = z.infer<typeof ZOpsCredit>;

export const ZOpsCreditResponse = z.object({ credit: ZOpsCredit });
export type TOpsCreditResponse = z.infer<typeof ZOpsCreditResponse>;

/**
 * POST /api/ops/v1/players/{id}/block (body optional): bars the player from promotions (players/backlist says
 * so, with the reason). The player's sessions and everything else stay as they are.
 */
export const ZBlockPlayerRequest = z
  .object({ reason: z.string().trim().max(200, { message: 'TOO_LONG' }).optional() })
  .nullish();
export type TBlockPlayerRequest = z.infer<typeof ZBlockPlayerRequest>;

/** Block and unblock answer the player as operators see it. */
export const ZOpsPlayerResponse = z.object({ player: ZOpsPlayer });
export type TOpsPlayerResponse = z.infer<typeof ZOpsPlayerResponse>;
