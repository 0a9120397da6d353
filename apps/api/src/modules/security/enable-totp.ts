import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/players';
import { playerRecoveryCodes, playerTotp } from '../../db/schema/security';
import { AppError } from '../../lib/app-error';
import { findTotp } from './find-totp';
import { recordNotice } from './record-notice';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { verifyTotpCode } from './verify-totp-code';

export type EnableTotpInput = { code: string; now: Date; userAgent: string | undefined };

/**
 * Switches the set-up TOTP on once `code` proves the authenticator has the secret, and returns ten recovery
 * codes (shown once; only their hashes are kept). The code counts as used.
 */
export async function enableTotp(
  db: Db,
  player: PlayerRow,
  input: EnableTotpInput,
): Promise<{ recoveryCodes: string[] }> {
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const totp = await findTotp(tx, player.id, { forUpdate: true });
    if (totp?.enabledAt) throw new AppError(409, 'TOTP_ALREADY_ENABLED', 'TOTP is already enabled');
    const step = totp ? await verifyTotpCode(totp.secret, input.code, input.now, null) : null;
    if (step === null) throw new AppError(400, 'TOTP_INVALID', 'The code does not match');
    await tx
      .update(playerTotp)
      .set({ enabledAt: input.now, lastUsedStep: step })
      .where(eq(playerTotp.playerId, player.id));
    await tx.delete(playerRecoveryCodes).where(eq(playerRecoveryCodes.playerId, player.id));
    await tx
      .insert(playerRecoveryCodes)
      .values(
        recoveryCodes.map((code) => ({ playerId: player.id, codeHash: hashRecoveryCode(player.id, code) })),
      );
    await recordNotice(tx, {
      playerId: player.id,
      kind: 'TOTP_ENABLED',
      at: input.now,
      userAgent: input.userAgent,
    });
  });
  return { recoveryCodes };
}
