import { afterEach, describe, expect, it } from "vitest";
import { setShopAmountFormat } from "../money.ts";
import type { ShippingMethod } from "./api.ts";
import { emptyZone, fromMethodDrafts, fromZoneDraft, newMethod, toZoneDraft, withKind, zoneFieldErrors } from "./model.ts";

const USD = { currency_code: "USD", currency_minor_unit: 2 };

describe("the zone draft", () => {
  it("turns typed regions and amounts into the API's body, and back", () => {
    const draft = { ...emptyZone(), name: "West", countries: "ca, mx", states: "us:ca US:OR", postcodes: "900*\n91000...91999" };
    draft.methods = [{ ...draft.methods[0]!, cost: "7.5" }];
    const body = fromZoneDraft(draft, USD);
    expect(body).toMatchObject({
      ok: true,
      input: {
        name: "West",
        locations: [
          { type: "country", code: "CA" },
          { type: "country", code: "MX" },
          { type: "state", code: "US:CA" },
          { type: "state", code: "US:OR" },
          { type: "postcode", code: "900*" },
          { type: "postcode", code: "91000...91999" },
        ],
        methods: [{ method_id: "flat_rate", title: "Flat rate", enabled: true, cost: 750, taxable: true }],
      },
      fieldOf: ["countries", "countries", "states", "states", "postcodes", "postcodes"],
    });
    if (!body.ok) throw new Error("unreachable");
    const again = toZoneDraft({ ...body.input, methods: body.input.methods.map((m) => ({ ...m, id: 4 })) }, USD);
    expect(again).toMatchObject({ countries: "CA, MX", states: "US:CA, US:OR", postcodes: "900*\n91000...91999" });
    expect(again.methods[0]).toMatchObject({ id: 4, cost: "7.50" });
  });

  it("refuses an amount that is not one before asking the server; a flat rate's cost that is no amount goes as a formula", () => {
    const methods = [
      { ...emptyZone().methods[0]!, cost: "-1 + 2 * [qty]", class_costs: { 4: " 3 ", 9: "[qty]" }, no_class_cost: "1" },
      { ...emptyZone().methods[0]!, method_id: "free_shipping" as const, min_amount: "1.234" },
    ];
    expect(fromMethodDrafts(methods, USD)).toEqual({
      ok: false,
      errors: {
        "methods.1.min_amount":
          'Enter an amount of 0 or more as the shop writes it, such as 1250.50 or 1,250.50: digits, "." before at most 2 decimal places, "," only between groups of three digits.',
      },
    });
    const flat = fromMethodDrafts([methods[0]!, { ...emptyZone().methods[0]!, cost: "4.50" }], USD, [4, 7]);
    expect(flat.ok && flat.input).toEqual([
      {
        method_id: "flat_rate",
        title: "Flat rate",
        enabled: true,
        cost: 0,
        cost_formula: "-1 + 2 * [qty]",
        class_costs: [
          { class_id: 4, cost: "3" },
          { class_id: 7, cost: "" },
        ],
        no_class_cost: "1",
        calculation_type: "class",
        taxable: true,
      },
      {
        method_id: "flat_rate",
        title: "Flat rate",
        enabled: true,
        cost: 450,
        cost_formula: "",
        class_costs: [
          { class_id: 4, cost: "" },
          { class_id: 7, cost: "" },
        ],
        no_class_cost: "",
        calculation_type: "class",
        taxable: true,
      },
    ]);
    // The server's message on a formula goes beside the cost field that holds it.
    expect(zoneFieldErrors({ "methods.0.cost_formula": "F." }, [])).toEqual({ "methods.0.cost": "F." });
  });

  it("puts each region's server message beside the field that held it", () => {
    const errors = zoneFieldErrors(
      { "locations.0.code": "A.", "locations.2.code": "B.", "locations.3.code": "C.", locations: "D.", "methods.0.cost": "E." },
      ["countries", "states", "states", "postcodes"],
    );
    expect(errors).toEqual({ countries: "A. D.", states: "B.", postcodes: "C.", "methods.0.cost": "E." });
  });
});

describe("a method's kind", () => {
  it("takes its default name along while the owner has not named the method", () => {
    expect(withKind(newMethod(), "free_shipping")).toMatchObject({ method_id: "free_shipping", title: "Free shipping" });
    expect(withKind({ ...newMethod("free_shipping"), id: 3 }, "flat_rate")).toMatchObject({ id: 3, title: "Flat rate" });
    expect(withKind({ ...newMethod(), title: " " }, "free_shipping").title).toBe("Free shipping");
  });

  it("keeps a name the owner typed", () => {
    expect(withKind({ ...newMethod(), title: "Standard post" }, "free_shipping")).toMatchObject({
      method_id: "free_shipping",
      title: "Standard post",
    });
  });
});

describe("a flat rate's formulas in a shop that writes decimal commas", () => {
  afterEach(() => setShopAmountFormat({ decimalSeparator: ".", thousandSeparator: "," }));
  const kept: ShippingMethod = {
    id: 2,
    method_id: "flat_rate",
    title: "Post",
    enabled: true,
    cost: 0,
    cost_formula: '2.5 * [qty] + [fee percent="10" min_fee="1.50"]',
    class_costs: [{ class_id: 4, cost: "0.75 * [qty]" }],
    no_class_cost: "1.25",
  };

  it("shows them with commas and sends them as the shop keeps them, with points", () => {
    setShopAmountFormat({ decimalSeparator: ",", thousandSeparator: "." });
    const draft = toZoneDraft({ name: "Europe", locations: [], methods: [kept] }, USD);
    expect(draft.methods[0]).toMatchObject({
      cost: '2,5 * [qty] + [fee percent="10" min_fee="1,50"]',
      class_costs: { 4: "0,75 * [qty]" },
      no_class_cost: "1,25",
    });
    const sent = fromMethodDrafts(draft.methods, USD, [4]);
    expect(sent.ok && sent.input[0]).toMatchObject({
      cost: 0,
      cost_formula: kept.cost_formula,
      class_costs: [{ class_id: 4, cost: "0.75 * [qty]" }],
      no_class_cost: "1.25",
    });
    // A plain amount, grouped or not, is still an amount.
    const plain = fromMethodDrafts([{ ...newMethod(), cost: "1.234,50" }], USD);
    expect(plain.ok && plain.input[0]).toMatchObject({ cost: 123450, cost_formula: "" });
  });

  it("refuses a formula in other separators beside its field, naming the shop's format", () => {
    setShopAmountFormat({ decimalSeparator: ",", thousandSeparator: "." });
    const refused = fromMethodDrafts([{ ...newMethod(), cost: "2.50 * [qty]", class_costs: { 4: "[qty] * 1.5" } }], USD, [4]);
    expect(refused).toEqual({
      ok: false,
      errors: {
        "methods.0.cost":
          "A point at character 2 separates thousands, only between groups of three digits: write decimals with a comma (the shop writes numbers as 1.234,50).",
        "methods.0.class_costs.0.cost":
          "A point at character 10 separates thousands, only between groups of three digits: write decimals with a comma (the shop writes numbers as 1.234,50).",
      },
    });
  });
});
