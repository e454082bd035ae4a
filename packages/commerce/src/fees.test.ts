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
  it("reads a trailing % as a percentage of the items' total", () => {
    expect(readFeeAmount("10%")).toEqual({ kind: "percent", percent: 10 });
    expect(readFeeAmount(" 12.5 % ")).toEqual({ kind: "percent", percent: 12.5 });
    expect(readFeeAmount("12,5%")).toEqual({ kind: "percent", percent: 12.5 });
    expect(readFeeAmount("-5%")).toEqual({ kind: "percent", percent: -5 });
    expect(readFeeAmount("−5%")).toEqual({ kind: "percent", percent: -5 });
    expect(readFeeAmount(".5%")).toEqual({ kind: "percent", percent: 0.5 });
  });

  it("names a percentage it cannot read, and leaves an amount to the caller", () => {
    expect(readFeeAmount("ten%")).toEqual({ kind: "percent", percent: null });
    expect(readFeeAmount("%")).toEqual({ kind: "percent", percent: null });
    expect(readFeeAmount("2000%")).toEqual({ kind: "percent", percent: null });
    expect(readFeeAmount("1.23456%")).toEqual({ kind: "percent", percent: null });
    expect(readFeeAmount("10")).toEqual({ kind: "fixed", text: "10" });
    expect(readFeeAmount(" -2.50 ")).toEqual({ kind: "fixed", text: "-2.50" });
  });
});
