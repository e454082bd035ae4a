import { afterEach, describe, expect, it } from "vitest";
import { applyCheckoutFilter, clearCheckoutFilters, registerCheckoutFilters } from "./filters.ts";

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
