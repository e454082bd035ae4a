/** The customers list's search, sorting and page: read from the URL (clamped to what the owner API takes) and written back to links. */
import { pageParam } from "../components/page-param.ts";

export type CustomerSort = "name" | "spend" | "orders" | "last_order";
export const CUSTOMER_SORTS: readonly CustomerSort[] = ["name", "orders", "spend", "last_order"];

export interface CustomerListQuery {
  search: string;
  sort: CustomerSort;
  order: "asc" | "desc";
  page: number;
}

/** Names read A to Z; figures read biggest or newest first. */
export const defaultOrder = (sort: CustomerSort): "asc" | "desc" => (sort === "name" ? "asc" : "desc");

export const searchFrom = (search: URLSearchParams): string => (search.get("search") ?? "").trim().slice(0, 200);

export function customerQuery(search: URLSearchParams): CustomerListQuery {
  const sort = CUSTOMER_SORTS.find((value) => value === search.get("sort")) ?? "name";
  const order = search.get("order");
  return {
    search: searchFrom(search),
    sort,
    order: order === "asc" || order === "desc" ? order : defaultOrder(sort),
    page: pageParam(search),
  };
}

/** The list's own URL for `query` with some parts changed; defaults are left out. */
export function customersPath(query: CustomerListQuery, change: Partial<CustomerListQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.sort !== "name") params.set("sort", next.sort);
  if (next.order !== defaultOrder(next.sort)) params.set("order", next.order);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return `/admin/customers${text ? `?${text}` : ""}`;
}

/** Where a column header's link goes: the same column turns the order round, another starts at its own default and page 1. */
export function sortPath(query: CustomerListQuery, sort: CustomerSort): string {
  const order = query.sort === sort ? (query.order === "asc" ? "desc" : "asc") : defaultOrder(sort);
  return customersPath(query, { sort, order, page: 1 });
}

export interface GuestListQuery {
  search: string;
  page: number;
}

export function guestQuery(search: URLSearchParams): GuestListQuery {
  return { search: searchFrom(search), page: pageParam(search) };
}

export function guestsPath(query: GuestListQuery, change: Partial<GuestListQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return `/admin/customers/guests${text ? `?${text}` : ""}`;
}

export const guestPath = (email: string): string => `/admin/customers/guest?${new URLSearchParams({ email })}`;

/** The customers CSV of the list's search (GET /customers/export.csv, decision 0103). */
export function customersCsvUrl(search: string): string {
  const words = search.trim();
  return `/api/admin/v1/customers/export.csv${words ? `?${new URLSearchParams({ search: words })}` : ""}`;
}
