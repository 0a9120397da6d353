import { readFileSync } from 'node:fs';
import { ApiError } from '@lc/ui/api-client';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { promotionErrorMessage } from './promotion-error';

const i18n = i18next.createInstance();
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

beforeAll(async () => {
  await i18n.init({
    lng: 'lo',
    resources: Object.fromEntries(
      ['lo', 'th'].map((lng) => [lng, { common: load(lng, 'common'), errors: load(lng, 'errors') }]),
    ),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const apiError = (code: string, params?: Record<string, string>) =>
  new ApiError({ status: 409, code, message: code, path: '/v2/promotions/use', params });

describe('promotionErrorMessage', () => {
  it('translates each promotion refusal by its code', () => {
    const errors = load('lo', 'errors') as Record<string, string>;
    for (const code of [
      'PLAYER_BLOCKED',
      'PROMOTION_INACTIVE',
      'PROMOTION_ONE_AT_A_TIME',
      'PROMOTION_ONLY_FOR_FIRST_ORDER',
      'PROMOTION_ALREADY_USED',
      'OPEN_ORDER',
    ]) {
      expect(promotionErrorMessage(i18n.t, apiError(code))).toBe(errors[code]);
    }
  });

  it('names the provider of PROMOTION_USED_BY_PROVIDER by its display name', () => {
    const message = promotionErrorMessage(
      i18n.t,
      apiError('PROMOTION_USED_BY_PROVIDER', { provider: 'gclub_live' }),
    );
    expect(message).toContain('GClub Live');
    expect(message).not.toContain('{{');
    expect(message).not.toContain('gclub_live');
  });

  it('tells a player without a promotion in use how low the credit must be to take one', () => {
    const message = promotionErrorMessage(
      i18n.t,
      apiError('PROMOTION_CREDIT_USED', { threshold: '5.00', provider: 'gclub', current: '25.00' }),
    );
    // The game and its credit that block, beside the threshold (decision 0074).
    expect(message).toBe('ເພື່ອຮັບໂປຣໂມຊັນ ເຄຣດິດຂອງທ່ານໃນ GClub ຕ້ອງຕ່ຳກວ່າ ฿5.00 (ຕອນນີ້ ฿25.00)');
    // Not the deposit screen's text, which says a promotion is in use.
    expect(message).not.toBe((load('lo', 'errors') as Record<string, string>).PROMOTION_CREDIT_USED);
  });

  it("asks for a bank account in the promotion's words", () => {
    const expected = (load('lo', 'errors') as { messages: Record<string, string> }).messages
      .addBankForPromotion;
    expect(promotionErrorMessage(i18n.t, apiError('BANK_ACCOUNT_REQUIRED'))).toBe(expected);
  });

  it('falls back to the generic message for unknown codes and non-API errors', () => {
    const internal = (load('lo', 'errors') as Record<string, string>).INTERNAL;
    expect(promotionErrorMessage(i18n.t, apiError('SOMETHING_NEW'))).toBe(internal);
    expect(promotionErrorMessage(i18n.t, new Error('boom'))).toBe(internal);
  });
});
