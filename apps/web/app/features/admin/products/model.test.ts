import { describe, expect, it } from "vitest";
import { emptyDraft, fromDraft, toDraft } from "./model.ts";

const usd = { currency_code: "USD", currency_minor_unit: 2 };

describe("the product draft", () => {
  it("turns whole units into minor units and back", () => {
    const draft = { ...emptyDraft(), name: "Mug", regular_price: "12.5", sale_price: "9.99", stock_quantity: "-2", cross_sell_ids: "3, 4" };
    const result = fromDraft(draft, usd);
    expect(result).toMatchObject({ ok: true, input: { regular_price: 1250, sale_price: 999, stock_quantity: -2, cross_sell_ids: [3, 4] } });
    if (result.ok) expect(toDraft(result.input, usd)).toMatchObject({ regular_price: "12.50", sale_price: "9.99", cross_sell_ids: "3, 4" });
  });

  it("names each field that is not a number where one belongs", () => {
    const draft = { ...emptyDraft(), regular_price: "12.345", quantity_max: "two", cross_sell_ids: "x" };
    expect(fromDraft(draft, usd)).toEqual({
      ok: false,
      errors: {
        regular_price: "Enter an amount with at most 2 decimal places.",
        quantity_max: "Enter a whole number.",
        cross_sell_ids: "Enter product ids (whole numbers) separated by commas.",
      },
    });
  });
});
