export { catalogRoutes } from "./catalog.routes.ts";
// Reply schemas other modules' documented replies are made of (the cart's lines and cross-sells).
export {
  CurrencyFields as CurrencySchemaFields,
  Image as ImageSchema,
  Money as MoneySchema,
  Prices as PricesSchema,
  ProductSchema,
} from "./catalog.schemas.ts";
export type { CrossSellsShown } from "./catalog.service.ts";
export {
  attributeFacets,
  crossSellsNow,
  getBrand,
  getCategory,
  getCrossSells,
  getProduct,
  getProductBrands,
  getProductOffers,
  getStockQuantity,
  getTag,
  getVariations,
  listCategories,
  listProducts,
  ratingFacets,
} from "./catalog.service.ts";
export type {
  AttributeFacet,
  AttributeFilter,
  ProductOffers,
  ProductOrderBy,
  ProductPage,
  ProductQuery,
  RatingFacet,
  StoreCategory,
  StoreProduct,
  StoreVariation,
} from "./catalog.types.ts";
export { findProductCollection, productPageCollections, registeredCollectionSlugs, registerProductCollection } from "./collections.ts";
export { sendCollectionsLastModified } from "./last-modified.ts";
export { deriveStockStatus, quantityLimits } from "./product-shape.ts";
export { productsAdminRoutes } from "./products.admin.routes.ts";
export { readProduct } from "./products.admin.ts";
export type { Purchasable } from "./purchasable.ts";
export { loadPurchasables, purchasablesCached, purchasablesNow, withCurrentStock } from "./purchasable.ts";
export { queueSaleChanges } from "./sale-webhooks.ts";
export { taxonomiesAdminRoutes } from "./taxonomies.admin.routes.ts";
