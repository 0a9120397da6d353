import type { TTotpDisableRequest } from '@lc/shared/contracts/security';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/players';
import { playerRecoveryCodes, playerTotp } from '../../db/schema/security';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { consumeSecondFactor } from './consume-second-factor';
import { recordNotice } from './record-notice';
import { playerSecondFactors } from './second-factor-store';

export type DisableTotpInput = { body: TTotpDisableRequest; now: Date; userAgent: string | undefined };

/**
 * Switches TOTP off; needs the password and a code (TOTP or recovery), so a stolen session alone cannot
 * remove the second factor. The secret and the recovery codes are deleted.
 */
export async function disableTotp(db: Db, player: PlayerRow, input: DisableTotpInput): Promise<void> {
  if (!(await verifyPassword(player.passwordHash, input.body.password))) {
    throw new AppError(400, 'WRONG_CURRENT_PASSWORD', 'Password is wrong');
  }
  await db.transaction(async (tx) => {
    if (!(await consumeSecondFactor(tx, playerSecondFactors, player.id, input.body.code, input.now))) {
      throw new AppError(400, 'TOTP_INVALID', 'The code does not match');
    }
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
