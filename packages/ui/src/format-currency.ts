import { CURRENCY_DECIMALS, divRound, isCurrency } from '@lc/shared/money';

/**
 * Every amount is shown in one fixed shape, the Lao currency pattern (spec section 9: the currency formatter
 * uses a Lao locale) with the separators the app's inputs read: symbol first, no space, minus after the
 * symbol, "," between thousands and "." before the decimals: ฿1,234.50, ₭20,000,000, ฿-5.00. It is built
 * from the digits here, not by Intl, so every browser and Node print the same string whatever locale data
 * the engine carries (docs/decisions/0030-one-amount-format.md).
 */
const SYMBOLS: Readonly<Record<string, string>> = { THB: '฿', LAK: '₭', USD: '$' };

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1234567" → "1,234,567": what the money inputs also show while typing. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats a decimal-string amount (api.md: money is never a JSON number), THB by default, in the app's one
 * amount shape. More decimals than the currency has are rounded half to even; bad input shows as zero.
 */
export function formatCurrency(amount: string | null | undefined, currency = 'THB'): string {
  const decimals = isCurrency(currency) ? CURRENCY_DECIMALS[currency] : 2;
  // An unknown code still reads as money: its code before the number instead of a symbol.
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  const match = DECIMAL.exec((amount ?? '').trim());
  const [, sign = '', whole = '0', fraction = ''] = match ?? [];
  const exact = BigInt(whole + fraction);
  // Only digits and BigInt: the amount never becomes a float.
  const minor =
    fraction.length > decimals
      ? divRound(exact, 10n ** BigInt(fraction.length - decimals), 'halfEven')
      : exact * 10n ** BigInt(decimals - fraction.length);
  const digits = minor.toString().padStart(decimals + 1, '0');
  const wholeDigits = decimals === 0 ? digits : digits.slice(0, -decimals);
  const shown =
    decimals === 0
      ? groupThousands(wholeDigits)
      : `${groupThousands(wholeDigits)}.${digits.slice(-decimals)}`;
  // "-0.001" rounds to zero: no minus on a zero.
  return `${symbol}${sign === '-' && minor !== 0n ? '-' : ''}${shown}`;
}
