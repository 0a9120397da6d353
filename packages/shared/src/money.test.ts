import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  atCommonScale,
  CONVERSION_TYPES,
  CURRENCIES,
  CurrencyMismatchError,
  compareRates,
  convert,
  convertAtRate,
  divRound,
  formatMinor,
  formatRate,
  MAX_MINOR,
  MoneyFormatError,
  parseMoney,
  parseRate,
  type Rate,
  subtract,
  type TConversionType,
  type TRoundingMode,
  tryParseMoney,
} from './money';

const RATES = [
  { currency: 'THB', buy: '625.25', sell: '640.50' },
  { currency: 'USD', buy: '21000', sell: '21500.000000' },
];

const currencyArb = fc.constantFrom(...CURRENCIES);
const minorArb = fc.bigInt({ min: -MAX_MINOR, max: MAX_MINOR });
// Any rate parseRate accepts: 0.000001 up to 12 whole digits, 0–6 decimals.
const rateArb: fc.Arbitrary<Rate> = fc.integer({ min: 0, max: 6 }).chain((scale) =>
  fc.record({
    scaled: fc.bigInt({ min: 1n, max: 10n ** BigInt(12 + scale) - 1n }),
    scale: fc.constant(scale),
  }),
);
const amountArb = fc.bigInt({ min: 0n, max: 10n ** 12n });
const modeArb = fc.constantFrom<TRoundingMode>('down', 'up', 'halfEven');

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof MoneyFormatError) return error.code;
    throw error;
  }
  return undefined;
}

describe('parseMoney and formatMinor', () => {
  it('reads and writes the canonical JSON strings of api.md', () => {
    expect(parseMoney('1250.00', 'THB')).toBe(125000n);
    expect(parseMoney('1250', 'THB')).toBe(125000n);
    expect(parseMoney('1250.5', 'THB')).toBe(125050n);
    expect(parseMoney('0.01', 'USD')).toBe(1n);
    expect(parseMoney('150000', 'LAK')).toBe(150000n);
    expect(parseMoney('-3.07', 'THB', { allowNegative: true })).toBe(-307n);
    expect(formatMinor(125000n, 'THB')).toBe('1250.00');
    expect(formatMinor(5n, 'THB')).toBe('0.05');
    expect(formatMinor(0n, 'THB')).toBe('0.00');
    expect(formatMinor(-307n, 'THB')).toBe('-3.07');
    expect(formatMinor(-5n, 'USD')).toBe('-0.05');
    expect(formatMinor(150000n, 'LAK')).toBe('150000');
    expect(formatMinor(-150000n, 'LAK')).toBe('-150000');
  });

  it.each([
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    [' 12', 'INVALID_FORMAT'],
    ['12 ', 'INVALID_FORMAT'],
    ['1,250.50', 'INVALID_FORMAT'],
    ['+12', 'INVALID_FORMAT'],
    ['1e3', 'INVALID_FORMAT'],
    ['NaN', 'INVALID_FORMAT'],
    ['Infinity', 'INVALID_FORMAT'],
    ['0x10', 'INVALID_FORMAT'],
    ['.5', 'INVALID_FORMAT'],
    ['5.', 'INVALID_FORMAT'],
    ['1.2.3', 'INVALID_FORMAT'],
    ['١٢', 'INVALID_FORMAT'], // Arabic-Indic digits are not ASCII digits
    ['-12', 'NEGATIVE'],
    ['-0', 'NEGATIVE'],
    ['12.345', 'TOO_MANY_DECIMALS'],
    ['12.000', 'TOO_MANY_DECIMALS'],
    ['92233720368547758.08', 'OUT_OF_RANGE'],
    ['1'.repeat(41), 'OUT_OF_RANGE'],
  ])('refuses THB %j with %s', (text, code) => {
    expect(codeOf(() => parseMoney(text, 'THB'))).toBe(code);
    expect(tryParseMoney(text, 'THB')).toBeNull();
  });

  it('refuses decimals on LAK, which has no minor unit', () => {
    expect(codeOf(() => parseMoney('150000.0', 'LAK'))).toBe('TOO_MANY_DECIMALS');
  });

  it('accepts the largest storable amount and nothing above it', () => {
    expect(parseMoney('92233720368547758.07', 'THB')).toBe(MAX_MINOR);
    expect(parseMoney('-92233720368547758.07', 'THB', { allowNegative: true })).toBe(-MAX_MINOR);
  });

  it('refuses an unknown currency instead of formatting garbage', () => {
    expect(() => formatMinor(1n, 'EUR' as never)).toThrow(RangeError);
    expect(() => parseMoney('1', 'EUR' as never)).toThrow(RangeError);
  });

  it('round-trips: parse(format(m)) === m for every storable amount', () => {
    fc.assert(
      fc.property(minorArb, currencyArb, (minor, currency) => {
        expect(parseMoney(formatMinor(minor, currency), currency, { allowNegative: true })).toBe(minor);
      }),
    );
  });

  it('round-trips: format(parse(s)) is s with its decimals padded', () => {
    const textArb = fc.record({
      currency: currencyArb,
      whole: fc.stringMatching(/^(0|[1-9]\d{0,14})$/),
      fraction: fc.stringMatching(/^\d{0,2}$/),
    });
    fc.assert(
      fc.property(textArb, ({ currency, whole, fraction }) => {
        const decimals = currency === 'LAK' ? '' : fraction;
        const text = decimals ? `${whole}.${decimals}` : whole;
        const expected = currency === 'LAK' ? whole : `${whole}.${decimals.padEnd(2, '0')}`;
        expect(formatMinor(parseMoney(text, currency), currency)).toBe(expected);
      }),
    );
  });
});

