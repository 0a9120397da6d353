import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import type { SecondFactorStore } from './second-factor-store';
import { verifyTotpCode } from './verify-totp-code';

/**
 * Inside a transaction: switches the set-up TOTP on once `code` proves the authenticator has the secret and
 * returns ten new recovery codes (shown once; only their hashes are kept). The code counts as used.
 */
export async function confirmTotp(
  tx: DbOrTx,
  store: SecondFactorStore,
  ownerId: string,
  code: string,
  now: Date,
): Promise<string[]> {
  const totp = await store.lockTotp(tx, ownerId);
  if (totp?.enabledAt) throw new AppError(409, 'TOTP_ALREADY_ENABLED', 'TOTP is already enabled');
  const step = totp ? await verifyTotpCode(totp.secret, code, now, null) : null;
  if (step === null) throw new AppError(400, 'TOTP_INVALID', 'The code does not match');
  const recoveryCodes = newRecoveryCodes();
  const codeHashes = recoveryCodes.map((recoveryCode) => hashRecoveryCode(ownerId, recoveryCode));
  await store.enable(tx, ownerId, { now, step, codeHashes });
  return recoveryCodes;
}
