import type { TChangePasswordRequest } from '@lc/shared/contracts/players';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PlayerRow, players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { assertPasswordAllowed } from '../../lib/assert-password-allowed';
import { hashPassword, verifyPassword } from '../../lib/password';
import { recordNotice } from '../security/record-notice';
import { createSession } from '../sessions/create-session';
import { deletePlayerSessions } from '../sessions/delete-sessions';
import { clearUsernameFailures, takeLoginAttempt } from './login-throttle';
import type { RequestMeta } from './request-meta';

/**
 * Sets a new password, ends every session of the player (a thief's included) and returns the token of a
 * fresh session that replaces the current one. The current password is guessed against the same budget as
 * the login (per username and per address), so a stolen session cannot be used to try passwords freely.
 */
export async function changePassword(
  db: Db,
  player: PlayerRow,
  body: TChangePasswordRequest,
  meta: RequestMeta,
): Promise<{ token: string }> {
  // The new password is refused before the current one is checked: that answer tells nothing about it.
  assertPasswordAllowed(body.newPassword, player, 'newPassword');
  const key = { agencyId: player.agencyId, username: player.username, ip: meta.ip, now: meta.now };
  await takeLoginAttempt(db, key);
  // A wrong password keeps the attempt taken above as a failure.
  if (!(await verifyPassword(player.passwordHash, body.currentPassword))) {
    throw new AppError(400, 'WRONG_CURRENT_PASSWORD', 'Current password is wrong');
  }
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    await clearUsernameFailures(tx, key);
    await tx
      .update(players)
      .set({ passwordHash, passwordChangedAt: meta.now })
      .where(eq(players.id, player.id));
    await deletePlayerSessions(tx, player.id);
    await recordNotice(tx, {
      playerId: player.id,
      kind: 'PASSWORD_CHANGED',
      at: meta.now,
      userAgent: meta.userAgent,
    });
    const session = await createSession(tx, { playerId: player.id, agencyId: player.agencyId, ...meta });
    return { token: session.token };
  });
}
