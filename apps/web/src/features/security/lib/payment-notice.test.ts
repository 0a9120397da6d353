import { describe, expect, it } from 'vitest';
import { paymentNoticeText } from './payment-notice';

const t = (key: string, params: Record<string, string> = {}) => `${key} ${JSON.stringify(params)}`;

describe('paymentNoticeText', () => {
  it('names the order, the kip paid, the credit and the game of a payment staff credited', () => {
    expect(
      paymentNoticeText(t, {
        kind: 'PAYMENT_CREDITED',
        payment: { code: 'D2601150001AB', amount: '99000', credit: '154.56', provider: 'askmebet' },
      }),
    ).toBe(
      `security.notices.payment.credited ${JSON.stringify({
        code: 'D2601150001AB',
        paid: '₭99,000',
        credit: '฿154.56',
        provider: 'providers.askmebet {}',
      })}`,
    );
  });

  it('names the order and the kip of a refund; nothing for a notice without a payment', () => {
    expect(
      paymentNoticeText(t, {
        kind: 'PAYMENT_REFUNDED',
        payment: { code: 'D2601150001AB', amount: '99000', credit: null, provider: null },
      }),
    ).toBe(`security.notices.payment.refunded ${JSON.stringify({ code: 'D2601150001AB', paid: '₭99,000' })}`);
    expect(paymentNoticeText(t, { kind: 'PASSWORD_CHANGED' })).toBe('');
  });
});
