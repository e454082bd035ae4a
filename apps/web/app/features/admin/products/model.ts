/**
 * The product form's draft: what the owner types (prices in whole units, counts as text) and its
 * conversion to and from the API's integers. Pure.
 */
import { addDays, dayIn, dayStart } from "@cartwright/commerce/time-zone";
import { amountText, toMinor } from "../money.ts";
import { shopTimeZone } from "../time-zone.ts";
import type { Product, ProductCurrency, ProductInput, VariationInput } from "./api.ts";
import { type GalleryImage, galleryInput, galleryOf } from "./images/api.ts";
import { productMessages as t } from "./messages.ts";

type Texts<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };

/** The stored schedule, kept so a day left as it was keeps its instant (one set through the API at 10:00 stays so). */
interface StoredWindow {
  stored_window: { starts: string | null; ends: string | null };
}

type VariationNumbers = "regular_price" | "sale_price" | "sale_starts_at" | "sale_ends_at" | "stock_quantity" | "weight_grams";
/** Sale days as YYYY-MM-DD in the shop's time zone (decision 0086): the first day of the sale and its last. */
export type VariationDraft = Texts<VariationInput, VariationNumbers> & StoredWindow;

type ProductNumbers =
  | "regular_price"
  | "sale_price"
  | "sale_starts_at"
  | "sale_ends_at"
  | "stock_quantity"
  | "low_stock_amount"
  | "quantity_min"
  | "quantity_max"
  | "quantity_step"
  | "weight_grams"
  | "cross_sell_ids"
  | "upsell_ids";
export type ProductDraft = Omit<Texts<ProductInput, ProductNumbers>, "variations" | "images"> &
  StoredWindow & { variations: VariationDraft[]; images: GalleryImage[] };

/** The sale's first day, in the shop's zone, of its start instant. */
export const startDay = (instant: string | null, zone = shopTimeZone()) => (instant ? dayIn(instant, zone) : "");
/** The sale's last day in the shop's zone: the day before the instant it ends at (a sale ending at midnight ran all the previous day). */
export const lastDay = (instant: string | null, zone = shopTimeZone()) => (instant ? dayIn(Date.parse(instant) - 1, zone) : "");

/** A schedule's instants from its days: from the first day's start until the start of the day after its last, in the shop's zone. */
function windowOf(
  starts: string,
  ends: string,
  stored: StoredWindow["stored_window"],
  path: string,
  errors: Record<string, string>,
): { sale_starts_at: string | null; sale_ends_at: string | null } {
  const zone = shopTimeZone();
  const day = (text: string, field: string) => {
    if (!text.trim()) return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) || Number.isNaN(Date.parse(`${text.trim()}T00:00:00Z`))) {
      errors[`${path}${field}`] = t.notDay;
      return null;
    }
    return text.trim();
  };
  const first = day(starts, "sale_starts_at");
  const last = day(ends, "sale_ends_at");
  return {
    sale_starts_at: first === null ? null : startDay(stored.starts, zone) === first ? stored.starts : dayStart(first, zone).toISOString(),
    sale_ends_at: last === null ? null : lastDay(stored.ends, zone) === last ? stored.ends : dayStart(addDays(last, 1), zone).toISOString(),
  };
}

export const emptyDraft = (): ProductDraft => ({
  type: "simple",
  status: "draft",
  name: "",
  slug: "",
  sku: "",
  short_description: "",
  description: "",
  regular_price: "",
  sale_price: "",
  sale_starts_at: "",
  sale_ends_at: "",
  stored_window: { starts: null, ends: null },
  manage_stock: false,
  stock_quantity: "",
  stock_status: "instock",
  backorders: "no",
  low_stock_amount: "",
  quantity_min: "1",
  quantity_max: "",
  quantity_step: "1",
  sold_individually: false,
  virtual: false,
  weight_grams: "",
  tax_status: "taxable",
  tax_class: "standard",
  featured: false,
  catalog_visibility: "visible",
  menu_order: 0,
  category_ids: [],
  brand_ids: [],
  tag_ids: [],
  cross_sell_ids: "",
  upsell_ids: "",
  attributes: [],
  variations: [],
  images: [],
});

const money = (value: number | null, currency: ProductCurrency) => (value === null ? "" : amountText(value, currency.currency_minor_unit));
const count = (value: number | null) => (value === null ? "" : String(value));

/** What the API writes of a product it answered with: its id, link, sales, dates and version are the server's (a PUT refuses them). */
export function editableOf(product: Product | (Product & ProductCurrency)): ProductInput {
  const { id, permalink, total_sales, created_at, updated_at, version, ...rest } = product;
  const { currency_code, currency_minor_unit, ...input } = rest as typeof rest & Partial<ProductCurrency>;
  return input;
}

export function toDraft(product: ProductInput, currency: ProductCurrency): ProductDraft {
  return {
    ...product,
    regular_price: money(product.regular_price, currency),
    sale_price: money(product.sale_price, currency),
    sale_starts_at: startDay(product.sale_starts_at),
    sale_ends_at: lastDay(product.sale_ends_at),
    stored_window: { starts: product.sale_starts_at, ends: product.sale_ends_at },
    stock_quantity: count(product.stock_quantity),
    // Sent back on save: the server keeps stock orders moved meanwhile (409 cw_rest_stock_changed when both changed).
    original_stock_quantity: product.stock_quantity,
    low_stock_amount: count(product.low_stock_amount),
    quantity_min: String(product.quantity_min),
    quantity_max: count(product.quantity_max),
    quantity_step: String(product.quantity_step),
    weight_grams: count(product.weight_grams),
    cross_sell_ids: product.cross_sell_ids.join(", "),
    upsell_ids: product.upsell_ids.join(", "),
    images: galleryOf(product.images ?? []),
    variations: product.variations.map((v) => ({
      ...v,
      regular_price: money(v.regular_price, currency),
      sale_price: money(v.sale_price, currency),
      sale_starts_at: startDay(v.sale_starts_at),
      sale_ends_at: lastDay(v.sale_ends_at),
      stored_window: { starts: v.sale_starts_at, ends: v.sale_ends_at },
      stock_quantity: count(v.stock_quantity),
      original_stock_quantity: v.stock_quantity,
      weight_grams: count(v.weight_grams),
    })),
  };
}

