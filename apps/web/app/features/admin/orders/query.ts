/**
 * The order list's filters, tab, sorting and page: read from the page's URL (clamped to what the owner
 * API takes), written back to the page's links, and sent to the list, the CSV export and the updates.
 * The page's query string uses the API's own names, so a link to a tab or a filter reads the same everywhere.
 */
import { pageParam } from "../components/page-param.ts";

export const STATUS_TABS = ["all", "pending", "processing", "on-hold", "completed", "cancelled", "refunded", "failed"] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

export const SOURCE_TYPES = ["utm", "organic", "referral", "typein", "admin", "unknown"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export interface OrderFilterQuery {
  status: StatusTab;
  search: string;
  /** Days, YYYY-MM-DD, or "". */
  from: string;
  to: string;
  payment_method: string;
  source_type: SourceType | "";
  source: string;
  orderby: "date" | "total";
  order: "desc" | "asc";
  page: number;
}

export const DEFAULT_QUERY: OrderFilterQuery = {
  status: "all",
  search: "",
  from: "",
  to: "",
  payment_method: "",
  source_type: "",
  source: "",
  orderby: "date",
  order: "desc",
  page: 1,
};

/** A real calendar day as YYYY-MM-DD, else "" (the API refuses anything else). */
export function dayOrEmpty(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : "";
}

const text = (search: URLSearchParams, name: string, max: number) => (search.get(name) ?? "").trim().slice(0, max);

export function orderQuery(search: URLSearchParams): OrderFilterQuery {
  const status = search.get("status") as StatusTab;
  const sourceType = search.get("source_type") as SourceType;
  let from = dayOrEmpty(search.get("from"));
  let to = dayOrEmpty(search.get("to"));
  // A range given backwards still means the days between them.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: STATUS_TABS.includes(status) ? status : "all",
    search: text(search, "search", 200),
    from,
    to,
    payment_method: text(search, "payment_method", 100),
    source_type: SOURCE_TYPES.includes(sourceType) ? sourceType : "",
    // Orders without attribution have no source: "unknown" with a source would match nothing.
    source: sourceType === "unknown" ? "" : text(search, "source", 200),
    orderby: search.get("orderby") === "total" ? "total" : "date",
    order: search.get("order") === "asc" ? "asc" : "desc",
    page: pageParam(search),
  };
}

/** The narrowing filters the API takes (not the tab, sorting or page), only those set. */
export function filterParams(query: OrderFilterQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.search) params.search = query.search;
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  if (query.payment_method) params.payment_method = query.payment_method;
  if (query.source_type) params.source_type = query.source_type;
  if (query.source) params.source = query.source;
  return params;
}

export const isFiltered = (query: OrderFilterQuery): boolean => Object.keys(filterParams(query)).length > 0;

/** Everything but the page, defaults left out: what the list and its CSV export both take. */
export function listParams(query: OrderFilterQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.status !== "all") params.status = query.status;
  Object.assign(params, filterParams(query));
  if (query.orderby !== "date") params.orderby = query.orderby;
  if (query.order !== "desc") params.order = query.order;
  return params;
}

function withQuery(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}

/** The list page's own URL for `query` with some parts changed (a tab, a sort, a page); defaults are left out. */
export function ordersPath(query: OrderFilterQuery, change: Partial<OrderFilterQuery> = {}): string {
  const next = { ...query, ...change };
  const params = listParams(next);
  if (next.page > 1) params.page = String(next.page);
  return withQuery("/admin/orders", params);
}

/** A tab keeps the filters and sorting and starts at its first page. */
export const tabPath = (query: OrderFilterQuery, status: StatusTab) => ordersPath(query, { status, page: 1 });

/** The same filters and tab without any narrowing filter. */
export const clearedPath = (query: OrderFilterQuery) =>
  ordersPath(query, { search: "", from: "", to: "", payment_method: "", source_type: "", source: "", page: 1 });

export type SortColumn = "date" | "total";

/** A column header's link: the shown column flips its direction, another column starts at its largest (newest) first. */
export function sortPath(query: OrderFilterQuery, column: SortColumn): string {
  const order = query.orderby === column && query.order === "desc" ? "asc" : "desc";
  return ordersPath(query, { orderby: column, order, page: 1 });
}
