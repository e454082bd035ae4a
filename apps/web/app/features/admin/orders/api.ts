/**
 * The owner API's orders as the list page reads and changes them (issue 18): the list with its tab
 * counts, the new orders since an id (live updates), the bulk status change, and the addresses of
 * the CSV export and the printable documents (same-origin links: the session cookie goes with them).
 */
import type { OwnerPaging } from "@cartwright/commerce/admin";
import { ADMIN_API, type AdminClient, adminClient } from "../api.ts";
import { listParams, type OrderFilterQuery, type StatusTab } from "./query.ts";

export type OrderStatus = Exclude<StatusTab, "all"> | "checkout-draft";

export interface OrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  date_created: string;
  customer: { id: number | null; guest: boolean; name: string; email: string };
  item_count: number;
  total: number;
  /** Minor units refunded so far. */
  refunded: number;
  currency: string;
  /** Decimals of the amounts (the shop's for its currency: 2 means 2682 is 26.82). */
  currency_minor_unit: number;
  payment_method: string;
  payment_method_title: string;
  origin: string;
  /** Sent back with a bulk status change: an order changed since the list showed it is left as it is. */
  date_modified: string;
}

export type StatusCounts = Record<StatusTab | "checkout-draft", number>;

export interface OrderList extends OwnerPaging {
  orders: OrderRow[];
  counts: StatusCounts;
}

export interface OrderUpdates {
  latest_id: number;
  /** Placed after the id asked about, newest first, at most 20. */
  orders: OrderRow[];
  counts: StatusCounts;
}

/** The statuses the bulk actions set (refunded is reached through refunds only). */
export type BulkStatus = "processing" | "on-hold" | "completed" | "cancelled";

export interface BulkResult {
  updated: number[];
  failed: { id: number; code: string; message: string }[];
}

export type PrintDocument = "invoice" | "packing-slip";

export const PER_PAGE = 20;

/** At most this many orders go to one printable page (GET /orders/documents takes 50). */
export const MAX_PRINT = 50;

export function ordersCsvUrl(query: OrderFilterQuery): string {
  const search = new URLSearchParams(listParams(query)).toString();
  return `${ADMIN_API}/orders/export.csv${search ? `?${search}` : ""}`;
}

export function printUrl(ids: readonly number[], document: PrintDocument): string {
  // Ids are digits and the document a fixed word: the address reads as the contract writes it (ids=1,2).
  return `/admin/orders/print?ids=${ids.join(",")}&document=${document}`;
}

/** The calls, on the page's client unless a test gives its own. */
export function ordersApi(client: AdminClient = adminClient()) {
  return {
    list: (query: OrderFilterQuery, signal?: AbortSignal) =>
      client.admin<OrderList>("/orders", { query: { ...listParams(query), page: query.page, per_page: PER_PAGE }, signal }),
    updates: (afterId: number, signal?: AbortSignal) =>
      client.admin<OrderUpdates>("/orders/updates", { query: { after_id: afterId }, signal }),
    /** Each order with the date_modified its row showed, so one changed since is left as it is (decision 0037's amendment). */
    bulkStatus: (orders: readonly Pick<OrderRow, "id" | "date_modified">[], status: BulkStatus) =>
      client.admin<BulkResult>("/orders/bulk/status", {
        method: "POST",
        body: {
          ids: orders.map((order) => order.id),
          status,
          date_modified: Object.fromEntries(orders.map((order) => [String(order.id), order.date_modified])),
        },
      }),
  };
}
