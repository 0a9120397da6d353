import type { TCreateDepositRequest } from '@lc/shared/contracts/deposits';
import type { TPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import { convertAtRate, formatMinor, parseMoney, parseRate } from '@lc/shared/money';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GameProvider } from '../../adapters/providers/game-provider';
import { type DbOrTx, isUniqueViolation } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import type { AgencyRow, PaymentChannelSettings } from '../../db/schema/agency';
import { type DepositRow, deposits, type NewDepositRow } from '../../db/schema/deposits';
import type { PlayerRow } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { gameProviderOf } from '../credits/game-provider-of';
import { getPlayerCredit } from '../credits/get-player-credit';
import { assertWithinDepositLimits } from '../play-limits/assert-within-deposit-limits';
import { hasAnyLimit, limitsStateAt } from '../play-limits/deposit-limits';
import { lockPlayerLimits } from '../play-limits/lock-player-limits';
import { lockActiveUsage, promotionForDeposit } from '../promotions/promotion-deposit-rules';
import { askingBank } from './check-deposit';
import { nextOrderCode } from './deposit-code';
import { findDepositInputs } from './find-deposit-inputs';
import { issueDepositQr } from './issue-deposit-qr';
import { rememberOpenDeposit } from './recent-open-deposits';

/** How long an OPEN deposit waits for its payment (domain.md: deposit expiry). */
export const DEPOSIT_TTL_MS = 15 * 60_000;
const CODE_ATTEMPTS = 5;

type NewDeposit = Required<
  Omit<
    NewDepositRow,
    | 'id'
    | 'status'
    | 'updatedAt'
    | 'paidAt'
    | 'bankReference'
    | 'paidAmount'
    | 'isAmountMismatch'
    | 'isLatePaid'
    | 'creditedAt'
    | 'closedAt'
    | 'attempts'
    | 'lastError'
    | 'nextAttemptAt'
    | 'creditLeaseUntil'
    | 'finalLookUpAt'
  >
>;

// Each column from the call's value of the same name.
const insertStatement = preparedStatement('insert_deposit', (db) =>
  db
    .insert(deposits)
    .values({
      code: sql.placeholder('code'),
      agencyId: sql.placeholder('agencyId'),
      playerId: sql.placeholder('playerId'),
      provider: sql.placeholder('provider'),
      bankAccountId: sql.placeholder('bankAccountId'),
      amount: sql.placeholder('amount'),
      mid: sql.placeholder('mid'),
      channelCode: sql.placeholder('channelCode'),
      receivingBank: sql.placeholder('receivingBank'),
      receiverId: sql.placeholder('receiverId'),
      merchantName: sql.placeholder('merchantName'),
      qrPayload: sql.placeholder('qrPayload'),
      bankBillId: sql.placeholder('bankBillId'),
      rateId: sql.placeholder('rateId'),
      rateSell: sql.placeholder('rateSell'),
      credit: sql.placeholder('credit'),
      bonus: sql.placeholder('bonus'),
      promotionUsageId: sql.placeholder('promotionUsageId'),
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('expiresAt'),
      status: 'OPEN',
      updatedAt: sql.placeholder('createdAt'),
    })
    .returning(),
);

/** Inserts an OPEN deposit (one prepared statement: it is on every deposit's path). */
const insertDeposit = (db: DbOrTx, values: NewDeposit) => insertStatement(db, values);

/** A stored channel whose QR settings are complete (a channel saved before them lacks some). */
function isReceiving(channel: PaymentChannelSettings): channel is TPaymentChannelSettings {
  return Boolean(
    channel.receivingBank &&
      channel.mode &&
      channel.receiverId &&
      channel.mcc &&
      channel.merchantName &&
      channel.merchantCity,
  );
}

/** The agency's channel with this MID that can take LaoQR payments; else 400 UNKNOWN_CHANNEL. */
function channelOf(agency: AgencyRow, mid: string): TPaymentChannelSettings {
  const channel = agency.paymentChannels.find((c) => c.mid === mid);
  if (!channel) throw new AppError(400, 'UNKNOWN_CHANNEL', 'No such payment channel');
  if (!isReceiving(channel)) {
    throw new AppError(400, 'UNKNOWN_CHANNEL', 'This payment channel has no receiver id yet');
  }
  return channel;
}

/**
 * Opens a LaoQR deposit (domain.md, Deposit step 1). Checks in order: provider, own bank account, amount
 * within the agency's limits, payment channel, no other OPEN deposit, a THB rate that gives credit.
 * Blocked players may deposit (blocking is about promotions); restricted ones never get here
 * (refuseRestricted), and the player's own deposit limits are checked under its row lock. Then the promotion
 * rules: an ACTIVE usage on this provider fixes the amount and adds its bonus; it is linked under the usage's
 * row lock, and at most one deposit per usage can be on its way or credited (a partial unique index), so a
 * bonus is never paid twice.
 */
