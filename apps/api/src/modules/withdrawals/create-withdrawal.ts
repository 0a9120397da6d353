import type { TCreateWithdrawalRequest } from '@lc/shared/contracts/withdrawals';
import { convertAtRate, parseRate, tryParseMoney } from '@lc/shared/money';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Db, type DbOrTx, isUniqueViolation } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import type { PlayerRow } from '../../db/schema/players';
import { type NewWithdrawalRow, type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { ensureProviderMember } from '../credits/ensure-provider-member';
import { gameProviderOf } from '../credits/game-provider-of';
import { promotionForWithdrawal } from '../promotions/promotion-withdrawal-rules';
import { bookWithdrawalOut, failWithdrawal } from './book-withdrawal-out';
import { findWithdrawalInputs } from './find-withdrawal-inputs';
import { refusalError } from './refusal-error';
import { transferWithLookUps } from './transfer-with-look-ups';
import { nextWithdrawalCode, withdrawalReference } from './withdrawal-code';

export type CreateWithdrawalInput = {
  agency: AgencyRow;
  player: PlayerRow;
  request: TCreateWithdrawalRequest;
  log: FastifyBaseLogger;
};

const OPEN_UQ = 'withdrawals_one_open_per_player_uq';
const CODE_UQ = 'withdrawals_code_unique';

const openOrder = () =>
  new AppError(409, 'OPEN_ORDER', 'You already have an open withdrawal; wait until it is paid out');

/**
 * A player's withdrawal (domain.md): checks, then the order row (PENDING) before the provider is asked, then
 * the transfer out under `<code>:out` in the same request. Applied → booked and OPEN for payout; refused →
 * FAILED and 409 INSUFFICIENT_CREDIT (503 when the provider itself failed); unknown after the look-ups →
 * left PENDING (the player sees OPEN) for `resolveWithdrawal`. Under a USED promotion the rules split the
 * credit into received and returned (docs/decisions/0014-promotion-rules.md).
 */
export async function createWithdrawal(
  app: FastifyInstance,
  input: CreateWithdrawalInput,
): Promise<WithdrawalRow> {
  const { agency, player, request, log } = input;
  const provider = gameProviderOf(app, agency.id, request.provider);
  const inputs = await findWithdrawalInputs(app.db, player.id, request.bankAccountId);
  const { bankAccount, rate } = inputs;
  if (!bankAccount) throw new AppError(400, 'BANK_ACCOUNT_REQUIRED', 'Add your bank account first');

  const credit = tryParseMoney(request.credit, 'THB');
  if (credit === null || credit < agency.withdrawMinSatang || credit > agency.withdrawMaxSatang) {
    throw new AppError(400, 'AMOUNT_OUT_OF_RANGE', 'The credit is outside the withdrawal limits');
  }
  // A cheap early answer; the partial unique index below is the real guard against parallel requests.
  if (inputs.hasOpenWithdrawal) throw openOrder();
  if (!rate) throw new AppError(403, 'WITHDRAW_NOT_ALLOWED', 'Withdrawals are closed: no exchange rate');

  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
  const member = await ensureProviderMember(app.db, provider, owner, log);
  // Checked live for a clear answer; the provider's own row lock decides when parallel requests race.
  const balance = await callProvider(log, provider.provider, () => provider.getBalance(member));
  if (credit > balance) throw new AppError(409, 'INSUFFICIENT_CREDIT', 'Not enough credit at the provider');
  const now = app.now();
  const order = await insertOrder(app.db, agency.id, now, async (tx) => {
    // A USED promotion on this provider: its rules decide what the player receives. Decided under the usage's
    // row lock in the transaction that inserts the order, so a cancel of that usage waits and then sees it.
    const promotion = await promotionForWithdrawal(tx, player.id, provider.provider, { balance, credit });
    const creditReceived = promotion?.creditReceived ?? credit;
    return {
      agencyId: agency.id,
      playerId: player.id,
      provider: provider.provider,
      bankAccountId: bankAccount.id,
      bank: bankAccount.bank,
      accountNumber: bankAccount.accountNumber,
      accountName: bankAccount.accountName,
      amount: credit,
      creditReceived,
      creditReturned: promotion?.creditReturned ?? 0n,
      payoutAmount: convertAtRate('WITHDRAW', creditReceived, parseRate(rate.buy)),
      promotionUsageId: promotion?.usageId ?? null,
      rateId: rate.id,
      rateBuy: rate.buy,
      status: 'PENDING',
      createdAt: now,
      updatedAt: now,
    };
  });

  const reference = withdrawalReference.out(order.code);
  const outcome = await transferWithLookUps(provider, member, 'out', credit, reference, log);
  if (outcome.status === 'applied') return bookWithdrawalOut(app.db, order.code, app.now());
  if (outcome.status === 'rejected') {
    await failWithdrawal(app.db, order.code, outcome.code, app.now());
    throw refusalError(outcome.code);
  }
  // Unknown: the money may have left; keep the order (and the player's one open slot) until it is resolved.
  const [pending] = await app.db
    .update(withdrawals)
    .set({ failure: outcome.reason.slice(0, 500), updatedAt: app.now() })
    .where(and(eq(withdrawals.code, order.code), eq(withdrawals.status, 'PENDING')))
    .returning();
  return pending ?? order;
}

/**
 * Inserts the order that `decide` describes, in one transaction with that decision, under a fresh code (a
 * rare code collision draws another and decides again); a second open one → 409.
 */
async function insertOrder(
  db: Db,
  agencyId: string,
  now: Date,
  decide: (tx: DbOrTx) => Promise<Omit<NewWithdrawalRow, 'code'>>,
): Promise<WithdrawalRow> {
  for (let attempt = 1; ; attempt++) {
    // Drawn before the transaction: the shared daily counter row is not held locked while the rules decide.
    const code = await nextWithdrawalCode(db, agencyId, now);
    try {
      return await db.transaction(async (tx) => {
        const values = await decide(tx);
        const [row] = await tx
          .insert(withdrawals)
          .values({ ...values, code })
          .returning();
        if (!row) throw new Error('withdrawal insert returned nothing');
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, OPEN_UQ)) throw openOrder();
      if (!isUniqueViolation(error, CODE_UQ) || attempt >= 5) throw error;
    }
  }
}
