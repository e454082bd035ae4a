/** What the catalogue service answers with: the storefront contract's shapes, shared with the web app through @cartwright/commerce. */
export type {
  AttributeFacet,
  AttributeFilter,
  ProductOffers,
  ProductOrderBy,
  ProductPage,
  ProductQuery,
  RatingFacet,
  StoreAttribute,
  StoreAttributeTermCount,
  StoreCategory,
  StoreProduct,
  StoreVariation,
} from "@cartwright/commerce";

import type { CurrencyFields, StoreAttributeTermCount } from "@cartwright/commerce";

/** A category as the Store API's GET /products/categories answers it (WooCommerce's product category shape). */
export interface StoreProductCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent: number;
  /** The products its page lists. */
  count: number;
  image: null;
  review_count: number;
  permalink: string;
}

/** A tag as GET /products/tags answers it: the spec's Term. */
export type StoreTagTerm = StoreAttributeTermCount;

/** GET /products/collection-data: each part null unless asked for. */
export interface StoreCollectionData {
  price_range: ({ min_price: string; max_price: string } & CurrencyFields) | null;
  attribute_counts: { term: number; count: number }[] | null;
  rating_counts: { rating: number; count: number }[] | null;
  stock_status_counts: { status: string; count: number }[] | null;
}
