export type Column<T> = {
  header: string;
  value: (row: T) => string;
  /** Numbers read best right-aligned. */
  isNumeric?: boolean;
};

/**
 * How many columns a text takes in a terminal: combining marks (Lao and Thai vowels and tone marks) sit on
 * the letter before them and take none, though `.length` counts them.
 */
export function displayWidth(text: string): number {
  return text.replace(/\p{M}/gu, '').length;
}

/** A plain-text table (two spaces between columns), header first; no trailing spaces. */
export function formatTable<T>(columns: Column<T>[], rows: T[]): string[] {
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  const widths = columns.map((c, i) =>
    Math.max(displayWidth(c.header), ...cells.map((r) => displayWidth(r[i] ?? ''))),
  );
  const pad = (v: string, i: number) => {
    const fill = ' '.repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(v)));
    return columns[i]?.isNumeric ? fill + v : v + fill;
  };
  const line = (values: string[]) => values.map(pad).join('  ').trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)];
}
