import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bonusFor, type PromotionTerms, parseScaled, splitWithdrawal, targetFor } from './promotion-rules';

const terms = (overrides: Partial<PromotionTerms> = {}): PromotionTerms => ({
  bonus: { type: 'FIXED', value: 5000n, max: null },
  target: { type: 'FIXED', value: 30000n },
  withdraw: { all: false, min: null, max: null, deductBonus: false },
  ...overrides,
});

describe('bonusFor', () => {
  it.each([
    ['FIXED', '50.00', null, 15612n, 5000n],
    ['FIXED cap below the value', '150.00', '100.00', 15612n, 10000n],
    ['PERCENT rounds down to the satang', '50', null, 15613n, 7806n],
    ['PERCENT capped', '50', '60.00', 15612n, 6000n],
    ['PERCENT with decimals (12.5 %)', '12.5', null, 10000n, 1250n],
  ] as const)('%s', (_name, value, max, credit, expected) => {
    const type = _name.startsWith('PERCENT') ? 'PERCENT' : 'FIXED';
    const t = terms({
      bonus: { type, value: parseScaled(value), max: max === null ? null : parseScaled(max) },
    });
    expect(bonusFor(t, credit)).toBe(expected);
  });
});

describe('targetFor', () => {
  it('FIXED is the value; MULTIPLIER is × (credit + bonus), rounded up', () => {
    expect(targetFor(terms(), 15612n, 5000n)).toBe(30000n);
    const x = (v: string) => terms({ target: { type: 'MULTIPLIER', value: parseScaled(v) } });
    expect(targetFor(x('3'), 15612n, 7806n)).toBe(70254n);
    expect(targetFor(x('1.5'), 15612n, 1561n)).toBe(25760n); // 257.595 → 257.60
  });
});

describe('splitWithdrawal', () => {
  const base = { balance: 100000n, credit: 50000n, target: 30000n, bonus: 5000n, received: 20612n };
  it.each([
    [
      'target not passed when the balance equals it',
      terms(),
      { balance: 30000n },
      'PROMOTION_CREDIT_NOT_REACHED',
    ],
    [
      'all requires the whole balance',
      terms({ withdraw: { all: true, min: null, max: null, deductBonus: false } }),
      {},
      'PROMOTION_WITHDRAW_ALL',
    ],
    [
      'FIXED min',
      terms({
        withdraw: { all: false, min: { type: 'FIXED', value: 60000n }, max: null, deductBonus: false },
      }),
      {},
      'AMOUNT_OUT_OF_RANGE',
    ],
    [
      'PERCENT min rounds up (300 % of 206.12 = 618.36)',
      terms({
        withdraw: { all: false, min: { type: 'PERCENT', value: 30000n }, max: null, deductBonus: false },
      }),
      { credit: 61835n },
      'AMOUNT_OUT_OF_RANGE',
    ],
  ] as const)('refuses: %s', (_name, t, change, code) => {
    expect(splitWithdrawal(t, { ...base, ...change })).toMatchObject({ ok: false, code });
  });

  it.each([
    ['no rules: all received', terms(), {}, 50000n, 0n],
    [
      'bonus deducted',
      terms({ withdraw: { all: false, min: null, max: null, deductBonus: true } }),
      {},
      45000n,
      5000n,
    ],
    [
      'FIXED max caps',
      terms({
        withdraw: { all: false, min: null, max: { type: 'FIXED', value: 30000n }, deductBonus: false },
      }),
      {},
      30000n,
      20000n,
    ],
    [
      'PERCENT max rounds down (150 % of 206.12 = 309.18)',
      terms({
        withdraw: { all: false, min: null, max: { type: 'PERCENT', value: 15000n }, deductBonus: true },
      }),
      {},
      30918n,
      19082n,
    ],
    [
      'deducted below zero receives nothing',
      terms({ withdraw: { all: false, min: null, max: null, deductBonus: true } }),
      { credit: 4000n },
      0n,
      4000n,
    ],
  ] as const)('splits: %s', (_name, t, change, received, returned) => {
    expect(splitWithdrawal(t, { ...base, ...change })).toEqual({
      ok: true,
      creditReceived: received,
      creditReturned: returned,
    });
  });

  it('never creates or loses credit: received + returned = taken, both ≥ 0', () => {
    const limit = fc.option(
      fc.record({
        type: fc.constantFrom('FIXED' as const, 'PERCENT' as const),
        value: fc.bigInt(0n, 10n ** 7n),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.record({ all: fc.boolean(), min: limit, max: limit, deductBonus: fc.boolean() }),
        fc.bigInt(0n, 10n ** 9n),
        fc.bigInt(1n, 10n ** 9n),
        fc.bigInt(0n, 10n ** 7n),
        (withdraw, target, credit, bonus) => {
          const split = splitWithdrawal(terms({ withdraw }), {
            balance: credit + target + 1n,
            credit,
            target,
            bonus,
            received: 15612n + bonus,
          });
          if (!split.ok) return;
          expect(split.creditReceived + split.creditReturned).toBe(credit);
          expect(split.creditReceived >= 0n && split.creditReturned >= 0n).toBe(true);
        },
      ),
    );
  });
});
