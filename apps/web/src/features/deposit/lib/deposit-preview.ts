import { convert, type ExchangeRate, formatMinor, tryParseMoney } from '@lc/shared/money';

/**
 * The THB credit a LAK amount buys (spec: DEPOSIT = amount ÷ sell, rounded down to the satang) as a decimal
 * string, or null when there is nothing to show (no amount, a bad amount, no usable THB rate).
 */
export function depositCreditPreview(amount: string, rates: readonly ExchangeRate[]): string | null {
  const kip = tryParseMoney(amount, 'LAK');
  if (kip === null || kip <= 0n) return null;
  try {
    const credit = convert('DEPOSIT', kip, rates, 'THB');
    return credit > 0n ? formatMinor(credit, 'THB') : null;
  } catch {
    // A malformed rate from the server: no preview rather than a wrong one.
    return null;
  }
}
