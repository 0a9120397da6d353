import { ApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorParams, minutesToWait } from './error-message';

// A t() that shows which key it was asked for and with what values.
const t = ((key: string | string[], values?: Record<string, string>) =>
  `${Array.isArray(key) ? key[0] : key}${values ? ` ${JSON.stringify(values)}` : ''}`) as unknown as TFunction;

describe('errorParams', () => {
  it('formats until and remaining and translates period; other params pass as sent', () => {
    const until = '2026-02-01T10:00:00.000Z';
    expect(errorParams(t, { until, remaining: '50000', period: 'daily', code: 'D1' })).toEqual({
      until: formatDateTime(until),
      remaining: formatCurrency('50000', 'LAK'),
      period: 'playLimits.period.daily',
      code: 'D1',
    });
    expect(errorParams(t, {})).toEqual({});
  });

  it("names a promotion's blocking figures in baht and its game by name (decision 0074)", () => {
    expect(
      errorParams(t, {
        target: '702.54',
        current: '234.18',
        missing: '468.37',
        min: '100.00',
        provider: 'gclub',
      }),
    ).toEqual({
      target: formatCurrency('702.54', 'THB'),
      current: formatCurrency('234.18', 'THB'),
      missing: formatCurrency('468.37', 'THB'),
      min: formatCurrency('100.00', 'THB'),
      provider: 'providers.gclub',
    });
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

  it('says how many minutes a throttle leaves to wait, and only for RATE_LIMITED with a Retry-After', () => {
    const throttled = (params?: Record<string, string>) =>
      new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'wait', path: '/v2/players/login', params });
    expect(errorMessage(t, throttled({ retryAfter: '899' }))).toBe(
      `errors:messages.tryAgainIn ${JSON.stringify({ retryAfter: '899', minutes: '15' })}`,
    );
    expect(errorMessage(t, throttled())).toBe(`errors:RATE_LIMITED ${JSON.stringify({})}`);
  });
});

describe('minutesToWait', () => {
  it('rounds up to whole minutes, never under one', () => {
    expect(minutesToWait('900')).toBe('15');
    expect(minutesToWait('61')).toBe('2');
    expect(minutesToWait('60')).toBe('1');
    expect(minutesToWait('3')).toBe('1');
  });
});
