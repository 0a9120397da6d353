/**
 * Normalising of typed money: what the player types (with separators, stray characters, a comma for a
 * decimal point) becomes the decimal string the API takes. Strings only: money never becomes a JS number.
 */

/** LAK typed as "100,000" or "1 000 000" → "100000"; leading zeros dropped, at most 13 digits. */
export function normalizeLakInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.slice(0, 13);
}

/**
 * THB credit typed freely → digits with at most one decimal point and two decimals ("1,250.5" → "1250.5").
 * A comma is taken as a thousands separator, as in the formatter of the app.
 */
export function normalizeCreditInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, 11);
  if (dot === -1) return whole;
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole === '' ? '0' : whole}.${fraction}`;
}
