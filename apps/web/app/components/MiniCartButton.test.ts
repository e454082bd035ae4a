import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MiniCartButton, miniCartTaxLabel } from "./MiniCartButton.tsx";

// The shop's dollars, as the demo has them.
const currency = DEFAULT_CURRENCY;
const render = (itemsCount: number, taxLabel: string, showPrice = true) =>
  renderToStaticMarkup(createElement(MiniCartButton, { itemsCount, amount: itemsCount ? "1800" : "0", currency, taxLabel, showPrice }));

describe("the mini-cart's tax label", () => {
  it("says so when the amount shown and the prices as entered differ on tax, and nothing when they agree", () => {
    expect(miniCartTaxLabel(true, false)).toBe("(incl. tax)");
    expect(miniCartTaxLabel(false, true)).toBe("(ex. tax)");
    expect(miniCartTaxLabel(true, true)).toBe("");
    expect(miniCartTaxLabel(false, false)).toBe("");
  });

  it("shows after the amount once the cart has an item", () => {
    const html = render(1, "(incl. tax)");
    expect(html).toContain(
      '<span class="mini-cart__amount" aria-hidden="true">$18.00</span> <small class="mini-cart__tax-label" aria-hidden="true">(incl. tax)</small>',
    );
    expect(html).toContain('aria-label="1 item in cart, total price of $18.00"');
  });

  it("is not shown for an empty cart, a hidden price or a shop with no label", () => {
    expect(render(0, "(incl. tax)")).not.toContain("(incl. tax)");
    expect(render(2, "(ex. tax)", false)).not.toContain("(ex. tax)");
    expect(render(2, "")).not.toContain("mini-cart__tax-label");
  });
});
