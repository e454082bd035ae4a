import { describe, expect, it } from "vitest";
import { type RefundEmailData, renderRefundNotice } from "./refund.ts";

const data = (fields: Partial<RefundEmailData> = {}): RefundEmailData => ({
  orderId: 42,
  siteTitle: "Cartwright <Demo>",
  currency: {
    currency_code: "USD",
    currency_symbol: "$",
    currency_minor_unit: 2,
    currency_decimal_separator: ".",
    currency_thousand_separator: ",",
    currency_prefix: "$",
    currency_suffix: "",
  },
  amount: 1250,
  refundedTotal: 1250,
  orderTotal: 5000,
  reason: "Arrived <b>late</b>",
  lines: [
    { name: "Classic T-Shirt", quantity: 1, amount: 1000 },
    { name: "Nothing", quantity: 0, amount: 0 },
  ],
  orderUrl: "https://shop.example.com/checkout/order-received/42?key=k",
  ...fields,
});

describe("renderRefundNotice (customer_refunded)", () => {
  it("tells a partial refund: the amount, the lines refunded, the reason and what was refunded so far", () => {
    const mail = renderRefundNotice(data());
    expect(mail.subject).toBe("[Cartwright <Demo>] Your order #42 has been partially refunded");
    expect(mail.text).toContain("We have refunded $12.50 of your order #42");
    expect(mail.text).toContain("Classic T-Shirt × 1: $10.00");
    expect(mail.text).not.toContain("Nothing");
    expect(mail.text).toContain("Reason: Arrived <b>late</b>");
    expect(mail.text).toContain("Refunded so far: $12.50 of $50.00.");
    expect(mail.html).toContain("Arrived &lt;b&gt;late&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>late</b>");
  });

  it("tells a whole refund once everything is refunded", () => {
    const mail = renderRefundNotice(data({ refundedTotal: 5000, reason: "", lines: [] }));
    expect(mail.subject).toBe("[Cartwright <Demo>] Your order #42 has been refunded");
    expect(mail.text).toContain("Your order has been refunded in full ($50.00).");
    expect(mail.text).not.toContain("Reason:");
    expect(mail.html).toContain("Your order has been refunded</h1>");
  });
});
