/**
 * The product CSV's columns and how each cell is written and read (docs/product-csv.md, decision
 * 0046). Pure: no database. A cell that cannot be read throws a `CellProblem` with its reason; the
 * import files it under the row's line and the column's name.
 */
import type { Backorders, StockStatus, TaxStatus, Visibility } from "@cartwright/commerce/admin";

/** The columns our export writes, in its order; names a WooCommerce export also uses where one exists. */
export const COLUMNS = {
  id: "ID",
  type: "Type",
  sku: "SKU",
  name: "Name",
  slug: "Slug",
  published: "Published",
  featured: "Is featured?",
  visibility: "Visibility in catalog",
  shortDescription: "Short description",
  description: "Description",
  inStock: "In stock?",
  stock: "Stock",
  lowStock: "Low stock amount",
  backorders: "Backorders allowed?",
  soldIndividually: "Sold individually?",
  weight: "Weight (g)",
  regularPrice: "Regular price",
  salePrice: "Sale price",
  categories: "Categories",
  tags: "Tags",
  brands: "Brands",
  images: "Images",
  parent: "Parent",
  upsells: "Upsells",
  crossSells: "Cross-sells",
  position: "Position",
  quantityMin: "Minimum quantity",
  quantityMax: "Maximum quantity",
  quantityStep: "Quantity step",
  saleStarts: "Date sale price starts",
  saleEnds: "Date sale price ends",
  taxStatus: "Tax status",
  taxClass: "Tax class",
  // Decision 0106: a class's slug (its name is read too); empty is none (a variation: its parent's).
  shippingClass: "Shipping class",
  // Downloadable products (decision 0094): WooCommerce's names; the files themselves are uploaded in the console.
  downloadLimit: "Download limit",
  downloadExpiry: "Download expiry days",
} as const;

export type ColumnKey = keyof typeof COLUMNS;

/** Read too: a WooCommerce file's weight, in kilograms (three decimals at most, kept as grams). */
export const WEIGHT_KG = "Weight (kg)";

/** "Attribute 2 value(s)": the number and which part. */
export const ATTRIBUTE_COLUMN = /^attribute (\d{1,2}) (name|value\(s\)|used for variations|visible|global|default)$/i;
export const attributeColumn = (n: number, part: "name" | "value(s)" | "used for variations") => `Attribute ${n} ${part}`;

/** At most this many attributes per row (as the owner API allows). */
export const MAX_ATTRIBUTES = 20;

export class CellProblem extends Error {}

const problem = (message: string): never => {
  throw new CellProblem(message);
};

/**
 * A price in the shop's currency as a decimal: digits, then optionally "." or "," and at most as
 * many digits as the currency has minor units. Thousands separators are refused: "1,234" could be
 * a thousand or a one, so only what cannot be misread is taken. Empty is null.
 */
export function readDecimal(text: string, minorUnit: number, max: number): number | null {
  const value = text.trim();
  if (!value) return null;
  const match = /^(\d+)(?:([.,])(\d+))?$/.exec(value);
  if (!match) return problem(`"${value}" is not a price: write it like ${exampleOf(minorUnit)}, without a currency sign or spaces.`);
  const [, whole = "", separator, fraction = ""] = match;
  if (fraction.length > minorUnit) {
    return problem(
      separator === "," && fraction.length === 3
        ? `"${value}" is ambiguous: is the comma a thousands separator or a decimal one? Write ${exampleOf(minorUnit)}, without thousands separators.`
        : `"${value}" has more decimals than the shop's currency (${minorUnit}): write it like ${exampleOf(minorUnit)}.`,
    );
  }
  const minor = Number(whole) * 10 ** minorUnit + Number(fraction.padEnd(minorUnit, "0") || "0");
  if (!Number.isSafeInteger(minor) || minor > max) return problem(`"${value}" is more than the largest price the shop takes.`);
  return minor;
}

const exampleOf = (minorUnit: number) => (minorUnit > 0 ? `12.${"5".padEnd(minorUnit, "0")}` : "12");

