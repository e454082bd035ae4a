/** How the forms screens write money, the table's columns, a form's public address and its one-tag embed. */
import { DISPLAY_ONLY_TYPES, type FormField } from "@cartwright/commerce/forms";
import { formatMoney as formatAmountInConsole } from "../money.ts";

/** An entry's payment as the owner reads it ("$61.00"): the console's one formatter, in English as the screens are. */
export const formatMoney = (minor: number, currency: string): string => formatAmountInConsole(minor, currency, undefined, "en");

/** How many fields the entries table shows as columns: enough to tell entries apart, few enough to read. */
export const TABLE_FIELD_COLUMNS = 3;

/** The first fields that hold a value a person reads in a row: no display-only kinds, no files, drawings or card numbers. */
export function tableColumns(fields: readonly FormField[], count = TABLE_FIELD_COLUMNS): FormField[] {
  const unreadable = new Set<string>([...DISPLAY_ONLY_TYPES, "file-upload", "camera", "signature", "credit-card", "password"]);
  return fields.filter((field) => !unreadable.has(field.type)).slice(0, count);
}

/** A cell's text: long answers cut at a word, so a row stays one line's worth. */
export function cellText(value: string | undefined, max = 80): string {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const publicFormPath = (slug: string): string => `/forms/${slug}`;

/** The one-tag embed (contract of issue 17: GET /forms/{slug}.js on the shop). */
export function formEmbedSnippet(shopOrigin: string, slug: string): string {
  return `<script src="${shopOrigin}/forms/${slug}.js" async></script>`;
}
