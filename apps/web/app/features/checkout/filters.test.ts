import { afterEach, describe, expect, it } from "vitest";
import {
  applyCheckoutFilter,
  clearCheckoutFilters,
  PRICE_PLACEHOLDER,
  priceFormatMessage,
  registerCheckoutFilters,
  splitPriceFormat,
  subscribeToCheckoutFilters,
} from "./filters.ts";

afterEach(() => clearCheckoutFilters());

describe("checkout filters", () => {
  it("run in registration order, each on the value the previous one returned", () => {
    registerCheckoutFilters("one", { placeOrderButtonLabel: (label: string) => `${label}!` });
    registerCheckoutFilters("two", { placeOrderButtonLabel: (label: string) => label.toUpperCase() });
    expect(applyCheckoutFilter({ filterName: "placeOrderButtonLabel", defaultValue: "Pay now" })).toBe("PAY NOW!");
  });

  it("leave the value alone and report when a filter returns another type; the owner gets the error thrown", () => {
    const reported: string[] = [];
    registerCheckoutFilters("broken", { itemName: (() => 42) as never });
    expect(applyCheckoutFilter({ filterName: "itemName", defaultValue: "Beanie", report: (m) => reported.push(m) })).toBe("Beanie");
    expect(reported).toEqual([
      "The type returned by checkout filters must be the same as the type they receive. The function received string but returned number.",
    ]);
    expect(() => applyCheckoutFilter({ filterName: "itemName", defaultValue: "Beanie", isAdmin: true })).toThrow(
      "The function received string but returned number.",
    );
  });

  it("survive a filter that throws, and pass the extensions and arguments through", () => {
    const reported: string[] = [];
    registerCheckoutFilters("throws", {
      totalLabel: () => {
        throw new Error("nope");
      },
    });
    registerCheckoutFilters("reads", {
      totalLabel: (label: string, extensions, args) => `${label} (${String(extensions.note)}, ${String(args?.context)})`,
    });
    expect(
      applyCheckoutFilter({
        filterName: "totalLabel",
        defaultValue: "Total",
        extensions: { note: "x" },
        args: { context: "summary" },
        report: (m) => reported.push(m),
      }),
    ).toBe("Total (x, summary)");
    expect(reported).toEqual(["nope"]);
  });
});

describe("price-format filters (cartItemPrice, subtotalPriceFormat)", () => {
  it("hand back a format in which '<price/>' stands for the price, and see the cart, the item and the context", () => {
    const seen: unknown[] = [];
    registerCheckoutFilters("subscriptions", {
      cartItemPrice: (format, extensions, args) => {
        seen.push(extensions.plan, args?.context, (args?.cartItem as { name: string } | undefined)?.name);
        return `${format} per month`;
      },
      subtotalPriceFormat: (format) => `${format} each`,
    });
    const args = { context: "cart", cartItem: { name: "Beanie" } };
    expect(applyCheckoutFilter({ filterName: "cartItemPrice", defaultValue: PRICE_PLACEHOLDER, extensions: { plan: "gold" }, args })).toBe(
      "<price/> per month",
    );
    expect(applyCheckoutFilter({ filterName: "subtotalPriceFormat", defaultValue: PRICE_PLACEHOLDER, args })).toBe("<price/> each");
    expect(seen).toEqual(["gold", "cart", "Beanie"]);
  });

  it("refuse a format without '<price/>': the value stays, shoppers get it logged, the owner gets it thrown", () => {
    const reported: string[] = [];
    registerCheckoutFilters("broken", { cartItemPrice: () => "per month", subtotalPriceFormat: () => "<price> each" });
    registerCheckoutFilters("fine", { subtotalPriceFormat: (format) => `from ${format}` });
    const apply = (filterName: "cartItemPrice" | "subtotalPriceFormat") =>
      applyCheckoutFilter({ filterName, defaultValue: PRICE_PLACEHOLDER, report: (m) => reported.push(m) });
    expect(apply("cartItemPrice")).toBe("<price/>");
    // The broken namespace's format is skipped; the next namespace still gets the value as it was.
    expect(apply("subtotalPriceFormat")).toBe("from <price/>");
    expect(reported).toEqual([
      `Price-format filters must contain '<price/>': the checkout filter 'cartItemPrice' returned "per month".`,
      `Price-format filters must contain '<price/>': the checkout filter 'subtotalPriceFormat' returned "<price> each".`,
    ]);
    expect(() => applyCheckoutFilter({ filterName: "cartItemPrice", defaultValue: PRICE_PLACEHOLDER, isAdmin: true })).toThrow(
      priceFormatMessage("cartItemPrice", "per month"),
    );
  });

  it("leave other filters free of the rule", () => {
    registerCheckoutFilters("names", { itemName: (name) => `${name} (gift)` });
    expect(applyCheckoutFilter({ filterName: "itemName", defaultValue: "Beanie" })).toBe("Beanie (gift)");
  });

  it("are split around the first '<price/>' for the price to go between", () => {
    expect(splitPriceFormat("<price/>")).toEqual(["", ""]);
    expect(splitPriceFormat("from <price/> a month")).toEqual(["from ", " a month"]);
    expect(splitPriceFormat("<price/> or <price/>")).toEqual(["", " or <price/>"]);
  });
});

describe("registering a filter", () => {
  it("tells the pages already drawn, so they draw again with it", () => {
    let calls = 0;
    const stop = subscribeToCheckoutFilters(() => calls++);
    registerCheckoutFilters("late", { totalLabel: (label) => label });
    expect(calls).toBe(1);
    stop();
    registerCheckoutFilters("later", { totalLabel: (label) => label });
    expect(calls).toBe(1);
  });
});
