/**
 * A product CSV file as rows of cells, each with the physical line it starts on (the header is
 * line 1), parsed by csv-parse: quoted cells, line breaks inside them, a UTF-8 byte order mark, and
 * "," or ";" (or a tab) between cells, whichever the header row uses.
 */
import { spreadsheetText } from "@cartwright/commerce";
import { CsvError, parse } from "csv-parse/sync";
import { isStorableText } from "../../http/input.ts";

export interface CsvRow {
  /** The physical line the row starts on; the header is line 1. */
  line: number;
  cells: string[];
}

export interface CsvProblem {
  line: number;
  column: string | null;
  message: string;
}

export type CsvFile = { ok: true; header: string[]; rows: CsvRow[] } | { ok: false; problem: CsvProblem };

const LF = 0x0a;
const CR = 0x0d;

/** Byte offsets where each line starts: "\r\n", "\n" or a lone "\r" ends a line. */
function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === LF) starts.push(i + 1);
    else if (bytes[i] === CR && bytes[i + 1] !== LF) starts.push(i + 1);
  }
  return starts;
}

/** The 1-based line holding the byte at `offset`. */
function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Where the next row starts after a row that ended at `offset`: past the blank lines between them. */
function nextRowStart(bytes: Uint8Array, offset: number): number {
  let at = offset;
  while (at < bytes.length && (bytes[at] === LF || bytes[at] === CR)) at++;
  return at;
}

/** The separator the header row uses most, outside quotes: ",", ";" or a tab. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
  return count ? best : ",";
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The file's rows, or the first thing that keeps it from being read, at its line. */
export function readCsv(bytes: Uint8Array): CsvFile {
  const starts = lineStarts(bytes);
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const firstBad = new TextDecoder("utf-8").decode(bytes).indexOf("\uFFFD");
    const line =
      firstBad < 0
        ? 1
        : new TextDecoder("utf-8")
            .decode(bytes)
            .slice(0, firstBad)
            .split(/\r\n|\n|\r/).length;
    return { ok: false, problem: { line, column: null, message: "The file is not UTF-8 text: save it as CSV UTF-8 and try again." } };
  }
  if (!text.replace(/^\uFEFF/, "").trim()) {
    return { ok: false, problem: { line: 1, column: null, message: "The file is empty: it needs a header row and a row per product." } };
  }
  let records: { record: string[]; info: { bytes: number } }[];
  // Where the last row read ended: a row the parser gives up on starts after it.
  let readUpTo = 0;
  try {
    records = parse(bytes, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, "")),
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      on_record: (record: string[], context: { bytes: number }) => {
        readUpTo = context.bytes;
        return record;
      },
    }) as unknown as { record: string[]; info: { bytes: number } }[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = lineAt(starts, nextRowStart(bytes, readUpTo));
    const reason = error.code === "CSV_QUOTE_NOT_CLOSED" ? "a quoted cell is never closed" : "a quote is misplaced in a cell";
    return {
      ok: false,
      problem: { line, column: null, message: `This row cannot be read: ${reason} (a quote inside a quoted cell is written twice: "").` },
    };
  }
  const rows: CsvRow[] = [];
  let previousEnd = 0;
  for (const { record, info } of records) {
    const line = lineAt(starts, nextRowStart(bytes, previousEnd));
    previousEnd = info.bytes;
    const cells = record.map(spreadsheetText);
    const bad = cells.findIndex((cell) => !isStorableText(cell));
    if (bad >= 0)
      return { ok: false, problem: { line, column: null, message: `Cell ${bad + 1} holds a character no text may hold (NUL).` } };
    rows.push({ line, cells });
  }
  const [header, ...body] = rows;
  return { ok: true, header: (header?.cells ?? []).map((name) => name.trim()), rows: body };
}
