import fc from 'fast-check';
import { z } from 'zod';

/** Strings that broke or could break the API: U+0000, lone surrogates, escapes, huge and numeric text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\udfff\ud800',
    '%00',
    '%ff',
    '../../etc/passwd',
    "' OR 1=1 --",
    '{{7*7}}',
    '<script>alert(1)</script>',
    '9'.repeat(400),
    '-1',
    '1e309',
    'NaN',
    '0x10',
    ' ',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 200 }).map((s) => `${s}\u0000`),
);

/** Any string, often a hostile one. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
  { arbitrary: hostileString, weight: 2 },
  { arbitrary: fc.stringMatching(/^[0-9]{1,9}(\.[0-9]{1,3})?$/), weight: 1 },
);

/** Any JSON value, strings often hostile. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  fc.dictionary(anyString, fc.oneof(anyString, fc.integer(), fc.boolean(), fc.constant(null)), {
    maxKeys: 4,
  }),
);

/**
 * Values shaped like `schema` (the route's zod schema from packages/shared), with each leaf sometimes valid,
 * sometimes hostile or of another type: deep enough to pass the outer checks and reach the handlers.
 */
export function arbitraryFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return anyJson;
  const leaf = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: anyJson, weight: 1 });
  if (schema instanceof z.ZodObject) {
    const fields = Object.fromEntries(
      Object.entries(schema.shape as Record<string, unknown>).map(([key, child]) => [
        key,
        arbitraryFor(child, depth + 1),
      ]),
    );
    return fc.oneof(
      { arbitrary: fc.record(fields), weight: 4 },
      { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 2 },
      { arbitrary: anyJson, weight: 1 },
    );
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return fc.oneof(arbitraryFor(schema.unwrap(), depth + 1), fc.constant(undefined), fc.constant(null));
  if (schema instanceof z.ZodPipe) return arbitraryFor(schema.in, depth + 1);
  if (schema instanceof z.ZodUnion)
    return fc.oneof(...(schema.options as unknown[]).map((option) => arbitraryFor(option, depth + 1)));
  if (schema instanceof z.ZodArray)
    return leaf(fc.array(arbitraryFor(schema.element, depth + 1), { maxLength: 4 }));
  if (schema instanceof z.ZodRecord)
    return leaf(fc.dictionary(anyString, arbitraryFor(schema.valueType, depth + 1), { maxKeys: 3 }));
  if (schema instanceof z.ZodEnum) return leaf(fc.constantFrom(...schema.options));
  if (schema instanceof z.ZodLiteral) return leaf(fc.constantFrom(...schema.values));
  if (schema instanceof z.ZodBoolean) return leaf(fc.boolean());
  if (schema instanceof z.ZodNumber) return leaf(fc.oneof(fc.integer(), fc.double()));
  if (schema instanceof z.ZodString) return anyString;
  return anyJson;
}
