import type { TPaymentChannel } from '@lc/shared/contracts/agency';
import type { TCreateDepositRequest } from '@lc/shared/contracts/deposits';
import { isProvider } from '@lc/shared/providers';
import { type AmountProblem, amountProblem } from '../../orders/lib/money-range';

/** What the deposit form holds; `amount` is digits only (the input shows them grouped). */
export type DepositFormValues = { provider: string; bankAccountId: string; amount: string; mid: string };
export type DepositField = keyof DepositFormValues;
export type DepositFieldProblem = 'REQUIRED' | 'INVALID' | AmountProblem;

/**
 * The API's rules, checked by hand before sending (no schema library in the chunk): provider, bank account
 * and MID required (spec section 5), the amount whole LAK within the agency's limits, the MID one of its
 * payment channels.
 */
export function validateDeposit(
  values: DepositFormValues,
  context: {
    limits: { min: string; max: string };
    channels: readonly TPaymentChannel[];
    bankAccountIds: string[];
  },
): Partial<Record<DepositField, DepositFieldProblem>> {
  const errors: Partial<Record<DepositField, DepositFieldProblem>> = {};
  if (!values.provider) errors.provider = 'REQUIRED';
  else if (!isProvider(values.provider)) errors.provider = 'INVALID';
  if (!values.bankAccountId) errors.bankAccountId = 'REQUIRED';
  else if (!context.bankAccountIds.includes(values.bankAccountId)) errors.bankAccountId = 'INVALID';
  const amount = /^\d*$/.test(values.amount)
    ? amountProblem(values.amount, 'LAK', context.limits)
    : 'INVALID';
  if (amount) errors.amount = amount;
  if (!values.mid) errors.mid = 'REQUIRED';
  else if (!context.channels.some((channel) => channel.mid === values.mid)) errors.mid = 'INVALID';
  return errors;
}

export function toCreateDepositRequest(values: DepositFormValues): TCreateDepositRequest {
  return {
    provider: values.provider,
    bankAccountId: values.bankAccountId,
    amount: values.amount,
    mid: values.mid,
  };
}
