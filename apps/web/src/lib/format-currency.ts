/** Locale of every amount shown: Lao (spec section 9), whatever the interface language. */
export const CURRENCY_LOCALE = 'lo-LA';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const digits = currency === 'LAK' ? 0 : 2;
    formatter = new Intl.NumberFormat(CURRENCY_LOCALE, {
      style: 'currency',
      currency,
      // ฿ / ₭ rather than "THB": browsers without Lao locale data fall back to English, where the code shows.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * Formats a decimal-string amount (api.md: money is never a JSON number) in the Lao locale, THB by default.
 * The string is handed to Intl as-is so no float arithmetic touches the money.
 */
export function formatCurrency(amount: string | null | undefined, currency = 'THB'): string {
  const value = amount === null || amount === undefined || amount.trim() === '' ? '0' : amount.trim();
  if (!/^-?\d+(\.\d+)?$/.test(value)) return formatterFor(currency).format(0);
  // Intl accepts decimal strings (ES2023 Intl.NumberFormat v3) and rounds them exactly.
  return formatterFor(currency).format(value as unknown as number);
}
