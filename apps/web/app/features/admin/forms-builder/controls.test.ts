import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundText, typedBound } from "./controls.tsx";
import { builderMessages } from "./messages.ts";

const commaDecimals = { decimalSeparator: ",", thousandSeparator: "." };
const pointDecimals = { decimalSeparator: ".", thousandSeparator: "," };

describe("a number field's bounds as the shop writes numbers", () => {
  it("reads the shop's decimal separator and a minus, empty as not set", () => {
    expect(typedBound("2,5", commaDecimals)).toBe(2.5);
    expect(typedBound(" -0,25 ", commaDecimals)).toBe(-0.25);
    expect(typedBound("−10", commaDecimals)).toBe(-10);
    expect(typedBound("2.5", pointDecimals)).toBe(2.5);
    expect(typedBound("", commaDecimals)).toBeUndefined();
  });

  it("refuses the other separator and a thousand separator rather than guessing", () => {
    for (const typed of ["2.5", "1.000", "1,2,3", "ten", "--1"]) expect(typedBound(typed, commaDecimals), typed).toBeNull();
    expect(typedBound("1,000", pointDecimals)).toBeNull();
  });

  it("prints a bound that reads back to itself", () => {
    expect(boundText(-2.5, commaDecimals)).toBe("-2,5");
    expect(boundText(undefined, commaDecimals)).toBe("");
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 9), max: 10 ** 9 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), (units, places, comma) => {
        const format = comma ? commaDecimals : pointDecimals;
        const value = units / 10 ** places;
        expect(typedBound(boundText(value, format), format)).toBe(value);
      }),
    );
  });

  it("names the shop's format when it cannot read one", () => {
    expect(builderMessages.unreadableNumber("2.5", commaDecimals)).toBe(
      '"2.5" is not a number as the shop writes numbers, such as -5 or 2,5: digits, "," before decimals, "-" before a number below 0, no thousands separator.',
    );
  });
});
