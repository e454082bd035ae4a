/**
 * One order as the owner API gives it (`GET /api/admin/v1/orders/{id}`, OrderReply in
 * orders.admin.schemas.ts) and the order page's writes (contract of issue 18, parts A and B):
 * each write answers the whole, fresh OrderReply the page re-renders from.
 */
import { adminClient } from "../api.ts";

export type OrderStatus = "pending" | "processing" | "on-hold" | "completed" | "cancelled" | "refunded" | "failed" | "checkout-draft";

export type ActorType = "customer" | "guest" | "gateway" | "owner" | "manager" | "shop";

export interface Actor {
  type: ActorType;
  id?: number | string;
  email?: string;
  /** How staff acted when not from the console: "API key <description>" (decision 0098). */
  via?: string;
}

export interface OrderLine {
  id: number;
  product_id: number;
  variation_id: number | null;
  name: string;
  sku: string;
  quantity: number;
  /** Unit price before discounts and tax, minor units. */
  price: number;
  subtotal: number;
  subtotal_tax: number;
  total: number;
  total_tax: number;
  variation: { attribute: string; value: string }[];
  /** Contract B; absent until refunds are served. */
  refunded_quantity?: number;
  refunded_total?: number;
}

export interface OrderTotals {
  currency: string;
  /** Decimals of the amounts (the shop's for its currency: 2 means 2682 is 26.82). */
  currency_minor_unit: number;
  items: number;
  items_tax: number;
  discount: number;
  discount_tax: number;
  coupons: { code: string; discount: number; discount_tax: number }[];
  shipping: number;
  shipping_tax: number;
  /** Each fee by its line id, with how it is taxed (decision 0101): `tax_class_name` empty when not taxed. */
  fees: {
    id: string;
    name: string;
    total: number;
    total_tax: number;
    tax_status: "taxable" | "none";
    tax_class: string;
    tax_class_name: string;
  }[];
  tax: number;
  tax_lines: { name: string; rate: string; amount: number }[];
  total: number;
  refunded: number;
}

export type TimelineType = "placed" | "payment_attempt" | "paid" | "status" | "note" | "email" | "address" | "refund";

export interface TimelineEvent {
  at: string;
  type: TimelineType;
  actor: Actor | null;
  status?: string;
  from?: string;
  amount?: number;
  message?: string;
  to_customer?: boolean;
  email?: string;
  to?: string;
  /** email: not sent, as the owner switched it off. */
  skipped?: "switched_off";
  which?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  refund_id?: number;
  method?: string;
  restocked?: boolean;
  stock_returned?: boolean;
  coupons_returned?: string[];
}

export type RefundMethod = "gateway" | "manual";

export interface Refund {
  id: number;
  amount: number;
  reason: string;
  method: RefundMethod;
  restocked: boolean;
  gateway_refund_id: string;
  actor: { type: string; id: number; email: string } | null;
  created_at: string;
  lines: { line_id: number; quantity: number; amount: number }[];
}

export type Address = Record<string, string | boolean>;

export interface OrderReply {
  id: number;
  number: string;
  status: OrderStatus;
  date_created: string;
  date_modified: string;
  date_paid: string | null;
  /** The customer's payment page (`/checkout/order-pay/{id}?key=…`) while the order awaits its payment; else null. */
  payment_url: string | null;
  customer_note: string;
  customer: {
    id: number | null;
    guest: boolean;
    email: string;
    name: string;
    account: { id: number; email: string; first_name: string; last_name: string; created_at: string } | null;
  };
  lines: OrderLine[];
  totals: OrderTotals;
  billing_address: Address;
  shipping_address: Address;
  shipping: { lines: { method_id: string; instance_id: number; name: string; total: number }[]; pickup_location: string | null };
  payment: { method: string; title: string; transaction_id: string; details: { key: string; value: string }[] };
  additional_fields: Record<string, string | boolean>;
  origin: { origin: string } & Record<string, unknown>;
  timeline: TimelineEvent[];
  /** Contract B; absent until refunds are served. */
  refunds?: Refund[];
  refundable?: number;
  refund_methods?: RefundMethod[];
}

export type OrderEmail = "customer_confirmation" | "owner_notice" | "customer_completed" | "customer_invoice";
export type AddressKind = "billing" | "shipping";

export interface RefundRequest {
  amount: number;
  lines: { line_id: number; quantity: number; amount: number }[];
  restock: boolean;
  reason?: string;
  method: RefundMethod;
}

const c = () => adminClient();

export const orderApi = {
  get: (id: number) => c().admin<OrderReply>(`/orders/${id}`),
  /** Sent with the order's date_modified as the page shows it: an order changed since is refused (409 cw_rest_order_changed). */
  setStatus: (id: number, status: OrderStatus, dateModified: string) =>
    c().admin<OrderReply>(`/orders/${id}/status`, { method: "POST", body: { status, date_modified: dateModified } }),
  addNote: (id: number, note: string, toCustomer: boolean) =>
    c().admin<OrderReply>(`/orders/${id}/notes`, { method: "POST", body: { note, to_customer: toCustomer } }),
  saveAddress: (id: number, which: AddressKind, address: Address) =>
    c().admin<OrderReply>(`/orders/${id}/addresses/${which}`, { method: "PUT", body: address }),
  sendEmail: (id: number, email: OrderEmail) => c().admin<OrderReply>(`/orders/${id}/emails`, { method: "POST", body: { email } }),
  refund: (id: number, request: RefundRequest) =>
    c().admin<{ refund: Refund; order: OrderReply }>(`/orders/${id}/refunds`, { method: "POST", body: request }),
};

/** Print links of the documents route (contract F). */
export const printPath = (id: number, document: "invoice" | "packing-slip") => `/admin/orders/print?ids=${id}&document=${document}`;
