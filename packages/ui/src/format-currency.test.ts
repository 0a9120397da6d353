import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format-currency';
import { AMOUNT_FORMAT_CASES } from './format-currency.test-helpers';

describe('formatCurrency', () => {
  it.each(AMOUNT_FORMAT_CASES)('prints $amount $currency as $shown', ({ amount, currency, shown }) => {
    expect(formatCurrency(amount, currency)).toBe(shown);
  });

  it('does not depend on the locale data of the engine', () => {
    // Node's full ICU prints lo-LA as "฿1.250,00": the app must not follow it (nor any other locale).
    expect(new Intl.NumberFormat('lo-LA', { minimumFractionDigits: 2 }).format(1250)).toBe('1.250,00');
    expect(formatCurrency('1250')).toBe('฿1,250.00');
  });

  it('rounds extra decimals half to even, and shows no minus on a zero', () => {
    expect(formatCurrency('1.005')).toBe('฿1.00');
    expect(formatCurrency('1.015')).toBe('฿1.02');
    expect(formatCurrency('1234.5', 'LAK')).toBe('₭1,234');
    expect(formatCurrency('1235.5', 'LAK')).toBe('₭1,236');
    expect(formatCurrency('-0.001')).toBe('฿0.00');
  });

  it('treats missing or malformed amounts as zero', () => {
    expect(formatCurrency(null)).toBe('฿0.00');
    expect(formatCurrency(undefined, 'LAK')).toBe('₭0');
    expect(formatCurrency('')).toBe('฿0.00');
    expect(formatCurrency('abc')).toBe('฿0.00');
    expect(formatCurrency('1e5')).toBe('฿0.00');
    expect(formatCurrency('1,000')).toBe('฿0.00');
  });

  it('prints another currency with its own symbol, or its code', () => {
    expect(formatCurrency('3', 'USD')).toBe('$3.00');
    expect(formatCurrency('3', 'EUR')).toBe('EUR 3.00');
  });
});
