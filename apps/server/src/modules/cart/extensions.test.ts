/** Extension fees: a provider's amount that is not whole minor units is refused, naming the extension that gave it. */
import { afterEach, describe, expect, it } from "vitest";
import { extensionFees, registerCartFees } from "./extensions.ts";

const takeBack: (() => void)[] = [];
afterEach(() => {
  for (const undo of takeBack.splice(0)) undo();
});

describe("extensionFees", () => {
  it("answers every provider's fees as given", () => {
    takeBack.push(registerCartFees("handling", () => [{ name: "Handling", amount: 150, taxable: false, taxClass: "" }]));
    takeBack.push(registerCartFees("promo", () => [{ name: "Promotion", amount: -200, taxable: false, taxClass: "" }]));
    expect(extensionFees({ subtotal: 3999, extensions: {} }).map((fee) => fee.amount)).toEqual([150, -200]);
  });

  it("refuses a fraction of a minor unit, naming the extension and the fee (a 3 % surcharge not rounded)", () => {
    takeBack.push(
      registerCartFees("card-surcharge", ({ subtotal }) => [
        { name: "Card surcharge", amount: subtotal * 0.03, taxable: true, taxClass: "" },
      ]),
    );
    expect(() => extensionFees({ subtotal: 3999, extensions: {} })).toThrow(
      /^The card-surcharge extension's fee "Card surcharge" is 119\.97: a fee's amount is a whole number of the currency's minor units/,
    );
    // A subtotal whose 3 % is whole passes: the mistake shows only on some carts, hence the message naming it.
    expect(extensionFees({ subtotal: 4000, extensions: {} })[0]?.amount).toBe(120);
  });

  it("refuses an amount that is not a finite number", () => {
    takeBack.push(registerCartFees("broken", () => [{ name: "Broken", amount: Number.NaN, taxable: false, taxClass: "" }]));
    expect(() => extensionFees({ subtotal: 100, extensions: {} })).toThrow(/The broken extension's fee "Broken" is NaN/);
  });
});
