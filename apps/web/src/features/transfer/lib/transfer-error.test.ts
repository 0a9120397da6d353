import { readFileSync } from 'node:fs';
import { ApiError } from '@lc/ui/api-client';
import { formatDateTime } from '@lc/ui/format-date';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { transferErrorMessage } from './transfer-error';

const i18n = i18next.createInstance();
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

beforeAll(async () => {
  await i18n.init({
    lng: 'lo',
    resources: { lo: { common: load('lo', 'common'), errors: load('lo', 'errors') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const apiError = (status: number, code: string, params?: Record<string, string>) =>
  new ApiError({ status, code, message: code, path: '/v2/credits/transfer', params });
const context = { from: 'askmebet', to: 'gclub', limits: { min: '1.00', max: '100000.00' } };

describe('transferErrorMessage', () => {
  it('names the bounds the API sends, as THB', () => {
    expect(
      transferErrorMessage(
        i18n.t,
        apiError(400, 'AMOUNT_OUT_OF_RANGE', { min: '10.00', max: '5000.00' }),
        context,
      ),
    ).toBe('ຍ້າຍໄດ້ຄັ້ງລະ ฿10.00 – ฿5,000.00.');
  });

  it("names the agency's bounds when the API sends none", () => {
    expect(transferErrorMessage(i18n.t, apiError(400, 'AMOUNT_OUT_OF_RANGE'), context)).toBe(
      'ຍ້າຍໄດ້ຄັ້ງລະ ฿1.00 – ฿100,000.00.',
    );
  });

  it('names the provider short of credit, the open withdrawal and the promotion threshold', () => {
    expect(transferErrorMessage(i18n.t, apiError(409, 'INSUFFICIENT_CREDIT'), context)).toBe(
      'ເຄຣດິດໃນ AskMeBet ບໍ່ພໍແລ້ວ — ຍອດຄົງເຫຼືອຖືກໂຫຼດຄືນໃໝ່ຂ້າງລຸ່ມ.',
    );
    expect(transferErrorMessage(i18n.t, apiError(409, 'OPEN_ORDER'), context)).toContain('AskMeBet');
    expect(
      transferErrorMessage(i18n.t, apiError(409, 'PROMOTION_CREDIT_USED', { threshold: '5.00' }), context),
    ).toContain('฿5.00');
  });

  it("falls back to the catalogue's message, then to a transfer's own", () => {
    const errors = load('lo', 'errors') as Record<string, string> & { messages: Record<string, string> };
    expect(transferErrorMessage(i18n.t, apiError(503, 'PROVIDER_UNAVAILABLE'), context)).toBe(
      errors.PROVIDER_UNAVAILABLE,
    );
    const until = '2026-12-01T05:00:00.000Z';
    expect(transferErrorMessage(i18n.t, apiError(403, 'ACCOUNT_TIMED_OUT', { until }), context)).toBe(
      i18n.t('errors:ACCOUNT_TIMED_OUT', { until: formatDateTime(until) }),
    );
    expect(transferErrorMessage(i18n.t, new Error('boom'), context)).toBe(errors.messages.cannotTransfer);
  });
});
