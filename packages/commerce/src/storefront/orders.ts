/** A placed order as the Store API and the storefront's order pages show it (spec §3). Money: minor-unit strings. */
import type { CurrencyFields } from "../money.ts";
import type { OrderAttributionField } from "../order-attribution.ts";

export type OrderStatus = "checkout-draft" | "pending" | "processing" | "on-hold" | "completed" | "cancelled" | "refunded" | "failed";

/** Where an order came from (decision 0014): its origin for everyone; the shop owner also gets every stored field. */
export type OrderOrigin = { origin: string } & Partial<Record<OrderAttributionField | "device_type", string | number | null>>;

export interface OrderView {
  id: number;
  order_number: string;
  status: OrderStatus;
  customer_id: number;
  customer_note: string;
  /** The shop's additional contact and order fields, by field id (address fields live in the addresses). */
  additional_fields: Record<string, string | boolean>;
  date_created: string;
  date_paid: string | null;
  billing_address: Record<string, string>;
  shipping_address: Record<string, string>;
  payment_method: string;
  payment_method_title: string;
  payment_details: { key: string; value: string }[];
  items: {
    id: number;
    product_id: number;
    variation_id: number;
    name: string;
    sku: string;
    quantity: number;
    variation: { attribute: string; value: string }[];
    totals: { line_subtotal: string; line_subtotal_tax: string; line_total: string; line_total_tax: string } & Partial<CurrencyFields>;
  }[];
  coupons: { code: string; totals: { total_discount: string; total_discount_tax: string } & Partial<CurrencyFields> }[];
  shipping_lines: unknown[];
  fees: unknown[];
  /** The cart's totals when the order was placed, with its currency fields. */
  totals: Record<string, unknown>;
  /** Money the shop has given back, oldest first: each refund that is done, with the reason the shop gave (also e-mailed). */
  refunds: ({ id: number; total: string; reason: string; date_created: string } & Partial<CurrencyFields>)[];
  attribution: OrderOrigin;
}

/** One line of a customer's order list (my account). Amounts in minor units. */
export interface CustomerOrderSummary {
  id: number;
  order_number: string;
  status: OrderStatus;
  date_created: string;
  total: string;
  item_count: number;
  currency: CurrencyFields;
}

/** One page of a customer's order list (my account); a page past the last has no orders. */
export interface CustomerOrderPage {
  orders: CustomerOrderSummary[];
  page: number;
  pages: number;
  total: number;
}
