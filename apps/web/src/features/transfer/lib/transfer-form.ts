import type { TCreateTransferRequest, TTransferStatus } from '@lc/shared/contracts/transfers';
import { formatMinor, parseMoney, tryParseMoney } from '@lc/shared/money';
import { isProvider, PROVIDERS, type TProvider } from '@lc/shared/providers';
import { type AmountProblem, amountProblem } from '../../orders/lib/money-range';

/** What the Move dialog's form holds; `amount` is THB as typed, normalised ("150", "150.5", "150."). */
export type TransferFormValues = { from: string; to: string; amount: string };
export type TransferField = keyof TransferFormValues;
export type TransferFieldProblem = 'REQUIRED' | 'INVALID' | 'SAME' | 'INSUFFICIENT' | AmountProblem;

/** One transfer's bounds (the agency's), unknown while an older API does not send them. */
export type TransferLimits = { min: string; max: string } | null;

// "150." is what the input holds while the player types the decimals: it reads as 150.
const completed = (amount: string) => (amount.endsWith('.') ? `${amount}0` : amount);

/**
 * Both providers required and different; the amount positive, within the agency's bounds and not above the
 * source's live balance when it is known. The API checks again against the real balance (a game elsewhere
 * may have spent it since).
 */
export function validateTransfer(
  values: TransferFormValues,
  context: { limits: TransferLimits; balance: string | undefined },
): Partial<Record<TransferField, TransferFieldProblem>> {
  const errors: Partial<Record<TransferField, TransferFieldProblem>> = {};
  if (!values.from) errors.from = 'REQUIRED';
  else if (!isProvider(values.from)) errors.from = 'INVALID';
  if (!values.to) errors.to = 'REQUIRED';
  else if (!isProvider(values.to)) errors.to = 'INVALID';
  else if (values.to === values.from) errors.to = 'SAME';
  const amount = completed(values.amount);
  const problem = amountProblem(amount, 'THB', context.limits ?? { min: '', max: '' });
  if (problem) errors.amount = problem;
  else if (context.balance !== undefined) {
    const balance = tryParseMoney(context.balance, 'THB');
    if (balance !== null && parseMoney(amount, 'THB') > balance) errors.amount = 'INSUFFICIENT';
  }
  return errors;
}

/** The request body of valid values: the amount with two decimals, as the API writes money ("150.00"). */
export function toCreateTransferRequest(values: TransferFormValues): TCreateTransferRequest {
  return {
    from: values.from as TProvider,
    to: values.to as TProvider,
    amount: formatMinor(parseMoney(completed(values.amount), 'THB'), 'THB'),
  };
}

/** What All fills in: the source's whole balance, or null when there is nothing (known) to move. */
export function allAmount(balance: string | undefined): string | null {
  if (balance === undefined) return null;
  const minor = tryParseMoney(balance, 'THB');
  return minor !== null && minor > 0n ? formatMinor(minor, 'THB') : null;
}

/** The providers credit can go to: every one but the source. */
export function destinations(from: string): TProvider[] {
  return PROVIDERS.filter((provider) => provider !== from);
}

/**
 * The two balances once the amount has moved, for the confirm step ("AskMeBet ฿500.00 → ฿200.00"); null when
 * either balance is unknown.
 */
export function balancesAfter(
  fromBalance: string | undefined,
  toBalance: string | undefined,
  amount: string,
): { from: string; to: string } | null {
  const from = tryParseMoney(fromBalance ?? '', 'THB', { allowNegative: true });
  const to = tryParseMoney(toBalance ?? '', 'THB', { allowNegative: true });
  const moved = tryParseMoney(amount, 'THB');
  if (from === null || to === null || moved === null) return null;
  return { from: formatMinor(from - moved, 'THB'), to: formatMinor(to + moved, 'THB') };
}

/**
 * Badge colour of a transfer's status: arrived green, under way yellow, sent back orange (nothing lost),
 * refused by the source red (nothing moved); an unknown one grey.
 */
export function transferStatusColor(status: string): 'green' | 'yellow' | 'orange' | 'red' | 'gray' {
  const colors: Record<TTransferStatus, 'green' | 'yellow' | 'orange' | 'red'> = {
    SUCCESS: 'green',
    PENDING: 'yellow',
    RETURNED: 'orange',
    FAILED: 'red',
  };
  return colors[status as TTransferStatus] ?? 'gray';
}
