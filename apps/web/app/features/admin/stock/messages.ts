/** The stock page's texts (decision 0099). */
import type { StockRowStatus, StockTab } from "./api.ts";

export const stockMessages = {
  title: "Stock",
  intro:
    "Products and variations that track their stock. Low stock is at or below the product's own low amount, else the shop's (Settings → Stock).",
  tabsLabel: "Stock by status",
  tabs: { all: "All", low: "Low stock", out: "Out of stock", backorder: "On backorder", instock: "In stock" } satisfies Record<
    StockTab,
    string
  >,
  statuses: { low: "Low stock", out: "Out of stock", backorder: "On backorder", instock: "In stock" } satisfies Record<
    StockRowStatus,
    string
  >,
  tabCount: (label: string, n: number) => `${label} (${n.toLocaleString("en")})`,
  filters: "Search stock",
  search: "Search by name or SKU",
  filter: "Search",
  total: (n: number) => (n === 1 ? "1 product" : `${n.toLocaleString("en")} products`),
  empty: "No products here.",
  columns: { product: "Product", sku: "SKU", status: "Status", stock: "Stock" },
  sortBy: (order: "asc" | "desc") =>
    order === "asc" ? "Stock, lowest first: show highest first" : "Stock, highest first: show lowest first",
  lowAt: (n: number) => `low at ${n}`,
  draft: "Draft",
  edit: (name: string) => `Edit ${name}`,
};
