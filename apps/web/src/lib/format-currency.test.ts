import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format-currency';

describe('formatCurrency', () => {
  it('formats THB credit in the Lao locale with two decimals', () => {
    expect(formatCurrency('1250.00')).toBe('฿1.250,00');
    expect(formatCurrency('0.5')).toBe('฿0,50');
  });

  it('keeps large decimal strings exact (no float rounding)', () => {
    expect(formatCurrency('12345678901234567.89')).toBe('฿12.345.678.901.234.567,89');
  });

  it('treats missing or malformed amounts as zero', () => {
    expect(formatCurrency(null)).toBe('฿0,00');
    expect(formatCurrency('')).toBe('฿0,00');
    expect(formatCurrency('abc')).toBe('฿0,00');
  });

  it('shows LAK as whole kip', () => {
    expect(formatCurrency('150000', 'LAK')).toMatch(/150\.000/);
  });
});
