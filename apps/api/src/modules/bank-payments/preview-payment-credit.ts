import type { TCreditPreview } from '@lc/shared/contracts/ops-bank-payments';
import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { creditOfPayment, keepsBonus } from './apply-payment-to-deposit';
import { alreadyResolved, canSettleOrder, creditRateOf } from './credit-bank-payment';
import { findAgencyPayment } from './lock-agency-payment';

/**
 * What crediting an UNMATCHED payment to `provider` (default: the provider its order names) would book, read
 * without locking or writing anything, by the credit's own rules (credit-bank-payment.ts): the paid kip at
 * the order's rate, or the rate in force for a payment no order names (creditRateOf, creditOfPayment); the
 * order's bonus only when the order itself is settled, on its own provider, and keepsBonus says it still
 * belongs. The console shows it in the Credit dialog, so the baht staff confirm is the server's figure.
 */
export async function previewPaymentCredit(
  db: DbOrTx,
  agencyId: string,
  paymentId: string,
  asked: TProvider | undefined,
): Promise<TCreditPreview> {
  const payment = await findAgencyPayment(db, agencyId, paymentId);
  if (payment.status !== 'UNMATCHED') throw alreadyResolved(payment);
  const [order] = payment.depositId
    ? await db.select().from(deposits).where(eq(deposits.id, payment.depositId))
    : [];
  const settlesOrder = canSettleOrder(order, payment);
  const provider = asked ?? order?.provider ?? null;
  const rate = await creditRateOf(db, agencyId, order ?? null);
  const credit = creditOfPayment(payment.amount, rate.sell);
  if (credit <= 0n) throw new AppError(409, 'DEPOSIT_NOT_ALLOWED', 'The paid amount gives no credit');
  const isBonusKept =
    settlesOrder &&
    provider === order.provider &&
    (await keepsBonus(db, order, payment, { isPreview: true }));
  const bonus = isBonusKept ? order.bonus : 0n;
  const playerId = order?.playerId ?? null;
  const [player] = playerId
    ? await db.select({ username: players.username }).from(players).where(eq(players.id, playerId))
    : [];
  return {
    provider,
    playerId,
    username: player?.username ?? null,
    depositCode: settlesOrder ? order.code : null,
    isNewDeposit: !settlesOrder,
    amount: formatMinor(payment.amount, 'LAK'),
    rate: rate.sell,
    credit: formatMinor(credit, 'THB'),
    bonus: formatMinor(bonus, 'THB'),
    total: formatMinor(credit + bonus, 'THB'),
  };
}
