/**
 * The price-format filters where they apply (spec §5 "Extension registration"): the cart page's
 * lines (context "cart") and the checkout's order summary (context "summary"), as the server draws them.
 */
import type { StoreCart, StoreCartItem } from "@cartwright/commerce";
import { currencyFromFields } from "@cartwright/commerce";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { registerGiftWrapFilters } from "../../../../../extensions/gift-wrap/storefront.ts";
import { CartProvider } from "../../stores/cart-provider.tsx";
import { CartLineItem } from "../cart/CartLineItem.tsx";
import { clearCheckoutFilters, registerCheckoutFilters } from "./filters.ts";
import { OrderSummary } from "./OrderSummary.tsx";

afterEach(() => clearCheckoutFilters());

const CURRENCY = {
  currency_code: "USD",
  currency_symbol: "$",
  currency_minor_unit: 2,
  currency_decimal_separator: ".",
  currency_thousand_separator: ",",
  currency_prefix: "$",
  currency_suffix: "",
};

/** Two Beanies on sale at 18.00 (regular 20.00), in a cart asked to be gift wrapped. */
function beanieCart(): StoreCart {
  const item = {
    key: "line-1",
    id: 2,
    type: "simple",
    quantity: 2,
    name: "Beanie",
    summary: "",
    short_description: "",
    description: "",
    sku: "",
    permalink: "/product/beanie",
    catalog_visibility: "visible",
    low_stock_remaining: null,
    backorders_allowed: false,
    show_backorder_badge: false,
    sold_individually: false,
    quantity_limits: { minimum: 1, maximum: 99, multiple_of: 1, editable: true },
    images: [],
    variation: [],
    item_data: [],
    prices: {
      price: "1800",
      regular_price: "2000",
      sale_price: "1800",
      price_range: null,
      raw_prices: { precision: 6, price: "18000000", regular_price: "20000000", sale_price: "18000000" },
      ...CURRENCY,
    },
    totals: { line_subtotal: "3600", line_subtotal_tax: "0", line_total: "3600", line_total_tax: "0", ...CURRENCY },
    extensions: {},
  } as StoreCartItem;
  const zero = { total_items: "3600", total_items_tax: "0", total_fees: "0", total_fees_tax: "0", total_discount: "0" };
  return {
    items: [item],
    coupons: [],
    fees: [],
    totals: {
      ...zero,
      total_discount_tax: "0",
      total_shipping: null,
      total_shipping_tax: null,
      total_price: "3600",
      total_tax: "0",
      tax_lines: [],
      ...CURRENCY,
    },
    shipping_address: {} as StoreCart["shipping_address"],
    billing_address: {} as StoreCart["billing_address"],
    needs_payment: true,
    needs_shipping: false,
    payment_requirements: [],
    has_calculated_shipping: false,
    shipping_rates: [],
    items_count: 2,
    items_weight: 0,
    cross_sells: [],
    errors: [],
    payment_methods: [],
    extensions: { "gift-wrap": { wrap: true } },
  };
}

const TOTALS = { withTax: false, itemizedTaxes: false, taxesEnabled: true };
const page = (child: ReactNode) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(CartProvider, { nonce: { value: "n", timestamp: 0 }, children: child })),
  );

function cartLine(isAdmin = false) {
  const cart = beanieCart();
  const item = cart.items[0] as StoreCartItem;
  const currency = currencyFromFields(cart.totals);
  return page(
    createElement(
      "table",
      null,
      createElement("tbody", null, createElement(CartLineItem, { item, cart, currency, withTax: false, isAdmin, onRemoved: () => {} })),
    ),
  );
}

function summary() {
  const cart = beanieCart();
  return page(createElement(OrderSummary, { cart, currency: currencyFromFields(cart.totals), totals: TOTALS }));
}

