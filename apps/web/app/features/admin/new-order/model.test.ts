import { describe, expect, it } from "vitest";
import { setShopAmountFormat } from "../money.ts";
import {
  addressFrom,
  couponLines,
  draftPaths,
  emptyDraft,
  feeTaxChoice,
  feeTaxFrom,
  followRate,
  itemsBody,
  NOT_TAXABLE,
  type OrderDraft,
  pickRate,
  pricingKey,
  requestBody,
  shipToBilling,
} from "./model.ts";

const draft = (overrides: Partial<OrderDraft> = {}): OrderDraft => ({
  ...emptyDraft(),
  billing: addressFrom({ first_name: " Ada ", country: "US", state: "CA", postcode: "90001" }, "ada@example.com"),
  lines: [
    { key: "a", productId: 7, name: "Hoodie", sku: "", variations: [{ id: 9, label: "Red / L" }], variationId: 9, quantity: "2" },
    { key: "b", productId: 3, name: "Beanie", sku: "", variations: [], variationId: null, quantity: "1" },
  ],
  ...overrides,
});

describe("requestBody", () => {
  it("sends lines, coupon, shipping line in minor units, and the billing address as the shipping one when asked", () => {
    const made = requestBody(draft({ coupon: " SAVE10 ", shippingTitle: "Courier", shippingTotal: "5.5" }), "USD", 2);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.body.line_items).toEqual([
      { product_id: 7, variation_id: 9, quantity: 2 },
      { product_id: 3, quantity: 1 },
    ]);
    expect(made.body.coupon_lines).toEqual([{ code: "SAVE10" }]);
    expect(made.body.shipping_lines).toEqual([{ method_title: "Courier", total: 550 }]);
    expect(made.body.billing.first_name).toBe("Ada");
    expect(made.body.billing.email).toBe("ada@example.com");
    expect(made.body.shipping).toMatchObject({ first_name: "Ada", country: "US" });
    expect(made.body.shipping).not.toHaveProperty("email");
    expect(made.body.customer_id).toBeNull();
  });

  it("sends no coupon or shipping line when none is typed, and the shipping address typed when it differs", () => {
    const made = requestBody(draft({ shipToBilling: false, shipping: addressFrom({ city: "Bonn", country: "DE" }) }), "USD", 2);
    if (!made.ok) throw new Error("refused");
    expect(made.body.coupon_lines).toEqual([]);
    expect(made.body.shipping_lines).toEqual([]);
    expect(made.body.shipping).toMatchObject({ city: "Bonn", country: "DE", first_name: "" });
  });

  it("names a quantity or an amount that is not one, by the server's paths", () => {
    const lines = draft().lines.map((line, index) => ({ ...line, quantity: index === 0 ? "1.5" : "0" }));
    const made = requestBody(draft({ lines, shippingTotal: "five" }), "USD", 2);
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(Object.keys(made.errors).sort()).toEqual(["line_items.0.quantity", "line_items.1.quantity", "shipping_lines.0.total"]);
  });

  it("names a quantity or a shipping charge past the owner API's bounds on its own field", () => {
    const lines = draft().lines.map((line, index) => ({ ...line, quantity: index === 0 ? "150000" : "100000" }));
    const made = requestBody(draft({ lines, shippingTotal: "30000000" }), "USD", 2);
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.errors).toEqual({
      "line_items.0.quantity": "Enter a quantity of 100000 or fewer.",
      "shipping_lines.0.total": "Enter a smaller amount: this is more than an order can hold.",
    });
  });

  it("takes a shop's decimals: no cents in yen", () => {
    const yen = requestBody(draft({ shippingTotal: "500" }), "JPY", 0);
    if (!yen.ok) throw new Error("refused");
    expect(yen.body.shipping_lines).toEqual([{ method_title: "Shipping", total: 500 }]);
    expect(requestBody(draft({ shippingTotal: "5.5" }), "JPY", 0).ok).toBe(false);
  });
});

