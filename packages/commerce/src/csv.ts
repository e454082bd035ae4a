/**
 * CSV (RFC 4180) for the owner's exports (form entries, orders, products) that is safe to open in a spreadsheet: a value starting with
 * "=", "+", "-", "@", a tab or a carriage return is read as a formula there, so it gets a leading "'". A value that already starts
 * with quotes before such a character gets one more, so an import can take exactly one off (`spreadsheetText`) and read the value back.
 */

const FORMULA_START = /^'*[=+\-@\t\r]/;

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

/** The value a cell of our export stood for: one leading "'" that `csvCell` added before a formula character taken off. */
export function spreadsheetText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
