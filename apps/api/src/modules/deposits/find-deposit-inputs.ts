import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { LIVE_USAGE_STATUSES, promotions, promotionUsages } from '../../db/schema/promotions';
import { type ExchangeRateRow, exchangeRates } from '../../db/schema/rates';
import { batchedLookup } from '../../lib/batched-lookup';
import { perDatabase } from '../../lib/per-database';
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
// joined to the player's row. Deposits opened in the same turn of the event loop share one execution
// (batched-lookup.ts, by player), so the statement reads each player's bank accounts (a player keeps one) and
// the caller keeps the one its request names, as findOwnBankAccount's `id AND player_id` would.
function prepareInputs(db: Db) {
  const statement = db
    .select({
      playerId: players.id,
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
    .where(sql`${players.id} = ANY(${sql.placeholder('playerIds')}::uuid[])`)
    .prepare('find_deposit_inputs_of_players');
  return batchedLookup(
    (playerIds) => statement.execute({ playerIds }),
    (row) => row.playerId,
  );
}

const inputsLookupOf = perDatabase(prepareInputs);

/** The inputs of a new deposit of the player (of its own agency), read with those of deposits opened with it. */
export async function findDepositInputs(
  db: Db,
  playerId: string,
  bankAccountId: string,
): Promise<DepositInputs> {
  const rows = await inputsLookupOf(db).load(playerId);
  const row = rows[0];
  const own = rows.find((each) => each.bankAccount?.id === bankAccountId);
  return {
    bankAccount: own?.bankAccount ?? null,
    hasOpenDeposit: row?.hasOpenDeposit === true,
    rate: row?.rate ?? null,
    liveUsage: row?.usage && row.promotion ? { usage: row.usage, promotion: row.promotion } : null,
  };
}
