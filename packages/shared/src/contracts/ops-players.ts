import { z } from 'zod';
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

/** A fat-finger guard on adjustments (ops-approvals.ts): 1,000,000.00 THB in satang either way. */
export const OPS_CREDIT_MAX_SATANG = 100_000_000n;

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