describe('divRound', () => {
  it('rounds concrete quotients of both signs', () => {
    const cases: Array<[bigint, bigint, TRoundingMode, bigint]> = [
      [7n, 2n, 'down', 3n],
      [7n, 2n, 'up', 4n],
      [7n, 2n, 'halfEven', 4n],
      [5n, 2n, 'halfEven', 2n],
      [-7n, 2n, 'down', -4n],
      [-7n, 2n, 'up', -3n],
      [-7n, 2n, 'halfEven', -4n],
      [-5n, 2n, 'halfEven', -2n],
      [7n, -2n, 'down', -4n],
      [-7n, -2n, 'up', 4n],
      [8n, 3n, 'halfEven', 3n],
      [-8n, 3n, 'halfEven', -3n],
      [6n, 3n, 'up', 2n],
      [0n, -3n, 'down', 0n],
    ];
    for (const [n, d, mode, expected] of cases)
      expect(divRound(n, d, mode), `${n}/${d} ${mode}`).toBe(expected);
  });

  it('throws on a zero divisor', () => {
    expect(() => divRound(1n, 0n, 'down')).toThrow(RangeError);
  });

  it('matches the exact rational quotient: down ≤ n/d < down+1, up-1 < n/d ≤ up, halfEven nearest', () => {
    const nonZero = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), nonZero, modeArb, (n0, d0, mode) => {
        // n/d === n1/d1 with d1 > 0, so comparisons can cross-multiply without flipping.
        const [n, d] = d0 < 0n ? [-n0, -d0] : [n0, d0];
        const q = divRound(n0, d0, mode);
        if (mode === 'down') expect(q * d <= n && n < (q + 1n) * d).toBe(true);
        if (mode === 'up') expect((q - 1n) * d < n && n <= q * d).toBe(true);
        if (mode === 'halfEven') {
          const twiceError = 2n * (n - q * d);
          expect(twiceError <= d && -twiceError <= d).toBe(true);
          if (twiceError === d || -twiceError === d) expect(q % 2n).toBe(0n);
        }
      }),
    );
  });
});

