import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { LIVE_USAGE_STATUSES, promotions, promotionUsages } from '../../db/schema/promotions';
import { type ExchangeRateRow, exchangeRates } from '../../db/schema/rates';
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

// Every deposit asks all four, so they are one statement (one round trip instead of four); each part is the
// same look-up as its module's own (findOwnBankAccount, listOpenDeposits, findCurrentRate, findLiveUsage),
// joined to the player's row. It reads the player's bank accounts (a player keeps one) and the caller keeps
// the one its request names, as findOwnBankAccount's `id AND player_id` would. Not batched with other
// players' (decision 0057): over an array of players PostgreSQL plans this join again at every execution
// (about a millisecond, more than the round trip a batch saves), by one player it runs on its generic plan.
const inputsStatement = preparedStatement('find_deposit_inputs', (db) =>
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
    .leftJoin(bankAccounts, eq(bankAccounts.playerId, players.id))
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

/** The inputs of a new deposit of the player (of its own agency). */
export async function findDepositInputs(
  db: Db,
  playerId: string,
  bankAccountId: string,
): Promise<DepositInputs> {
  const rows = await inputsStatement(db, { playerId });
  const row = rows[0];
  const own = rows.find((each) => each.bankAccount?.id === bankAccountId);
  return {
    bankAccount: own?.bankAccount ?? null,
    hasOpenDeposit: row?.hasOpenDeposit === true,
    rate: row?.rate ?? null,
    liveUsage: row?.usage && row.promotion ? { usage: row.usage, promotion: row.promotion } : null,
  };
}
