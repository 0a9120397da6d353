import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { LIVE_USAGE_STATUSES, promotions, promotionUsages } from '../../db/schema/promotions';
import { type ExchangeRateRow, exchangeRates } from '../../db/schema/rates';
import { isUuid } from '../../lib/is-uuid';
import { ownBankAccountOf } from '../bank/bank-accounts-repository';
import type { UsageWithPromotion } from '../promotions/promotions-repository';
import { currentThbRateOf } from '../rates/get-current-rates';

/** What opening a deposit checks, as the database has it now. */
export type DepositInputs = {
  /** The player's own bank account of the request (null: missing, malformed or someone else's). */
  bankAccount: BankAccountRow | null;
  /** The player already has an OPEN deposit. */
  hasOpenDeposit: boolean;
  /** The agency's THB rate in force (its latest row), if any. */
  rate: ExchangeRateRow | null;
  /** The player's live promotion usage (ACTIVE, USED or CANCELING; at most one) with its promotion. */
  liveUsage: UsageWithPromotion | null;
};

// Every deposit asks all four, so they are one prepared statement (one round trip instead of four); each
// part is the same look-up as its module's own (findOwnBankAccount, listOpenDeposits, findCurrentRate,
// findLiveUsage), joined to the player's row.
const selectInputs = preparedStatement('find_deposit_inputs', (db) =>
  db
    .select({
      bankAccount: bankAccounts,
      hasOpenDeposit: sql<boolean>`EXISTS (SELECT 1 FROM ${deposits}
        WHERE ${deposits.playerId} = ${players.id} AND ${deposits.status} = 'OPEN')`,
      rate: exchangeRates,
      usage: promotionUsages,
      promotion: promotions,
    })
    .from(players)
    .leftJoin(bankAccounts, ownBankAccountOf(players.id))
    .leftJoin(exchangeRates, currentThbRateOf(players.agencyId))
    .leftJoin(
      promotionUsages,
      and(
        eq(promotionUsages.playerId, players.id),
        inArray(promotionUsages.status, [...LIVE_USAGE_STATUSES]),
      ),
    )
    .leftJoin(promotions, eq(promotions.id, promotionUsages.promotionId))
    .where(eq(players.id, sql.placeholder('playerId'))),
);

/** The inputs of a new deposit of the player (of its own agency) in one statement. */
export async function findDepositInputs(
  db: DbOrTx,
  playerId: string,
  bankAccountId: string,
): Promise<DepositInputs> {
  const [row] = await selectInputs(db, {
    playerId,
    bankAccountId: isUuid(bankAccountId) ? bankAccountId : null,
  });
  return {
    bankAccount: row?.bankAccount ?? null,
    hasOpenDeposit: row?.hasOpenDeposit === true,
    rate: row?.rate ?? null,
    liveUsage: row?.usage && row.promotion ? { usage: row.usage, promotion: row.promotion } : null,
  };
}
