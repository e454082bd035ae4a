import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { affixesFor, type Currency, DEFAULT_CURRENCY, formatAmount, groupedWhole, parseDecimalAmount } from "./money.ts";

const euro: Currency = { code: "EUR", symbol: "€", minorUnit: 2, decimalSeparator: ",", thousandSeparator: ".", prefix: "", suffix: " €" };

describe("formatAmount (spec §5 Price format)", () => {
  it.each([
    [2000, "$20.00"],
    ["1800", "$18.00"],
    [5, "$0.05"],
    [0, "$0.00"],
    [123456789, "$1,234,567.89"],
    [-1250, "-$12.50"],
    ["007", "$0.07"],
  ])("formats %s as %s", (input, expected) => {
    expect(formatAmount(input, DEFAULT_CURRENCY)).toBe(expected);
  });

  it.each([[""], ["abc"], ["12.5"], [null], [undefined], ["1e3"]])("gives an empty string for %s", (input) => {
    expect(formatAmount(input as string, DEFAULT_CURRENCY)).toBe("");
  });

  it("uses the currency's separators, affixes and minor unit", () => {
    expect(formatAmount(123456, euro)).toBe("1.234,56 €");
    expect(formatAmount(1234, { ...DEFAULT_CURRENCY, code: "JPY", symbol: "¥", prefix: "¥", minorUnit: 0 })).toBe("¥1,234");
    expect(formatAmount(1234567, { ...DEFAULT_CURRENCY, minorUnit: 3 })).toBe("$1,234.567");
  });

  it("drops the thousands separator when it equals the decimal separator", () => {
    expect(formatAmount(123456, { ...DEFAULT_CURRENCY, thousandSeparator: ".", decimalSeparator: "." })).toBe("$1234.56");
  });

  it("never loses a digit, whatever the size", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (amount) => {
        const text = formatAmount(amount.toString(), { ...DEFAULT_CURRENCY, prefix: "", thousandSeparator: "" });
        expect(BigInt(text.replace(".", ""))).toBe(amount);
      }),
    );
  });
});

describe("affixesFor", () => {
  it("places the symbol by the position setting (spec §9)", () => {
    expect(affixesFor("$", "left")).toEqual({ prefix: "$", suffix: "" });
    expect(affixesFor("$", "left_space")).toEqual({ prefix: "$ ", suffix: "" });
    expect(affixesFor("€", "right")).toEqual({ prefix: "", suffix: "€" });
    expect(affixesFor("€", "right_space")).toEqual({ prefix: "", suffix: " €" });
  });
});

describe("parseDecimalAmount", () => {
  it("reads prices as an owner types them", () => {
    expect(parseDecimalAmount("19.99", 2)).toBe(1999);
    expect(parseDecimalAmount("20", 2)).toBe(2000);
    expect(parseDecimalAmount("0.5", 2)).toBe(50);
    expect(parseDecimalAmount("12.345", 2)).toBeNull();
    expect(parseDecimalAmount("-1", 2)).toBeNull();
    expect(parseDecimalAmount("abc", 2)).toBeNull();
  });

  it("round-trips with formatAmount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (amount) => {
        const text = formatAmount(amount, { ...DEFAULT_CURRENCY, prefix: "", thousandSeparator: "" });
        expect(parseDecimalAmount(text, 2)).toBe(amount);
      }),
    );
  });
});

describe("groupedWhole", () => {
  it("writes whole numbers as toLocaleString('en') does, without ICU", () => {
    for (const value of [0, 7, 999, 1000, 20_000, 50_000, 1_234_567, -12_345, 1e15]) {
      expect(groupedWhole(value)).toBe(value.toLocaleString("en"));
    }
  });
});
