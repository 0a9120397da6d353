import { type TCurrency, tryParseMoney } from '@lc/shared/money';

/** Why an amount typed into an order form is refused; the API's own checks stay authoritative. */
export type AmountProblem = 'REQUIRED' | 'INVALID' | 'TOO_SMALL' | 'TOO_LARGE';

/** Checks a decimal string against the agency's min and max (decimal strings of the same currency). */
export function amountProblem(
  amount: string,
  currency: TCurrency,
  limits: { min: string; max: string },
): AmountProblem | null {
  if (amount.trim() === '') return 'REQUIRED';
  const minor = tryParseMoney(amount, currency);
  if (minor === null || minor <= 0n) return 'INVALID';
  const min = tryParseMoney(limits.min, currency);
  const max = tryParseMoney(limits.max, currency);
  if (min !== null && minor < min) return 'TOO_SMALL';
  if (max !== null && minor > max) return 'TOO_LARGE';
  return null;
}