describe('Money arithmetic', () => {
  it('adds and subtracts within one currency', () => {
    expect(add({ minor: 150n, currency: 'THB' }, { minor: 5n, currency: 'THB' })).toEqual({
      minor: 155n,
      currency: 'THB',
    });
    expect(subtract({ minor: 150n, currency: 'LAK' }, { minor: 200n, currency: 'LAK' })).toEqual({
      minor: -50n,
      currency: 'LAK',
    });
  });

  it('fails loudly on mismatched currencies', () => {
    expect(() => add({ minor: 1n, currency: 'THB' }, { minor: 1n, currency: 'LAK' })).toThrow(
      CurrencyMismatchError,
    );
    expect(() => subtract({ minor: 1n, currency: 'USD' }, { minor: 1n, currency: 'THB' })).toThrow(
      CurrencyMismatchError,
    );
  });

  it('preserves sums: a ledger of additions and subtractions totals the plain integer sum', () => {
    fc.assert(
      fc.property(
        currencyArb,
        fc.array(fc.tuple(fc.boolean(), minorArb), { maxLength: 30 }),
        (currency, ops) => {
          let total = { minor: 0n, currency };
          let expected = 0n;
          for (const [isAdd, minor] of ops) {
            total = isAdd ? add(total, { minor, currency }) : subtract(total, { minor, currency });
            expected += isAdd ? minor : -minor;
          }
          expect(total).toEqual({ minor: expected, currency });
        },
      ),
    );
  });
});

describe('parseRate', () => {
  it('reads LAK-per-unit rates exactly', () => {
    expect(parseRate('640.50')).toEqual({ scaled: 64050n, scale: 2 });
    expect(parseRate('21500')).toEqual({ scaled: 21500n, scale: 0 });
    expect(parseRate('0.000001')).toEqual({ scaled: 1n, scale: 6 });
    expect(formatRate(parseRate('640.50'))).toBe('640.50');
  });

  it.each([
    ['0', 'NOT_POSITIVE'],
    ['0.000000', 'NOT_POSITIVE'],
    ['-640.5', 'NOT_POSITIVE'],
    ['640.1234567', 'TOO_MANY_DECIMALS'],
    ['1234567890123', 'OUT_OF_RANGE'],
    ['', 'EMPTY'],
    ['6.4e2', 'INVALID_FORMAT'],
    ['640,50', 'INVALID_FORMAT'],
  ])('refuses %j with %s', (text, code) => {
    expect(codeOf(() => parseRate(text))).toBe(code);
  });

  it('round-trips through formatRate', () => {
    fc.assert(
      fc.property(rateArb, (rate) => {
        expect(parseRate(formatRate(rate))).toEqual(rate);
      }),
    );
  });
});