/**
 * The quantities in stock the server said it holds now (a refused save's `data.stock`, by field path)
 * taken as the ones loaded, so that saving again sets the owner's figures.
 */
export function withStockNow(draft: ProductDraft, stock: Record<string, number | null>): ProductDraft {
  const now = (path: string, loaded: number | null | undefined) => (path in stock ? stock[path] : loaded);
  return {
    ...draft,
    original_stock_quantity: now("stock_quantity", draft.original_stock_quantity),
    variations: draft.variations.map((v, i) => ({
      ...v,
      original_stock_quantity: now(`variations[${i}].stock_quantity`, v.original_stock_quantity),
    })),
  };
}

/** A new variation's draft for a combination of terms: unpriced, as generating makes them. */
export const newVariation = (attributes: VariationDraft["attributes"], weight = ""): VariationDraft => ({
  id: null,
  attributes,
  sku: "",
  regular_price: "",
  sale_price: "",
  sale_starts_at: "",
  sale_ends_at: "",
  stored_window: { starts: null, ends: null },
  manage_stock: false,
  stock_quantity: "",
  stock_status: "instock",
  backorders: "no",
  weight_grams: weight,
});

export type DraftResult = { ok: true; input: ProductInput } | { ok: false; errors: Record<string, string> };

/** A whole number as the editor takes one (a stock quantity may be below zero). */
const readsAsWhole = (text: string, signed: boolean) => (signed ? /^-?\d{1,10}$/ : /^\d{1,10}$/).test(text.trim());

/** The API body of a draft, or the fields that are not numbers where numbers belong (the server checks the rest). */
export function fromDraft(draft: ProductDraft, currency: ProductCurrency): DraftResult {
  const errors: Record<string, string> = {};
  const digits = currency.currency_minor_unit;
  const amount = (text: string, path: string): number | null => {
    if (!text.trim()) return null;
    const value = toMinor(text, digits);
    if (value === undefined) errors[path] = t.notAmount(digits);
    return value ?? null;
  };
  const whole = (text: string, path: string, signed = false): number | null => {
    if (!text.trim()) return null;
    if (!readsAsWhole(text, signed)) {
      errors[path] = t.notWhole;
      return null;
    }
    return Number(text.trim());
  };
  // Linked products are typed or picked as a list of ids.
  const idList = (text: string, path: string) => {
    const ids = text.split(/[\s,]+/).filter(Boolean);
    if (ids.some((id) => !/^[1-9]\d{0,9}$/.test(id))) errors[path] = t.notIds;
    return ids.filter((id) => /^[1-9]\d{0,9}$/.test(id)).map(Number);
  };
  const { stored_window, ...fields } = draft;
  const input: ProductInput = {
    ...fields,
    regular_price: amount(draft.regular_price, "regular_price"),
    sale_price: amount(draft.sale_price, "sale_price"),
    ...windowOf(draft.sale_starts_at, draft.sale_ends_at, stored_window, "", errors),
    stock_quantity: whole(draft.stock_quantity, "stock_quantity", true),
    low_stock_amount: whole(draft.low_stock_amount, "low_stock_amount"),
    quantity_min: whole(draft.quantity_min, "quantity_min") ?? 1,
    quantity_max: whole(draft.quantity_max, "quantity_max"),
    quantity_step: whole(draft.quantity_step, "quantity_step") ?? 1,
    weight_grams: whole(draft.weight_grams, "weight_grams"),
    cross_sell_ids: idList(draft.cross_sell_ids, "cross_sell_ids"),
    upsell_ids: idList(draft.upsell_ids, "upsell_ids"),
    images: galleryInput(draft.images),
    variations: draft.variations.map(({ stored_window: window, ...v }, i) => ({
      ...v,
      regular_price: amount(v.regular_price, `variations.${i}.regular_price`),
      sale_price: amount(v.sale_price, `variations.${i}.sale_price`),
      ...windowOf(v.sale_starts_at, v.sale_ends_at, window, `variations.${i}.`, errors),
      stock_quantity: whole(v.stock_quantity, `variations.${i}.stock_quantity`, true),
      weight_grams: whole(v.weight_grams, `variations.${i}.weight_grams`),
    })),
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

export type BulkField = "regular_price" | "sale_price" | "stock_quantity";

/** Why a value cannot be set for every variation (an amount or a whole number as the save reads them), or null; empty clears. */
export function bulkValueProblem(field: BulkField, value: string, currency: ProductCurrency): string | null {
  const text = value.trim();
  if (!text) return null;
  if (field === "stock_quantity") return readsAsWhole(text, true) ? null : t.notWhole;
  return toMinor(text, currency.currency_minor_unit) === undefined ? t.notAmount(currency.currency_minor_unit) : null;
}

/** Every variation given one value for `field` (a quantity also tracks stock); checked on save like a typed one. */
export function bulkSetVariations(variations: VariationDraft[], field: BulkField, value: string): VariationDraft[] {
  const text = value.trim();
  return variations.map((v) => (field === "stock_quantity" ? { ...v, stock_quantity: text, manage_stock: true } : { ...v, [field]: text }));
}