/**
 * The spec's "credit must be below a threshold" for a deposit, when the agency sets one (`limits.creditBelow`,
 * decision 0069): a player tops up a provider once its credit there has run down, 409 CREDIT_NOT_BELOW with
 * the threshold otherwise. Without the setting (the default) a deposit does not look at the credit.
 */
async function assertCreditBelow(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  client: GameProvider,
): Promise<void> {
  const threshold = agency.creditBelowSatang;
  if (threshold === null) return;
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
  const credit = await getPlayerCredit(app.db, client, owner, app.log);
  if (credit >= threshold) {
    throw new AppError(
      409,
      'CREDIT_NOT_BELOW',
      'Credit must be below the threshold to deposit',
      undefined,
      undefined,
      {
        threshold: formatMinor(threshold, 'THB'),
      },
    );
  }
}

export async function createDeposit(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  input: TCreateDepositRequest,
): Promise<DepositRow> {
  const { db } = app;
  const client = gameProviderOf(app, agency.id, input.provider);
  const provider = client.provider;
  const inputs = await findDepositInputs(db, player.id, input.bankAccountId);
  const { bankAccount, rate } = inputs;
  if (!bankAccount) throw new AppError(400, 'BANK_ACCOUNT_REQUIRED', 'Add your bank account first');
  const amount = parseMoney(input.amount, 'LAK');
  if (amount < agency.depositMinLak || amount > agency.depositMaxLak) {
    throw new AppError(400, 'AMOUNT_OUT_OF_RANGE', 'The amount is outside the deposit limits');
  }
  const channel = channelOf(agency, input.mid);
  // A friendly early answer; the partial unique index below is what really guards it under concurrency.
  if (inputs.hasOpenDeposit) throw openOrder();
  const credit = rate ? convertAtRate('DEPOSIT', amount, parseRate(rate.sell)) : 0n;
  if (!rate || credit <= 0n) throw new AppError(403, 'DEPOSIT_NOT_ALLOWED', 'Deposits are not possible now');

  await assertCreditBelow(app, agency, player, client);
  const promotion = await promotionForDeposit(
    app,
    agency,
    player,
    { provider, amount, credit },
    inputs.liveUsage,
  );

  const now = app.now();
  // The player's own limits (responsible play): an early answer before the bank is asked for a QR; the
  // binding check runs again under the player's row lock in the inserting transaction.
  const { limits } = limitsStateAt(player, now);
  const hasLimits = hasAnyLimit(limits);
  if (hasLimits) await assertWithinDepositLimits(db, player.id, limits, amount, now);
  for (let attempt = 1; ; attempt++) {
    const code = await nextOrderCode(db, agency.id, 'D', now);
    const qr = await askingBank(app, () =>
      issueDepositQr(app, channel, {
        code,
        amountLak: amount,
        expiresAt: new Date(now.getTime() + DEPOSIT_TTL_MS),
      }),
    );
    const insert = async (tx: DbOrTx) => {
      if (hasLimits) {
        // Parallel deposits of the player queue here (always in a transaction, below), so each sums what
        // the ones before it inserted; the limits are read again as they are under the lock.
        const locked = limitsStateAt(await lockPlayerLimits(tx, player.id), now).limits;
        await assertWithinDepositLimits(tx, player.id, locked, amount, now);
      }
      // A usage cancelled (or ended) since it was read: an ordinary deposit, as if it had not been there.
      const isLinked = promotion !== null && (await lockActiveUsage(tx, promotion.usage.id));
      const [row] = await insertDeposit(tx, {
        code,
        agencyId: agency.id,
        playerId: player.id,
        provider,
        bankAccountId: bankAccount.id,
        amount,
        mid: channel.mid,
        channelCode: channel.code,
        receivingBank: channel.receivingBank,
        receiverId: channel.receiverId,
        merchantName: channel.merchantName,
        qrPayload: qr.payload,
        bankBillId: qr.bankBillId,
        rateId: rate.id,
        rateSell: rate.sell,
        credit,
        bonus: isLinked ? promotion.bonus : 0n,
        promotionUsageId: isLinked ? promotion.usage.id : null,
        createdAt: now,
        expiresAt: qr.expiresAt,
      });
      if (!row) throw new Error('deposit insert returned nothing');
      return row;
    };
    try {
      // Without a promotion or a limit there is no lock to take: a single INSERT, no transaction round trips.
      const row = promotion || hasLimits ? await db.transaction(insert) : await insert(db);
      rememberOpenDeposit(app, row);
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'deposits_one_open_per_player_uq')) throw openOrder();
      if (isUniqueViolation(error, 'deposits_one_per_usage_uq')) {
        throw new AppError(409, 'OPEN_ORDER', "The promotion's deposit is already being credited");
      }
      if (isUniqueViolation(error, 'deposits_code_uq') && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}

function openOrder(): AppError {
  return new AppError(409, 'OPEN_ORDER', 'Close the open deposit order first');
}
