/** The entries screen's filters: read from the page's URL (clamped to what the owner API takes) and written back to links and the API. */
import { pageParam } from "../components/page-param.ts";

export type StatusFilter = "" | "complete" | "spam";
export type PaymentFilter = "" | "none" | "pending" | "paid" | "failed";

export interface EntryFilterQuery {
  search: string;
  status: StatusFilter;
  payment: PaymentFilter;
  /** Days, YYYY-MM-DD, or "". */
  from: string;
  to: string;
  order: "newest" | "oldest";
  page: number;
}

const STATUSES: readonly StatusFilter[] = ["complete", "spam"];
const PAYMENTS: readonly PaymentFilter[] = ["none", "pending", "paid", "failed"];

/** A real calendar day as YYYY-MM-DD, else "" (the API refuses anything else). */
export function dayOrEmpty(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : "";
}

export function entryQuery(search: URLSearchParams): EntryFilterQuery {
  const status = search.get("status") as StatusFilter;
  const payment = search.get("payment") as PaymentFilter;
  let from = dayOrEmpty(search.get("from"));
  let to = dayOrEmpty(search.get("to"));
  // A range given backwards still means the days between them, as the orders list reads it.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    search: (search.get("search") ?? "").trim().slice(0, 200),
    status: STATUSES.includes(status) ? status : "",
    payment: PAYMENTS.includes(payment) ? payment : "",
    from,
    to,
    order: search.get("order") === "oldest" ? "oldest" : "newest",
    page: pageParam(search),
  };
}

/** The filters the API takes (list and CSV alike), only those set. */
export function filterParams(query: EntryFilterQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.search) params.search = query.search;
  if (query.status) params.status = query.status;
  if (query.payment) params.payment_status = query.payment;
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  return params;
}

export const isFiltered = (query: EntryFilterQuery): boolean => Object.keys(filterParams(query)).length > 0;

/** The entries page's own URL for `query` with some parts changed (pages, sorting); defaults are left out. */
export function entriesPath(formId: number, query: EntryFilterQuery, change: Partial<EntryFilterQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.status) params.set("status", next.status);
  if (next.payment) params.set("payment", next.payment);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.order === "oldest") params.set("order", "oldest");
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return `/admin/forms/${formId}/entries${text ? `?${text}` : ""}`;
}