describe('convert (spec section 5)', () => {
  it('converts the worked examples, rounding each way the rules name', () => {
    // 100000 / 640.50 = 156.128… → 156.12 THB (down)
    expect(convert('DEPOSIT', 100000n, RATES)).toBe(15612n);
    // 156.12 × 625.25 = 97614.03 → 97614 kip (down)
    expect(convert('WITHDRAW', 15612n, RATES)).toBe(97614n);
    // 156.12 × 640.50 = 99994.86 → 99995 kip (up)
    expect(convert('DEPOSIT_FROM', 15612n, RATES)).toBe(99995n);
    // exact products are not bumped: 100.00 × 640.50 = 64050
    expect(convert('DEPOSIT_FROM', 10000n, RATES)).toBe(64050n);
    expect(convert('DEPOSIT', 64050n, RATES)).toBe(10000n);
    // USD uses its own rate and cents: 2150000 / 21500 = 100.00 USD
    expect(convert('DEPOSIT', 2150000n, RATES, 'USD')).toBe(10000n);
    expect(convert('WITHDRAW', 1n, RATES, 'USD')).toBe(210n);
    expect(convert('DEPOSIT', 0n, RATES)).toBe(0n);
  });

  it('answers 0n when the currency has no rate', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONVERSION_TYPES), amountArb, (type, amount) => {
        expect(convert(type, amount, [], 'THB')).toBe(0n);
        expect(convert(type, amount, [{ currency: 'USD', buy: '1', sell: '1' }], 'THB')).toBe(0n);
      }),
    );
  });

  it('fails loudly on a broken rate or a negative amount', () => {
    expect(() => convert('DEPOSIT', 1n, [{ currency: 'THB', buy: '1', sell: '0' }])).toThrow(
      MoneyFormatError,
    );
    expect(() => convert('WITHDRAW', 1n, [{ currency: 'THB', buy: 'abc', sell: '1' }])).toThrow(
      MoneyFormatError,
    );
    expect(() => convert('DEPOSIT', -1n, RATES)).toThrow(RangeError);
    expect(() => convertAtRate('DEPOSIT', 1n, { scaled: 0n, scale: 0 })).toThrow(RangeError);
  });

  it('DEPOSIT is rounded down: credit ≤ exact value < credit + 1 satang', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (kip, rate) => {
        const credit = convertAtRate('DEPOSIT', kip, rate);
        // credit ≤ kip / (scaled / 10^scale) × 100, cross-multiplied
        const exact = kip * 100n * 10n ** BigInt(rate.scale);
        expect(credit * rate.scaled <= exact && exact < (credit + 1n) * rate.scaled).toBe(true);
      }),
    );
  });

  it('DEPOSIT then WITHDRAW with buy ≤ sell never pays out more kip than came in', () => {
    fc.assert(
      fc.property(amountArb, rateArb, rateArb, currencyArb, (kip, a, b, currency) => {
        const aFirst = a.scaled * 10n ** BigInt(b.scale) <= b.scaled * 10n ** BigInt(a.scale);
        const [buy, sell] = aFirst ? [a, b] : [b, a];
        const credit = convertAtRate('DEPOSIT', kip, sell, currency);
        expect(convertAtRate('WITHDRAW', credit, buy, currency) <= kip).toBe(true);
      }),
    );
  });

  it('DEPOSIT and DEPOSIT_FROM agree: the credit bought costs ≤ what was paid, one satang more costs more', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (kip, sell) => {
        const credit = convertAtRate('DEPOSIT', kip, sell);
        expect(convertAtRate('DEPOSIT_FROM', credit, sell) <= kip).toBe(true);
        expect(convertAtRate('DEPOSIT_FROM', credit + 1n, sell) > kip).toBe(true);
      }),
    );
  });

  it('DEPOSIT_FROM quotes the least kip that buys the credit asked for', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (credit, sell) => {
        const kip = convertAtRate('DEPOSIT_FROM', credit, sell);
        expect(convertAtRate('DEPOSIT', kip, sell) >= credit).toBe(true);
        if (kip > 0n) expect(convertAtRate('DEPOSIT', kip - 1n, sell) < credit).toBe(true);
      }),
    );
  });

  it('splitting an order never gains: parts give ≤ the whole (DEPOSIT, WITHDRAW) or cost ≥ it (DEPOSIT_FROM)', () => {
    fc.assert(
      fc.property(amountArb, amountArb, rateArb, (x, y, rate) => {
        const sum = (type: TConversionType) => convertAtRate(type, x, rate) + convertAtRate(type, y, rate);
        const whole = (type: TConversionType) => convertAtRate(type, x + y, rate);
        expect(sum('DEPOSIT') <= whole('DEPOSIT') && whole('DEPOSIT') <= sum('DEPOSIT') + 1n).toBe(true);
        expect(sum('WITHDRAW') <= whole('WITHDRAW') && whole('WITHDRAW') <= sum('WITHDRAW') + 1n).toBe(true);
        expect(sum('DEPOSIT_FROM') >= whole('DEPOSIT_FROM')).toBe(true);
        expect(sum('DEPOSIT_FROM') <= whole('DEPOSIT_FROM') + 1n).toBe(true);
      }),
    );
  });
});

describe('compareRates', () => {
  it('compares exactly at a common scale', () => {
    expect(compareRates(parseRate('640.5'), parseRate('640.50'))).toBe(0);
    expect(compareRates(parseRate('640.49'), parseRate('640.5'))).toBe(-1);
    expect(compareRates(parseRate('0.000001'), parseRate('0.000002'))).toBe(-1);
    expect(compareRates(parseRate('21900'), parseRate('21899.999999'))).toBe(1);
    expect(atCommonScale(parseRate('640.5'), parseRate('1.25'))).toEqual([64050n, 125n]);
  });
});
