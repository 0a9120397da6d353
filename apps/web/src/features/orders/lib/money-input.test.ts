import { groupThousands } from '@lc/ui/format-currency';
import { describe, expect, it } from 'vitest';
import { normalizeCreditInput, normalizeLakInput } from './money-input';

describe('normalizeLakInput', () => {
  it('keeps digits only', () => {
    expect(normalizeLakInput('100,000')).toBe('100000');
    expect(normalizeLakInput(' 1 000 000 ₭')).toBe('1000000');
    expect(normalizeLakInput('12.5')).toBe('125');
    expect(normalizeLakInput('abc')).toBe('');
  });

  it('drops leading zeros but keeps a lone zero', () => {
    expect(normalizeLakInput('000120')).toBe('120');
    expect(normalizeLakInput('0')).toBe('0');
  });

  it('caps the length at 13 digits', () => {
    expect(normalizeLakInput('9'.repeat(20))).toBe('9'.repeat(13));
  });
});

describe('groupThousands', () => {
  it('groups by three', () => {
    expect(groupThousands('')).toBe('');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('20000000')).toBe('20,000,000');
  });

  it('round-trips with normalizeLakInput', () => {
    expect(normalizeLakInput(groupThousands('123456789'))).toBe('123456789');
  });
});

describe('normalizeCreditInput', () => {
  it('keeps at most two decimals', () => {
    expect(normalizeCreditInput('150')).toBe('150');
    expect(normalizeCreditInput('150.')).toBe('150.');
    expect(normalizeCreditInput('150.5')).toBe('150.5');
    expect(normalizeCreditInput('150.555')).toBe('150.55');
  });

  it('drops separators, letters and extra points', () => {
    expect(normalizeCreditInput('1,250.00 THB')).toBe('1250.00');
    expect(normalizeCreditInput('1.2.3')).toBe('1.23');
    expect(normalizeCreditInput('-50')).toBe('50');
  });

  it('writes a leading zero for a bare point and drops extra zeros', () => {
    expect(normalizeCreditInput('.5')).toBe('0.5');
    expect(normalizeCreditInput('007.10')).toBe('7.10');
  });
});