/** Minor units as the export writes them: "." before the minor digits, no grouping. */
export function writeDecimal(minor: number | null, minorUnit: number): string {
  if (minor === null) return "";
  if (minorUnit === 0) return String(minor);
  const digits = String(minor).padStart(minorUnit + 1, "0");
  return `${digits.slice(0, -minorUnit)}.${digits.slice(-minorUnit)}`;
}

/** A whole number within limits; empty is null. */
export function readInteger(text: string, min: number, max: number): number | null {
  const value = text.trim();
  if (!value) return null;
  if (!/^-?\d+$/.test(value)) return problem(`"${value}" is not a whole number.`);
  const number = Number(value);
  if (number < min || number > max) return problem(`${value} is outside ${min} to ${max}.`);
  return number;
}

/** Grams from a kilogram decimal (a WooCommerce file's weight): at most three decimals. */
export function readKilograms(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(value);
  if (!match) return problem(`"${value}" is not a weight in kilograms: write it like 0.25 (at most three decimals).`);
  return Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
}

const YES = new Set(["1", "yes", "true"]);
const NO = new Set(["0", "no", "false", ""]);

/** 1/0, yes/no or true/false; empty is no. */
export function readFlag(text: string): boolean {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return problem(`"${text.trim()}" is not 1 or 0.`);
}

export const writeFlag = (value: boolean) => (value ? "1" : "0");

/** 1 (or empty) publishes, 0 keeps a draft. */
export function readPublished(text: string): "publish" | "draft" {
  const value = text.trim().toLowerCase();
  if (value === "1" || value === "publish" || value === "") return "publish";
  if (value === "0" || value === "draft") return "draft";
  if (value === "-1") return problem("Private products are not something Cartwright has: use 0 for a draft or 1 to publish.");
  return problem(`"${text.trim()}" is not 1 (published) or 0 (draft).`);
}

export function readStockStatus(text: string): StockStatus {
  const value = text.trim().toLowerCase();
  if (value === "1" || value === "instock") return "instock";
  if (value === "0" || value === "outofstock") return "outofstock";
  if (value === "backorder" || value === "onbackorder") return "onbackorder";
  return problem(`"${text.trim()}" is not 1 (in stock), 0 (out of stock) or backorder.`);
}

export const writeStockStatus = (status: StockStatus) => (status === "instock" ? "1" : status === "outofstock" ? "0" : "backorder");

export function readBackorders(text: string): Backorders {
  const value = text.trim().toLowerCase();
  if (value === "1" || value === "yes") return "yes";
  if (value === "0" || value === "no" || value === "") return "no";
  if (value === "notify") return "notify";
  return problem(`"${text.trim()}" is not 1 (allowed), 0 (not allowed) or notify.`);
}

export const writeBackorders = (backorders: Backorders) => (backorders === "yes" ? "1" : backorders === "no" ? "0" : "notify");

const VISIBILITIES: readonly Visibility[] = ["visible", "catalog", "search", "hidden"];

export function readVisibility(text: string): Visibility {
  const value = text.trim().toLowerCase() || "visible";
  if ((VISIBILITIES as readonly string[]).includes(value)) return value as Visibility;
  return problem(`"${text.trim()}" is not one of ${VISIBILITIES.join(", ")}.`);
}

export interface RowType {
  type: "simple" | "variable" | "variation";
  /** Set when the cell says so ("simple, virtual"), as a WooCommerce export writes it. */
  virtual: boolean;
  /** Set by "downloadable" ("simple, downloadable, virtual"); decision 0094. */
  downloadable: boolean;
}

/** "simple", "variable" or "variation", optionally with ", virtual" and ", downloadable"; empty is simple. */
export function readType(text: string): RowType {
  const words = readList(text).map((word) => word.toLowerCase());
  const kinds = words.filter((word) => word !== "virtual" && word !== "downloadable");
  const downloadable = words.includes("downloadable");
  if (downloadable && kinds[0] === "variable")
    return problem("A variable product is not downloadable itself: mark its variations' rows downloadable.");
  const kind = kinds[0] ?? "simple";
  if (kinds.length > 1) return problem(`"${text.trim()}" names more than one type.`);
  if (kind !== "simple" && kind !== "variable" && kind !== "variation") {
    return problem(`"${kind}" products are not something Cartwright has: a row is simple, variable or variation.`);
  }
  return { type: kind, virtual: words.includes("virtual"), downloadable };
}

