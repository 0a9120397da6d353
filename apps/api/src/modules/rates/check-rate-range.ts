import { RATE_BAND_PERCENT, RATE_BOUNDS, type TRateCurrency } from '@lc/shared/contracts/rates';
import { compareRates, formatRate, parseRate, type Rate } from '@lc/shared/money';
import { AppError } from '../../lib/app-error';

type TSides = { buy: string; sell: string };

/** `rate × percent / 100`, exact (two more decimals). */
function percentOf(rate: Rate, percent: bigint): Rate {
  return { scaled: rate.scaled * percent, scale: rate.scale + 2 };
}

/** The shortest exact decimal of a bound, for the message: "312.6250" → "312.625", "1281.0000" → "1281". */
function formatBound(rate: Rate): string {
  const text = formatRate(rate);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * The inclusive range one side may take: its currency's bounds, narrowed to 50 %–200 % of that side of the
 * rate in force. A side in force that is itself outside the bounds (set before them, or by hand) anchors no
 * band: only the bounds apply, so ops can always set a sane rate again.
 */
function rangeOf(currency: TRateCurrency, inForce: string | undefined): { min: Rate; max: Rate } {
  const bounds = { min: parseRate(RATE_BOUNDS[currency].min), max: parseRate(RATE_BOUNDS[currency].max) };
  if (inForce === undefined) return bounds;
  const previous = parseRate(inForce);
  if (compareRates(previous, bounds.min) < 0 || compareRates(previous, bounds.max) > 0) return bounds;
  const low = percentOf(previous, RATE_BAND_PERCENT.min);
  const high = percentOf(previous, RATE_BAND_PERCENT.max);
  return {
    min: compareRates(low, bounds.min) > 0 ? low : bounds.min,
    max: compareRates(high, bounds.max) < 0 ? high : bounds.max,
  };
}

/**
 * Refuses a rate outside its currency's absolute bounds or the band around the rate in force (null: a first
 * rate, bounds only) with 400 RATE_OUT_OF_RANGE: `fields` names the side(s) at fault, `params` both ranges.
 * Checked before a four-eyes request is filed and again when one is carried out (decision 0064).
 */
export function checkRateRange(currency: TRateCurrency, next: TSides, inForce: TSides | null): void {
  const buy = rangeOf(currency, inForce?.buy);
  const sell = rangeOf(currency, inForce?.sell);
  const isOutside = (value: string, range: { min: Rate; max: Rate }) => {
    const rate = parseRate(value);
    return compareRates(rate, range.min) < 0 || compareRates(rate, range.max) > 0;
  };
  const fields: Record<string, 'INVALID'> = {};
  if (isOutside(next.buy, buy)) fields.buy = 'INVALID';
  if (isOutside(next.sell, sell)) fields.sell = 'INVALID';
  if (Object.keys(fields).length === 0) return;
  throw new AppError(
    400,
    'RATE_OUT_OF_RANGE',
    'The rate is outside the allowed range for this currency',
    fields,
    undefined,
    {
      currency,
      buyMin: formatBound(buy.min),
      buyMax: formatBound(buy.max),
      sellMin: formatBound(sell.min),
      sellMax: formatBound(sell.max),
    },
  );
}
