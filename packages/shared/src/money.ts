/**
 * Money as integer minor units (`bigint`) plus a currency, and the spec's conversions between LAK and credit.
 * Pure and platform-free: the API and the web app share it, so a JS `number` never touches an amount.
 * See docs/decisions/0005-money-representation.md.
 */

/** Currencies the product knows (spec section 9). */
export const CURRENCIES = ['LAK', 'THB', 'USD'] as const;
/** One of {@link CURRENCIES}. */
export type TCurrency = (typeof CURRENCIES)[number];

/** Decimal places of each minor unit: LAK counts whole kip, THB satang, USD cents. */
export const CURRENCY_DECIMALS: Readonly<Record<TCurrency, number>> = { LAK: 0, THB: 2, USD: 2 };

/** An amount in minor units of its currency. */
export interface Money {
  readonly minor: bigint;
  readonly currency: TCurrency;
}

/** Named rounding: `down` toward −∞, `up` toward +∞, `halfEven` to the nearest with ties to even. */
export type TRoundingMode = 'down' | 'up' | 'halfEven';

/** Why a money or rate string was refused. */
export type TMoneyFormatErrorCode =
  | 'EMPTY'
  | 'INVALID_FORMAT'
  | 'NEGATIVE'
  | 'NOT_POSITIVE'
  | 'TOO_MANY_DECIMALS'
  | 'OUT_OF_RANGE';

/** Thrown when a money or rate string is not a strict decimal; `code` says why. */
export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError';
  readonly code: TMoneyFormatErrorCode;

  constructor(code: TMoneyFormatErrorCode, input: string) {
    super(`${code}: ${JSON.stringify(input.slice(0, 40))}`);
    this.code = code;
  }
}

/** Thrown when an operation mixes two currencies. */
export class CurrencyMismatchError extends Error {
  override readonly name = 'CurrencyMismatchError';

  constructor(a: string, b: string) {
    super(`currency mismatch: ${a} vs ${b}`);
  }
}

/** Largest storable magnitude: amounts live in PostgreSQL `bigint` columns. */
export const MAX_MINOR = 2n ** 63n - 1n;
// No storable amount needs more characters; the cap keeps BigInt() off megabyte-long strings.
const MAX_TEXT_LENGTH = 40;
const RATE_MAX_DECIMALS = 6;
const RATE_MAX_WHOLE_DIGITS = 12;
// ASCII digits only (no `u` flag, so `\d` is [0-9]); no exponent, comma, plus sign or surrounding space.
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** True when `value` names a known currency. */
export function isCurrency(value: string): value is TCurrency {
  return (CURRENCIES as readonly string[]).includes(value);
}

function decimalsOf(currency: TCurrency): number {
  // Guards JS callers and stray strings: an unknown currency must not silently format with NaN digits.
  if (!isCurrency(currency)) throw new RangeError(`unknown currency: ${String(currency)}`);
  return CURRENCY_DECIMALS[currency];
}

function splitDecimal(text: string): { isNegative: boolean; whole: string; fraction: string } {
  if (text.trim() === '') throw new MoneyFormatError('EMPTY', text);
  if (text.length > MAX_TEXT_LENGTH) throw new MoneyFormatError('OUT_OF_RANGE', text);
  const match = DECIMAL.exec(text);
  if (!match) throw new MoneyFormatError('INVALID_FORMAT', text);
  return { isNegative: match[1] === '-', whole: match[2] ?? '', fraction: match[3] ?? '' };
}

/** Parses a strict decimal string ("1250", "1250.5", "1250.00") into minor units; throws {@link MoneyFormatError}. */
export function parseMoney(
  text: string,
  currency: TCurrency,
  options: { allowNegative?: boolean } = {},
): bigint {
  const decimals = decimalsOf(currency);
  const { isNegative, whole, fraction } = splitDecimal(text);
  if (isNegative && !options.allowNegative) throw new MoneyFormatError('NEGATIVE', text);
  // "1250.001" THB or "150000.0" LAK would need a rounding decision; refusing keeps parsing exact.
  if (fraction.length > decimals) throw new MoneyFormatError('TOO_MANY_DECIMALS', text);
  const magnitude = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (magnitude > MAX_MINOR) throw new MoneyFormatError('OUT_OF_RANGE', text);
  return isNegative ? -magnitude : magnitude;
}

/** {@link parseMoney}, answering `null` instead of throwing on a bad string. */
export function tryParseMoney(
  text: string,
  currency: TCurrency,
  options: { allowNegative?: boolean } = {},
): bigint | null {
  try {
    return parseMoney(text, currency, options);
  } catch (error) {
    if (error instanceof MoneyFormatError) return null;
    throw error;
  }
}

function formatScaled(value: bigint, decimals: number): string {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Canonical JSON string of an amount: THB "1250.00", LAK "150000", negatives with a leading '-'. */
export function formatMinor(minor: bigint, currency: TCurrency): string {
  return formatScaled(minor, decimalsOf(currency));
}

/** Divides exactly and rounds by the named mode; correct for any signs. Throws on a zero divisor. */
export function divRound(n: bigint, d: bigint, mode: TRoundingMode): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const q = n / d; // truncates toward zero
  const r = n % d; // carries the sign of n
  if (r === 0n) return q;
  // The exact quotient lies strictly between q and q + step.
  const step = n < 0n !== d < 0n ? -1n : 1n;
  if (mode === 'down') return step > 0n ? q : q - 1n;
  if (mode === 'up') return step > 0n ? q + 1n : q;
  const twiceRemainder = 2n * (r < 0n ? -r : r);
  const divisor = d < 0n ? -d : d;
  if (twiceRemainder < divisor) return q;
  if (twiceRemainder > divisor) return q + step;
  return q % 2n === 0n ? q : q + step;
}

