import { z } from 'zod';
import { ZPage } from './common';

/**
 * The rest of a player's page in the back office (backoffice.md Players): ledger, sessions, devices and the
 * players sharing them, notes, promotion usages, live balances. The profile is GET players/{id}
 * (ops-players.ts), orders are the deposit and withdrawal lists filtered by `playerId`, the audit is the
 * audit entry of ops-audit.ts. Money as decimal strings.
 */

/** One ledger transaction of the player, with every entry it made (THB satang or LAK kip as strings). */
export const ZOpsLedgerTransaction = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  reference: z.string(),
  provider: z.string().nullable(),
  memo: z.string().nullable(),
  entries: z.array(
    z.object({
      account: z.string(),
      provider: z.string().nullable(),
      /** true on the player's own account. */
      isPlayer: z.boolean(),
      currency: z.string(),
      amount: z.string(),
    }),
  ),
});
export type TOpsLedgerTransaction = z.infer<typeof ZOpsLedgerTransaction>;
export const ZOpsLedgerResponse = ZPage(ZOpsLedgerTransaction);
export type TOpsLedgerResponse = z.infer<typeof ZOpsLedgerResponse>;

export const ZOpsPlayerSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export const ZOpsPlayerSessionsResponse = z.object({ sessions: z.array(ZOpsPlayerSession) });
export type TOpsPlayerSessionsResponse = z.infer<typeof ZOpsPlayerSessionsResponse>;
/** POST players/{id}/sessions/end: how many sessions were ended (0 when none was live). */
export const ZEndPlayerSessionsResponse = z.object({ ended: z.number().int() });

export const ZOpsPlayerDevice = z.object({
  hash: z.string(),
  userAgent: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** Other players of the agency seen on this device. */
  sharedWith: z.array(z.object({ id: z.string(), username: z.string(), blocked: z.boolean() })),
});
export const ZOpsPlayerDevicesResponse = z.object({ devices: z.array(ZOpsPlayerDevice) });
export type TOpsPlayerDevicesResponse = z.infer<typeof ZOpsPlayerDevicesResponse>;

export const ZOpsPlayerNote = z.object({
  id: z.string(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type TOpsPlayerNote = z.infer<typeof ZOpsPlayerNote>;
export const ZOpsPlayerNotesResponse = ZPage(ZOpsPlayerNote);
export const ZOpsPlayerNoteResponse = z.object({ note: ZOpsPlayerNote });
export const ZCreatePlayerNoteRequest = z.object({
  text: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { message: 'REQUIRED' })
    .max(2000, { message: 'TOO_LONG' }),
});

/** A promotion usage as staff see it (every state, the internal CANCELING included). */
export const ZOpsPromotionUsage = z.object({
  id: z.string(),
  promotionId: z.string(),
  provider: z.string(),
  status: z.string(),
  depositAmount: z.string(),
  depositCode: z.string().nullable(),
  credit: z.string().nullable(),
  bonus: z.string(),
  targetCredit: z.string().nullable(),
  withdrawalCode: z.string().nullable(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type TOpsPromotionUsage = z.infer<typeof ZOpsPromotionUsage>;
export const ZOpsPromotionUsagesResponse = ZPage(ZOpsPromotionUsage);

/** Live balance per provider, read from each provider now; `amount` null and `error` set when one is down. */
export const ZOpsPlayerBalancesResponse = z.object({
  balances: z.array(
    z.object({ provider: z.string(), amount: z.string().nullable(), error: z.string().nullable() }),
  ),
});
export type TOpsPlayerBalancesResponse = z.infer<typeof ZOpsPlayerBalancesResponse>;
