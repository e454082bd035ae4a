/** The owner API's product, category and tag calls (decision 0043) through the console's client. */

import type {
  AttributeTermInput,
  BulkChanges,
  BulkResult,
  CategoryInput,
  OwnerAttribute,
  OwnerAttributeTerm,
  OwnerCategory,
  OwnerCurrency,
  OwnerProduct,
  OwnerTag,
  ProductInput,
  ProductList,
  ProductStatus,
  ProductType,
  StockStatus,
  TagInput,
  Term,
} from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";

export type {
  Backorders,
  BulkChanges,
  BulkResult,
  CategoryInput,
  ProductInput,
  ProductList,
  ProductStatus,
  ProductSummary,
  ProductType,
  StockStatus,
  TagInput,
  Term,
  VariationInput,
  Visibility,
} from "@cartwright/commerce/admin";
export type ProductCurrency = OwnerCurrency;
export type Product = OwnerProduct;
export type AttributeWithTerms = OwnerAttribute;
export type AttributeTerm = OwnerAttributeTerm;

/** The list's filters as the console's address keeps them. */
export interface ProductQuery {
  search: string;
  /** Only these ids (comma-separated): the names of chosen products. */
  include?: string;
  status: ProductStatus | "";
  type: ProductType | "";
  stock_status: StockStatus | "";
  category: string;
  page: number;
}

const c = () => adminClient();

export const productsApi = {
  list: (query: ProductQuery, perPage: number) =>
    c().admin<ProductList>("/products", {
      query: {
        search: query.search,
        include: query.include,
        status: query.status,
        type: query.type,
        stock_status: query.stock_status,
        category: query.category,
        page: query.page,
        per_page: perPage,
      },
    }),
  // A read and every save answer the product with the shop's currency: one shape.
  get: (id: number) => c().admin<Product & ProductCurrency>(`/products/${id}`),
  create: (body: ProductInput) => c().admin<Product & ProductCurrency>("/products", { method: "POST", body }),
  // The version the form was opened on: a product someone changed since is refused, not overwritten (decision 0158).
  save: (id: number, body: ProductInput, version: string) =>
    c().admin<Product & ProductCurrency>(`/products/${id}`, { method: "PUT", body: { ...body, version } }),
  remove: (id: number) => c().admin<void>(`/products/${id}`, { method: "DELETE" }),
  /** Adds the variations its attributes' terms make that it lacks, unpriced. */
  generate: (id: number) =>
    c().admin<{ created: number; product: Product & ProductCurrency }>(`/products/${id}/variations/generate`, { method: "POST", body: {} }),
  categories: () => c().admin<{ categories: (Term & { count: number })[] }>("/categories"),
  brands: () => c().admin<{ brands: (Term & { count: number })[] }>("/brands"),
  tags: () => c().admin<{ tags: (Term & { count: number })[] }>("/tags"),
  attributes: () => c().admin<{ attributes: AttributeWithTerms[] }>("/attributes"),
  /** One new term at the end of a global attribute's list (the attributes card's "Add new …"). */
  addTerm: (attributeId: number, body: AttributeTermInput) =>
    c().admin<AttributeTerm>(`/attributes/${attributeId}/terms`, { method: "POST", body }),
  /** The shop's currency for a new product's prices (the list carries it). */
  currency: async (): Promise<ProductCurrency> => {
    const { currency_code, currency_minor_unit } = await productsApi.list(
      { search: "", status: "", type: "", stock_status: "", category: "", page: 1 },
      1,
    );
    return { currency_code, currency_minor_unit };
  },
};

export type Category = OwnerCategory;
export type Tag = OwnerTag;

/** Categories, brands (decision 0095) and tags: the same five calls each; a save sends the version the form opened (decision 0158). */
export const termsApi = {
  categories: {
    list: () => c().admin<{ categories: (Category & { count: number })[] }>("/categories"),
    get: (id: number) => c().admin<Category>(`/categories/${id}`),
    create: (body: CategoryInput) => c().admin<Category>("/categories", { method: "POST", body }),
    save: (id: number, body: CategoryInput, version: string) =>
      c().admin<Category>(`/categories/${id}`, { method: "PUT", body: { ...body, version } }),
    remove: (id: number) => c().admin<void>(`/categories/${id}`, { method: "DELETE" }),
  },
  brands: {
    list: () => c().admin<{ brands: (Category & { count: number })[] }>("/brands"),
    get: (id: number) => c().admin<Category>(`/brands/${id}`),
    create: (body: CategoryInput) => c().admin<Category>("/brands", { method: "POST", body }),
    save: (id: number, body: CategoryInput, version: string) =>
      c().admin<Category>(`/brands/${id}`, { method: "PUT", body: { ...body, version } }),
    remove: (id: number) => c().admin<void>(`/brands/${id}`, { method: "DELETE" }),
  },
  tags: {
    list: () => c().admin<{ tags: (Tag & { count: number })[] }>("/tags"),
    get: (id: number) => c().admin<Tag>(`/tags/${id}`),
    create: (body: TagInput) => c().admin<Tag>("/tags", { method: "POST", body }),
    save: (id: number, body: TagInput, version: string) => c().admin<Tag>(`/tags/${id}`, { method: "PUT", body: { ...body, version } }),
    remove: (id: number) => c().admin<void>(`/tags/${id}`, { method: "DELETE" }),
  },
};

export const bulkApi = {
  apply: (ids: number[], changes: BulkChanges) => c().admin<BulkResult>("/products/bulk", { method: "POST", body: { ids, changes } }),
};