describe("a shipping line that is one of the shop's rates", () => {
  const cost = (minor: number) => (minor / 100).toFixed(2);
  const flat = { rate_id: "flat_rate:1", name: "Flat rate", cost: 500 };

  it("sends the chosen rate by its id alone, so the shop prices it and the order keeps its method", () => {
    const picked = pickRate(draft(), flat, cost);
    expect(picked).toMatchObject({ shippingRate: { id: "flat_rate:1", name: "Flat rate", total: "5.00" }, shippingTitle: "Flat rate" });
    const made = requestBody(picked, "USD", 2);
    if (!made.ok) throw new Error("refused");
    expect(made.body.shipping_lines).toEqual([{ rate_id: "flat_rate:1" }]);
  });

  it("sends the name or cost the owner typed over the rate's with its id, and a blank one as the rate's", () => {
    const picked = pickRate(draft(), flat, cost);
    const renamed = requestBody({ ...picked, shippingTitle: " Courier " }, "USD", 2);
    if (!renamed.ok) throw new Error("refused");
    expect(renamed.body.shipping_lines).toEqual([{ rate_id: "flat_rate:1", method_title: "Courier" }]);
    const repriced = requestBody({ ...picked, shippingTotal: "4.5" }, "USD", 2);
    if (!repriced.ok) throw new Error("refused");
    expect(repriced.body.shipping_lines).toEqual([{ rate_id: "flat_rate:1", total: 450 }]);
    const blank = requestBody({ ...picked, shippingTitle: "", shippingTotal: " " }, "USD", 2);
    if (!blank.ok) throw new Error("refused");
    expect(blank.body.shipping_lines).toEqual([{ rate_id: "flat_rate:1" }]);
    expect(requestBody({ ...picked, shippingTotal: "five" }, "USD", 2)).toMatchObject({
      ok: false,
      errors: {
        "shipping_lines.0.total":
          'Enter an amount of 0 or more as the shop writes it, such as 1250.50 or 1,250.50: digits, "." before at most 2 decimal places, "," only between groups of three digits.',
      },
    });
  });

  it("makes the line the owner's own again when no rate is chosen, keeping what is typed", () => {
    const own = pickRate(pickRate(draft(), flat, cost), undefined, cost);
    expect(own).toMatchObject({ shippingRate: null, shippingTitle: "Flat rate", shippingTotal: "5.00" });
    const made = requestBody(own, "USD", 2);
    if (!made.ok) throw new Error("refused");
    expect(made.body.shipping_lines).toEqual([{ method_title: "Flat rate", total: 500 }]);
  });

  it("follows the rate's new pricing where the owner has not typed over it", () => {
    const picked = pickRate(draft(), flat, cost);
    // Two more items: the rate costs more; its name and cost as filled in follow.
    const followed = followRate(picked, [{ ...flat, cost: 900 }], cost);
    expect(followed).toMatchObject({ shippingRate: { total: "9.00" }, shippingTitle: "Flat rate", shippingTotal: "9.00" });
    // A name typed over stays, and is still sent; the cost left alone follows.
    const renamed = followRate({ ...picked, shippingTitle: "Courier" }, [{ ...flat, cost: 900 }], cost);
    expect(renamed).toMatchObject({ shippingTitle: "Courier", shippingTotal: "9.00" });
    // A cost typed over stays.
    expect(followRate({ ...picked, shippingTotal: "4.00" }, [{ ...flat, cost: 900 }], cost).shippingTotal).toBe("4.00");
    // Nothing new, a rate not offered, or no rate chosen: the same draft.
    expect(followRate(picked, [flat], cost)).toBe(picked);
    expect(followRate(picked, [{ ...flat, rate_id: "flat_rate:2" }], cost)).toBe(picked);
    const own = draft({ shippingTitle: "Courier", shippingTotal: "5" });
    expect(followRate(own, [flat], cost)).toBe(own);
  });
});

