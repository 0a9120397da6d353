import { ApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorParams } from './error-message';

// A t() that shows which key it was asked for and with what values.
const t = ((key: string | string[], values?: Record<string, string>) =>
  `${Array.isArray(key) ? key[0] : key}${values ? ` ${JSON.stringify(values)}` : ''}`) as unknown as TFunction;

describe('errorParams', () => {
  it('formats until and remaining and translates period; other params pass as sent', () => {
    const until = '2026-02-01T10:00:00.000Z';
    expect(errorParams(t, { until, remaining: '50000', period: 'daily', provider: 'gclub' })).toEqual({
      until: formatDateTime(until),
      remaining: formatCurrency('50000', 'LAK'),
      period: 'playLimits.period.daily',
      provider: 'gclub',
    });
    expect(errorParams(t, {})).toEqual({});
  });
});

describe('errorMessage', () => {
  it('translates the code with the shown params', () => {
    const error = new ApiError({
      status: 409,
      code: 'DEPOSIT_LIMIT_REACHED',
      message: 'over',
      path: '/v2/deposits',
      params: { period: 'weekly', remaining: '0' },
    });
    expect(errorMessage(t, error)).toBe(
      `errors:DEPOSIT_LIMIT_REACHED ${JSON.stringify({ period: 'playLimits.period.weekly', remaining: formatCurrency('0', 'LAK') })}`,
    );
  });
});
