import type { TLoginRequest } from '@lc/shared/contracts/players';
import { LOGIN_MAX_CODE_FAILURES_PER_USERNAME } from '@lc/shared/limits';
import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { verifyDummyPassword, verifyPassword } from '../../lib/password';
import { assertSecondFactorPresent, consumeLoginCode } from '../security/check-second-factor';
import { recordLoginDevice } from '../security/record-login-device';
import { createSession } from '../sessions/create-session';
import { deleteSessionByToken } from '../sessions/delete-sessions';
import { clearUsernameFailures, secondFactorKey, takeLoginAttempt } from './login-throttle';
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
 * Checks the password (throttled) and, for a player with TOTP on, the code (throttled on its own); then starts
 * a new session. One 401 for unknown user and wrong password; a wrong code after a right password answers
 * 401 TOTP_INVALID (decision 0075).
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
  // The password was right: its attempt is given back whatever the second factor says next, so a missing or
  // mistyped code never spends the password's budget (decision 0075).
  await clearUsernameFailures(db, key);
  const { code } = input.body;
  const needsCode = await assertSecondFactorPresent(db, player.id, code);
  // Codes have their own budget (10 per 15 min per account, and the address's): taken before the code is
  // looked at, kept when it is wrong (the transaction below rolls back, the attempt was written outside it).
  const codeKey = secondFactorKey(key);
  if (needsCode) await takeLoginAttempt(db, codeKey, LOGIN_MAX_CODE_FAILURES_PER_USERNAME);
  const token = await db.transaction(async (tx) => {
    if (needsCode && code !== undefined) {
      await consumeLoginCode(tx, player.id, code, input.meta.now);
      await clearUsernameFailures(tx, codeKey);
    }
    if (input.previousToken) await deleteSessionByToken(tx, input.previousToken, input.agencyId);
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