export const writeType = (type: "simple" | "variable" | "variation", virtual: boolean, downloadable = false) =>
  [type, ...(downloadable ? ["downloadable"] : []), ...(virtual ? ["virtual"] : [])].join(", ");

/** A download limit or expiry: a whole number of at least 1; empty, or WooCommerce's -1, is none (unlimited, never). */
export function readDownloadNumber(text: string, max: number): number | null {
  const value = text.trim();
  if (!value || value === "-1") return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max)
    return problem(`"${value}" is not a whole number from 1 to ${max.toLocaleString("en")}: leave it empty for none.`);
  return Number(value);
}

/**
 * A list cell: items between commas, trimmed, empty ones dropped. A backslash keeps the next
 * character as it is, so "\," is a comma inside a name and "\>" a ">" inside a category's.
 */
export function readList(text: string, separator = ","): string[] {
  return splitEscaped(text, separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Splits on the separator outside backslash escapes; the escapes of the separator and ">" are kept for a second split. */
function splitEscaped(text: string, separator: string): string[] {
  const items: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "\\" && i + 1 < text.length) {
      const next = text[i + 1] as string;
      // Inside a list item, a category path still needs its "\>" to split on ">" later.
      current += separator === "," && next === ">" ? "\\>" : next;
      i++;
    } else if (char === separator) {
      items.push(current);
      current = "";
    } else current += char;
  }
  items.push(current);
  return items;
}

/** A category path "Clothing > Hoodies": the names from the top; "\>" is a ">" in a name. */
export const readPath = (item: string) => splitEscaped(item, ">").map((part) => part.trim());

const escapeItem = (name: string) => name.replace(/\\/g, "\\\\").replace(/,/g, "\\,");

export const writeList = (names: readonly string[]) => names.map(escapeItem).join(", ");

export const writePath = (names: readonly string[]) => names.map((name) => escapeItem(name).replace(/>/g, "\\>")).join(" > ");

/** "id:12" names a product by its id; anything else is a SKU. */
/** A product a cell names: by its id ("id:12") or its SKU. */
export type ProductReference = { id: number } | { sku: string };

export function readProductReference(text: string): ProductReference {
  const value = text.trim();
  const match = /^id:\s*(\d+)$/i.exec(value);
  if (match) return { id: Number(match[1]) };
  return { sku: value };
}

/**
 * A media reference: its id, its link (/media/{id}/{file}, also inside a full URL: only the id is
 * read), or a file name; any other address (another shop's image URL) stands for its last part's
 * file name, so images uploaded under their old names are found. Nothing is ever fetched.
 */
export function readMediaReference(text: string): { id: number } | { filename: string } {
  const value = text.trim();
  if (/^\d+$/.test(value)) return { id: Number(value) };
  const link = /(?:^|\/)media\/(\d+)\/[^/?#]+(?:[?#].*)?$/.exec(value);
  if (link) return { id: Number(link[1]) };
  const last =
    value
      .replace(/[?#].*$/, "")
      .split("/")
      .pop() ?? value;
  try {
    return { filename: decodeURIComponent(last) };
  } catch {
    return { filename: last };
  }
}

const TAX_STATUSES: readonly TaxStatus[] = ["taxable", "shipping", "none"];

/** taxable (or empty), shipping or none. */
export function readTaxStatus(text: string): TaxStatus {
  const value = text.trim().toLowerCase() || "taxable";
  if ((TAX_STATUSES as readonly string[]).includes(value)) return value as TaxStatus;
  return problem(`"${text.trim()}" is not one of ${TAX_STATUSES.join(", ")}.`);
}

/** A sale's start or end: an ISO 8601 date and time with its zone (the product check says when it is not); empty is none. */
export const readInstant = (text: string): string | null => text.trim() || null;
