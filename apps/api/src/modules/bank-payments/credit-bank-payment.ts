import type { TCreditBankPaymentRequest } from '@lc/shared/contracts/ops-bank-payments';
import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { creditDeposit } from '../deposits/credit-deposit';
import { nextOrderCode } from '../deposits/deposit-code';
import { findDepositByCode } from '../deposits/deposits-repository';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { findCurrentRate } from '../rates/get-current-rates';
import { applyPaymentToDeposit } from './apply-payment-to-deposit';
import { clearLatePaidOnceResolved } from './clear-late-paid';
import { lockPaymentWithOrder } from './lock-agency-payment';

export type CreditPaymentInput = TCreditBankPaymentRequest & {
  agency: AgencyRow;
  paymentId: string;
  actor: string;
  scope: AuditScope;
};

export const alreadyResolved = (payment: BankPaymentRow) =>
  new AppError(409, 'PAYMENT_ALREADY_RESOLVED', `Bank payment ${payment.id} is ${payment.status}`);

/**
 * Whether the payment can settle the order of its bill itself: one never settled by another payment (OPEN, or
 * CANCELED: a late payment), or the order this very payment left PAID with another amount. A second payment
 * of a bill, or one of a rejected order, gets a deposit of its own instead.
 */
export function canSettleOrder(order: DepositRow | undefined, payment: BankPaymentRow): order is DepositRow {
  if (!order || order.creditedAt !== null) return false;
  if (order.status === 'OPEN' || order.status === 'CANCELED') return true;
  return order.status === 'PAID' && order.isAmountMismatch && order.bankReference === payment.bankReference;
}

/** Where the money went: the order's channel as it was, else the agency's first complete channel. */
function receivingOf(
  agency: AgencyRow,
  order: DepositRow | null,
): Pick<DepositRow, 'mid' | 'channelCode' | 'receivingBank' | 'receiverId' | 'merchantName'> {
  if (order) {
    const { mid, channelCode, receivingBank, receiverId, merchantName } = order;
    return { mid, channelCode, receivingBank, receiverId, merchantName };
  }
  const channel = agency.paymentChannels.find((c) => c.receivingBank && c.receiverId && c.merchantName);
  if (!channel?.receivingBank || !channel.receiverId || !channel.merchantName) {
    throw new AppError(409, 'UNKNOWN_CHANNEL', 'The agency has no payment channel');
  }
  return {
    mid: channel.mid,
    channelCode: channel.code,
    receivingBank: channel.receivingBank,
    receiverId: channel.receiverId,
    merchantName: channel.merchantName,
  };
}

/**
 * The rate a payment is credited at: its order's, the rate the player was quoted (whether the order itself or
 * a staff deposit of its own is settled with it), else the agency's rate in force.
 */
export async function creditRateOf(
  db: DbOrTx,
  agencyId: string,
  order: DepositRow | null,
): Promise<{ id: number; sell: string }> {
  const rate = order
    ? { id: order.rateId, sell: order.rateSell }
    : await findCurrentRate(db, agencyId, 'THB');
  if (!rate) throw new AppError(409, 'DEPOSIT_NOT_ALLOWED', 'No exchange rate to credit at');
  return rate;
}

/**
 * A deposit made by staff for a payment that has no order left to settle (a second payment of a bill, a
 * payment of a rejected order, one whose bill no order names): the paid kip at the order's rate, or the
 * current rate without an order, to the player's own bank account; no QR, no bonus.
 */
