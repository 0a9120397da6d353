import type { TCreateDepositRequest } from '@lc/shared/contracts/deposits';
import { buildLaoQr } from '@lc/shared/laoqr';
import { convertAtRate, parseMoney, parseRate } from '@lc/shared/money';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, isUniqueViolation } from '../../db/client';
import type { AgencyRow, PaymentChannelSettings } from '../../db/schema/agency';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import type { PlayerRow } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { findOwnBankAccount } from '../bank/bank-accounts-repository';
import { gameProviderOf } from '../credits/game-provider-of';
import { lockActiveUsage, promotionForDeposit } from '../promotions/promotion-deposit-rules';
import { findCurrentRate } from '../rates/get-current-rates';
import { nextOrderCode } from './deposit-code';
import { listOpenDeposits } from './deposits-repository';

/** How long an OPEN deposit waits for its payment (domain.md: deposit expiry). */
export const DEPOSIT_TTL_MS = 15 * 60_000;
const CODE_ATTEMPTS = 5;

type ReceivingChannel = PaymentChannelSettings &
  Required<
    Pick<PaymentChannelSettings, 'receivingBank' | 'receivingAccount' | 'merchantName' | 'merchantCity'>
  >;

function isReceiving(channel: PaymentChannelSettings): channel is ReceivingChannel {
  return Boolean(
    channel.receivingBank && channel.receivingAccount && channel.merchantName && channel.merchantCity,
  );
}

/** The agency's channel with this MID that can take LaoQR payments; else 400 UNKNOWN_CHANNEL. */
function channelOf(agency: AgencyRow, mid: string): ReceivingChannel {
  const channel = agency.paymentChannels.find((c) => c.mid === mid);
  if (!channel) throw new AppError(400, 'UNKNOWN_CHANNEL', 'No such payment channel');
  if (!isReceiving(channel)) {
    throw new AppError(400, 'UNKNOWN_CHANNEL', 'This payment channel has no receiving account yet');
  }
  return channel;
}

/**
 * Opens a LaoQR deposit (domain.md, Deposit step 1). Checks in order: provider, own bank account, amount
 * within the agency's limits, payment channel, no other OPEN deposit, a THB rate that gives credit.
 * Blocked players may deposit (blocking is about promotions). Then the promotion rules: an ACTIVE usage on
 * this provider fixes the amount and adds its bonus; it is linked under the usage's row lock, and at most one
 * deposit per usage can be on its way or credited (a partial unique index), so a bonus is never paid twice.
 */
export async function createDeposit(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  input: TCreateDepositRequest,
): Promise<DepositRow> {
  const { db } = app;
  const provider = gameProviderOf(app, input.provider).provider;
  const bankAccount = await findOwnBankAccount(db, player.id, input.bankAccountId);
  if (!bankAccount) throw new AppError(400, 'BANK_ACCOUNT_REQUIRED', 'Add your bank account first');
  const amount = parseMoney(input.amount, 'LAK');
  if (amount < agency.depositMinLak || amount > agency.depositMaxLak) {
    throw new AppError(400, 'AMOUNT_OUT_OF_RANGE', 'The amount is outside the deposit limits');
  }
  const channel = channelOf(agency, input.mid);
  // A friendly early answer; the partial unique index below is what really guards it under concurrency.
  if ((await listOpenDeposits(db, player.id)).length > 0) throw openOrder();
  const rate = await findCurrentRate(db, agency.id, 'THB');
  const credit = rate ? convertAtRate('DEPOSIT', amount, parseRate(rate.sell)) : 0n;
  if (!rate || credit <= 0n) throw new AppError(403, 'DEPOSIT_NOT_ALLOWED', 'Deposits are not possible now');

  const promotion = await promotionForDeposit(app, agency, player, { provider, amount, credit });

  const now = app.now();
  for (let attempt = 1; ; attempt++) {
    const code = await nextOrderCode(db, agency.id, 'D', now);
    const qrPayload = buildLaoQr({
      bank: channel.receivingBank,
      accountNumber: channel.receivingAccount,
      amountLak: amount,
      merchantName: channel.merchantName,
      merchantCity: channel.merchantCity,
      billNumber: code,
    });
    const insert = async (tx: DbOrTx) => {
      // A usage cancelled (or ended) since it was read: an ordinary deposit, as if it had not been there.
      const isLinked = promotion !== null && (await lockActiveUsage(tx, promotion.usage.id));
      const [row] = await tx
        .insert(deposits)
        .values({
          code,
          agencyId: agency.id,
          playerId: player.id,
          provider,
          bankAccountId: bankAccount.id,
          amount,
          mid: channel.mid,
          channelCode: channel.code,
          receivingBank: channel.receivingBank,
          receivingAccount: channel.receivingAccount,
          merchantName: channel.merchantName,
          qrPayload,
          rateId: rate.id,
          rateSell: rate.sell,
          credit,
          bonus: isLinked ? promotion.bonus : 0n,
          promotionUsageId: isLinked ? promotion.usage.id : null,
          status: 'OPEN',
          createdAt: now,
          expiresAt: new Date(now.getTime() + DEPOSIT_TTL_MS),
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('deposit insert returned nothing');
      return row;
    };
    try {
      // Without a promotion there is no lock to take: a single INSERT, no transaction round trips.
      return promotion ? await db.transaction(insert) : await insert(db);
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
