import { currencyFields, DEFAULT_CURRENCY } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import type { AccountOrder } from "../../context.ts";
import { addressFieldLines, fieldValues, formatDate, orderDisplay } from "./format.server.ts";

const fields = [
  { id: "cw-demo/gift-message", label: "Gift message" },
  { id: "cw-demo/delivery-window", label: "Delivery window", options: [{ value: "evening", label: "Evening" }] },
  { id: "cw-demo/leave-at-door", label: "Leave at the door" },
];

describe("fieldValues", () => {
  it("names each filled field by its label and option text, leaving out empty and unticked ones", () => {
    expect(
      fieldValues(
        {
          "cw-demo/gift-message": "Happy birthday!",
          "cw-demo/delivery-window": "evening",
          "cw-demo/leave-at-door": true,
          "cw-demo/empty": "",
          "cw-demo/unticked": false,
          first_name: "Ada",
        },
        fields,
      ),
    ).toEqual([
      { label: "Gift message", value: "Happy birthday!" },
      { label: "Delivery window", value: "Evening" },
      { label: "Leave at the door", value: "Yes" },
    ]);
  });

  it("shows the id of a field the shop no longer has", () => {
    expect(fieldValues({ "old-plugin/code": "42" }, fields)).toEqual([{ label: "old-plugin/code", value: "42" }]);
  });

  it("gives address fields as 'Label: value' lines", () => {
    expect(addressFieldLines({ city: "Berlin", "cw-demo/gift-message": "Hi" }, fields)).toEqual(["Gift message: Hi"]);
  });
});

describe("formatDate", () => {
  it("writes the order's day in the shop's time zone, as Intl's en-US long date does", () => {
    expect(formatDate("2026-11-29T20:30:00.000Z")).toBe("November 29, 2026");
    expect(formatDate("2026-11-29T20:30:00.000Z", "Australia/Sydney")).toBe("November 30, 2026");
    expect(formatDate("2026-11-30T05:00:00.000Z", "America/Los_Angeles")).toBe("November 29, 2026");
    expect(formatDate("not a date", "Australia/Sydney")).toBe("not a date");
  });
});

describe("orderDisplay", () => {
  const currency = currencyFields(DEFAULT_CURRENCY);
  const order = (refunds: AccountOrder["refunds"]): AccountOrder => ({
    id: 7,
    order_number: "7",
    status: "processing",
    customer_id: 0,
    customer_note: "",
    additional_fields: {},
    date_created: "2026-11-29T10:00:00.000Z",
    date_paid: "2026-11-29T10:00:00.000Z",
    billing_address: { first_name: "Ada", country: "US" },
    shipping_address: {},
    payment_method: "test_card",
    payment_method_title: "Test card",
    payment_details: [],
    items: [],
    coupons: [],
    shipping_lines: [],
    fees: [],
    totals: { total_items: "7147", total_items_tax: "0", total_shipping: null, total_tax: "0", total_price: "7647", ...currency },
    refunds,
    attribution: { origin: "Direct" },
    billing_email: "ada@example.com",
    payment_instructions: "",
  });

  it("shows no refund rows for an order nothing was given back of", () => {
    const rows = orderDisplay(order([]), false).totals;
    expect(rows.at(-1)).toEqual({ key: "total", label: "Total", value: "$76.47" });
  });

  it("lists each refund under the total, with its reason, and what is left after them", () => {
    const rows = orderDisplay(
      order([
        { id: 3, total: "1891", reason: "Late delivery", date_created: "2026-11-29T11:00:00.000Z", ...currency },
        { id: 4, total: "500", reason: "", date_created: "2026-11-29T12:00:00.000Z", ...currency },
      ]),
      false,
    ).totals;
    expect(rows.slice(-4)).toEqual([
      { key: "total", label: "Total", value: "$76.47" },
      { key: "refund-3", label: "Refund: Late delivery", value: "-$18.91" },
      { key: "refund-4", label: "Refund", value: "-$5.00" },
      { key: "net", label: "Total after refunds", value: "$52.56" },
    ]);
  });
});
