import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderView } from "../orders/index.ts";
import { renderOrderCompleted, renderOrderInvoice, renderOrderNote } from "./order-updates.ts";
import { escapeHtml, formatDate, type OrderEmailData, renderNewOrderNotice, renderOrderConfirmation } from "./templates.ts";

const currency = {
  currency_code: "EUR",
  currency_symbol: "€",
  currency_minor_unit: 2,
  currency_decimal_separator: ",",
  currency_thousand_separator: ".",
  currency_prefix: "",
  currency_suffix: " €",
};

/** Row ids are Kysely's generated columns in the type; any number will do here. */
const id = (n: number) => n as unknown as OrderView["id"];
const line = (subtotal: string) => ({
  line_subtotal: subtotal,
  line_subtotal_tax: "0",
  line_total: subtotal,
  line_total_tax: "0",
  ...currency,
});

function order(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: id(1042),
    order_number: "1042",
    status: "on-hold",
    customer_id: 0,
    customer_note: "Ring twice <script>alert('x')</script> & wait",
    additional_fields: {},
    date_created: "2025-03-04T10:20:30.000Z",
    date_paid: null,
    billing_address: {
      first_name: "Ada",
      last_name: "Shopper",
      company: "",
      address_1: "1 Test Street",
      address_2: "",
      city: "Berlin",
      state: "",
      postcode: "10115",
      country: "DE",
      email: "ada@example.com",
      phone: "555-0100",
    },
    shipping_address: {
      first_name: "Bob",
      last_name: "Receiver",
      address_1: "2 Other Road",
      city: "Hamburg",
      postcode: "20095",
      country: "DE",
    },
    payment_method: "bacs",
    payment_method_title: "Direct bank transfer",
    payment_details: [
      { key: "reference", value: "1042" },
      { key: "account_name", value: "Cartwright GmbH" },
      { key: "iban", value: "DE89 3704 0044 0532 0130 00" },
      { key: "card_last4", value: "4242" },
    ],
    items: [
      {
        id: id(1),
        product_id: 10,
        variation_id: 11,
        name: "Classic T-Shirt",
        sku: "TS-1",
        quantity: 2,
        variation: [{ attribute: "Size", value: "M" }],
        totals: line("4000"),
      },
      { id: id(2), product_id: 20, variation_id: 0, name: "Mug", sku: "MUG", quantity: 1, variation: [], totals: line("123456") },
    ],
    coupons: [{ code: "spring10", totals: { total_discount: "400", total_discount_tax: "0", ...currency } }],
    shipping_lines: [{ method_id: "flat_rate", instance_id: 1, name: "Flat rate", total: "500" }],
    fees: [{ name: "Gift wrap", total: "250", total_tax: "0" }],
    totals: {
      total_items: "127456",
      total_items_tax: "0",
      total_fees: "250",
      total_fees_tax: "0",
      total_discount: "400",
      total_discount_tax: "0",
      total_shipping: "500",
      total_shipping_tax: "0",
      total_price: "151000",
      total_tax: "23194",
      tax_lines: [{ name: "MwSt.", rate: "19%", price: "23194" }],
      ...currency,
    },
    refunds: [],
    attribution: { origin: "Direct" },
    ...overrides,
  };
}

const data = (overrides: Partial<OrderView> = {}, more: Partial<OrderEmailData> = {}): OrderEmailData => ({
  order: order(overrides),
  siteTitle: "Corner Shop",
  orderUrl: "https://shop.example.com/checkout/order-received/1042?key=cw_order_abc",
  payUrl: "https://shop.example.com/checkout/order-pay/1042?key=cw_order_abc",
  consoleUrl: "https://shop.example.com/admin/orders/1042",
  instructions: "Use your order number as the reference.",
  ...more,
});

