export type Column<T> = {
  header: string;
  value: (row: T) => string;
  /** Numbers read best right-aligned. */
  isNumeric?: boolean;
};

/** A plain-text table (two spaces between columns), header first; no trailing spaces. */
export function formatTable<T>(columns: Column<T>[], rows: T[]): string[] {
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i]?.isNumeric ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)];
}
