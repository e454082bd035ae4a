/**
 * CSV (RFC 4180) for the owner's exports (form entries, orders) that is safe to open in a spreadsheet: a value starting with "=", "+",
 * "-", "@", a tab or a carriage return is read as a formula there, so it gets a leading "'".
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised if it could start a formula, quoted when it holds a comma, quote or line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row as a line of the file, ended by CRLF: what a streamed export writes row by row. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A whole file: the header row, then one row per entry, lines ended by CRLF. */
export function entriesCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [headers, ...rows].map(csvLine).join("");
}
