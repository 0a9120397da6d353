import { isApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import type { TFunction } from 'i18next';
import { orderErrorMessage } from '../../orders/lib/order-error';
import type { TransferLimits } from './transfer-form';

/**
 * The translated message of a refused transfer, naming the figure that blocks it: the bounds (the API's
 * params, else the agency's own limits the form already knows), the balance or threshold the API sends, and
 * the two providers. Amounts of a transfer are THB.
 */
export function transferErrorMessage(
  t: TFunction,
  error: unknown,
  context: { from: string; to: string; limits: TransferLimits },
): string {
  const params = isApiError(error) ? error.params : {};
  const shown: Record<string, string> = {
    from: t(`providers.${params.from ?? context.from}`),
    to: t(`providers.${params.to ?? context.to}`),
  };
  const amounts = { min: params.min ?? context.limits?.min, max: params.max ?? context.limits?.max };
  for (const [key, value] of Object.entries({ ...amounts, balance: params.balance })) {
    if (value) shown[key] = formatCurrency(value, 'THB');
  }
  return orderErrorMessage(t, error, 'transfer', shown);
}
