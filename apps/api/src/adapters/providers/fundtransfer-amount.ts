import { formatMinor, parseMoney } from '@lc/shared/money';
import { type RawJson, RawNumber } from '../../lib/raw-json';

// The aggregator writes amounts as JSON numbers ("Double": `5515.59`, `54.0`, `500.1`), some integrations as
// strings ("13.00"). Both are read from their literal text (lib/raw-json.ts), never through a JS number, and
// anything a satang cannot hold exactly is refused rather than rounded: a balance of 12.345 is not 12.34.

/** Plain decimal, no sign, exponent or spaces; at most two decimals (THB satang). */
const AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

/** Raised when an amount is missing or not an exact THB amount; the message says which field and why. */
export class AmountFormatError extends Error {
  override readonly name = 'AmountFormatError';
}

/** The THB satang of `value` (field `field` of an answer), ≥ 0; throws {@link AmountFormatError}. */
export function aggregatorAmountOf(value: RawJson | undefined, field: string): bigint {
  const literal = value instanceof RawNumber ? value.literal : typeof value === 'string' ? value : null;
  if (literal === null) throw new AmountFormatError(`${field} is missing or not a number`);
  if (!AMOUNT.test(literal)) {
    const decimals = /\.(\d+)/.exec(literal)?.[1]?.length ?? 0;
    const why = decimals > 2 ? `has ${decimals} decimals, more than satang` : 'is not a plain decimal';
    throw new AmountFormatError(`${field} ${literal.slice(0, 30)} ${why}`);
  }
  return parseMoney(literal, 'THB');
}

/** An amount as we send it (`150.25`): two decimals, as the public integrations format it. */
export const aggregatorAmountText = (satang: bigint): string => formatMinor(satang, 'THB');
