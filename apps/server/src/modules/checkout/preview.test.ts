import { currencyFields, DEFAULT_CURRENCY } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { sampleCart } from "./preview.ts";

const sum = (values: string[]) => values.reduce((total, value) => total + Number(value), 0);

describe("sampleCart (the editor preview's data, spec §9)", () => {
  const fields = currencyFields(DEFAULT_CURRENCY);
  const cart = sampleCart(fields);

  it("has the spec's payment methods, rates, fee and quantity limits, and two lines", () => {
    expect(cart.payment_methods).toEqual(["cod", "bacs", "cheque"]);
    const rates = cart.shipping_rates.flatMap((p) => p.shipping_rates);
    expect(rates.map((r) => [r.rate_id, r.price, r.selected])).toEqual([
      ["flat_rate:0", "500", true],
      ["free_shipping:1", "0", false],
    ]);
    expect(cart.fees.map((f) => [f.totals.total, f.totals.total_tax])).toEqual([["100", "20"]]);
    expect(cart.items).toHaveLength(2);
    for (const item of cart.items) expect(item.quantity_limits).toMatchObject({ minimum: 1, maximum: 99, multiple_of: 1 });
    expect(cart.items_count).toBe(sum(cart.items.map((i) => String(i.quantity))));
    expect(cart.needs_shipping).toBe(true);
    expect(cart.needs_payment).toBe(true);
    expect(cart.errors).toEqual([]);
  });

  it("taxes everything at 20 %", () => {
    for (const item of cart.items) expect(Number(item.totals.line_total_tax)).toBe(Number(item.totals.line_total) * 0.2);
    expect(Number(cart.totals.total_shipping_tax)).toBe(Number(cart.totals.total_shipping) * 0.2);
    expect(Number(cart.totals.total_fees_tax)).toBe(Number(cart.totals.total_fees) * 0.2);
    expect(cart.totals.tax_lines).toEqual([{ name: "Tax", rate: "20%", price: cart.totals.total_tax }]);
  });

  it("adds up: lines to the item totals, and every part to the total price", () => {
    const { totals } = cart;
    for (const item of cart.items) expect(Number(item.totals.line_subtotal)).toBe(Number(item.prices.price) * item.quantity);
    expect(Number(totals.total_items)).toBe(sum(cart.items.map((i) => i.totals.line_total)));
    expect(Number(totals.total_items_tax)).toBe(sum(cart.items.map((i) => i.totals.line_total_tax)));
    expect(Number(totals.total_fees)).toBe(sum(cart.fees.map((f) => f.totals.total)));
    expect(Number(totals.total_fees_tax)).toBe(sum(cart.fees.map((f) => f.totals.total_tax)));
    const selected = cart.shipping_rates.flatMap((p) => p.shipping_rates.filter((r) => r.selected));
    expect(Number(totals.total_shipping)).toBe(sum(selected.map((r) => r.price)));
    expect(Number(totals.total_shipping_tax)).toBe(sum(selected.map((r) => r.taxes)));
    expect(Number(totals.total_tax)).toBe(sum([totals.total_items_tax, totals.total_fees_tax, totals.total_shipping_tax ?? "0"]));
    expect(Number(totals.total_price)).toBe(
      sum([totals.total_items, totals.total_fees, totals.total_shipping ?? "0", totals.total_tax]) - Number(totals.total_discount),
    );
  });

  it("carries the shop's currency on every amount", () => {
    const euro = { ...fields, currency_code: "EUR", currency_symbol: "€", currency_prefix: "", currency_suffix: " €" };
    const inEuro = sampleCart(euro);
    expect(inEuro.totals).toMatchObject(euro);
    for (const item of inEuro.items) {
      expect(item.prices).toMatchObject(euro);
      expect(item.totals).toMatchObject(euro);
    }
    for (const rate of inEuro.shipping_rates.flatMap((p) => p.shipping_rates)) expect(rate).toMatchObject(euro);
    expect(inEuro.fees[0]?.totals).toMatchObject(euro);
  });
});
