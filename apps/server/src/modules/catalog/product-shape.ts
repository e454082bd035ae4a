/** Turns catalogue rows into the Store API product shape (spec §3 "Cross-sell product"). Pure. */
import {
  type Currency,
  currencyFields,
  DEFAULT_QUANTITY_LIMITS,
  formatAmount,
  lowStockAmountOf,
  lowStockRemaining,
  type StockFormat,
  type StoreAddToCart,
  type StoreImage,
  type StorePrices,
  type StoreProduct,
  type StoreProductAttribute,
  type StoreTerm,
  type StoreVariation,
} from "@cartwright/commerce";
import type { ProductRow } from "./catalog.repo.ts";
import { currentPrice, saleActive } from "./sale-schedule.ts";

export interface ProductDetails {
  images: StoreImage[];
  categories: StoreTerm[];
  /** Not in the Store API's product (decision 0095): the storefront asks for them apart. */
  brands?: StoreTerm[];
  tags: StoreTerm[];
  attributes: StoreProductAttribute[];
  variations: VariationWithRow[];
}

export interface VariationWithRow {
  row: ProductRow;
  attributes: { name: string; value: string }[];
  /** "Color: Blue, Size: S", for names and cart lines. */
  label: string;
  /** The image shown when a shopper chooses it (decision 0045); null shows the product's. */
  image: StoreImage | null;
}

export interface ShapeOptions {
  currency: Currency;
  lowStockAmount: number;
  /** The shop's stock display format (decision 0153); absent: "always". */
  stockFormat?: StockFormat;
  /** The request's clock: a scheduled sale price holds only inside its window. */
  now: Date;
  /** The shown price of an entered unit price (the base location's tax on or off); absent: as entered. */
  displayPrice?: (amount: number, taxStatus: ProductRow["tax_status"], taxClass: string) => number;
  /** Plain text after each price in `price_html` ("incl. VAT"); empty for none. */
  priceSuffix?: string;
}

/** What prices a row: its tax status and class (a variation's status and "parent" class are its product's). */
export type TaxOf = Pick<ProductRow, "tax_status" | "tax_class">;

/** A row's current and regular price as the shop shows them, in minor units (null when unpriced). */
function shownPrices(row: ProductRow, tax: TaxOf, options: ShapeOptions): { current: number | null; regular: number | null } {
  const current = currentPrice(row, options.now);
  const show = options.displayPrice;
  if (!show) return { current, regular: row.regular_price };
  const taxClass = row.tax_class === "parent" ? tax.tax_class : row.tax_class;
  const shown = (amount: number | null) => (amount === null ? null : show(amount, tax.tax_status, taxClass));
  return { current: shown(current), regular: shown(row.regular_price) };
}

