/**
 * The reports page's state (decision 0104), read from its URL and written back to links: the tab (its
 * own path, /admin/reports/products), the days (the dashboard's range rules), a search, the sort and
 * the page, clamped to what the owner API takes; defaults are left out of the URL.
 */

import { pageParam } from "../components/page-param.ts";
import { type DayRange, presetDays, rangeFromSearch } from "../dashboard/range.ts";
import { shopToday } from "../time-zone.ts";

export const REPORT_TABS = ["products", "coupons", "taxes", "customers"] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** Each tab's sortable columns, the first its default, as GET /reports/{tab} names them. */
export const TAB_SORTS = {
  products: ["items_sold", "net_sales", "orders", "name"],
  coupons: ["orders", "discount", "code"],
  taxes: ["total_tax", "order_tax", "shipping_tax", "orders", "label"],
  customers: ["spend", "orders", "average", "last_order", "name"],
} as const satisfies Record<ReportTab, readonly string[]>;
export type ReportSort = (typeof TAB_SORTS)[ReportTab][number];

/** The tabs a search box shows on: the long lists. */
export const SEARCHABLE: readonly ReportTab[] = ["products", "customers"];

export interface ReportQuery extends DayRange {
  tab: ReportTab;
  search: string;
  sort: ReportSort;
  order: "asc" | "desc";
  page: number;
}

const NAMES = new Set<string>(["name", "code", "label"]);
/** Names read A to Z; figures read biggest or newest first. */
export const defaultOrder = (sort: string): "asc" | "desc" => (NAMES.has(sort) ? "asc" : "desc");
export const defaultSort = (tab: ReportTab): ReportSort => TAB_SORTS[tab][0];

export const isReportTab = (value: string | undefined): value is ReportTab => REPORT_TABS.includes(value as ReportTab);

/** The page's state for a tab from its URL; `invalid` says a range was asked for and refused (the last 30 days then). */
export function reportQuery(tab: ReportTab, search: URLSearchParams, today = shopToday()): ReportQuery & { invalid: boolean } {
  const { invalid, ...range } = rangeFromSearch(search, today);
  const sorts: readonly string[] = TAB_SORTS[tab];
  const asked = search.get("sort") ?? "";
  const sort = (sorts.includes(asked) ? asked : defaultSort(tab)) as ReportSort;
  const order = search.get("order");
  return {
    tab,
    ...range,
    search: SEARCHABLE.includes(tab) ? (search.get("search") ?? "").trim().slice(0, 200) : "",
    sort,
    order: order === "asc" || order === "desc" ? order : defaultOrder(sort),
    page: pageParam(search),
    invalid,
  };
}

/** The days part of a URL: left out when they are the default last 30 days. */
function rangeParams(range: DayRange, params: URLSearchParams, today: Date) {
  const last30 = presetDays("last30", today);
  if (range.from === last30.from && range.to === last30.to) return;
  params.set("from", range.from);
  params.set("to", range.to);
}

/** A tab's URL for `query` with some parts changed: another tab keeps the days only, starting on its own defaults. */
export function reportPath(query: ReportQuery, change: Partial<ReportQuery> = {}, today = shopToday()): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  rangeParams(next, params, today);
  if (next.tab === query.tab || change.sort) {
    if (next.search && SEARCHABLE.includes(next.tab)) params.set("search", next.search);
    if (next.sort !== defaultSort(next.tab)) params.set("sort", next.sort);
    if (next.order !== defaultOrder(next.sort)) params.set("order", next.order);
    if (next.page > 1) params.set("page", String(next.page));
  }
  const text = params.toString();
  return `/admin/reports/${next.tab}${text ? `?${text}` : ""}`;
}

/** Another tab, for the same days. */
export const tabPath = (query: ReportQuery, tab: ReportTab, today = shopToday()): string =>
  reportPath({ ...query, tab, search: "", sort: defaultSort(tab), order: defaultOrder(defaultSort(tab)), page: 1 }, {}, today);

/** Where a column header's link goes: the same column turns the order round, another starts at its own default and page 1. */
export function sortPath(query: ReportQuery, sort: ReportSort, today = shopToday()): string {
  const order = query.sort === sort ? (query.order === "asc" ? "desc" : "asc") : defaultOrder(sort);
  return reportPath(query, { sort, order, page: 1 }, today);
}

/** The tab's query as the owner API takes it, without the page (the CSV has every row). */
export function apiParams(query: ReportQuery): Record<string, string> {
  const params: Record<string, string> = { from: query.from, to: query.to, sort: query.sort, order: query.order };
  if (query.search) params.search = query.search;
  return params;
}

/** The CSV of what the tab shows: the same days, search and order (GET /reports/{tab}.csv). */
export const reportCsvUrl = (query: ReportQuery): string =>
  `/api/admin/v1/reports/${query.tab}.csv?${new URLSearchParams(apiParams(query))}`;
