/**
 * The calls of the new order page (decision 0089): the totals the shop prices (`/orders/calculate`),
 * the order made (`POST /orders`), and the customers and products picked by name.
 */
import type { OwnerProduct } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";
import { customersApi } from "../customers/api.ts";
import type { OrderReply } from "../order/api.ts";
import { productsApi } from "../products/api.ts";
import type { HandOrderBody } from "./model.ts";

export interface CalculatedLine {
  product_id: number;
  variation_id: number | null;
  name: string;
  quantity: number;
  subtotal: number;
  total: number;
}

/** One of the shop's rates for the order's items and address, priced as the checkout prices it (class costs included). */
export interface ShopRate {
  rate_id: string;
  method_id: string;
  instance_id: number;
  name: string;
  /** Minor units, before tax. */
  cost: number;
}

export interface Calculation {
  shipping_rates: ShopRate[];
  lines: CalculatedLine[];
  coupons: { code: string; discount: number; discount_tax: number }[];
  fees: { id: string; name: string; total: number; total_tax: number; tax_status: "taxable" | "none"; tax_class: string }[];
  totals: {
    currency: string;
    currency_minor_unit: number;
    items: number;
    discount: number;
    shipping: number;
    fees: number;
    tax: number;
    total: number;
  };
}

const c = () => adminClient();
const NO_FILTERS = { status: "", type: "", stock_status: "", category: "", page: 1 } as const;

export const newOrderApi = {
  calculate: (body: HandOrderBody, signal?: AbortSignal) =>
    c().admin<Calculation>("/orders/calculate", { method: "POST", body, ...(signal ? { signal } : {}) }),
  create: (body: HandOrderBody) => c().admin<OrderReply>("/orders", { method: "POST", body }),
  customers: async (search: string) =>
    // Staff accounts are no order's customer (decision 0101): the server refuses them, so they are not offered.
    (await customersApi.list({ search, sort: "name", order: "asc", page: 1 }, 20)).customers
      .filter((customer) => customer.role === "customer")
      .map((customer) => ({
        value: String(customer.id),
        label: [customer.first_name, customer.last_name].filter(Boolean).join(" ") || customer.email,
        hint: customer.email,
      })),
  customer: (id: number) => customersApi.get(id),
  /** Products on sale in the shop (drafts cannot be ordered), by name or SKU. */
  products: async (search: string) =>
    (await productsApi.list({ ...NO_FILTERS, search }, 20)).products
      .filter((product) => product.status === "publish")
      .map((product) => ({ value: String(product.id), label: product.name, hint: product.sku || undefined })),
  product: (id: number): Promise<OwnerProduct> => productsApi.get(id),
  attributes: () => productsApi.attributes(),
  currency: () => productsApi.currency(),
};
