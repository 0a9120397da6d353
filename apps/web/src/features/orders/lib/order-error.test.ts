import { readFileSync } from 'node:fs';
import { ApiError } from '@lc/ui/api-client';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderErrorMessage } from './order-error';

const i18n = i18next.createInstance();
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

beforeAll(async () => {
  await i18n.init({
    lng: 'th',
    resources: { th: { common: load('th', 'common'), errors: load('th', 'errors') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const apiError = (code: string, params?: Record<string, string>) =>
  new ApiError({ status: 409, code, message: code, path: '/v2/deposits', params });

describe('orderErrorMessage', () => {
  it('tells a player with a promotion in use how low the credit must be to deposit again, where and how much it is', () => {
    expect(
      orderErrorMessage(
        i18n.t,
        apiError('PROMOTION_CREDIT_USED', { threshold: '5.00', provider: 'askmebet', current: '234.18' }),
        'deposit',
      ),
    ).toBe(
      'โปรโมชั่นของคุณกำลังใช้งานใน AskMeBet: หากต้องการฝากเพิ่ม เครดิตใน AskMeBet ต้องต่ำกว่า ฿5.00 (ตอนนี้ ฿234.18)',
    );
  });

  it("uses the screen's own wording first, then the catalogue, then the screen's fallback", () => {
    const common = load('th', 'common') as { deposit: { errors: Record<string, string> } };
    const errors = load('th', 'errors') as Record<string, string> & { messages: Record<string, string> };
    expect(orderErrorMessage(i18n.t, apiError('OPEN_ORDER'), 'deposit')).toBe(
      common.deposit.errors.OPEN_ORDER,
    );
    expect(orderErrorMessage(i18n.t, apiError('AMOUNT_OUT_OF_RANGE'), 'withdraw')).toBe(
      errors.AMOUNT_OUT_OF_RANGE,
    );
    expect(orderErrorMessage(i18n.t, new Error('boom'), 'deposit')).toBe(errors.messages.cannotDeposit);
  });
});
