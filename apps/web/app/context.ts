/**
 * What the server hands every loader: the shop's settings and its services, called in-process
 * (no HTTP hop). The token is exported from entry.server so the server uses this very instance.
 */
import { createContext } from "react-router";
import type { ProductPage, ProductQuery, StoreCategory, StoreProduct, StoreVariation } from "../../server/src/modules/catalog/index.ts";
import type { ShopSettings } from "../../server/src/modules/settings/index.ts";

export interface StorefrontCatalog {
  listProducts(query: ProductQuery): Promise<ProductPage>;
  getProduct(idOrSlug: string): Promise<StoreProduct | null>;
  getVariations(productId: number): Promise<StoreVariation[]>;
  listCategories(): Promise<StoreCategory[]>;
  getCategory(slug: string): Promise<StoreCategory | null>;
}

export interface Storefront {
  settings: ShopSettings;
  catalog: StorefrontCatalog;
  /** Nonce for inline scripts, matching the page's Content-Security-Policy. */
  cspNonce: string;
}

export const storefrontContext = createContext<Storefront>();
