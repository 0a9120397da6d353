import type { BankPayment } from '../../adapters/payments/payment-gateway';
import type { TBankPaymentReason } from '../../db/schema/bank-payments';
import type { DepositRow } from '../../db/schema/deposits';

/** Clock difference allowed between the bank and us when judging whether a payment lies in its order's life. */
export const PAYMENT_CLOCK_SKEW_MS = 2 * 60_000;

export type PaymentVerdict =
  | { status: 'MATCHED'; reason: null }
  | { status: 'UNMATCHED'; reason: TBankPaymentReason };

const unmatched = (reason: TBankPaymentReason): PaymentVerdict => ({ status: 'UNMATCHED', reason });

/**
 * What a newly reported payment is (domain.md, When money leaves the happy path, rule 1), given its order as
 * it stands under lock: MATCHED settles an OPEN order of the same amount paid within its life; anything else
 * waits for staff with the reason. A payment dated before its order existed, after it expired (while the order
 * was still open) or in the future is PAID_OUTSIDE_ORDER: a signed webhook with an old `paidAt` settles nothing.
 */
export function classifyPayment(deposit: DepositRow | null, payment: BankPayment, now: Date): PaymentVerdict {
  if (!deposit) return unmatched('UNKNOWN_BILL');
  const paidAt = payment.paidAt.getTime();
  const isBeforeOrder = paidAt < deposit.createdAt.getTime() - PAYMENT_CLOCK_SKEW_MS;
  if (isBeforeOrder || paidAt > now.getTime() + PAYMENT_CLOCK_SKEW_MS) return unmatched('PAID_OUTSIDE_ORDER');
  if (deposit.status === 'CANCELED' || deposit.status === 'REJECTED') return unmatched('LATE');
  if (deposit.status !== 'OPEN') return unmatched('DUPLICATE');
  if (paidAt > deposit.expiresAt.getTime() + PAYMENT_CLOCK_SKEW_MS) return unmatched('PAID_OUTSIDE_ORDER');
  if (payment.amount !== deposit.amount) return unmatched('AMOUNT_MISMATCH');
  return { status: 'MATCHED', reason: null };
}
