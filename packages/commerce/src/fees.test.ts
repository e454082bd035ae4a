import { describe, expect, it } from "vitest";
import { percentOf, percentUnits, readFeeAmount } from "./fees.ts";

describe("percentOf", () => {
  it("takes a percentage of an amount in minor units", () => {
    expect(percentOf(5000, 10)).toBe(500);
    expect(percentOf(5000, 12.5)).toBe(625);
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(5000, 0)).toBe(0);
  });

  it("rounds once to the nearest minor unit, halves away from zero", () => {
    // 10% of 5 is 0.5: 1; 10% of 4 is 0.4: 0; 15% of 1999 is 299.85: 300.
    expect(percentOf(5, 10)).toBe(1);
    expect(percentOf(4, 10)).toBe(0);
    expect(percentOf(1999, 15)).toBe(300);
    // A discount mirrors the charge: −10% of 5 is −1, never 0.
    expect(percentOf(5, -10)).toBe(-1);
    expect(percentOf(1999, -15)).toBe(-300);
    expect(percentOf(-5, 10)).toBe(-1);
  });

  it("works exactly where floating point would not", () => {
    // 33.3333% of the largest amount an order holds is 715,827,166.5 and a bit: 715,827,167 (exact integers).
    expect(percentOf(2_147_483_647, 33.3333)).toBe(715_827_167);
    expect(percentOf(2_147_483_647, 1000)).toBe(21_474_836_470);
    // 1.005% of 100000: 1005 exactly.
    expect(percentOf(100_000, 1.005)).toBe(1005);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(3, 50)).toBe(2);
  });

  it("refuses what is not an integer amount or a fee's percentage", () => {
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
    expect(() => percentOf(100, 10.00001)).toThrow(RangeError);
    expect(() => percentOf(100, 1001)).toThrow(RangeError);
    expect(() => percentOf(100, -100.5)).toThrow(RangeError);
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
  });
});

describe("percentUnits", () => {
  it("keeps four decimal places and refuses a fifth", () => {
    expect(percentUnits(12.5)).toBe(125_000);
    expect(percentUnits(7.25)).toBe(72_500);
    expect(percentUnits(0.0001)).toBe(1);
    expect(percentUnits(0.00001)).toBeNull();
    expect(percentUnits(-100)).toBe(-1_000_000);
    expect(percentUnits(1000)).toBe(10_000_000);
  });
});

describe("readFeeAmount", () => {
  it("tells a percentage by its trailing %, its sign apart and its number as typed", () => {
    expect(readFeeAmount("10%")).toEqual({ kind: "percent", negative: false, number: "10" });
    expect(readFeeAmount(" 12,5 % ")).toEqual({ kind: "percent", negative: false, number: "12,5" });
    expect(readFeeAmount("-5%")).toEqual({ kind: "percent", negative: true, number: "5" });
    expect(readFeeAmount("− 5%")).toEqual({ kind: "percent", negative: true, number: "5" });
    expect(readFeeAmount("+1.000%")).toEqual({ kind: "percent", negative: false, number: "1.000" });
    expect(readFeeAmount("%")).toEqual({ kind: "percent", negative: false, number: "" });
  });

  it("leaves an amount's number to the caller, with its sign apart", () => {
    expect(readFeeAmount("10")).toEqual({ kind: "fixed", negative: false, number: "10" });
    expect(readFeeAmount(" -2,50 ")).toEqual({ kind: "fixed", negative: true, number: "2,50" });
    expect(readFeeAmount("ten")).toEqual({ kind: "fixed", negative: false, number: "ten" });
  });
});