/** Formats that say which filter, context and cart data they were given. */
function registerFormats() {
  const seen: string[] = [];
  registerCheckoutFilters("gift-wrap", {
    cartItemPrice: (format, extensions, args) => {
      const wrap = (extensions["gift-wrap"] as { wrap?: boolean } | undefined)?.wrap;
      seen.push(`${String(args?.context)}:${(args?.cart as StoreCart | undefined)?.items_count}`);
      return wrap ? `${format} gift wrapped` : format;
    },
    subtotalPriceFormat: (format, _extensions, args) => `${format} each (${(args?.cartItem as StoreCartItem | undefined)?.name})`,
  });
  return seen;
}

describe("price-format filters on the cart page's lines", () => {
  it("leave the prices as they were with no filter", () => {
    const html = cartLine();
    expect(html).toContain('<span class="cart-line__total-amount">$36.00</span>');
    expect(html).toMatch(/<del>.*\$20\.00<\/del> <ins>.*\$18\.00<\/ins>/);
  });

  it("put the line's total in cartItemPrice's format and the unit price in subtotalPriceFormat's, in the cart context", () => {
    const seen = registerFormats();
    const html = cartLine();
    expect(html).toContain('<span class="cart-line__total-amount">$36.00 gift wrapped</span>');
    expect(html).toMatch(/<div class="cart-line__price"><span><del>.*\$20\.00<\/del> <ins>.*\$18\.00<\/ins> each \(Beanie\)<\/span>/);
    expect(seen).toEqual(["cart:2"]);
  });

  it("draw the line as it was for a shopper when a format drops '<price/>'", () => {
    registerCheckoutFilters("broken", { cartItemPrice: () => "per month", subtotalPriceFormat: () => "" });
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (message: unknown) => logged.push(message);
    try {
      const html = cartLine();
      expect(html).toContain('<span class="cart-line__total-amount">$36.00</span>');
      expect(html).toContain("$18.00");
    } finally {
      console.error = error;
    }
    expect(logged).toEqual([
      `Price-format filters must contain '<price/>': the checkout filter 'subtotalPriceFormat' returned "".`,
      `Price-format filters must contain '<price/>': the checkout filter 'cartItemPrice' returned "per month".`,
    ]);
    expect(() => cartLine(true)).toThrow("Price-format filters must contain '<price/>'");
  });

  it("name the line through itemName in the cart context", () => {
    registerCheckoutFilters("names", { itemName: (name, _extensions, args) => `${name} (${String(args?.context)})` });
    const html = cartLine();
    expect(html).toContain(">Beanie (cart)</a>");
    expect(html).toContain('aria-label="Remove Beanie (cart) from cart"');
  });
});

describe("price-format filters in the checkout's order summary", () => {
  it("show each line's unit price and total as they were with no filter", () => {
    const html = summary();
    expect(html).toMatch(/<span class="checkout-summary__unit-price"><del>.*\$20\.00<\/del> <ins>.*\$18\.00<\/ins><\/span>/);
    expect(html).toContain('<span class="checkout-summary__total">$36.00</span>');
  });

  it("format them in the summary context", () => {
    const seen = registerFormats();
    const html = summary();
    expect(html).toContain('<span class="checkout-summary__total">$36.00 gift wrapped</span>');
    expect(html).toMatch(/<span class="checkout-summary__unit-price"><del>.*<\/ins> each \(Beanie\)<\/span>/);
    expect(seen).toEqual(["summary:2"]);
  });
});

describe("the gift-wrap example's price formats", () => {
  it("mark a wrapped cart's line totals and say the unit price is for each of several, on both pages", () => {
    registerGiftWrapFilters();
    const line = cartLine();
    expect(line).toContain('<span class="cart-line__total-amount">$36.00 (gift wrapped)</span>');
    expect(line).toMatch(/<ins>.*\$18\.00<\/ins> each<\/span>/);
    const html = summary();
    expect(html).toContain('<span class="checkout-summary__total">$36.00 (gift wrapped)</span>');
    expect(html).toMatch(/<span class="checkout-summary__unit-price">.*<\/ins> each<\/span>/);
  });
});
