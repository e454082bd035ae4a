export { catalogRoutes, mediaRoutes } from "./catalog.routes.ts";
export type { CatalogContext } from "./catalog.service.ts";
export {
  getCategory,
  getMedia,
  getProduct,
  getProductsByIds,
  getVariations,
  listCategories,
  listProducts,
} from "./catalog.service.ts";
export type { ProductOrderBy, ProductPage, ProductQuery, StoreCategory, StoreProduct, StoreVariation } from "./catalog.types.ts";
export { deriveStockStatus, parentStockStatus, quantityLimits } from "./product-shape.ts";
export type { Purchasable } from "./purchasable.ts";
export { findCrossSellIds, loadPurchasables } from "./purchasable.ts";