describe("fees", () => {
  const fee = (key: string, name: string, amount: string, taxable = true, taxClass = "standard") => ({
    key,
    name,
    amount,
    taxable,
    taxClass,
  });

  it("sends each fee in minor units with its tax status, a minus as a discount, and leaves blank rows out", () => {
    const made = requestBody(
      draft({ fees: [fee("a", " Rush ", "5.5"), fee("b", "", ""), fee("c", "Goodwill", "-2", false), fee("d", "Wrap", "−0.25")] }),
      "USD",
      2,
    );
    if (!made.ok) throw new Error("refused");
    expect(made.body.fee_lines).toEqual([
      { name: "Rush", total: 550, tax_status: "taxable", tax_class: "standard" },
      { name: "Goodwill", total: -200, tax_status: "none" },
      { name: "Wrap", total: -25, tax_status: "taxable", tax_class: "standard" },
    ]);
  });

  it("sends a percentage of the items' total as a percentage, with the class chosen (decision 0101)", () => {
    const made = requestBody(
      draft({
        fees: [fee("a", "Service", "10%", true, "reduced-rate"), fee("b", "Loyalty", " -2.5 % ", false), fee("c", "Half", "12.5%")],
      }),
      "USD",
      2,
    );
    if (!made.ok) throw new Error("refused");
    expect(made.body.fee_lines).toEqual([
      { name: "Service", percent: 10, tax_status: "taxable", tax_class: "reduced-rate" },
      { name: "Loyalty", percent: -2.5, tax_status: "none" },
      { name: "Half", percent: 12.5, tax_status: "taxable", tax_class: "standard" },
    ]);
    const refused = requestBody(
      draft({ fees: [fee("a", "Service", "0%"), fee("b", "Big", "5000%"), fee("c", "Odd", "x%"), fee("d", "Comma", "12,5%")] }),
      "USD",
      2,
    );
    if (refused.ok) throw new Error("accepted");
    expect(Object.keys(refused.errors).sort()).toEqual([
      "fee_lines.0.total",
      "fee_lines.1.total",
      "fee_lines.2.total",
      "fee_lines.3.total",
    ]);
  });

  it("reads a percentage in the shop's decimal separator, refusing a thousand separator rather than reading 1.000% as 1%", () => {
    setShopAmountFormat({ decimalSeparator: ",", thousandSeparator: "." });
    try {
      const made = requestBody(draft({ fees: [fee("a", "Half", "12,5%"), fee("b", "Loyalty", "-2,25 %")] }), "EUR", 2);
      expect(made.ok && made.body.fee_lines).toEqual([
        { name: "Half", percent: 12.5, tax_status: "taxable", tax_class: "standard" },
        { name: "Loyalty", percent: -2.25, tax_status: "taxable", tax_class: "standard" },
      ]);
      const refused = requestBody(draft({ fees: [fee("a", "Grouped", "1.000%"), fee("b", "Point", "12.5%")] }), "EUR", 2);
      expect(refused.ok ? {} : refused.errors).toEqual({
        "fee_lines.0.total":
          "Enter a percentage other than 0 from -100 to 1000, such as 10% or 12,5% (or -10% for a discount), with no thousands separator.",
        "fee_lines.1.total":
          "Enter a percentage other than 0 from -100 to 1000, such as 10% or 12,5% (or -10% for a discount), with no thousands separator.",
      });
    } finally {
      setShopAmountFormat({ decimalSeparator: ".", thousandSeparator: "," });
    }
  });

  it("reads the tax select: a class, or not taxable", () => {
    expect(feeTaxChoice({ taxable: true, taxClass: "reduced-rate" })).toBe("reduced-rate");
    expect(feeTaxChoice({ taxable: true, taxClass: "" })).toBe("standard");
    expect(feeTaxChoice({ taxable: false, taxClass: "reduced-rate" })).toBe(NOT_TAXABLE);
    expect(feeTaxFrom(NOT_TAXABLE)).toEqual({ taxable: false, taxClass: "standard" });
    expect(feeTaxFrom("zero-rate")).toEqual({ taxable: true, taxClass: "zero-rate" });
  });

  it("names a fee without a name, or without an amount other than 0, by the draft's row", () => {
    const made = requestBody(
      draft({ fees: [fee("a", "", ""), fee("b", "", "3"), fee("c", "Rush", "0"), fee("d", "Wrap", "a lot")] }),
      "USD",
      2,
    );
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(Object.keys(made.errors).sort()).toEqual(["fee_lines.1.name", "fee_lines.2.total", "fee_lines.3.total"]);
  });

  it("puts the server's messages on the rows sent, blank rows skipped", () => {
    const fees = [fee("a", "", ""), fee("b", "Rush", "5"), fee("c", "Wrap", "1")];
    expect(draftPaths(draft({ fees }), { "fee_lines.1.total": "No.", "billing.city": "Where?" })).toEqual({
      "fee_lines.2.total": "No.",
      "billing.city": "Where?",
    });
    // A percentage's message shows by the amount it was typed in; a class's by the select.
    expect(draftPaths(draft({ fees }), { "fee_lines.0.percent": "Too small.", "fee_lines.1.tax_class": "No class." })).toEqual({
      "fee_lines.1.total": "Too small.",
      "fee_lines.2.tax_class": "No class.",
    });
  });
});

