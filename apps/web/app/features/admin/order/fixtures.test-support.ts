/** An order as the owner API answers it, for the order page's unit tests: two lines (one discounted), tax, a coupon, shipping. */
import type { OrderLine, OrderReply } from "./api.ts";

export function line(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 11,
    product_id: 3,
    variation_id: null,
    name: "Beanie",
    sku: "BEANIE",
    quantity: 3,
    price: 1800,
    subtotal: 5400,
    subtotal_tax: 540,
    total: 5000,
    total_tax: 500,
    variation: [],
    refunded_quantity: 0,
    refunded_total: 0,
    ...overrides,
  };
}

export function order(overrides: Partial<OrderReply> = {}): OrderReply {
  return {
    id: 42,
    number: "42",
    status: "processing",
    date_created: "2026-11-20T10:00:00.000Z",
    date_modified: "2026-11-20T10:05:00.000Z",
    date_paid: "2026-11-20T10:01:00.000Z",
    payment_url: null,
    customer_note: "",
    customer: { id: null, guest: true, email: "ada@example.com", name: "Ada Shopper", account: null },
    lines: [
      line(),
      line({ id: 12, name: "Cap", sku: "CAP", quantity: 1, price: 1000, subtotal: 1000, subtotal_tax: 100, total: 1000, total_tax: 100 }),
    ],
    totals: {
      currency: "USD",
      currency_minor_unit: 2,
      items: 6400,
      items_tax: 640,
      discount: 400,
      discount_tax: 40,
      coupons: [{ code: "WINTER", discount: 400, discount_tax: 40 }],
      shipping: 500,
      shipping_tax: 50,
      fees: [],
      tax: 650,
      tax_lines: [{ name: "VAT", rate: "10%", amount: 650 }],
      total: 7150,
      refunded: 0,
    },
    billing_address: {},
    shipping_address: {},
    shipping: { lines: [{ method_id: "flat_rate", instance_id: 1, name: "Flat rate", total: 500 }], pickup_location: null },
    payment: { method: "test_card", title: "Test card", transaction_id: "tx_1", details: [] },
    additional_fields: {},
    origin: { origin: "Direct" },
    timeline: [],
    refunds: [],
    refundable: 7150,
    refund_methods: ["gateway", "manual"],
    ...overrides,
  };
}
