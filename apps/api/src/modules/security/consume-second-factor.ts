import type { DbOrTx } from '../../db/client';
import { hashRecoveryCode } from './recovery-codes';
import type { SecondFactorStore } from './second-factor-store';
import { verifyTotpCode } from './verify-totp-code';

/**
 * Accepts a TOTP code or an unused recovery code of the owner's enabled TOTP and uses it up: the code's
 * time step becomes the last used one, a recovery code is marked used. Call inside a transaction: the TOTP
 * row is locked, so two requests with the same code cannot both pass. Players and staff alike (`store`).
 */
export async function consumeSecondFactor(
  tx: DbOrTx,
  store: SecondFactorStore,
  ownerId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const totp = await store.lockTotp(tx, ownerId);
  if (!totp?.enabledAt) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await verifyTotpCode(totp.secret, trimmed, now, totp.lastUsedStep);
    if (step === null) return false;
    await store.setLastUsedStep(tx, ownerId, step);
    return true;
  }
  return store.useRecoveryCode(tx, ownerId, hashRecoveryCode(ownerId, trimmed), now);
}
