/** The owner API's stock report (`/api/admin/v1/reports/stock`, decision 0099) as the console reads it. */
import { adminClient } from "../api.ts";

export type StockTab = "all" | "low" | "out" | "backorder" | "instock";
export type StockRowStatus = Exclude<StockTab, "all">;

export interface StockRow {
  id: number;
  /** The product whose editor holds it (a variation's parent). */
  product_id: number;
  type: "simple" | "variable" | "variation";
  name: string;
  /** A variation's options ("Blue, S"); "" for a product of its own. */
  options: string;
  sku: string;
  published: boolean;
  stock_quantity: number;
  low_stock_amount: number;
  backorders: "no" | "notify" | "yes";
  status: StockRowStatus;
}

export type StockCounts = Record<StockTab, number>;

export interface StockReport {
  items: StockRow[];
  counts: StockCounts;
  total: number;
  page: number;
  pages: number;
}

export interface StockQuery {
  status: StockTab;
  search: string;
  order: "asc" | "desc";
  page: number;
}

export const stockApi = {
  report: (query: StockQuery, perPage: number) =>
    adminClient().admin<StockReport>("/reports/stock", {
      query: {
        status: query.status,
        search: query.search || undefined,
        orderby: "stock",
        order: query.order,
        page: String(query.page),
        per_page: String(perPage),
      },
    }),
  counts: () => adminClient().admin<StockCounts>("/reports/stock/counts"),
};
