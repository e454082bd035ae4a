/** The stock page's address (decision 0099), pure: what a URL asks for, and the links that keep it. */

import { pageParam } from "../components/page-param.ts";
import type { StockQuery, StockTab } from "./api.ts";

export const STOCK_TABS: StockTab[] = ["all", "low", "out", "backorder", "instock"];

export function stockQuery(params: URLSearchParams): StockQuery {
  const status = params.get("status") ?? "all";
  return {
    status: (STOCK_TABS as string[]).includes(status) ? (status as StockTab) : "all",
    search: (params.get("search") ?? "").trim().slice(0, 100),
    order: params.get("order") === "desc" ? "desc" : "asc",
    page: pageParam(params),
  };
}

/** The page's address for a query; defaults left out. */
export function stockLink(query: StockQuery, change: Partial<StockQuery> = {}): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.status !== "all") params.set("status", next.status);
  if (next.search) params.set("search", next.search);
  if (next.order === "desc") params.set("order", "desc");
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `/admin/stock?${text}` : "/admin/stock";
}

/** Stock in the product's units: "1 unit", "12 units", "−2 units" (owed on backorder). */
export function unitsText(quantity: number): string {
  const sign = quantity < 0 ? "\u2212" : "";
  return `${sign}${Math.abs(quantity).toLocaleString("en")} ${Math.abs(quantity) === 1 ? "unit" : "units"}`;
}
