import type { TCreateWithdrawalRequest } from '@lc/shared/contracts/withdrawals';
import { formatMinor, parseMoney, tryParseMoney } from '@lc/shared/money';
import { isProvider } from '@lc/shared/providers';
import { type AmountProblem, amountProblem } from '../../orders/lib/money-range';

/** What the withdraw form holds; `credit` is THB as typed, normalised ("150", "150.5"). */
export type WithdrawFormValues = { provider: string; bankAccountId: string; credit: string };
export type WithdrawField = keyof WithdrawFormValues;
export type WithdrawFieldProblem = 'REQUIRED' | 'INVALID' | 'INSUFFICIENT' | AmountProblem;

/**
 * Provider, bank account and credit required (spec section 5), the credit within the agency's limits and not
 * above the provider's live balance when it is known. The API checks again against the real balance.
 */
export function validateWithdraw(
  values: WithdrawFormValues,
  context: { limits: { min: string; max: string }; bankAccountIds: string[]; balance: string | undefined },
): Partial<Record<WithdrawField, WithdrawFieldProblem>> {
  const errors: Partial<Record<WithdrawField, WithdrawFieldProblem>> = {};
  if (!values.provider) errors.provider = 'REQUIRED';
  else if (!isProvider(values.provider)) errors.provider = 'INVALID';
  if (!values.bankAccountId) errors.bankAccountId = 'REQUIRED';
  else if (!context.bankAccountIds.includes(values.bankAccountId)) errors.bankAccountId = 'INVALID';
  const credit = values.credit.endsWith('.') ? `${values.credit}0` : values.credit;
  const problem = amountProblem(credit, 'THB', context.limits);
  if (problem) errors.credit = problem;
  else if (context.balance !== undefined) {
    const balance = tryParseMoney(context.balance, 'THB');
    if (balance !== null && parseMoney(credit, 'THB') > balance) errors.credit = 'INSUFFICIENT';
  }
  return errors;
}

/** The request body of valid values: the credit with two decimals as the API writes money ("150.00"). */
export function toCreateWithdrawalRequest(values: WithdrawFormValues): TCreateWithdrawalRequest {
  const credit = values.credit.endsWith('.') ? `${values.credit}0` : values.credit;
  return {
    provider: values.provider,
    bankAccountId: values.bankAccountId,
    credit: formatMinor(parseMoney(credit, 'THB'), 'THB'),
  };
}
