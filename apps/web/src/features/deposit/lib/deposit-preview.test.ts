import { describe, expect, it } from 'vitest';
import { depositCreditPreview, withPromotionBonus } from './deposit-preview';

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

describe('withPromotionBonus', () => {
  it('adds a percent bonus rounded down, as the server books it', () => {
    // The seeded promotion: 100,000 LAK → 156.12 credit, 50 % → 78.06.
    expect(withPromotionBonus('156.12', { type: 'PERCENT', value: '50', max: '100.00' })).toEqual({
      total: '234.18',
      bonus: '78.06',
    });
    // Issue #16's figures: 312.25 credit, 10 % → 31.22 (31.225 rounded down).
    expect(withPromotionBonus('312.25', { type: 'PERCENT', value: '10', max: null })).toEqual({
      total: '343.47',
      bonus: '31.22',
    });
  });

  it('caps a percent bonus at its maximum and adds a fixed one as set', () => {
    expect(withPromotionBonus('1000.00', { type: 'PERCENT', value: '50', max: '100.00' })?.bonus).toBe(
      '100.00',
    );
    expect(withPromotionBonus('156.12', { type: 'FIXED', value: '20', max: null })?.total).toBe('176.12');
  });

  it('shows no total when the terms cannot be read', () => {
    expect(withPromotionBonus('156.12', { type: 'PERCENT', value: 'x', max: null })).toBeNull();
  });
});
