import { describe, expect, it } from "vitest";
import { itemsBody } from "../new-order/model.ts";
import { itemsEditable } from "../order/status.ts";
import type { ItemsForm } from "./api.ts";
import { draftFromForm, variableProducts } from "./model.ts";

const form: ItemsForm = {
  editable: true,
  reason: null,
  date_modified: "2026-11-30T10:00:00.000Z",
  line_items: [
    { product_id: 7, variation_id: 9, quantity: 2, name: "Hoodie", sku: "HD", variation: [{ attribute: "Color", value: "Red" }] },
    { product_id: 3, variation_id: null, quantity: 1, name: "Beanie", sku: "", variation: [] },
  ],
  coupon_lines: [{ code: "save10" }, { code: "winter" }],
  shipping_lines: [{ method_title: "Courier", total: 550 }],
  fee_lines: [
    { name: "Gift wrap", total: 250, tax_status: "taxable", tax_class: "reduced-rate" },
    { name: "Goodwill", total: -500, tax_status: "none", tax_class: "" },
  ],
};

describe("draftFromForm", () => {
  it("makes the order's items Add order's rows, and sends them back as they were", () => {
    const draft = draftFromForm(
      form,
      "USD",
      2,
      new Map([
        [
          7,
          [
            { id: 9, label: "Red / L" },
            { id: 10, label: "Blue / L" },
          ],
        ],
      ]),
    );
    expect(draft.lines.map((line) => [line.productId, line.variationId, line.quantity, line.variations.length])).toEqual([
      [7, 9, "2", 2],
      [3, null, "1", 0],
    ]);
    expect(draft).toMatchObject({ coupon: "save10, winter", shippingTitle: "Courier", shippingTotal: "5.50" });
    expect(draft.fees.map((fee) => [fee.name, fee.amount, fee.taxable, fee.taxClass])).toEqual([
      ["Gift wrap", "2.50", true, "reduced-rate"],
      ["Goodwill", "-5.00", false, "standard"],
    ]);
    const body = itemsBody(draft, "USD", 2);
    expect(body.ok && body.body).toEqual({
      line_items: [
        { product_id: 7, variation_id: 9, quantity: 2 },
        { product_id: 3, quantity: 1 },
      ],
      coupon_lines: form.coupon_lines,
      shipping_lines: form.shipping_lines,
      // Each fee sent back in the class the order taxed it in (decision 0101).
      fee_lines: [
        { name: "Gift wrap", total: 250, tax_status: "taxable", tax_class: "reduced-rate" },
        { name: "Goodwill", total: -500, tax_status: "none" },
      ],
    });
  });

  it("keeps a variation whose product cannot be read as the one choice, and asks only for variable products", () => {
    const draft = draftFromForm(form, "USD", 2, new Map());
    expect(draft.lines[0]?.variations).toEqual([{ id: 9, label: "Red" }]);
    expect(variableProducts(form)).toEqual([7]);
  });
});

describe("itemsEditable", () => {
  const totals = { refunded: 0 } as Parameters<typeof itemsEditable>[0]["totals"];
  it("offers Edit items on unpaid orders awaiting payment or failed, nothing refunded", () => {
    expect(itemsEditable({ status: "pending", date_paid: null, totals })).toBe(true);
    expect(itemsEditable({ status: "on-hold", date_paid: null, totals })).toBe(true);
    expect(itemsEditable({ status: "failed", date_paid: null, totals })).toBe(true);
    expect(itemsEditable({ status: "processing", date_paid: "2026-11-30T10:00:00Z", totals })).toBe(false);
    expect(itemsEditable({ status: "cancelled", date_paid: null, totals })).toBe(false);
    expect(itemsEditable({ status: "on-hold", date_paid: "2026-11-30T10:00:00Z", totals })).toBe(false);
    expect(itemsEditable({ status: "pending", date_paid: null, totals: { ...totals, refunded: 100 } })).toBe(false);
  });
});
