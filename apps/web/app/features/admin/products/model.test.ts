import { describe, expect, it } from "vitest";
import { setShopAmountFormat } from "../money.ts";
import { setShopTimeZone } from "../time-zone.ts";
import type { ProductInput } from "./api.ts";
import { bulkSetVariations, bulkValueProblem, editableOf, emptyDraft, fromDraft, newVariation, toDraft, withStockNow } from "./model.ts";

const usd = { currency_code: "USD", currency_minor_unit: 2 };

describe("the product draft", () => {
  it("sends back each quantity in stock as loaded, and takes the server's figures now after a refused save", () => {
    const loaded = fromDraft(
      {
        ...emptyDraft(),
        name: "Mug",
        manage_stock: true,
        stock_quantity: "10",
        variations: [{ ...newVariation([]), manage_stock: true, stock_quantity: "4" }],
      },
      usd,
    );
    if (!loaded.ok) throw new Error("the draft should be valid");
    const draft = toDraft(loaded.input, usd);
    const typed = { ...draft, stock_quantity: "25", variations: draft.variations.map((v) => ({ ...v, stock_quantity: "6" })) };
    expect(fromDraft(typed, usd)).toMatchObject({
      ok: true,
      input: { stock_quantity: 25, original_stock_quantity: 10, variations: [{ stock_quantity: 6, original_stock_quantity: 4 }] },
    });
    const again = withStockNow(typed, { stock_quantity: 8, "variations[0].stock_quantity": 3 });
    expect(fromDraft(again, usd)).toMatchObject({
      ok: true,
      input: { stock_quantity: 25, original_stock_quantity: 8, variations: [{ stock_quantity: 6, original_stock_quantity: 3 }] },
    });
    // A field the server did not name keeps its loaded figure.
    expect(withStockNow(typed, { stock_quantity: 8 }).variations[0]?.original_stock_quantity).toBe(4);
  });

  it("turns whole units into minor units and back", () => {
    const draft = {
      ...emptyDraft(),
      name: "Mug",
      regular_price: "12.5",
      sale_price: "9.99",
      stock_quantity: "-2",
      cross_sell_ids: "3, 4",
      upsell_ids: "7 5",
    };
    const result = fromDraft(draft, usd);
    expect(result).toMatchObject({
      ok: true,
      input: { regular_price: 1250, sale_price: 999, stock_quantity: -2, cross_sell_ids: [3, 4], upsell_ids: [7, 5] },
    });
    if (result.ok)
      expect(toDraft(result.input, usd)).toMatchObject({
        regular_price: "12.50",
        sale_price: "9.99",
        cross_sell_ids: "3, 4",
        upsell_ids: "7, 5",
      });
  });

  it("shows and reads prices in the shop's separators once it writes decimals after a comma", () => {
    setShopAmountFormat({ decimalSeparator: ",", thousandSeparator: "." });
    try {
      const result = fromDraft({ ...emptyDraft(), name: "Mug", regular_price: "1.234,5", sale_price: "12,50" }, usd);
      expect(result).toMatchObject({ ok: true, input: { regular_price: 123450, sale_price: 1250 } });
      if (result.ok) expect(toDraft(result.input, usd)).toMatchObject({ regular_price: "1234,50", sale_price: "12,50" });
      const pointed = fromDraft({ ...emptyDraft(), regular_price: "12.50" }, usd);
      expect(pointed.ok ? {} : pointed.errors.regular_price).toContain('"," before at most 2 decimal places, "." only between groups');
    } finally {
      setShopAmountFormat({ decimalSeparator: ".", thousandSeparator: "," });
    }
  });

  it("saves a product the API answered with again without the fields only the server writes", () => {
    const first = fromDraft({ ...emptyDraft(), name: "Mug", regular_price: "5" }, usd);
    if (!first.ok) throw new Error("the draft should be valid");
    const answered = {
      ...first.input,
      id: 7,
      permalink: "/product/mug",
      total_sales: 3,
      created_at: "2026-11-01T00:00:00Z",
      updated_at: "2026-11-02T00:00:00Z",
      version: "v1",
      currency_code: "USD",
      currency_minor_unit: 2,
      tax_status: "taxable" as const,
      tax_class: "standard",
      shipping_class_id: null,
      images: [],
      variations: [],
    };
    const again = fromDraft(toDraft(editableOf(answered), usd), usd);
    expect(again.ok).toBe(true);
    if (again.ok) {
      for (const key of ["id", "permalink", "total_sales", "created_at", "updated_at", "version", "currency_code", "currency_minor_unit"])
        expect(again.input).not.toHaveProperty(key);
      expect(again.input).toMatchObject({ name: "Mug", regular_price: 500 });
    }
  });

  it("names each field that is not a number where one belongs", () => {
    const draft = { ...emptyDraft(), regular_price: "12.345", quantity_max: "two", cross_sell_ids: "x", upsell_ids: "2, 0" };
    expect(fromDraft(draft, usd)).toEqual({
      ok: false,
      errors: {
        regular_price:
          'Enter an amount of 0 or more as the shop writes it, such as 1250.50 or 1,250.50: digits, "." before at most 2 decimal places, "," only between groups of three digits.',
        quantity_max: "Enter a whole number.",
        cross_sell_ids: "Enter product ids (whole numbers) separated by commas.",
        upsell_ids: "Enter product ids (whole numbers) separated by commas.",
      },
    });
  });
});

