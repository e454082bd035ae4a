/** Shapes of the Store API as the browser receives them (spec §3). Money: minor-unit strings. */
import type { CurrencyFields } from "./money.ts";

export type CatalogVisibility = "visible" | "catalog" | "search" | "hidden";
export type StockStatus = "instock" | "outofstock" | "onbackorder";
export type ProductType = "simple" | "variable" | "variation";

export interface StoreImage {
  id: number;
  src: string;
  thumbnail: string;
  srcset: string;
  sizes: string;
  name: string;
  alt: string;
}

export interface StoreTerm {
  id: number;
  name: string;
  slug: string;
  link: string;
}

export interface StoreAttributeTerm {
  id: number;
  name: string;
  slug: string;
  default: boolean;
}

export interface StoreProductAttribute {
  id: number;
  name: string;
  taxonomy: string;
  has_variations: boolean;
  terms: StoreAttributeTerm[];
}

export interface StoreVariationRef {
  id: number;
  attributes: { name: string; value: string }[];
}

export interface StorePrices extends CurrencyFields {
  price: string;
  regular_price: string;
  sale_price: string;
  price_range: { min_amount: string; max_amount: string } | null;
}

export interface StoreAddToCart {
  text: string;
  description: string;
  url: string;
  minimum: number;
  maximum: number;
  multiple_of: number;
}

/** A catalogue product: the fields of spec §3 "Cross-sell product". */
export interface StoreProduct {
  id: number;
  name: string;
  slug: string;
  parent: number;
  type: ProductType;
  variation: string;
  permalink: string;
  sku: string;
  short_description: string;
  description: string;
  on_sale: boolean;
  prices: StorePrices;
  price_html: string;
  average_rating: string;
  review_count: number;
  images: StoreImage[];
  categories: StoreTerm[];
  tags: StoreTerm[];
  attributes: StoreProductAttribute[];
  variations: StoreVariationRef[];
  has_options: boolean;
  is_purchasable: boolean;
  is_in_stock: boolean;
  is_on_backorder: boolean;
  low_stock_remaining: number | null;
  sold_individually: boolean;
  add_to_cart: StoreAddToCart;
}

/** One variation of a variable product, as the product page needs it to pick and price. */
export interface StoreVariation {
  id: number;
  attributes: { name: string; value: string }[];
  prices: StorePrices;
  on_sale: boolean;
  is_purchasable: boolean;
  is_in_stock: boolean;
  is_on_backorder: boolean;
  low_stock_remaining: number | null;
  /** The quantity in stock it tracks, null when it tracks none (its stock line, decision 0153). */
  stock_quantity: number | null;
  sku: string;
  /** Shown in place of the product's main image when the shopper chooses this variation; null keeps the product's. */
  image: StoreImage | null;
}

/** The Store API error body (spec §3 "API error", DESIGN §5). */
export interface StoreApiError {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
}

/** The address of a cart or order (spec §3 "Address"); billing also has email. */
export interface StoreAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email?: string;
}

export interface StoreCartError {
  code: string;
  message: string;
}

/** A cart line (spec §3 "Cart item"). */
export interface StoreCartItem {
  key: string;
  id: number;
  type: string;
  quantity: number;
  name: string;
  summary: string;
  short_description: string;
  description: string;
  sku: string;
  permalink: string;
  catalog_visibility: string;
  low_stock_remaining: number | null;
  backorders_allowed: boolean;
  show_backorder_badge: boolean;
  sold_individually: boolean;
  quantity_limits: { minimum: number; maximum: number; multiple_of: number; editable: boolean };
  images: StoreImage[];
  variation: { attribute: string; value: string }[];
  item_data: { key: string; value: string; display?: string }[];
  prices: Omit<StorePrices, "price_range"> & {
    price_range: null;
    raw_prices: { precision: number; price: string; regular_price: string; sale_price: string };
  };
  totals: { line_subtotal: string; line_subtotal_tax: string; line_total: string; line_total_tax: string } & CurrencyFields;
  extensions: Record<string, unknown>;
}

export interface StoreShippingRate extends CurrencyFields {
  rate_id: string;
  instance_id: number;
  method_id: string;
  name: string;
  description: string;
  delivery_time: string;
  price: string;
  taxes: string;
  selected: boolean;
  meta_data: { key: string; value: string }[];
}

/** A shipping package (spec §3 "Shipping package"). */
export interface StoreShippingPackage {
  package_id: number;
  name: string;
  destination: { address_1: string; address_2: string; city: string; state: string; postcode: string; country: string };
  items: { key: string; name: string; quantity: number }[];
  shipping_rates: StoreShippingRate[];
}

export interface StoreCartTotals extends CurrencyFields {
  total_items: string;
  total_items_tax: string;
  total_fees: string;
  total_fees_tax: string;
  total_discount: string;
  total_discount_tax: string;
  total_shipping: string | null;
  total_shipping_tax: string | null;
  total_price: string;
  total_tax: string;
  tax_lines: { name: string; rate: string; price: string }[];
}

/** The whole cart, as every cart call answers it (spec §3 "Cart"). */
export interface StoreCart {
  items: StoreCartItem[];
  coupons: {
    code: string;
    label: string;
    discount_type: string;
    totals: { total_discount: string; total_discount_tax: string } & CurrencyFields;
  }[];
  fees: { id: string; key: string; name: string; totals: { total: string; total_tax: string } & CurrencyFields }[];
  totals: StoreCartTotals;
  shipping_address: Omit<StoreAddress, "email">;
  billing_address: StoreAddress;
  needs_payment: boolean;
  needs_shipping: boolean;
  payment_requirements: string[];
  has_calculated_shipping: boolean;
  shipping_rates: StoreShippingPackage[];
  items_count: number;
  items_weight: number;
  cross_sells: StoreProduct[];
  errors: StoreCartError[];
  payment_methods: string[];
  extensions: Record<string, unknown>;
}