export const productLink = (slug: string) => `/product/${slug}`;
export const categoryLink = (slug: string) => `/product-category/${slug}`;
export const brandLink = (slug: string) => `/brand/${slug}`;
export const tagLink = (slug: string) => `/shop?tag=${encodeURIComponent(slug)}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The stock status to store after a stock change: managed stock derives it from the quantity,
 * unmanaged stock keeps the status set on it. Listings filter on the stored column.
 */
export function deriveStockStatus(
  row: Pick<ProductRow, "manage_stock" | "stock_quantity" | "backorders" | "stock_status">,
): ProductRow["stock_status"] {
  if (!row.manage_stock) return row.stock_status;
  if ((row.stock_quantity ?? 0) > 0) return "instock";
  return row.backorders === "no" ? "outofstock" : "onbackorder";
}

/** "Only N left": a managed row's stock when at or below its low amount (its own, else `parentAmount`, else the shop's). */
function lowStockLeft(row: ProductRow, options: ShapeOptions, parentAmount: number | null = null): number | null {
  // A shop that never shows its quantities shows no low one either.
  if (!row.manage_stock || options.stockFormat === "never") return null;
  return lowStockRemaining(row.stock_quantity, lowStockAmountOf(row.low_stock_amount, parentAmount, options.lowStockAmount));
}

/**
 * A tracked quantity as the page may show it (decision 0153): only when the shop shows every quantity; "when low"
 * shows it through `low_stock_remaining` alone, so a hidden count never reaches the page.
 */
export function shownStockQuantity(row: Pick<ProductRow, "manage_stock" | "stock_quantity">, options: Pick<ShapeOptions, "stockFormat">) {
  const showsEveryQuantity = (options.stockFormat ?? "always") === "always";
  return row.manage_stock && showsEveryQuantity ? row.stock_quantity : null;
}

/**
 * The stock status shoppers see (decision 0148): a simple product's own; a variable product's from its variations
 * that have a price (those it sells), as WooCommerce's comes from the variations it shows: in stock when one is, else
 * on backorder when one is, else out of stock, so one with no priced variation is never listed as in stock.
 * `catalog.repo.ts` `shownStockStatus` is the same rule in SQL.
 */
export function shownStockStatus(
  row: Pick<ProductRow, "type" | "stock_status">,
  variations: readonly { row: Pick<ProductRow, "regular_price" | "stock_status"> }[],
): ProductRow["stock_status"] {
  if (row.type !== "variable") return row.stock_status;
  const sold = variations.filter((v) => v.row.regular_price !== null).map((v) => v.row.stock_status);
  if (sold.includes("instock")) return "instock";
  return sold.includes("onbackorder") ? "onbackorder" : "outofstock";
}

function isPurchasable(row: ProductRow, variations: VariationWithRow[]): boolean {
  if (row.type === "variable") return variations.some((v) => v.row.regular_price !== null);
  return row.regular_price !== null;
}

/** Quantity limits: the product's own, capped by stock when backorders are off, 1 when sold individually. */
export function quantityLimits(row: ProductRow) {
  if (row.sold_individually) return { minimum: 1, maximum: 1, multiple_of: 1, editable: false };
  const step = Math.max(1, row.quantity_step);
  let maximum = row.quantity_max ?? DEFAULT_QUANTITY_LIMITS.maximum;
  if (row.manage_stock && row.backorders === "no" && row.stock_quantity !== null) maximum = Math.min(maximum, row.stock_quantity);
  return { minimum: Math.max(1, row.quantity_min), maximum: Math.max(0, maximum), multiple_of: step, editable: true };
}

function pricesFor(row: ProductRow, variations: VariationWithRow[], tax: TaxOf, options: ShapeOptions): StorePrices {
  const fields = currencyFields(options.currency);
  if (row.type === "variable") {
    const priced = variations.map((v) => shownPrices(v.row, row, options)).filter((v) => v.regular !== null);
    const currents = priced.map((v) => v.current ?? 0);
    const regulars = priced.map((v) => v.regular ?? 0);
    if (!priced.length) return { price: "", regular_price: "", sale_price: "", price_range: null, ...fields };
    const min = Math.min(...currents);
    const max = Math.max(...currents);
    const minRegular = Math.min(...regulars);
    return {
      price: String(min),
      regular_price: String(minRegular),
      sale_price: String(min),
      price_range: min === max ? null : { min_amount: String(min), max_amount: String(max) },
      ...fields,
    };
  }
  const { current: price, regular } = shownPrices(row, tax, options);
  return {
    price: price === null ? "" : String(price),
    regular_price: regular === null ? "" : String(regular),
    sale_price: price === null ? "" : String(price),
    price_range: null,
    ...fields,
  };
}

function amountHtml(minor: string, currency: Currency): string {
  return `<span class="price-amount">${escapeHtml(formatAmount(minor, currency))}</span>`;
}

export function priceHtml(prices: StorePrices, onSale: boolean, currency: Currency, suffix = ""): string {
  if (prices.price === "") return "";
  const after = suffix ? ` <small class="price-suffix">${escapeHtml(suffix)}</small>` : "";
  if (prices.price_range) {
    return `${amountHtml(prices.price_range.min_amount, currency)} &ndash; ${amountHtml(prices.price_range.max_amount, currency)}${after}`;
  }
  if (onSale) {
    return `<del aria-hidden="true">${amountHtml(prices.regular_price, currency)}</del> <ins>${amountHtml(prices.price, currency)}</ins>${after}`;
  }
  return amountHtml(prices.price, currency) + after;
}

function addToCart(row: ProductRow, purchasable: boolean, inStock: boolean): StoreAddToCart {
  const limits = quantityLimits(row);
  const quoted = `“${row.name}”`;
  const base = { minimum: limits.minimum, maximum: limits.maximum, multiple_of: limits.multiple_of };
  // A variable product none of whose variations has a price has no options to choose (WooCommerce's "Read more").
  if (row.type === "variable" && purchasable) {
    return { text: "Select options", description: `Select options for ${quoted}`, url: productLink(row.slug), ...base };
  }
  if (row.type !== "variable" && purchasable && inStock) {
    return { text: "Add to cart", description: `Add to cart: ${quoted}`, url: `?add-to-cart=${row.id}`, ...base };
  }
  return { text: "Read more", description: `Read more about ${quoted}`, url: productLink(row.slug), ...base };
}

export function shapeProduct(row: ProductRow, details: ProductDetails, options: ShapeOptions): StoreProduct {
  const status = shownStockStatus(row, details.variations);
  const purchasable = isPurchasable(row, details.variations);
  const inStock = status !== "outofstock";
  const { currency, now } = options;
  const onSale = row.type === "variable" ? details.variations.some((v) => saleActive(v.row, now)) : saleActive(row, now);
  const prices = pricesFor(row, details.variations, row, options);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    parent: row.parent_id ?? 0,
    type: row.type,
    variation: "",
    permalink: productLink(row.slug),
    sku: row.sku,
    short_description: row.short_description,
    description: row.description,
    on_sale: onSale,
    prices,
    price_html: priceHtml(prices, onSale, currency, options.priceSuffix),
    average_rating: (row.rating_x100 / 100).toFixed(2),
    review_count: row.review_count,
    images: details.images,
    categories: details.categories,
    tags: details.tags,
    attributes: details.attributes,
    variations: details.variations.map((v) => ({ id: v.row.id, attributes: v.attributes })),
    has_options: row.type === "variable",
    is_purchasable: purchasable,
    is_in_stock: inStock,
    is_on_backorder: status === "onbackorder",
    low_stock_remaining: lowStockLeft(row, options),
    sold_individually: row.sold_individually === 1,
    add_to_cart: addToCart(row, purchasable, inStock),
  };
}

/** A variation answered as a product of its own (GET /products/{variation id}). */
export function shapeVariationAsProduct(
  parent: ProductRow,
  variation: VariationWithRow,
  details: ProductDetails,
  options: ShapeOptions,
): StoreProduct {
  const own = variation.row;
  const row = {
    ...own,
    slug: parent.slug,
    name: parent.name,
    catalog_visibility: parent.catalog_visibility,
    // Priced as the cart prices it: the product's tax status, the variation's class or its product's.
    tax_status: parent.tax_status,
    tax_class: own.tax_class === "parent" ? parent.tax_class : own.tax_class,
  };
  const product = shapeProduct(row, { ...details, attributes: [], variations: [] }, options);
  return {
    ...product,
    // Low by the variation's own amount, else its product's, else the shop's (decision 0099), as the owner's notices.
    low_stock_remaining: lowStockLeft(own, options, parent.low_stock_amount),
    type: "variation",
    parent: parent.id,
    variation: variation.label,
    add_to_cart: { ...product.add_to_cart, url: productLink(parent.slug) },
  };
}

/** One variation of `product` (whose tax status and class price it, as in the cart, and whose low-stock amount it falls back on). */
export function shapeVariation(
  variation: VariationWithRow,
  product: TaxOf & Partial<Pick<ProductRow, "low_stock_amount">>,
  options: ShapeOptions,
): StoreVariation {
  const row = variation.row;
  const status = row.stock_status;
  const prices = pricesFor(row, [], product, options);
  return {
    id: row.id,
    attributes: variation.attributes,
    prices,
    on_sale: saleActive(row, options.now),
    is_purchasable: row.regular_price !== null,
    is_in_stock: status !== "outofstock",
    is_on_backorder: status === "onbackorder",
    low_stock_remaining: lowStockLeft(row, options, product.low_stock_amount ?? null),
    stock_quantity: shownStockQuantity(row, options),
    sku: row.sku,
    image: variation.image,
  };
}
