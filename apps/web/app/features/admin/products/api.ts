/** The owner API's product, category and tag calls (decision 0043) through the console's client. */
import { adminClient } from "../api.ts";

export type StockStatus = "instock" | "outofstock" | "onbackorder";
export type Backorders = "no" | "notify" | "yes";
export type Visibility = "visible" | "catalog" | "search" | "hidden";
export type ProductStatus = "publish" | "draft";
export type ProductType = "simple" | "variable";

export interface VariationInput {
  id?: number | null;
  attributes: { attribute_id: number; term_id: number }[];
  sku: string;
  regular_price: number | null;
  sale_price: number | null;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: StockStatus;
  backorders: Backorders;
  weight_grams: number | null;
  /** "parent" (the product's class; the server's default), "standard" or a class's slug. */
  tax_class?: string;
}

/** A product as the API writes it: money in minor units. */
export interface ProductInput {
  type: ProductType;
  status: ProductStatus;
  name: string;
  slug: string;
  sku: string;
  short_description: string;
  description: string;
  regular_price: number | null;
  sale_price: number | null;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: StockStatus;
  backorders: Backorders;
  low_stock_amount: number | null;
  quantity_min: number;
  quantity_max: number | null;
  quantity_step: number;
  sold_individually: boolean;
  virtual: boolean;
  weight_grams: number | null;
  tax_status: "taxable" | "shipping" | "none";
  tax_class: string;
  featured: boolean;
  catalog_visibility: Visibility;
  menu_order: number;
  category_ids: number[];
  tag_ids: number[];
  cross_sell_ids: number[];
  attributes: { attribute_id: number; term_ids: number[]; used_for_variations: boolean }[];
  variations: VariationInput[];
}

export interface ProductCurrency {
  currency_code: string;
  currency_minor_unit: number;
}

export interface Product extends ProductInput {
  id: number;
  variations: (VariationInput & { id: number })[];
  permalink: string;
  images: { id: number; src: string; alt: string }[];
  total_sales: number;
  created_at: string;
  updated_at: string;
}

export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  type: ProductType;
  status: ProductStatus;
  sku: string;
  regular_price: number | null;
  sale_price: number | null;
  price_range: { min: number; max: number } | null;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: StockStatus;
  variations: number;
  categories: { id: number; name: string }[];
  image: { src: string; alt: string } | null;
  permalink: string;
}

export interface ProductList extends ProductCurrency {
  products: ProductSummary[];
  total: number;
  page: number;
  pages: number;
}

export interface ProductQuery {
  search: string;
  status: ProductStatus | "";
  type: ProductType | "";
  stock_status: StockStatus | "";
  category: string;
  page: number;
}

export interface Term {
  id: number;
  name: string;
  slug: string;
}

export interface AttributeWithTerms extends Term {
  terms: Term[];
}

const c = () => adminClient();

export const productsApi = {
  list: (query: ProductQuery, perPage: number) =>
    c().admin<ProductList>("/products", {
      query: {
        search: query.search,
        status: query.status,
        type: query.type,
        stock_status: query.stock_status,
        category: query.category,
        page: query.page,
        per_page: perPage,
      },
    }),
  get: (id: number) => c().admin<Product & ProductCurrency>(`/products/${id}`),
  create: (body: ProductInput) => c().admin<Product>("/products", { method: "POST", body }),
  save: (id: number, body: ProductInput) => c().admin<Product>(`/products/${id}`, { method: "PUT", body }),
  remove: (id: number) => c().admin<void>(`/products/${id}`, { method: "DELETE" }),
  categories: () => c().admin<{ categories: (Term & { count: number })[] }>("/categories"),
  tags: () => c().admin<{ tags: (Term & { count: number })[] }>("/tags"),
  attributes: () => c().admin<{ attributes: AttributeWithTerms[] }>("/attributes"),
  /** The shop's currency for a new product's prices (the list carries it). */
  currency: async (): Promise<ProductCurrency> => {
    const { currency_code, currency_minor_unit } = await productsApi.list(
      { search: "", status: "", type: "", stock_status: "", category: "", page: 1 },
      1,
    );
    return { currency_code, currency_minor_unit };
  },
};

export interface CategoryInput {
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
  menu_order: number;
}
export interface Category extends CategoryInput {
  id: number;
  count?: number;
}
export interface TagInput {
  name: string;
  slug: string;
}
export interface Tag extends TagInput {
  id: number;
  count?: number;
}

/** Categories and tags: the same five calls each. */
export const termsApi = {
  categories: {
    list: () => c().admin<{ categories: (Category & { count: number })[] }>("/categories"),
    get: (id: number) => c().admin<Category>(`/categories/${id}`),
    create: (body: CategoryInput) => c().admin<Category>("/categories", { method: "POST", body }),
    save: (id: number, body: CategoryInput) => c().admin<Category>(`/categories/${id}`, { method: "PUT", body }),
    remove: (id: number) => c().admin<void>(`/categories/${id}`, { method: "DELETE" }),
  },
  tags: {
    list: () => c().admin<{ tags: (Tag & { count: number })[] }>("/tags"),
    get: (id: number) => c().admin<Tag>(`/tags/${id}`),
    create: (body: TagInput) => c().admin<Tag>("/tags", { method: "POST", body }),
    save: (id: number, body: TagInput) => c().admin<Tag>(`/tags/${id}`, { method: "PUT", body }),
    remove: (id: number) => c().admin<void>(`/tags/${id}`, { method: "DELETE" }),
  },
};

/** The fields one bulk edit sets on every product chosen. */
export interface BulkChanges {
  regular_price?: number | null;
  sale_price?: number | null;
  stock_quantity?: number | null;
  status?: ProductStatus;
}

export interface BulkResult {
  updated: number[];
  failed: { id: number; code: string; message: string; details?: Record<string, { message: string }> }[];
}

export const bulkApi = {
  apply: (ids: number[], changes: BulkChanges) => c().admin<BulkResult>("/products/bulk", { method: "POST", body: { ids, changes } }),
};
