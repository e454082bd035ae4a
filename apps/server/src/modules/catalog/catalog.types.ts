/** What the catalogue service answers with: the storefront contract's shapes, shared with the web app through @cartwright/commerce. */
export type {
  ProductOffers,
  ProductOrderBy,
  ProductPage,
  ProductQuery,
  StoreCategory,
  StoreProduct,
  StoreVariation,
} from "@cartwright/commerce";
