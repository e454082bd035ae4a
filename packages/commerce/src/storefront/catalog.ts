/** The catalogue as the storefront asks for it: the listing query, a page of products, a category. */
import type { StockStatus, StoreProduct } from "../store-api.ts";

/** How a listing sorts; slug, modified, comment_count and include (the order of `include`'s ids) are the Store API's alone. */
export type ProductOrderBy =
  | "date"
  | "price"
  | "popularity"
  | "rating"
  | "title"
  | "menu_order"
  | "id"
  | "slug"
  | "modified"
  | "comment_count"
  | "include";

/** The Store API's catalog_visibility values: one visibility, those a shop or search listing shows, or any. */
export type CatalogVisibilityFilter = "any" | "visible" | "catalog" | "search" | "hidden";

export interface ProductQuery {
  page?: number;
  perPage?: number;
  search?: string;
  /** Product slugs; only these products. */
  slug?: string[];
  /** SKUs, matched whatever their case; only these products. */
  sku?: string[];
  /** Only products of this type (this shop makes simple and variable ones; grouped and external match none). */
  type?: "simple" | "variable" | "grouped" | "external";
  /** Category ids or slugs, matched as `categoryOperator` says: in (any, the default), and (all), not_in (none). */
  category?: string[];
  categoryOperator?: "in" | "not_in" | "and";
  /** Tag ids or slugs, matched as `tagOperator` says, as categories are. */
  tag?: string[];
  tagOperator?: "in" | "not_in" | "and";
  /** Brand ids or slugs (decision 0095), matched as `brandOperator` says: in (any, the default), and (all), not_in (none). */
  brand?: string[];
  brandOperator?: "in" | "not_in" | "and";
  onSale?: boolean;
  stockStatus?: StockStatus[];
  orderBy?: ProductOrderBy;
  order?: "asc" | "desc";
  /** Products skipped before the first page (a collection's offset). */
  offset?: number;
  /**
   * At most this many products after `offset` (a collection's last page, `pages`). Counts read it (decision
   * 0091); a listing's pages are cut by the caller.
   */
  limit?: number;
  /** Only these product ids. */
  include?: number[];
  exclude?: number[];
  /** Only products whose parent is one of these ids (0: none, as every listed product's is), or none of these (WooCommerce's parent and parent_exclude). */
  parent?: number[];
  parentExclude?: number[];
  /**
   * Which catalogue visibilities are listed (the Store API's catalog_visibility, decision 0151): visible ones alone,
   * those shown in the shop (catalog), those shown in search (search), hidden ones alone, or any. Without it the shop's
   * own rule: shop-listed ones, or search-listed ones when searching.
   */
  catalogVisibility?: CatalogVisibilityFilter;
  featured?: boolean;
  /** Created at or after / before this instant (ISO text). */
  createdAfter?: string;
  createdBefore?: string;
  /**
   * The price a shopper pays now as the shop shows it (with or without tax: decision 0160), in minor units, inclusive:
   * a product matches when its prices overlap the range (a variable product's priced variations run from its cheapest
   * to its dearest, as WooCommerce matches them).
   */
  minPrice?: number;
  maxPrice?: number;
  /** Products in any of these categories or with any of these tags (a collection's relatedBy on a product page). */
  sharesTerms?: { categories: number[]; tags: number[] };
  /** Attribute filters (the spec's attribute query), all of them or any one holding as `attributeRelation` says. */
  attributes?: AttributeFilter[];
  /** How several attribute filters combine; "and" unless said. */
  attributeRelation?: "and" | "or";
  /** Products whose average rating rounds to one of these whole stars (1–5; decision 0090). */
  rating?: number[];
}

/** One attribute filter: terms of one attribute by slug or id; in: any of them, and: all of them, not_in: none of them. */
export interface AttributeFilter {
  /** The attribute's id, its slug, or its taxonomy name (pa_ and the slug). */
  attribute: string;
  operator: "in" | "not_in" | "and";
  slugs?: string[];
  termIds?: number[];
}

/** An attribute as the Store API lists it. */
export interface StoreAttribute {
  id: number;
  name: string;
  /** pa_ and the slug, the name a filter may use. */
  taxonomy: string;
  type: "select";
  order: "menu_order";
  has_archives: boolean;
  /** How many terms it has. */
  count: number;
}

/** The spec's attribute term: count is the listed products that offer it. */
export interface StoreAttributeTermCount {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent: number;
  count: number;
}

/** An attribute with its terms and their counts in one listing: the storefront's filter area. */
export interface AttributeFacet {
  id: number;
  name: string;
  slug: string;
  terms: StoreAttributeTermCount[];
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
