import { z } from 'zod';
import { ZWithdrawRecordStatus } from './orders';

/** Name of the server-sent event that carries a `TPlayerOrderEvent` (`GET /api/v2/players/events`). */
export const PLAYER_ORDER_EVENT = 'order';

/**
 * `data` of an `event: order` line: one of the player's orders changed (created, paid, credited, closed…).
 * The status is the one the player's order records show (a withdrawal's internal states folded).
 */
export const ZPlayerOrderEvent = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  code: z.string(),
  status: ZWithdrawRecordStatus,
});
export type TPlayerOrderEvent = z.infer<typeof ZPlayerOrderEvent>;