describe("sale days", () => {
  const scheduled = (starts: string, ends: string) => ({
    ...emptyDraft(),
    name: "Mug",
    regular_price: "10",
    sale_price: "8",
    sale_starts_at: starts,
    sale_ends_at: ends,
  });

  it("run from the first day's midnight until the midnight after the last (UTC), and read back as those days", () => {
    const result = fromDraft(scheduled("2030-03-01", "2030-03-07"), usd);
    expect(result).toMatchObject({
      ok: true,
      input: { sale_starts_at: "2030-03-01T00:00:00.000Z", sale_ends_at: "2030-03-08T00:00:00.000Z" },
    });
    if (result.ok) expect(toDraft(result.input, usd)).toMatchObject({ sale_starts_at: "2030-03-01", sale_ends_at: "2030-03-07" });
    expect(fromDraft(scheduled("", ""), usd)).toMatchObject({ ok: true, input: { sale_starts_at: null, sale_ends_at: null } });
  });

  it("are the shop's time zone's days once it has one: Paris' midnights, the DST change's included", () => {
    setShopTimeZone("Europe/Paris");
    try {
      const result = fromDraft(scheduled("2030-03-25", "2030-03-31"), usd);
      // Paris is at +01:00 until 2 AM on 31 March 2030, then at +02:00.
      expect(result).toMatchObject({
        ok: true,
        input: { sale_starts_at: "2030-03-24T23:00:00.000Z", sale_ends_at: "2030-03-31T22:00:00.000Z" },
      });
      if (result.ok) expect(toDraft(result.input, usd)).toMatchObject({ sale_starts_at: "2030-03-25", sale_ends_at: "2030-03-31" });
    } finally {
      setShopTimeZone("UTC");
    }
  });

  it("keep an instant set through the API while its day is left as it was", () => {
    const stored = toDraft(
      {
        ...(fromDraft(scheduled("", ""), usd) as { input: ProductInput }).input,
        sale_price: 800,
        regular_price: 1000,
        sale_starts_at: "2030-03-01T10:30:00.000Z",
        sale_ends_at: "2030-03-07T18:00:00.000Z",
      },
      usd,
    );
    expect(stored).toMatchObject({ sale_starts_at: "2030-03-01", sale_ends_at: "2030-03-07" });
    expect(fromDraft(stored, usd)).toMatchObject({
      input: { sale_starts_at: "2030-03-01T10:30:00.000Z", sale_ends_at: "2030-03-07T18:00:00.000Z" },
    });
    expect(fromDraft({ ...stored, sale_ends_at: "2030-03-09" }, usd)).toMatchObject({
      input: { sale_ends_at: "2030-03-10T00:00:00.000Z" },
    });
  });

  it("name a day that is not a date beside its field, a variation's too", () => {
    const draft = {
      ...scheduled("2030-02-31x", ""),
      type: "variable" as const,
      variations: [{ ...newVariation([]), sale_ends_at: "soon" }],
    };
    expect(fromDraft(draft, usd)).toEqual({
      ok: false,
      errors: { sale_starts_at: "Enter a date.", "variations.0.sale_ends_at": "Enter a date." },
    });
  });
});

describe("setting every variation at once", () => {
  it("sets a price on each, and a quantity that also tracks stock", () => {
    const variations = [
      newVariation([{ attribute_id: 1, term_id: 2 }]),
      { ...newVariation([{ attribute_id: 1, term_id: 3 }]), regular_price: "5.00" },
    ];
    expect(bulkSetVariations(variations, "regular_price", " 12.50 ").map((v) => v.regular_price)).toEqual(["12.50", "12.50"]);
    expect(bulkSetVariations(variations, "sale_price", "").map((v) => v.sale_price)).toEqual(["", ""]);
    const stocked = bulkSetVariations(variations, "stock_quantity", "7");
    expect(stocked.map((v) => [v.manage_stock, v.stock_quantity])).toEqual([
      [true, "7"],
      [true, "7"],
    ]);
    expect(stocked[1]?.regular_price).toBe("5.00");
  });

  it("tells a value that is no amount or whole number before copying it anywhere; empty clears", () => {
    expect(bulkValueProblem("stock_quantity", "abc", usd)).toMatch(/whole number/i);
    expect(bulkValueProblem("stock_quantity", "-3", usd)).toBeNull();
    expect(bulkValueProblem("regular_price", "12.5x", usd)).not.toBeNull();
    expect(bulkValueProblem("regular_price", "12.50", usd)).toBeNull();
    expect(bulkValueProblem("sale_price", " ", usd)).toBeNull();
  });
});
