import type { TLoginRequest } from '@lc/shared/contracts/players';
import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { verifyDummyPassword, verifyPassword } from '../../lib/password';
import { assertSecondFactorPresent, consumeLoginCode } from '../security/check-second-factor';
import { recordLoginDevice } from '../security/record-login-device';
import { createSession } from '../sessions/create-session';
import { deleteSessionByToken } from '../sessions/delete-sessions';
import { clearUsernameFailures, takeLoginAttempt } from './login-throttle';
import { findPlayerByUsername } from './players-repository';
import type { RequestMeta } from './request-meta';

export type LoginInput = {
  agencyId: string;
  body: TLoginRequest;
  /** The session cookie the browser still carried: rotated away at login. */
  previousToken: string | undefined;
  /** The X-Fingerprint header: an unseen one records a NEW_DEVICE_LOGIN notice. */
  fingerprintHash: string | undefined;
  meta: RequestMeta;
};

/**
 * Checks the credentials (throttled) and, for a player with TOTP on, the code; then starts a new session.
 * One 401 for unknown user, wrong password and wrong code.
 */
export async function loginPlayer(db: Db, input: LoginInput): Promise<{ player: PlayerRow; token: string }> {
  const username = input.body.username.toLowerCase();
  const key = { agencyId: input.agencyId, username, ip: input.meta.ip, now: input.meta.now };
  await takeLoginAttempt(db, key);
  const player = await findPlayerByUsername(db, input.agencyId, username);
  const isValid = player
    ? await verifyPassword(player.passwordHash, input.body.password)
    : await verifyDummyPassword(input.body.password);
  // The attempt taken above stays counted as a failure.
  if (!player || !isValid) {
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect username or password');
  }
  const { code } = input.body;
  const needsCode = await assertSecondFactorPresent(db, player.id, code);
  // A wrong code rolls the transaction back, clearing of failures included: the attempt taken above stays
  // counted, exactly like a wrong password. A TOTP_REQUIRED answer stays counted too, until the login with
  // the code succeeds and clears it.
  const token = await db.transaction(async (tx) => {
    if (needsCode && code !== undefined) await consumeLoginCode(tx, player.id, code, input.meta.now);
    if (input.previousToken) await deleteSessionByToken(tx, input.previousToken, input.agencyId);
    await clearUsernameFailures(tx, key);
    if (input.fingerprintHash) {
      const device = { playerId: player.id, hash: input.fingerprintHash, ...input.meta };
      await recordLoginDevice(tx, device);
    }
    const session = await createSession(tx, {
      playerId: player.id,
      agencyId: input.agencyId,
      ...input.meta,
    });
    return session.token;
  });
  return { player, token };
}
