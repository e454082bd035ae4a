/** What the catalogue service answers with; the Store API and the storefront share these. */
import type { StoreProduct, StoreVariation } from "@cartwright/commerce";

export type ProductOrderBy = "date" | "price" | "popularity" | "rating" | "title" | "menu_order" | "id";

export interface ProductQuery {
  page?: number;
  perPage?: number;
  search?: string;
  /** Category ids or slugs; a product in any of them matches. */
  category?: string[];
  tag?: string[];
  onSale?: boolean;
  stockStatus?: ("instock" | "outofstock" | "onbackorder")[];
  orderBy?: ProductOrderBy;
  order?: "asc" | "desc";
}

export interface ProductPage {
  products: StoreProduct[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
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

export type { StoreProduct, StoreVariation };
