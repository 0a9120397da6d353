import type { TTotpDisableRequest } from '@lc/shared/contracts/security';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/players';
import { playerRecoveryCodes, playerTotp } from '../../db/schema/security';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { clearUsernameFailures, takeLoginAttempt } from '../players/login-throttle';
import { consumeSecondFactor } from './consume-second-factor';
import { recordNotice } from './record-notice';
import { playerSecondFactors } from './second-factor-store';

export type DisableTotpInput = {
  body: TTotpDisableRequest;
  now: Date;
  userAgent: string | undefined;
  /** The caller's address: the password is guessed against the login's budget. */
  ip: string;
};

const wrong = () => new AppError(400, 'PASSWORD_OR_CODE_WRONG', 'The password or the code is wrong');

/**
 * Switches TOTP off; needs the password and a code (TOTP or recovery), so a stolen session alone cannot
 * remove the second factor. The secret and the recovery codes are deleted. The password is checked against
 * the login's budget (login-throttle.ts: 429 once it is spent), and a wrong password and a wrong code get
 * the same answer, so the call tells a thief nothing about the password.
 */
export async function disableTotp(db: Db, player: PlayerRow, input: DisableTotpInput): Promise<void> {
  const key = { agencyId: player.agencyId, username: player.username, ip: input.ip, now: input.now };
  await takeLoginAttempt(db, key);
  // A wrong password or code keeps the attempt taken above as a failure; the code is not looked at (nor
  // used up) after a wrong password.
  if (!(await verifyPassword(player.passwordHash, input.body.password))) throw wrong();
  await db.transaction(async (tx) => {
    if (!(await consumeSecondFactor(tx, playerSecondFactors, player.id, input.body.code, input.now))) {
      throw wrong();
    }
    await clearUsernameFailures(tx, key);
    await tx.delete(playerRecoveryCodes).where(eq(playerRecoveryCodes.playerId, player.id));
    await tx.delete(playerTotp).where(eq(playerTotp.playerId, player.id));
    await recordNotice(tx, {
      playerId: player.id,
      kind: 'TOTP_DISABLED',
      at: input.now,
      userAgent: input.userAgent,
    });
  });
}
