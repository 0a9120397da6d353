import type { TFunction } from 'i18next';

/**
 * The message of a field problem on an order form: `<scope>.fieldErrors.<field>.<CODE>` when the field has its
 * own text, else the generic `orders.fieldErrors.<CODE>` (with the formatted min and max).
 */
export function orderFieldError(
  t: TFunction,
  scope: 'deposit' | 'withdraw' | 'transfer',
  field: string,
  code: unknown,
  params: Record<string, string>,
): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  return t(
    [`${scope}.fieldErrors.${field}.${code}`, `orders.fieldErrors.${code}`, 'orders.fieldErrors.INVALID'],
    params,
  );
}
