import { describe, expect, it } from 'vitest';
import { totalCredit } from './total-credit';

const thb = (amount: string) => ({ amount, currency: 'THB' });

describe('totalCredit', () => {
  it('adds the five balances exactly', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in satang it is 0.30.
    expect(totalCredit([thb('0.10'), thb('0.20'), thb('0.00'), thb('0.00'), thb('0.00')])).toBe('0.30');
    expect(
      totalCredit([thb('90071992547409.93'), thb('0.01'), thb('1250.50'), thb('312.25'), thb('0.00')]),
    ).toBe('90071992548972.69');
  });

  it('shows no total while a balance is missing, malformed or in another currency', () => {
    expect(totalCredit([thb('1.00'), undefined])).toBeNull();
    expect(totalCredit([thb('1.00'), thb('abc')])).toBeNull();
    expect(totalCredit([thb('1.00'), { amount: '1.00', currency: 'USD' }])).toBeNull();
  });

  it('is zero for a new player', () => {
    expect(totalCredit([thb('0.00'), thb('0.00')])).toBe('0.00');
  });
});