/** Adds two amounts of the same currency; throws {@link CurrencyMismatchError} otherwise. */
export function add(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return { minor: a.minor + b.minor, currency: a.currency };
}

/** Subtracts `b` from `a` in the same currency; throws {@link CurrencyMismatchError} otherwise. */
export function subtract(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return { minor: a.minor - b.minor, currency: a.currency };
}

/** A positive exchange rate in LAK per unit of a currency, exactly `scaled / 10^scale`. */
export interface Rate {
  readonly scaled: bigint;
  readonly scale: number;
}

/** Parses a rate string such as "640.50" (up to 6 decimals, > 0); throws {@link MoneyFormatError}. */
export function parseRate(text: string): Rate {
  const { isNegative, whole, fraction } = splitDecimal(text);
  if (fraction.length > RATE_MAX_DECIMALS) throw new MoneyFormatError('TOO_MANY_DECIMALS', text);
  if (whole.replace(/^0+/, '').length > RATE_MAX_WHOLE_DIGITS)
    throw new MoneyFormatError('OUT_OF_RANGE', text);
  const scaled = BigInt(whole + fraction);
  // A zero rate would divide by zero on DEPOSIT and give credit away on WITHDRAW.
  if (isNegative || scaled === 0n) throw new MoneyFormatError('NOT_POSITIVE', text);
  return { scaled, scale: fraction.length };
}

/** Two rates as integers at their common scale, exactly ("640.5" and "640.50" give equal numbers). */
export function atCommonScale(a: Rate, b: Rate): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [a.scaled * 10n ** BigInt(scale - a.scale), b.scaled * 10n ** BigInt(scale - b.scale)];
}

/** `a` against `b`, exactly: -1, 0 or 1. */
export function compareRates(a: Rate, b: Rate): -1 | 0 | 1 {
  const [left, right] = atCommonScale(a, b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The rate as a decimal string with its own number of decimals ("640.50" stays "640.50"). */
export function formatRate(rate: Rate): string {
  return formatScaled(rate.scaled, rate.scale);
}

/** The spec's conversion types (section 5). */
export const CONVERSION_TYPES = ['DEPOSIT', 'WITHDRAW', 'DEPOSIT_FROM'] as const;
/** One of {@link CONVERSION_TYPES}. */
export type TConversionType = (typeof CONVERSION_TYPES)[number];

/** Which side of the rate each conversion uses and how it rounds: every rounding favours the house. */
export const CONVERSION_RULES: Readonly<
  Record<TConversionType, { side: 'buy' | 'sell'; rounding: TRoundingMode }>
> = {
  DEPOSIT: { side: 'sell', rounding: 'down' }, // LAK paid → credit given: never more credit than paid for
  WITHDRAW: { side: 'buy', rounding: 'down' }, // credit taken → LAK paid out: never more kip than earned
  DEPOSIT_FROM: { side: 'sell', rounding: 'up' }, // credit wanted → LAK to pay: never ask too little
};

/** An exchange-rate entry as the API carries it: LAK per unit, decimal strings. */
export interface ExchangeRate {
  readonly currency: string;
  readonly buy: string;
  readonly sell: string;
}

/**
 * Converts at one parsed rate. DEPOSIT takes kip and answers minor units of `currency`;
 * WITHDRAW and DEPOSIT_FROM take minor units of `currency` and answer kip.
 */
export function convertAtRate(
  type: TConversionType,
  amountMinor: bigint,
  rate: Rate,
  currency: TCurrency = 'THB',
): bigint {
  // Orders never convert negative amounts; one doing so is a bug, not a refund.
  if (amountMinor < 0n) throw new RangeError('cannot convert a negative amount');
  if (rate.scaled <= 0n || !Number.isInteger(rate.scale) || rate.scale < 0) {
    throw new RangeError('rate must be positive');
  }
  const unit = 10n ** BigInt(decimalsOf(currency));
  const rateUnit = 10n ** BigInt(rate.scale);
  const { rounding } = CONVERSION_RULES[type];
  // One division over exact integers, so only the final result is rounded.
  if (type === 'DEPOSIT') return divRound(amountMinor * unit * rateUnit, rate.scaled, rounding);
  return divRound(amountMinor * rate.scaled, unit * rateUnit, rounding);
}

/** Spec conversion: looks up `currency`'s rate and converts with it; 0n when there is no rate. */
export function convert(
  type: TConversionType,
  amountMinor: bigint,
  rates: readonly ExchangeRate[],
  currency: TCurrency = 'THB',
): bigint {
  const entry = rates.find((rate) => rate.currency === currency);
  // The spec's rule; callers must treat 0n as "no rate" and refuse the order.
  if (!entry) return 0n;
  const text = CONVERSION_RULES[type].side === 'sell' ? entry.sell : entry.buy;
  return convertAtRate(type, amountMinor, parseRate(text), currency);
}
