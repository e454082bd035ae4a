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
  sku: string;
}

/** The Store API error body (spec §3 "API error", DESIGN §5). */
export interface StoreApiError {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
}
