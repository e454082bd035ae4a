/**
 * The rates table's rows: what the owner types in each cell (lists as comma-separated text,
 * the priority as text, the rate in the shop's decimal separator) and their conversion to and from
 * the API's rate, whose percent keeps a point whatever the shop writes (decision 0174). Pure.
 */
import { consoleMessages } from "../messages.ts";
import { type AmountFormat, decimalText, readDecimal, shopAmountFormat } from "../money.ts";
import type { RateInput, TaxRate } from "./api.ts";
import { taxesMessages as t } from "./messages.ts";

export interface RateRow {
  /** Stable across edits: the rate's id, or "new-N" for a row not saved yet. */
  key: string;
  id: number | null;
  /** The saved rate's version, sent back with its save (decision 0158); "" for a row not saved yet. */
  version: string;
  /** The name the row is called by in labels and messages: as saved, or "new rate N". */
  label: string;
  country: string;
  state: string;
  postcodes: string;
  cities: string;
  rate: string;
  name: string;
  priority: string;
  compound: boolean;
  shipping: boolean;
}

export type RateField = "country" | "state" | "postcodes" | "cities" | "rate" | "name" | "priority" | "compound" | "shipping";

export const RATE_FIELDS: readonly RateField[] = [
  "country",
  "state",
  "postcodes",
  "cities",
  "rate",
  "name",
  "priority",
  "compound",
  "shipping",
];

/** The decimal places a rate's percent keeps (the server's `^\d{1,3}(\.\d{1,4})?$`). */
const RATE_PLACES = 4;

/** A rate as the API keeps it, its percent in the shop's decimal separator without the stored zeros ("7.2500" → "7,25"). */
export const toRow = (rate: TaxRate, format: AmountFormat = shopAmountFormat()): RateRow => ({
  key: String(rate.id),
  id: rate.id,
  version: rate.version,
  label: rate.name,
  country: rate.country,
  state: rate.state,
  postcodes: rate.postcodes.join(", "),
  cities: rate.cities.join(", "),
  rate: decimalText(rate.rate, format),
  name: rate.name,
  priority: String(rate.priority),
  compound: rate.compound,
  shipping: rate.shipping,
});

export const emptyRow = (n: number): RateRow => ({
  key: `new-${n}`,
  id: null,
  version: "",
  label: t.newRateName(n),
  country: "",
  state: "",
  postcodes: "",
  cities: "",
  rate: "",
  name: "",
  priority: "1",
  compound: false,
  shipping: true,
});

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

export type RowResult = { ok: true; input: RateInput } | { ok: false; errors: Partial<Record<RateField, string>> };

/** The API body of a row, or the cells the browser can already tell are wrong (the server checks the rest). */
export function fromRow(row: RateRow, slug: string, format: AmountFormat = shopAmountFormat()): RowResult {
  const errors: Partial<Record<RateField, string>> = {};
  const priority = row.priority.trim();
  if (!/^\d{1,3}$/.test(priority) || Number(priority) < 1) errors.priority = t.notPriority;
  // Typed in the shop's separators, sent in the one form the API keeps ("20,5" → "20.5").
  const rate = readDecimal(row.rate, RATE_PLACES, format);
  if (rate === undefined) errors.rate = consoleMessages.notPercent(RATE_PLACES, format);
  if (rate === undefined || errors.priority) return { ok: false, errors };
  return {
    ok: true,
    input: {
      class: slug,
      country: row.country.trim().toUpperCase(),
      state: row.state.trim().toUpperCase(),
      postcodes: list(row.postcodes),
      cities: list(row.cities),
      rate,
      name: row.name,
      priority: Number(priority),
      compound: row.compound,
      shipping: row.shipping,
    },
  };
}

/** The server's messages by path ("postcodes.1", "rate") put beside the cell that holds them; a list's items share its cell. */
export function cellErrors(fields: Record<string, string>): Partial<Record<RateField, string>> {
  const cells: Partial<Record<RateField, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const head = path.split(".")[0] as RateField;
    const cell: RateField = RATE_FIELDS.includes(head) ? head : "name";
    cells[cell] = cells[cell] ? `${cells[cell]} ${message}` : message;
  }
  return cells;
}

/** Moves one row; the ids in their new order, for the API. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
