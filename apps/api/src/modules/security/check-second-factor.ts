import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { consumeSecondFactor } from './consume-second-factor';
import { hasEnabledTotp } from './find-totp';
import { playerSecondFactors } from './second-factor-store';

/**
 * Login's first look, after the password matched: a player with TOTP on who sent no code gets 401
 * TOTP_REQUIRED (the form then asks for one). Returns whether a code must be consumed.
 */
export async function assertSecondFactorPresent(
  db: Db,
  playerId: string,
  code: string | undefined,
): Promise<boolean> {
  if (!(await hasEnabledTotp(db, playerId))) return false;
  if (code === undefined)
    throw new AppError(401, 'TOTP_REQUIRED', 'Enter the code of your authenticator app');
  return true;
}

/**
 * Inside the login transaction: uses up the code; a wrong or used one answers 401 TOTP_INVALID. Only a right
 * password gets this far, and TOTP_REQUIRED has told that already, so the distinct answer gives nothing away;
 * the caller counts it against the codes' own budget (decision 0075).
 */
export async function consumeLoginCode(tx: DbOrTx, playerId: string, code: string, now: Date): Promise<void> {
  if (!(await consumeSecondFactor(tx, playerSecondFactors, playerId, code, now))) {
    throw new AppError(401, 'TOTP_INVALID', 'The code is wrong or has expired');
  }
}
