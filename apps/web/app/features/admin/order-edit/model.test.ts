import { describe, expect, it } from "vitest";
import { followRate, itemsBody, pickRate, pickSaved, SAVED_LINE, typeShipping } from "../new-order/model.ts";
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
  shipping_lines: [{ method_title: "Courier", total: 550, method_id: "manual" }],
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
      shipping_lines: [{ method_title: "Courier", total: 550 }],
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

  it("a typed line is the owner's own: no saved line among the rates", () => {
    const draft = draftFromForm(form, "USD", 2, new Map());
    expect(draft.shippingRate).toBeNull();
    expect(draft.savedShipping).toBeNull();
  });

  describe("a line one of the shop's rates made", () => {
    // Saved at $7.00; the same rate costs $5.00 today.
    const rated: ItemsForm = { ...form, shipping_lines: [{ method_title: "Flat rate", total: 700, method_id: "flat_rate" }] };
    const today = [{ rate_id: "flat_rate:1", name: "Flat rate", cost: 500 }];
    const costText = (cost: number) => (cost / 100).toFixed(2);
    const shippingOf = (draft: ReturnType<typeof draftFromForm>) => {
      const body = itemsBody(draft, "USD", 2);
      return body.ok ? body.body.shipping_lines : body.errors;
    };

    it("starts chosen as saved, and untouched is sent back as it reads (the order keeps it whole), whatever today's rates", () => {
      const draft = draftFromForm(rated, "USD", 2, new Map());
      expect(draft.shippingRate).toEqual({ id: SAVED_LINE, name: "Flat rate", total: "7.00" });
      expect(draft.savedShipping).toEqual({ name: "Flat rate", total: "7.00", cost: 700 });
      // A new pricing does not move it to the rate's cost of today.
      expect(followRate(draft, today, costText)).toBe(draft);
      expect(shippingOf(draft)).toEqual([{ method_title: "Flat rate", total: 700 }]);
    });

    it("picking a rate prices that rate; picking the saved line again brings its name and amount back", () => {
      const draft = draftFromForm(rated, "USD", 2, new Map());
      const picked = pickRate(draft, today[0], costText);
      expect(picked).toMatchObject({ shippingTitle: "Flat rate", shippingTotal: "5.00" });
      expect(shippingOf(picked)).toEqual([{ rate_id: "flat_rate:1" }]);
      const back = pickSaved(picked);
      expect(back).toMatchObject({ shippingRate: { id: SAVED_LINE }, shippingTitle: "Flat rate", shippingTotal: "7.00" });
      expect(shippingOf(back)).toEqual([{ method_title: "Flat rate", total: 700 }]);
    });

    it("typed over, the line is the owner's own and the list says None, the saved line still there to choose", () => {
      const draft = draftFromForm(rated, "USD", 2, new Map());
      const typed = typeShipping(draft, { shippingTotal: "8.00" });
      expect(typed.shippingRate).toBeNull();
      expect(shippingOf(typed)).toEqual([{ method_title: "Flat rate", total: 800 }]);
      // Typing never brings back a choice the owner left; the saved line stays in the list to choose.
      expect(typeShipping(typed, { shippingTotal: "7.00" }).shippingRate).toBeNull();
      expect(typeShipping(draft, { shippingTitle: "Flat rate " }).shippingRate?.id).toBe(SAVED_LINE);
    });
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
