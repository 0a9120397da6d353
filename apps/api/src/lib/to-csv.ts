/** One CSV cell: quoted only when needed (RFC 4180); a leading formula character is defused for spreadsheets. */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text) && Number.isNaN(Number(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

type CsvValue = string | number | boolean | null;

/** Rows of flat records as CSV with a header of `columns` (CRLF line ends; objects as JSON). */
export function toCsv<T extends object>(columns: readonly (keyof T & string)[], rows: readonly T[]): string {
  const value = (v: unknown): CsvValue =>
    v === null || v === undefined
      ? null
      : typeof v === 'object'
        ? JSON.stringify(v)
        : (v as Exclude<CsvValue, null>);
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(value(row[c]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