describe("pricingKey", () => {
  it("changes with what prices the order, not with a name or a note", () => {
    const body = (overrides: Partial<OrderDraft>) => {
      const made = requestBody(draft(overrides), "USD", 2);
      if (!made.ok) throw new Error("refused");
      return pricingKey(made.body);
    };
    const base = body({});
    expect(
      body({
        note: "Call first",
        billing: addressFrom({ first_name: "Bea", country: "US", state: "CA", postcode: "90001" }, "ada@example.com"),
      }),
    ).toBe(base);
    expect(body({ coupon: "SAVE10" })).not.toBe(base);
    const rush = { key: "f", name: "Rush", amount: "5", taxable: true, taxClass: "standard" };
    expect(body({ fees: [rush] })).not.toBe(base);
    expect(body({ fees: [{ ...rush, taxable: false }] })).not.toBe(body({ fees: [rush] }));
    expect(body({ fees: [{ ...rush, taxClass: "reduced-rate" }] })).not.toBe(body({ fees: [rush] }));
    expect(body({ fees: [{ ...rush, amount: "5%" }] })).not.toBe(body({ fees: [rush] }));
    expect(body({ billing: addressFrom({ country: "GB" }, "ada@example.com") })).not.toBe(base);
  });
});

describe("shipToBilling", () => {
  it("starts an empty shipping form as a copy of the billing address, and keeps one already typed", () => {
    const off = shipToBilling(draft(), false);
    expect(off.shipToBilling).toBe(false);
    expect(off.shipping).toMatchObject({ first_name: " Ada ", country: "US", email: "" });
    const typed = draft({ shipping: addressFrom({ city: "Bonn" }) });
    expect(shipToBilling(typed, false).shipping.city).toBe("Bonn");
    expect(shipToBilling(typed, false).shipping.country).toBe("");
    expect(shipToBilling(off, true).shipToBilling).toBe(true);
  });
});

describe("couponLines and itemsBody (shared with the order page's Edit items)", () => {
  it("sends each code typed once, apart by commas or spaces, as first typed", () => {
    expect(couponLines(" SAVE10, winter  save10,,")).toEqual([{ code: "SAVE10" }, { code: "winter" }]);
    expect(couponLines("  ")).toEqual([]);
  });

  it("answers only the items' part, with the same refusals as a new order's", () => {
    const made = itemsBody(draft({ coupon: "a, b", shippingTitle: "Courier", shippingTotal: "5" }), "USD", 2);
    expect(made).toEqual({
      ok: true,
      body: {
        line_items: [
          { product_id: 7, variation_id: 9, quantity: 2 },
          { product_id: 3, quantity: 1 },
        ],
        coupon_lines: [{ code: "a" }, { code: "b" }],
        shipping_lines: [{ method_title: "Courier", total: 500 }],
        fee_lines: [],
      },
    });
    const refused = itemsBody(draft({ lines: [{ ...draft().lines[1]!, quantity: "0" }] }), "USD", 2);
    expect(refused).toEqual({ ok: false, errors: { "line_items.0.quantity": "Enter a whole number of 1 or more." } });
  });

  it("shows every coupon's refusal beside the one coupon field", () => {
    expect(draftPaths(draft(), { "coupon_lines.1.code": "Expired." })).toEqual({ "coupon_lines.0.code": "Expired." });
  });
});
