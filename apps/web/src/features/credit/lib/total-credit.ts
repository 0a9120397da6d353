import { formatMinor, tryParseMoney } from '@lc/shared/money';

/**
 * The player's credit across providers as one THB decimal string, added in satang (never as floats); null
 * while any balance is missing, unreadable or not THB, so a partial sum is never shown as the total.
 */
export function totalCredit(
  credits: ReadonlyArray<{ amount: string; currency: string } | undefined>,
): string | null {
  let total = 0n;
  for (const credit of credits) {
    if (credit?.currency !== 'THB') return null;
    const minor = tryParseMoney(credit.amount, 'THB', { allowNegative: true });
    if (minor === null) return null;
    total += minor;
  }
  return formatMinor(total, 'THB');
}
