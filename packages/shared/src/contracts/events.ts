import { z } from 'zod';
import { ZWithdrawRecordStatus } from './orders';
import { ZTransferStatus } from './transfers';

/** Name of the server-sent event that carries a `TPlayerOrderEvent` (`GET /api/v2/players/events`). */
export const PLAYER_ORDER_EVENT = 'order';

/**
 * `data` of an `event: order` line: one of the player's orders changed (created, paid, credited, closed…),
 * or a transfer of credit between providers (`code` its reference; decision 0072) — each of which moves the
 * player's balances. The status is the one the player's records show (internal states folded).
 */
export const ZPlayerOrderEvent = z.union([
  z.object({ kind: z.enum(['deposit', 'withdrawal']), code: z.string(), status: ZWithdrawRecordStatus }),
  z.object({ kind: z.literal('transfer'), code: z.string(), status: ZTransferStatus }),
]);
export type TPlayerOrderEvent = z.infer<typeof ZPlayerOrderEvent>;
