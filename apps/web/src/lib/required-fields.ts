/**
 * Replaces a field's error by `code` (default `REQUIRED`) when the field is empty: a schema checks the length
 * first and would tell a player who typed nothing that the value is "too short". Only fields that already
 * have an error change; empty fields that may stay empty (no error) stay valid.
 */
export function requiredWhenEmpty<E extends Record<string, unknown>, V extends object>(
  errors: E,
  values: V,
  fields: ReadonlyArray<keyof V & string>,
  code = 'REQUIRED',
): E {
  const result: Record<string, unknown> = { ...errors };
  for (const field of fields) {
    const value: unknown = values[field];
    if (result[field] && typeof value === 'string' && value.trim() === '') result[field] = code;
  }
  // Same keys as `errors`, each still a code string.
  return result as E;
}
