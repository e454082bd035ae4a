import { describe, expect, it } from "vitest";
import { postcodeMatches, postcodeRuleProblem } from "./postcode-rules.ts";

describe("postcodeRuleProblem", () => {
  it("accepts the rules the matcher understands", () => {
    for (const rule of ["90210", "sw1a 1aa", "SW1*", "900*", "90000...90999", " 10115 "])
      expect(postcodeRuleProblem(rule), rule).toBeNull();
    expect(postcodeMatches("900*", "90012")).toBe(true);
    expect(postcodeMatches("90000...90999", "90500")).toBe(true);
  });

  it("refuses what the matcher would never match as meant, with the reason", () => {
    expect(postcodeRuleProblem("")).toMatch(/^Enter a postcode/);
    expect(postcodeRuleProblem("*")).toMatch(/not a postcode rule/);
    expect(postcodeRuleProblem("9*0")).toMatch(/one \* at the end/);
    expect(postcodeRuleProblem("A1...B2")).toMatch(/a range is two numbers/);
    expect(postcodeRuleProblem("90999...90000")).toMatch(/starts with its lower number/);
    expect(postcodeRuleProblem("1...2...3")).toMatch(/not a postcode rule/);
    expect(postcodeRuleProblem("90210!")).toMatch(/not a postcode rule/);
  });
});
