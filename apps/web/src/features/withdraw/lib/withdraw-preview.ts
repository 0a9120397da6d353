import { convert, type ExchangeRate, formatMinor, tryParseMoney } from '@lc/shared/money';

/**
 * The LAK payout of a THB credit (spec: WITHDRAW = credit × buy, rounded down to the kip) as a decimal string,
 * or null when there is nothing to show. Promotion rules may pay out less; the order states the final amount.
 */
export function withdrawPayoutPreview(credit: string, rates: readonly ExchangeRate[]): string | null {
  const text = credit.endsWith('.') ? `${credit}0` : credit;
  const satang = tryParseMoney(text, 'THB');
  if (satang === null || satang <= 0n) return null;
  try {
    const kip = convert('WITHDRAW', satang, rates, 'THB');
    return kip > 0n ? formatMinor(kip, 'LAK') : null;
  } catch {
    return null;
  }
}
