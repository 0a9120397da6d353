import { describe, expect, it } from 'vitest';
import { depositCreditPreview } from './deposit-preview';

const rates = [
  { currency: 'USD', buy: '20000', sell: '21000' },
  { currency: 'THB', buy: '620.00', sell: '640.50' },
];

describe('depositCreditPreview', () => {
  it('divides by the THB sell rate and rounds down to the satang', () => {
    // 100000 / 640.50 = 156.1280…
    expect(depositCreditPreview('100000', rates)).toBe('156.12');
    expect(depositCreditPreview('640500', rates)).toBe('1000.00');
    // 641 / 640.50 = 1.00078… → 1.00, never rounded up
    expect(depositCreditPreview('641', rates)).toBe('1.00');
  });

  it('shows nothing without an amount or a THB rate', () => {
    expect(depositCreditPreview('', rates)).toBeNull();
    expect(depositCreditPreview('0', rates)).toBeNull();
    expect(depositCreditPreview('12.5', rates)).toBeNull();
    expect(depositCreditPreview('100000', [])).toBeNull();
    expect(depositCreditPreview('100000', [{ currency: 'THB', buy: 'x', sell: 'y' }])).toBeNull();
  });
});
