import { convertAtRate, formatMinor, parseRate } from '@lc/shared/money';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { BankPaymentRow } from '../../db/schema/bank-payments';
import { bankPayments } from '../../db/schema/bank-payments';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { promotionUsages } from '../../db/schema/promotions';
import { AppError } from '../../lib/app-error';
import { recordNotice } from '../security/record-notice';

/**
 * Whether the order's promotion bonus still belongs to it when staff settle it with `payment`: only when the
 * paid amount is the promotion's amount (the order's) and its usage is still ACTIVE with no other deposit on
 * its way or credited (a bonus is paid only with the one deposit its promotion was taken for). Settling locks the usage; a preview only reads.
 */
export async function keepsBonus(
  tx: DbOrTx,
  deposit: DepositRow,
  payment: BankPaymentRow,
  options: { isPreview?: boolean } = {},
): Promise<boolean> {
  if (!deposit.promotionUsageId || deposit.bonus === 0n || payment.amount !== deposit.amount) return false;
  const usageOf = tx
    .select({ status: promotionUsages.status })
    .from(promotionUsages)
    .where(eq(promotionUsages.id, deposit.promotionUsageId));
  const [usage] = options.isPreview ? await usageOf : await usageOf.for('update');
  if (usage?.status !== 'ACTIVE') return false;
  const [other] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.promotionUsageId, deposit.promotionUsageId),
        ne(deposits.id, deposit.id),
        inArray(deposits.status, ['OPEN', 'PAID', 'SUCCESS', 'FAILED']),
      ),
    );
  return !other;
}

/** The THB credit of a payment's kip at a sell rate (kip per baht), rounded down to the satang. */
export function creditOfPayment(amount: bigint, rateSell: string): bigint {
  return convertAtRate('DEPOSIT', amount, parseRate(rateSell));
}

/**
 * Staff settle an order with a stored bank payment (confirm, or crediting a late payment of it), inside the
 * caller's transaction with both rows locked: the order becomes PAID with that payment, due for crediting at
 * once, and its credit is computed again from the **paid** kip at the order's rate (never the ordered
 * amount); its bonus stays only as {@link keepsBonus} says. The payment is marked `resolvedStatus` and linked.
 * A payment that waited for staff (UNMATCHED: another amount, late, paid twice) tells the player what became
 * of it (a PAYMENT_CREDITED notice, docs/decisions/0074).
 */
export async function applyPaymentToDeposit(
  tx: DbOrTx,
  deposit: DepositRow,
  payment: BankPaymentRow,
  resolution: { status: 'MATCHED' | 'CREDITED'; actor: string; now: Date },
): Promise<DepositRow> {
  const credit = creditOfPayment(payment.amount, deposit.rateSell);
  if (credit <= 0n) throw new AppError(409, 'DEPOSIT_NOT_ALLOWED', 'The paid amount gives no credit');
  const isBonusKept = await keepsBonus(tx, deposit, payment);
  const { now } = resolution;
  const [paid] = await tx
    .update(deposits)
    .set({
      status: 'PAID',
      paidAt: payment.paidAt,
      bankReference: payment.bankReference,
      paidAmount: payment.amount,
      credit,
      bonus: isBonusKept ? deposit.bonus : 0n,
      promotionUsageId: isBonusKept ? deposit.promotionUsageId : null,
      isAmountMismatch: false,
      isLatePaid: false,
      // A FAILED order gets its tries back; the lease is free (the caller checked nobody is crediting it).
      attempts: deposit.status === 'FAILED' ? 0 : deposit.attempts,
      lastError: null,
      nextAttemptAt: now,
      creditLeaseUntil: null,
      closedAt: null,
      updatedAt: now,
    })
    .where(eq(deposits.id, deposit.id))
    .returning();
  if (!paid) throw new Error(`deposit ${deposit.code} vanished under its lock`);
  await tx
    .update(bankPayments)
    .set({
      status: resolution.status,
      reason: resolution.status === 'MATCHED' ? null : payment.reason,
      depositId: payment.depositId ?? deposit.id,
      creditedDepositId: deposit.id,
      playerId: deposit.playerId,
      agencyId: deposit.agencyId,
      resolvedBy: resolution.actor,
      resolvedAt: now,
    })
    .where(eq(bankPayments.id, payment.id));
  if (payment.status === 'UNMATCHED') {
    await recordNotice(tx, {
      playerId: deposit.playerId,
      kind: 'PAYMENT_CREDITED',
      at: now,
      payment: {
        code: paid.code,
        amount: formatMinor(payment.amount, 'LAK'),
        credit: formatMinor(paid.credit + paid.bonus, 'THB'),
        provider: paid.provider,
      },
    });
  }
  return paid;
}
