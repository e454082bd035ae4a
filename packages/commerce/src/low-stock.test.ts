import { describe, expect, it } from "vitest";
import { lowStockAmountOf, lowStockRemaining } from "./low-stock.ts";

describe("the low-stock amount", () => {
  it("is the variation's own, else its product's, else the shop's", () => {
    expect(lowStockAmountOf(4, 10, 2)).toBe(4);
    expect(lowStockAmountOf(null, 10, 2)).toBe(10);
    expect(lowStockAmountOf(null, null, 2)).toBe(2);
    expect(lowStockAmountOf(null, undefined, 2)).toBe(2);
    // Zero is an amount of its own (never low unless sold out), not "unset".
    expect(lowStockAmountOf(0, 10, 2)).toBe(0);
  });
  it("tells what is left only when some is and it is at or below the amount", () => {
    expect(lowStockRemaining(3, 3)).toBe(3);
    expect(lowStockRemaining(4, 3)).toBeNull();
    expect(lowStockRemaining(0, 3)).toBeNull();
    expect(lowStockRemaining(-2, 3)).toBeNull();
    expect(lowStockRemaining(null, 3)).toBeNull();
  });
});
