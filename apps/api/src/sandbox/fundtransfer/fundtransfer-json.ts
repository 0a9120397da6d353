import { formatMinor } from '@lc/shared/money';
import { type RawJson, RawNumber } from '../../lib/raw-json';

// The sandbox aggregator answers as the real one writes: amounts are JSON numbers as a .NET double prints
// them (`5515.59`, `500.1`, `54.0`), so the client is made to read numbers from their text. JSON.stringify
// cannot write such a literal from a bigint, hence this small writer.

/** A THB amount as the aggregator writes it: no trailing zero past the first decimal. */
export function aggregatorNumber(satang: bigint): RawNumber {
  return new RawNumber(formatMinor(satang, 'THB').replace(/(\.\d)0$/, '$1'));
}

/** The JSON text of `value`; numbers only as {@link RawNumber}s (their literal, as it is). */
export function writeAggregatorJson(value: RawJson): string {
  if (value instanceof RawNumber) return value.literal;
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(writeAggregatorJson).join(',')}]`;
  const fields = Object.entries(value).map(
    ([key, field]) => `${JSON.stringify(key)}:${writeAggregatorJson(field)}`,
  );
  return `{${fields.join(',')}}`;
}
