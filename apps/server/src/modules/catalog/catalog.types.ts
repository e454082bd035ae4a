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
