import type { TCreateBankAccountRequest } from '@lc/shared/contracts/bank-accounts';
import type { TBank } from '@lc/shared/providers';
import type { FastifyBaseLogger } from 'fastify';
import { type BankDirectory, BankUnavailableError } from '../../adapters/payments/bank-directory';
import { type Db, isUniqueViolation } from '../../db/client';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts';
import type { PlayerRow } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { findAccountHolder, hasBankAccount } from './bank-accounts-repository';

export type CreateBankAccountDeps = {
  db: Db;
  directory: BankDirectory;
  now: Date;
  log: FastifyBaseLogger;
  /** The banks the player's agency accepts (its settings); an account at another is refused. */
  acceptedBanks: readonly TBank[];
};

const accountExists = () => new AppError(409, 'BANK_ACCOUNT_EXISTS', 'Bank account already added');
const accountInUse = () =>
  new AppError(409, 'ACCOUNT_IN_USED', 'This account is already used in the system, contact staff');

/**
 * Adds the player's one bank account, refusing in this order (the order the app shows them in): a bank the agency does not accept (400
 * VALIDATION_ERROR `fields.bank`, as the request schema refuses an unknown bank) → already has one → the bank's
 * directory (unknown; wallet or simulated) → held by another player of the agency. The request schema has
 * already normalized the number to digits. The unique constraints settle races between these checks and the
 * insert.
 */
export async function createBankAccount(
  deps: CreateBankAccountDeps,
  player: PlayerRow,
  body: TCreateBankAccountRequest,
): Promise<BankAccountRow> {
  const { db } = deps;
  if (!deps.acceptedBanks.includes(body.bank)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'The agency does not accept this bank', { bank: 'INVALID' });
  }
  if (await hasBankAccount(db, player.id)) throw accountExists();

  const lookup = await lookupAccount(deps, body);
  if (lookup.status === 'NOT_FOUND') throw new AppError(400, 'ACCOUNT_NOT_FOUND', 'Account is invalid');
  if (lookup.status !== 'PERSONAL') {
    // Payouts must reach a person's own bank account, not an e-wallet or a test account.
    throw new AppError(400, 'ACCOUNT_NOT_ALLOWED', 'Wallet and simulated accounts are not allowed');
  }

  const holder = await findAccountHolder(db, player.agencyId, body.bank, body.accountNumber);
  // The holder is this player only when a parallel request of its own got there first.
  if (holder === player.id) throw accountExists();
  if (holder) throw accountInUse();

  try {
    const [row] = await db
      .insert(bankAccounts)
      .values({
        playerId: player.id,
        agencyId: player.agencyId,
        bank: body.bank,
        accountNumber: body.accountNumber,
        // The bank's name for the holder wins when it discloses one: staff pay out to that name.
        accountName: lookup.accountName ?? body.accountName,
        currency: body.currency,
        owner: body.owner,
        createdAt: deps.now,
      })
      .returning();
    if (!row) throw new Error('bank account insert returned nothing');
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A parallel request won. Its row may break both constraints at once, and PostgreSQL names only one of
    // them, so ask what is true now rather than trusting the constraint name.
    if (await hasBankAccount(db, player.id)) throw accountExists();
    throw accountInUse();
  }
}

async function lookupAccount(deps: CreateBankAccountDeps, body: TCreateBankAccountRequest) {
  try {
    return await deps.directory.lookupAccount(body.bank, body.accountNumber);
  } catch (error) {
    if (error instanceof BankUnavailableError) {
      // Not the error itself: its cause may carry the request URL, which holds the full number.
      deps.log.warn({ event: 'bank.directory.unavailable', bank: body.bank }, 'bank directory unavailable');
      throw new AppError(503, 'BANK_UNAVAILABLE', 'The bank cannot be reached, try again later');
    }
    throw error;
  }
}
