/** The catalogue as the storefront asks for it: the listing query, a page of products, a category. */
import type { StockStatus, StoreProduct } from "../store-api.ts";

export type ProductOrderBy = "date" | "price" | "popularity" | "rating" | "title" | "menu_order" | "id";

export interface ProductQuery {
  page?: number;
  perPage?: number;
  search?: string;
  /** Category ids or slugs; a product in any of them matches. */
  category?: string[];
  tag?: string[];
  onSale?: boolean;
  stockStatus?: StockStatus[];
  orderBy?: ProductOrderBy;
  order?: "asc" | "desc";
  /** Products skipped before the first page (a collection's offset). */
  offset?: number;
  /** Only these product ids. */
  include?: number[];
  exclude?: number[];
  featured?: boolean;
  /** Created at or after / before this instant (ISO text). */
  createdAfter?: string;
  createdBefore?: string;
  /** The price a shopper pays now, in minor units, inclusive (a variable product's cheapest variation). */
  minPrice?: number;
  maxPrice?: number;
  /** Products in any of these categories or with any of these tags (a collection's relatedBy on a product page). */
  sharesTerms?: { categories: number[]; tags: number[] };
}

export interface ProductPage {
  products: StoreProduct[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
}

/** What a product page offers after the product: its upsells ("You may also like…"), then related products. */
export interface ProductOffers {
  upsells: StoreProduct[];
  related: StoreProduct[];
}

export interface StoreCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent: number;
  count: number;
  link: string;
}
