import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { formatMinor, tryParseMoney } from '@lc/shared/money';
import { formatCurrency } from '@lc/ui/format-currency';

/** i18next's `t` as this helper uses it (keys and string params only). */
type Translate = (key: string, params?: Record<string, string>) => string;

/** Which words a deposit's payments call for (docs/decisions/0074). */
export type PaymentStateKind = 'short' | 'over' | 'duplicate' | 'late' | 'credited' | 'refunded';

/**
 * What the bank reported for a deposit, in words, where it differs from the plain "ordered, paid, credited":
 * `paid` the kip paid ("paid ₭99,000"), `state` what waits for staff or what they did ("₭1,000 short — our
 * staff will credit or refund it", "₭99,000 refunded to your bank account"). Both null for an order paid as
 * ordered (or not paid at all). A LATE payment keeps its own words (`deposit.latePaid`, kind `late`).
 */
export function depositPaymentState(
  t: Translate,
  order: Pick<TDepositRecord, 'amount' | 'paid_amount' | 'review' | 'refunded_amount' | 'status' | 'credit'>,
): { paid: string | null; state: string | null; kind: PaymentStateKind | null } {
  const ordered = tryParseMoney(order.amount, 'LAK') ?? 0n;
  const paid = order.paid_amount === null ? null : (tryParseMoney(order.paid_amount, 'LAK') ?? null);
  const lak = (value: bigint) => formatCurrency(formatMinor(value, 'LAK'), 'LAK');
  let kind: PaymentStateKind | null = null;
  let state: string | null = null;
  if (order.review === 'AMOUNT_MISMATCH' && paid !== null && paid < ordered) {
    kind = 'short';
    state = t('deposit.review.short', { missing: lak(ordered - paid) });
  } else if (order.review === 'AMOUNT_MISMATCH' && paid !== null) {
    kind = 'over';
    state = t('deposit.review.over', { extra: lak(paid - ordered) });
  } else if (order.review === 'DUPLICATE' && paid !== null) {
    kind = 'duplicate';
    state = t('deposit.review.duplicate', { extra: lak(paid - ordered) });
  } else if (order.review === 'LATE') {
    kind = 'late';
    state = t('deposit.latePaid');
  } else if (order.refunded_amount !== null) {
    kind = 'refunded';
    state = t('deposit.outcome.refunded', { refunded: formatCurrency(order.refunded_amount, 'LAK') });
  } else if (order.status === 'SUCCESS' && paid !== null && paid !== ordered) {
    kind = 'credited';
    state = t('deposit.outcome.credited', { credit: formatCurrency(order.credit, 'THB') });
  }
  const isPaidShown = paid !== null && (kind !== null || paid !== ordered);
  return {
    paid: isPaidShown && paid !== null ? t('deposit.paidLine', { paid: lak(paid) }) : null,
    state,
    kind,
  };
}
