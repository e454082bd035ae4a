import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_QUANTITY_LIMITS, isQuantityWithinLimits, normaliseQuantity, quantityButtons } from "./quantity.ts";

const socks = { minimum: 2, maximum: 12, multiple_of: 2, editable: true };

describe("normaliseQuantity (spec §5 Quantity)", () => {
  it.each([
    [0, 2],
    [1, 2],
    [3, 4],
    [5, 6],
    [13, 12],
    [100, 12],
    [Number.NaN, 2],
  ])("clamps and rounds %s to %s for Socks 3-Pack", (input, expected) => {
    expect(normaliseQuantity(input, socks)).toBe(expected);
  });

  it("raises a quantity below the minimum to it", () => {
    expect(normaliseQuantity(0, DEFAULT_QUANTITY_LIMITS)).toBe(1);
    expect(normaliseQuantity(-4, DEFAULT_QUANTITY_LIMITS)).toBe(1);
  });

  it("always lands inside the limits on a multiple", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 200 }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        (step, minimum, span, input) => {
          const limits = { minimum, maximum: minimum + span, multiple_of: step, editable: true };
          const q = normaliseQuantity(input, limits);
          expect(q % step).toBe(0);
          if (Math.ceil(minimum / step) * step <= limits.maximum) expect(isQuantityWithinLimits(q, limits)).toBe(true);
        },
      ),
    );
  });
});

describe("quantityButtons", () => {
  it("disables − at the minimum and + at the maximum", () => {
    expect(quantityButtons(2, socks)).toEqual({ canDecrease: false, canIncrease: true });
    expect(quantityButtons(12, socks)).toEqual({ canDecrease: true, canIncrease: false });
    expect(quantityButtons(6, socks)).toEqual({ canDecrease: true, canIncrease: true });
  });

  it("disables both when the quantity is not editable", () => {
    expect(quantityButtons(1, { ...DEFAULT_QUANTITY_LIMITS, editable: false })).toEqual({ canDecrease: false, canIncrease: false });
  });
});

describe("isQuantityWithinLimits", () => {
  it("needs the bounds and the multiple", () => {
    expect(isQuantityWithinLimits(4, socks)).toBe(true);
    expect(isQuantityWithinLimits(3, socks)).toBe(false);
    expect(isQuantityWithinLimits(14, socks)).toBe(false);
    expect(isQuantityWithinLimits(0, socks)).toBe(false);
  });
});
