import { tryParseMoney } from '@lc/shared/money';

// Round kip sums players pay in (a 50,000 note and up), smallest first.
const LADDER = [50_000n, 100_000n, 200_000n, 500_000n, 1_000_000n, 2_000_000n, 5_000_000n, 10_000_000n];

/**
 * Up to `count` one-tap deposit amounts (whole LAK as decimal strings) within the agency's limits, smallest
 * first; none when the limits cannot be read.
 */
export function quickAmounts(limits: { min: string; max: string }, count = 4): string[] {
  const min = tryParseMoney(limits.min, 'LAK');
  const max = tryParseMoney(limits.max, 'LAK');
  if (min === null || max === null) return [];
  return LADDER.filter((amount) => amount >= min && amount <= max)
    .slice(0, count)
    .map(String);
}
