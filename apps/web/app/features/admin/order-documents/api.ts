/**
 * The owner API's order documents and exports (issue 18, decision 0033) as the console reads them:
 * orders for printing, and the addresses other order pages link to (the print page, the CSV).
 */
import { ADMIN_API, adminClient } from "../api.ts";

export type OrderDocumentKind = "invoice" | "packing-slip";
export const DOCUMENT_KINDS: readonly OrderDocumentKind[] = ["invoice", "packing-slip"];
/** The server prints at most this many orders at once. */
export const MAX_PRINTED_ORDERS = 50;

/** An address as the order keeps it (the shop's own address fields may be true or false). */
export type OrderAddress = Record<string, string | boolean>;

export interface DocumentLine {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  /** Unit price before discounts, without tax; minor units. */
  price: number;
  subtotal: number;
  subtotal_tax: number;
  total: number;
  total_tax: number;
  variation: { attribute: string; value: string }[];
}

export interface DocumentOrder {
  id: number;
  number: string;
  status: string;
  date_created: string;
  date_paid: string | null;
  customer_note: string;
  customer: { email: string; name: string };
  lines: DocumentLine[];
  totals: {
    currency: string;
    currency_minor_unit: number;
    items: number;
    discount: number;
    coupons: { code: string; discount: number }[];
    shipping: number;
    fees: { id: string; name: string; total: number }[];
    tax: number;
    tax_lines: { name: string; rate: string; amount: number }[];
    total: number;
    refunded: number;
  };
  billing_address: OrderAddress;
  shipping_address: OrderAddress;
  shipping: { lines: { method_id: string; name: string; total: number }[]; pickup_location: string | null };
  payment: { method: string; title: string; transaction_id: string };
}

export interface OrderDocuments {
  shop: { name: string; address: string[]; email: string };
  orders: DocumentOrder[];
}

export const orderDocumentsApi = {
  /** The orders whole, in the order asked, and the shop's heading; unknown numbers fail with 404 naming them. */
  read: (ids: readonly number[]) => adminClient().admin<OrderDocuments>("/orders/documents", { query: { ids: ids.join(",") } }),
};

/** The print page of these orders (for the order list's selection and the order page's print links). */
export function printPath(ids: readonly number[], document: OrderDocumentKind): string {
  return `/admin/orders/print?${new URLSearchParams({ ids: ids.join(","), document })}`;
}

/** Where the CSV of the orders the list's filters match downloads from (same origin: the session cookie goes with it). */
export function ordersCsvUrl(filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return `${ADMIN_API}/orders/export.csv${text ? `?${text}` : ""}`;
}

/** The print page's query: the order numbers (each once, at most MAX_PRINTED_ORDERS) and the document; null when it names none. */
export function printQuery(params: URLSearchParams): { ids: number[]; document: OrderDocumentKind } | null {
  const document = params.get("document") ?? "invoice";
  const ids = [
    ...new Set(
      (params.get("ids") ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => /^[1-9]\d{0,9}$/.test(part))
        .map(Number),
    ),
  ];
  if (!DOCUMENT_KINDS.includes(document as OrderDocumentKind) || ids.length === 0 || ids.length > MAX_PRINTED_ORDERS) return null;
  return { ids, document: document as OrderDocumentKind };
}
