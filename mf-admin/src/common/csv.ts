/**
 * CSV built in the browser from exactly the rows a table shows. Written here rather than pulling in
 * papaparse (about 7 KB gzipped for unparse we would barely use): RFC 4180 quoting is a dozen lines,
 * and owning them lets us add what a spreadsheet export also needs: a UTF-8 byte-order mark (so
 * Excel reads "Ksh" and names with accents right), CRLF line ends, and neutralised formula cells.
 */
export type CsvCell = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
/** A text cell starting with these would run as a formula in Excel or Sheets (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_BOM = '\uFEFF';

export function toCsv(headers: string[], rows: CsvCell[][]): string {
  return CSV_BOM + [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Hands a file to the browser's download (an object URL on a temporary link). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(filename: string, headers: string[], rows: CsvCell[][]): void {
  downloadBlob(new Blob([toCsv(headers, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
