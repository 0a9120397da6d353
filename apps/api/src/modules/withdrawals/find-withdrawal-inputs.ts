import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts';
import { players } from '../../db/schema/players';
import { type ExchangeRateRow, exchangeRates } from '../../db/schema/rates';
import { UNSETTLED_WITHDRAWAL_STATUSES, withdrawals } from '../../db/schema/withdrawals';
import { isUuid } from '../../lib/is-uuid';
import { ownBankAccountOf } from '../bank/bank-accounts-repository';
import { currentThbRateOf } from '../rates/get-current-rates';

/** What opening a withdrawal checks before it asks the provider, as the database has it now. */
export type WithdrawalInputs = {
  /** The player's own bank account of the request (null: missing, malformed or someone else's). */
  bankAccount: BankAccountRow | null;
  /** The player already has a withdrawal not settled (PENDING, OPEN or RETURNING). */
  hasOpenWithdrawal: boolean;
  /** The agency's THB rate in force (its latest row), if any. */
  rate: ExchangeRateRow | null;
};

// Every withdrawal asks all three, so they are one prepared statement (one round trip instead of three, as
// find-deposit-inputs.ts does for deposits); each part is the same look-up as its module's own
// (findOwnBankAccount, listOpenWithdrawals, findCurrentRate), joined to the player's row.
const selectInputs = preparedStatement('find_withdrawal_inputs', (db) =>
  db
    .select({
      bankAccount: bankAccounts,
      hasOpenWithdrawal: sql<boolean>`EXISTS (SELECT 1 FROM ${withdrawals}
        WHERE ${withdrawals.playerId} = ${players.id}
          AND ${inArray(withdrawals.status, [...UNSETTLED_WITHDRAWAL_STATUSES])})`,
      rate: exchangeRates,
    })
    .from(players)
    .leftJoin(bankAccounts, ownBankAccountOf(players.id))
    .leftJoin(exchangeRates, currentThbRateOf(players.agencyId))
    .where(eq(players.id, sql.placeholder('playerId'))),
);

/** The inputs of a new withdrawal of the player (of its own agency) in one statement. */
export async function findWithdrawalInputs(
  db: DbOrTx,
  playerId: string,
  bankAccountId: string,
): Promise<WithdrawalInputs> {
  const [row] = await selectInputs(db, {
    playerId,
    bankAccountId: isUuid(bankAccountId) ? bankAccountId : null,
  });
  return {
    bankAccount: row?.bankAccount ?? null,
    hasOpenWithdrawal: row?.hasOpenWithdrawal === true,
    rate: row?.rate ?? null,
  };
}
