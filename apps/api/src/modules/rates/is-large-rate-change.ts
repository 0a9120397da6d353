import { atCommonScale, parseRate, type Rate } from '@lc/shared/money';

/** A rate change above this share of the current rate is a four-eyes request (backoffice.md): 5 %. */
export const LARGE_RATE_CHANGE_PERCENT = 5n;

/** |next − previous| > 5 % of previous, compared exactly at a common scale (no floating point). */
function isLargeMove(previous: Rate, next: Rate): boolean {
  const [from, to] = atCommonScale(previous, next);
  const delta = to > from ? to - from : from - to;
  return delta * 100n > from * LARGE_RATE_CHANGE_PERCENT;
}

/** True when the buy or the sell rate moves by more than 5 %; a first rate (no previous) never is. */
export function isLargeRateChange(
  previous: { buy: string; sell: string } | null,
  next: { buy: string; sell: string },
): boolean {
  if (!previous) return false;
  return (
    isLargeMove(parseRate(previous.buy), parseRate(next.buy)) ||
    isLargeMove(parseRate(previous.sell), parseRate(next.sell))
  );
}
