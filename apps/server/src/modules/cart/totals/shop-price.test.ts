import { describe, expect, it } from "vitest";
import { calculateTotals } from "./calculate.ts";
import { BASE, DEMO_RATES, demoInput, line, REDUCED, rate, shopPriceRules } from "./fixtures.test-helpers.ts";
import { shopDisplayPrice, shopPricesAsEntered } from "./shop-price.ts";

const rules = shopPriceRules;

describe("shopDisplayPrice", () => {
  it("puts the base location's tax on a net price: the T-shirt's 20.00 shows 21.45 at 7.25 %", () => {
    expect(shopDisplayPrice(2000, "taxable", "", rules())).toBe(2145);
  });

  it("uses the product's class: 2.5 % on the reduced class, nothing on a class without rates there", () => {
    expect(shopDisplayPrice(2000, "taxable", "reduced-rate", rules())).toBe(2050);
    expect(shopDisplayPrice(2000, "taxable", "zero-rate", rules())).toBe(2000);
  });

  it("rounds each rate's tax half up, as the cart does", () => {
    // 1.00 × 7.25 % = 7.25 cents → 7; 2.00 × 7.25 % = 14.5 → 15.
    expect(shopDisplayPrice(100, "taxable", "", rules())).toBe(107);
    expect(shopDisplayPrice(200, "taxable", "", rules())).toBe(215);
  });

  it("takes the tax out of a price entered with tax when the shop shows prices without", () => {
    // 21.45 holds 21.45 − 21.45 / 1.0725 = 1.45 of tax.
    expect(shopDisplayPrice(2145, "taxable", "", rules({ pricesIncludeTax: true, displayIncludingTax: false }))).toBe(2000);
    expect(shopDisplayPrice(2000, "taxable", "", rules({ pricesIncludeTax: true, displayIncludingTax: false }))).toBe(1865);
  });

  it("shows the entered price when entry and display agree, taxes are off, or the product is not taxable", () => {
    expect(shopDisplayPrice(2000, "taxable", "", rules({ pricesIncludeTax: true, displayIncludingTax: true }))).toBe(2000);
    expect(shopDisplayPrice(2000, "taxable", "", rules({ displayIncludingTax: false }))).toBe(2000);
    expect(shopDisplayPrice(2000, "taxable", "", rules({ taxesEnabled: false }))).toBe(2000);
    expect(shopDisplayPrice(2000, "none", "", rules())).toBe(2000);
    expect(shopDisplayPrice(2000, "shipping", "", rules())).toBe(2000);
  });

  it("stacks compound rates on the price plus the taxes before them", () => {
    const withCompound = [
      rate({ id: 1, country: "US", state: "CA", rate: 50_000, name: "A" }),
      rate({ id: 2, country: "US", state: "CA", rate: 100_000, name: "B", priority: 2, compound: true }),
    ];
    // 10.00 + 0.50 = 10.50; + 10 % of 10.50 = 1.05 → 11.55.
    expect(shopDisplayPrice(1000, "taxable", "", rules({ taxRates: withCompound }))).toBe(1155);
  });

  it("tells when no rate need be read", () => {
    expect(shopPricesAsEntered(rules())).toBe(false);
    expect(shopPricesAsEntered(rules({ displayIncludingTax: false }))).toBe(true);
    expect(shopPricesAsEntered(rules({ taxesEnabled: false }))).toBe(true);
    expect(shopPricesAsEntered(rules({ pricesIncludeTax: true }))).toBe(true);
  });

  it.each([1, 99, 100, 1234, 2000, 2145, 99_999])(
    "matches one unit priced by the cart at the base location (%i, both ways of entering)",
    (unitPrice) => {
      for (const pricesIncludeTax of [false, true]) {
        for (const taxClass of ["", "reduced-rate"]) {
          const input = demoInput({ taxRates: [...DEMO_RATES, REDUCED], location: BASE, pricesIncludeTax });
          const totals = calculateTotals({ ...input, lines: [line({ key: "a", unitPrice, taxClass })] });
          const cartLine = totals.lines.a!;
          const shown = (displayIncludingTax: boolean) =>
            shopDisplayPrice(unitPrice, "taxable", taxClass, rules({ pricesIncludeTax, displayIncludingTax }));
          expect(shown(true)).toBe(cartLine.line_subtotal + cartLine.line_subtotal_tax);
          expect(shown(false)).toBe(cartLine.line_subtotal);
        }
      }
    },
  );
});
