import { readFileSync } from 'node:fs';
import { ApiError } from '@lc/ui/api-client';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES } from '@/i18n/i18n';
import { errorMessage, fieldError } from '@/lib/error-message';

// What the rate form shows on a refusal (decision 0064): ErrorAlert's message with both ranges, and each side
// at fault marked beside its field.
const refusal = new ApiError({
  status: 400,
  code: 'RATE_OUT_OF_RANGE',
  message: 'The rate is outside the allowed range for this currency',
  path: '/ops/v1/exchange-rates',
  fields: { buy: 'INVALID' },
  params: { currency: 'THB', buyMin: '312.625', buyMax: '1250.5', sellMin: '320.25', sellMax: '1281' },
});

describe('the rate form on RATE_OUT_OF_RANGE', () => {
  it.each(CONSOLE_LANGUAGES)('%s: says the allowed ranges and marks the buy field', async (lng) => {
    const errors = JSON.parse(
      readFileSync(new URL(`../../../../public/locales/${lng}/errors.json`, import.meta.url), 'utf8'),
    );
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources: { [lng]: { errors } }, interpolation: { escapeValue: false } });
    const message = errorMessage(i18n.t, refusal, { withFields: false });
    for (const value of ['THB', '312.625', '1250.5', '320.25', '1281']) expect(message).toContain(value);
    expect(message).not.toContain('{{');
    expect(message).not.toBe(i18n.t('errors:INTERNAL'));
    expect(fieldError(i18n.t, refusal, 'buy')).toBe(errors.fields.INVALID);
    expect(fieldError(i18n.t, refusal, 'sell')).toBeUndefined();
  });
});
