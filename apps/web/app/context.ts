/**
 * What the server hands every loader: the shop's settings and its services, called in-process
 * (no HTTP hop). The token is exported from entry.server so the server uses this very instance.
 */
import type { StoreCart } from "@cartwright/commerce";
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

/** The shopper's cart, as far as the server-rendered pages need it. */
export interface StorefrontCart {
  /** The whole cart, priced, as the Store API answers GET /cart. */
  get(): Promise<StoreCart>;
  /** Item count and amounts for the mini-cart button (minor units). */
  summary(): Promise<{ itemsCount: number; totalItems: number; totalItemsTax: number }>;
  /** Adds to the cart; an expected failure comes back as its message, never as an exception. */
  addItem(input: {
    id: number;
    quantity: number;
    variation: { attribute: string; value: string }[];
  }): Promise<{ ok: true } | { ok: false; message: string }>;
}

export interface Storefront {
  settings: ShopSettings;
  catalog: StorefrontCatalog;
  cart: StorefrontCart;
  /** What the shop remembers about this visitor (dismissed banners). */
  visitor: { meta(): Promise<{ coming_soon_banner_dismissed?: "yes" | "no" }> };
  /** The Store API nonce for this visitor's session, for the browser's writes. */
  nonce: string;
  /** Nonce for inline scripts, matching the page's Content-Security-Policy. */
  cspNonce: string;
}

export const storefrontContext = createContext<Storefront>();