async function createStaffDeposit(
  tx: DbOrTx,
  agency: AgencyRow,
  payment: BankPaymentRow,
  order: DepositRow | null,
  target: { playerId: string; provider: TProvider },
  now: Date,
): Promise<DepositRow> {
  const [player] = await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.id, target.playerId), eq(players.agencyId, agency.id)));
  if (!player) throw new AppError(404, 'NOT_FOUND', 'No such player');
  const [account] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.playerId, player.id))
    .orderBy(asc(bankAccounts.createdAt))
    .limit(1);
  if (!account) throw new AppError(400, 'BANK_ACCOUNT_REQUIRED', 'The player has no bank account');
  const rate = await creditRateOf(tx, agency.id, order);
  const channel = receivingOf(agency, order);
  const code = await nextOrderCode(tx, agency.id, 'D', now);
  const [row] = await tx
    .insert(deposits)
    .values({
      code,
      agencyId: agency.id,
      playerId: player.id,
      provider: target.provider,
      bankAccountId: account.id,
      amount: payment.amount,
      ...channel,
      // Never shown: staff credit a payment already made, there is nothing to scan.
      qrPayload: '',
      bankBillId: null,
      rateId: rate.id,
      rateSell: rate.sell,
      // Set from the paid amount by applyPaymentToDeposit; a placeholder the amounts check accepts.
      credit: 1n,
      bonus: 0n,
      promotionUsageId: null,
      // Paid already (the payment it is made for): never OPEN, which would collide with the order the player
      // may have open (one OPEN order per player) and is not one they could pay.
      status: 'PAID',
      createdAt: now,
      expiresAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('staff deposit insert returned nothing');
  return row;
}

/**
 * Staff credit an UNMATCHED bank payment (domain.md rule 1), once: the order it paid is settled with it when
 * it still can be (a late payment of a cancelled order → SUCCESS, shown credited in the player's history),
 * otherwise a staff deposit is made for it; either way the credit is from the paid kip. The payment becomes
 * CREDITED in the same transaction (409 PAYMENT_ALREADY_RESOLVED if it is not UNMATCHED), audited, and the
 * credit goes through the deposit module's path (`<code>:in`, once).
 */
export async function creditBankPayment(
  app: FastifyInstance,
  input: CreditPaymentInput,
): Promise<{ payment: BankPaymentRow; deposit: DepositRow }> {
  const now = app.now();
  const { payment, code } = await app.db.transaction(async (tx) => {
    const { payment, order } = await lockPaymentWithOrder(tx, input.agency.id, input.paymentId);
    if (payment.status !== 'UNMATCHED') throw alreadyResolved(payment);
    const playerId = order?.playerId ?? input.playerId;
    if (!playerId) {
      throw new AppError(400, 'VALIDATION_ERROR', 'playerId is required for a payment without an order', {
        playerId: 'REQUIRED',
      });
    }
    if (order && input.playerId && input.playerId !== order.playerId) {
      throw new AppError(400, 'VALIDATION_ERROR', "The payment's order belongs to another player", {
        playerId: 'INVALID',
      });
    }
    if (order?.creditLeaseUntil && order.creditLeaseUntil > now) {
      throw new AppError(409, 'TRANSFER_PENDING', `Deposit ${order.code} is being credited right now`);
    }
    const target = canSettleOrder(order, payment)
      ? order
      : await createStaffDeposit(
          tx,
          input.agency,
          payment,
          order ?? null,
          { playerId, provider: input.provider },
          now,
        );
    const withProvider =
      target.provider === input.provider
        ? target
        : { ...target, provider: input.provider, promotionUsageId: null, bonus: 0n };
    if (withProvider !== target) {
      await tx
        .update(deposits)
        .set({ provider: input.provider, promotionUsageId: null, bonus: 0n })
        .where(eq(deposits.id, target.id));
    }
    const paid = await applyPaymentToDeposit(tx, withProvider, payment, {
      status: 'CREDITED',
      actor: input.actor,
      now,
    });
    // Credited to a new order (its own could not be settled any more): its own order's mark clears too.
    if (order && order.id !== paid.id) await clearLatePaidOnceResolved(tx, order.id, now);
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'bank-payment.credit',
      target: `bank-payment:${payment.id}`,
      details: {
        bankReference: payment.bankReference,
        reason: payment.reason,
        amount: formatMinor(payment.amount, 'LAK'),
        playerId,
        provider: input.provider,
        deposit: paid.code,
        credit: formatMinor(paid.credit + paid.bonus, 'THB'),
      },
      at: now,
    });
    return { payment, code: paid.code };
  });
  const deposit = (await creditDeposit(app, code)) ?? (await findDepositByCode(app.db, code));
  if (!deposit) throw new Error(`deposit ${code} vanished`);
  const [stored] = await app.db.select().from(bankPayments).where(eq(bankPayments.id, payment.id));
  return { payment: stored ?? payment, deposit };
}
