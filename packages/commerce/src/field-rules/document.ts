/**
 * The document an additional checkout field's rules are checked against (spec §3 "conditional
 * required and hidden rules evaluated against {cart, checkout, customer} data"). One builder for
 * the server and the page, so a rule means the same on both sides.
 */
import type { StoreCart } from "../store-api.ts";

/** A field's value as rules see it: a checkbox is a boolean, text is trimmed, empty text is absent. */
export type RuleValue = string | boolean;

export interface FieldRuleDocument {
  cart: {
    /** Product (or variation) ids and quantities. */
    items: { id: number; quantity: number }[];
    items_count: number;
    /** Applied coupon codes. */
    coupons: string[];
    /** Totals in minor units. */
    totals: { total_items: number; total_discount: number; total_shipping: number; total_tax: number; total_price: number };
    needs_shipping: boolean;
    /** The chosen rate of each package, as 'flat_rate:1'. */
    shipping_rates: string[];
    /** The method of each chosen rate, as 'flat_rate' or 'pickup_location'. */
    shipping_methods: string[];
    prefers_collection: boolean;
  };
  checkout: {
    payment_method: string;
    create_account: boolean;
    customer_note: string;
    /** Contact and order field values by field id. */
    additional_fields: Record<string, RuleValue>;
  };
  customer: {
    /** 0 for a guest. */
    id: number;
    billing_address: Record<string, unknown>;
    shipping_address: Record<string, unknown>;
    /** Only for an address field: the address being checked, with its additional field values. */
    address?: Record<string, unknown>;
  };
}

export interface FieldRuleDocumentInput {
  cart: Pick<StoreCart, "items" | "items_count" | "coupons" | "totals" | "needs_shipping" | "shipping_rates">;
  /** The shopper chose to collect; by default, when a chosen rate is a pickup location. */
  prefersCollection?: boolean;
  checkout: { payment_method?: string; create_account?: boolean; customer_note?: string; additional_fields?: Record<string, unknown> };
  customer: { id?: number; billing_address?: object; shipping_address?: object };
}

/** A sent value as rules see it (undefined: nothing there). */
export function ruleValue(value: unknown): RuleValue | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return text ? text : undefined;
}

const minor = (amount: string | null | undefined) => {
  const value = Number(amount ?? 0);
  return Number.isFinite(value) ? value : 0;
};

function ruleValues(values: Record<string, unknown>): Record<string, RuleValue> {
  const kept: Record<string, RuleValue> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = ruleValue(raw);
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

export function fieldRuleDocument({ cart, prefersCollection, checkout, customer }: FieldRuleDocumentInput): FieldRuleDocument {
  const chosen = cart.shipping_rates.flatMap((p) => p.shipping_rates.filter((r) => r.selected));
  return {
    cart: {
      items: cart.items.map((item) => ({ id: item.id, quantity: item.quantity })),
      items_count: cart.items_count,
      coupons: cart.coupons.map((c) => c.code),
      totals: {
        total_items: minor(cart.totals.total_items),
        total_discount: minor(cart.totals.total_discount),
        total_shipping: minor(cart.totals.total_shipping),
        total_tax: minor(cart.totals.total_tax),
        total_price: minor(cart.totals.total_price),
      },
      needs_shipping: cart.needs_shipping,
      shipping_rates: chosen.map((r) => r.rate_id),
      shipping_methods: chosen.map((r) => r.method_id),
      prefers_collection: prefersCollection ?? chosen.some((r) => r.method_id === "pickup_location"),
    },
    checkout: {
      payment_method: checkout.payment_method ?? "",
      create_account: checkout.create_account ?? false,
      customer_note: checkout.customer_note ?? "",
      additional_fields: ruleValues(checkout.additional_fields ?? {}),
    },
    customer: {
      id: customer.id ?? 0,
      billing_address: ruleValues({ ...customer.billing_address }),
      shipping_address: ruleValues({ ...customer.shipping_address }),
    },
  };
}

/** The document for an address field: `customer.address` is the address being checked. */
export const withAddress = (document: FieldRuleDocument, address: object): FieldRuleDocument => ({
  ...document,
  customer: { ...document.customer, address: ruleValues({ ...address }) },
});
