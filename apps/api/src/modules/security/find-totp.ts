import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlayerTotpRow, playerTotp } from '../../db/schema/security';

/** The player's TOTP row (set up or enabled), or null; `forUpdate` locks it for a decision. */
export async function findTotp(
  db: DbOrTx,
  playerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PlayerTotpRow | null> {
  const query = db.select().from(playerTotp).where(eq(playerTotp.playerId, playerId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** True when the player has switched TOTP on (a set-up not yet confirmed does not count). */
export async function hasEnabledTotp(db: DbOrTx, playerId: string): Promise<boolean> {
  const row = await findTotp(db, playerId);
  return row?.enabledAt != null;
}
