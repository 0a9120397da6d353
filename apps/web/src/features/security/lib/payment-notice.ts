import type { TNotice } from '@lc/shared/contracts/security';
import { formatCurrency } from '@lc/ui/format-currency';

/** i18next's `t` as this helper uses it (keys and string params only). */
type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * What staff did with a payment that waited for them, in words (PAYMENT_CREDITED, PAYMENT_REFUNDED): the
 * order, the kip paid and, for a credit, the THB booked and the game (docs/decisions/0074). Empty for a
 * notice without a payment.
 */
export function paymentNoticeText(t: Translate, notice: Pick<TNotice, 'kind' | 'payment'>): string {
  const payment = notice.payment;
  if (!payment) return '';
  const paid = formatCurrency(payment.amount, 'LAK');
  if (notice.kind === 'PAYMENT_CREDITED' && payment.credit !== null) {
    return t('security.notices.payment.credited', {
      code: payment.code,
      paid,
      credit: formatCurrency(payment.credit, 'THB'),
      provider: payment.provider ? t(`providers.${payment.provider}`) : '',
    });
  }
  return t('security.notices.payment.refunded', { code: payment.code, paid });
}
