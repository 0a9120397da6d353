import { readFileSync } from 'node:fs';
import { ApiError } from '@lc/ui/api-client';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES } from '@/i18n/i18n';
import { errorMessage } from './error-message';

// A refused password change names its field in the console's language, never by its API name.
const refusal = new ApiError({
  status: 400,
  code: 'VALIDATION_ERROR',
  message: 'Invalid request',
  path: '/ops/v1/me/password',
  fields: { newPassword: 'COMMON_PASSWORD', someFieldWithoutName: 'REQUIRED' },
  params: {},
});

describe('errorMessage with field problems', () => {
  it.each(CONSOLE_LANGUAGES)('%s: names each field in words, or shows only its problem', async (lng) => {
    const errors = JSON.parse(
      readFileSync(new URL(`../../public/locales/${lng}/errors.json`, import.meta.url), 'utf8'),
    );
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources: { [lng]: { errors } }, interpolation: { escapeValue: false } });
    const message = errorMessage(i18n.t, refusal);
    expect(message).not.toContain('newPassword');
    expect(message).not.toContain('someFieldWithoutName');
    expect(message).toContain(`${errors.fieldNames.newPassword}: `);
    expect(message).toContain(errors.fields.REQUIRED);
  });
});
