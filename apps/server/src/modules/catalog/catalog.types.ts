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

import type { CurrencyFields, ProductQuery, StoreAttributeTermCount } from "@cartwright/commerce";
import type { ShownPriceFormula, StoredPriceFilter } from "../cart/index.ts";

/**
 * A listing's query as the repo runs it: its range of shown prices (`minPrice`, `maxPrice`) turned into the stored
 * prices that show within it, per tax class (decision 0160), and for the order by price how each class shows its
 * prices (decision 0164), so a listing kept in the cache follows the rates and settings.
 */
export interface ListingQuery extends Omit<ProductQuery, "minPrice" | "maxPrice"> {
  prices?: StoredPriceFilter;
  shownPrices?: ShownPriceFormula[];
}

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