describe("renderOrderConfirmation", () => {
  it("says the order was received, with the shop's name and the order number", () => {
    const mail = renderOrderConfirmation(data());
    expect(mail.subject).toBe("Your Corner Shop order #1042 has been received");
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain("Order #1042 (March 4, 2025)");
  });

  it("lists lines and every total in the order's currency", () => {
    const { text, html } = renderOrderConfirmation(data());
    for (const body of [text, html]) {
      expect(body).toContain("Classic T-Shirt (Size: M) × 2");
      expect(body).toContain("40,00 €");
      expect(body).toContain("1.234,56 €");
      expect(body).toContain("Subtotal");
      expect(body).toContain("1.274,56 €");
      expect(body).toContain("Discount (spring10)");
      expect(body).toContain("-4,00 €");
      expect(body).toContain("Shipping (Flat rate)");
      expect(body).toContain("5,00 €");
      expect(body).toContain("Gift wrap");
      expect(body).toContain("2,50 €");
      expect(body).toContain("MwSt.");
      expect(body).toContain("231,94 €");
      expect(body).toContain("1.510,00 €");
    }
    expect(text).toMatch(/^Total\s+1\.510,00 €$/m);
  });

  it("gives the bank transfer's instructions and account details, and nothing else the gateway kept", () => {
    const { text, html } = renderOrderConfirmation(data());
    for (const body of [text, html]) {
      expect(body).toContain("Direct bank transfer");
      expect(body).toContain("Use your order number as the reference.");
      expect(body).toContain("Cartwright GmbH");
      expect(body).toContain("DE89 3704 0044 0532 0130 00");
      expect(body).toContain("Payment reference");
      expect(body).not.toContain("4242");
    }
    expect(text).toContain("IBAN: DE89 3704 0044 0532 0130 00");
  });

  it("shows both addresses with country names, the note, and the link to the order", () => {
    const { text, html } = renderOrderConfirmation(data());
    expect(text).toContain("Billing address:\n  Ada Shopper\n  1 Test Street\n  Berlin, 10115\n  Germany\n  555-0100\n  ada@example.com");
    expect(text).toContain("Shipping address:\n  Bob Receiver\n  2 Other Road\n  Hamburg, 20095\n  Germany");
    expect(text).toContain("View your order: https://shop.example.com/checkout/order-received/1042?key=cw_order_abc");
    expect(html).toContain('<a href="https://shop.example.com/checkout/order-received/1042?key=cw_order_abc"');
    expect(html).toContain("Shipping address");
    expect(renderOrderConfirmation(data({ shipping_address: {} })).text).not.toContain("Shipping address");
  });

  it("escapes everything interpolated into the HTML", () => {
    const mail = renderOrderConfirmation(
      data(
        { items: [{ ...order().items[0]!, name: '<img src=x onerror="alert(1)">' }] },
        { siteTitle: "A&B <Shop>", instructions: "<b>pay</b>" },
      ),
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Ring twice &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; wait");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).toContain("A&amp;B &lt;Shop&gt;");
    expect(mail.html).not.toContain("<b>pay</b>");
    // The plain text part is text: it shows the note as written.
    expect(mail.text).toContain("Ring twice <script>alert('x')</script> & wait");
    expect(mail.subject).toBe("Your A&B <Shop> order #1042 has been received");
  });

  it("keeps line breaks out of the subject", () => {
    expect(renderOrderConfirmation(data({}, { siteTitle: "Corner\r\nBcc: eve@example.com" })).subject).toBe(
      "Your Corner Bcc: eve@example.com order #1042 has been received",
    );
  });

  it("leaves out rows the order does not have", () => {
    const { text } = renderOrderConfirmation(
      data(
        {
          coupons: [],
          fees: [],
          payment_method: "cod",
          payment_method_title: "Cash on delivery",
          payment_details: [],
          customer_note: "",
          totals: { ...order().totals, total_discount: "0", total_shipping: null, tax_lines: [], total_tax: "0" },
        },
        { instructions: "" },
      ),
    );
    expect(text).not.toMatch(/Discount|Shipping \(|Gift wrap|MwSt|Your note|IBAN/);
    expect(text).toContain("Payment method: Cash on delivery");
  });
});

describe("renderNewOrderNotice", () => {
  it("tells the owner who ordered what, the status, the note, and links to the order", () => {
    const { subject, text, html } = renderNewOrderNotice(data());
    expect(subject).toBe("[Corner Shop] New order #1042 from Ada Shopper");
    expect(text).toContain("Ada Shopper (ada@example.com) placed an order. Its status is On hold: it waits for the payment to arrive");
    expect(text).toContain("Order #1042 (March 4, 2025 at 10:20 AM UTC)");
    expect(text).toContain("Note from the customer:\n  Ring twice <script>alert('x')</script> & wait");
    expect(text).toMatch(/^Total\s+1\.510,00 €$/m);
    expect(html).toContain("Ring twice &lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(text).toContain("View the order: https://shop.example.com/admin/orders/1042");
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});

describe("renderOrderCompleted", () => {
  it("says the order is complete, greets the shopper and shows the confirmation's order summary with its link", () => {
    const mail = renderOrderCompleted(data());
    expect(mail.subject).toBe("Your Corner Shop order #1042 is complete");
    expect(mail.text).toMatch(/^Hi Ada,\nWe have finished processing your order\./);
    expect(mail.text).toContain("View your order: https://shop.example.com/checkout/order-received/1042?key=cw_order_abc");
    expect(mail.html).toContain(">Your order is complete</h1>");
    const summary = (text: string) => text.slice(text.indexOf("Order #1042"));
    expect(summary(mail.text)).toBe(summary(renderOrderConfirmation(data()).text));
  });
});

describe("renderOrderInvoice", () => {
  it("asks an unpaid order to be paid, and only details a paid one", () => {
    expect(renderOrderInvoice(data({ date_paid: null })).text).toContain("and how to pay for it");
    const paid = renderOrderInvoice(data({ date_paid: "2026-01-02T10:00:00Z" }));
    expect(paid.subject).toBe("Invoice for your Corner Shop order #1042");
    expect(paid.text).not.toContain("how to pay");
  });

  it("promises how to pay only when the e-mail says it: the pay link, the instructions or the account", () => {
    const bare = { instructions: "" };
    // On hold by a transfer whose shop set neither instructions nor an account: nothing below says how.
    const onHold = renderOrderInvoice(data({ status: "on-hold", date_paid: null, payment_details: [] }, bare));
    expect(onHold.text).toMatch(/^Hello,|^Hi Ada,/);
    expect(onHold.text).toContain("Here are the details of your order at Corner Shop.\n");
    expect(onHold.text).not.toContain("how to pay");
    // The same order with instructions, and a pending one with only its pay link, do say it.
    expect(renderOrderInvoice(data({ status: "on-hold", date_paid: null, payment_details: [] })).text).toContain("and how to pay for it");
    const pending = renderOrderInvoice(data({ status: "pending", date_paid: null, payment_details: [] }, bare));
    expect(pending.text).toContain("and how to pay for it");
    expect(pending.text).toContain("Pay for this order: ");
  });

  it("links an order awaiting its payment to the page that pays it (decision 0085), any other to the order", () => {
    for (const status of ["pending", "failed"] as const) {
      expect(renderOrderInvoice(data({ status, date_paid: null })).text).toContain(
        "Pay for this order: https://shop.example.com/checkout/order-pay/1042?key=cw_order_abc",
      );
    }
    const onHold = renderOrderInvoice(data({ status: "on-hold", date_paid: null }));
    expect(onHold.text).toContain("View your order: https://shop.example.com/checkout/order-received/1042?key=cw_order_abc");
    expect(onHold.text).not.toContain("order-pay");
  });
});

describe("renderOrderNote", () => {
  it("puts the owner's note first, as text: lines kept, markup escaped", () => {
    const mail = renderOrderNote(data(), "  Shipped <today>.\nTracking: 1Z999  ");
    expect(mail.subject).toBe("A note was added to your Corner Shop order #1042");
    expect(mail.text).toContain("The following note was added to your order:\nShipped <today>.\nTracking: 1Z999\n");
    expect(mail.html).toContain("Shipped &lt;today&gt;.\nTracking: 1Z999");
    expect(mail.html).not.toContain("<today>");
  });
});

describe("formatDate", () => {
  it("writes dates as Intl's en-US long date and short time in UTC do", () => {
    const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7_258_118_400_000 }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatDate(iso, false)).toBe(date.format(new Date(ms)));
        expect(formatDate(iso, true)).toBe(`${dateTime.format(new Date(ms))} UTC`);
      }),
    );
    expect(formatDate("2026-11-29T00:45:00.000Z", true)).toBe("November 29, 2026 at 12:45 AM UTC");
    expect(formatDate("not a date", true)).toBe("not a date");
  });

  it("writes them in the shop's time zone, naming it", () => {
    for (const zone of ["Australia/Sydney", "America/Los_Angeles", "Europe/Paris"]) {
      const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: zone });
      const time = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: zone });
      const name = (ms: number) =>
        new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }).formatToParts(ms).find((p) => p.type === "timeZoneName")
          ?.value;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 7_258_118_400_000 }), (ms) => {
          const iso = new Date(ms).toISOString();
          const expected = `${date.format(ms)} at ${time.format(ms)} ${name(ms)}`;
          expect(formatDate(iso, true, zone).replace(/\s/g, " ")).toBe(expected.replace(/\s/g, " "));
        }),
        { numRuns: 200 },
      );
    }
    // Placed at 20:30 UTC on the 29th: the 30th in Sydney's summer, still the 29th in Los Angeles.
    expect(formatDate("2026-11-29T20:30:00.000Z", true, "Australia/Sydney")).toBe("November 30, 2026 at 7:30 AM GMT+11");
    expect(formatDate("2026-11-29T20:30:00.000Z", false, "Australia/Sydney")).toBe("November 30, 2026");
    expect(formatDate("2026-11-29T20:30:00.000Z", true, "America/Los_Angeles")).toBe("November 29, 2026 at 12:30 PM PST");
  });
});
