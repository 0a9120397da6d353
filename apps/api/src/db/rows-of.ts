/**
 * The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. They parse some
 * column types differently (int8, timestamptz), so such a statement selects `int` counts and `text` values.
 */
export function rowsOf<Row extends Record<string, unknown>>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
