import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playerRecoveryCodes, playerTotp } from '../../db/schema/security';
import { findTotp } from './find-totp';
import { hashRecoveryCode } from './recovery-codes';
import { verifyTotpCode } from './verify-totp-code';

/**
 * Accepts a TOTP code or an unused recovery code of the player's enabled TOTP and uses it up: the code's
 * time step becomes the last used one, a recovery code is marked used. Call inside a transaction: the TOTP
 * row is locked, so two requests with the same code cannot both pass.
 */
export async function consumeSecondFactor(
  tx: DbOrTx,
  playerId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const totp = await findTotp(tx, playerId, { forUpdate: true });
  if (!totp?.enabledAt) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await verifyTotpCode(totp.secret, trimmed, now, totp.lastUsedStep);
    if (step === null) return false;
    await tx.update(playerTotp).set({ lastUsedStep: step }).where(eq(playerTotp.playerId, playerId));
    return true;
  }
  const used = await tx
    .update(playerRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(playerRecoveryCodes.playerId, playerId),
        eq(playerRecoveryCodes.codeHash, hashRecoveryCode(playerId, trimmed)),
        isNull(playerRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: playerRecoveryCodes.id });
  return used.length > 0;
}
