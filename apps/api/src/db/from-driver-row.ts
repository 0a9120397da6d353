import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A row of `table` as a raw statement answered it (column names, driver values: what `preparedSql` gives),
 * turned into the row the query builder would have answered, each column mapped as drizzle maps it (bigint,
 * timestamps). The same for node-postgres and PGlite.
 */
export function fromDriverRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
