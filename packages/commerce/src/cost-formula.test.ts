import { describe, expect, it } from "vitest";
import {
  amountAsFormula,
  type CostFormula,
  costFormulaProblem,
  evaluateCostFormula,
  parseCostFormula,
  plainAmountOf,
} from "./cost-formula.ts";

function parsed(text: string): CostFormula {
  const result = parseCostFormula(text);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.formula;
}

/** The formula's amount in cents (2 decimals) for qty items costing `cost` cents. */
const cents = (text: string, qty = 1, cost = 0) => evaluateCostFormula(parsed(text), { qty, cost }, 2);

const refusal = (text: string) => {
  const result = parseCostFormula(text);
  if (result.ok) throw new Error(`${text} was accepted`);
  return result;
};

describe("cost formulas: amounts and arithmetic", () => {
  it("reads plain amounts in the shop's currency and answers minor units", () => {
    expect(cents("5")).toBe(500);
    expect(cents("4.50")).toBe(450);
    expect(cents(" 0 ")).toBe(0);
    expect(cents(".5")).toBe(50);
    expect(cents("0.005")).toBe(1);
    expect(cents("0.004")).toBe(0);
  });

  it("follows precedence, left-to-right order and parentheses", () => {
    expect(cents("2 + 3 * 4")).toBe(1400);
    expect(cents("(2 + 3) * 4")).toBe(2000);
    expect(cents("10 - 4 - 3")).toBe(300);
    expect(cents("24 / 4 / 2")).toBe(300);
    expect(cents("10 - (4 - 3)")).toBe(900);
    expect(cents("((((1))))")).toBe(100);
    expect(cents("-2 + 5")).toBe(300);
    expect(cents("5 * -1 + 8")).toBe(300);
    expect(cents("+3")).toBe(300);
    expect(cents("--3")).toBe(300);
  });

  it("reads [qty] and [cost] (cost comes in minor units)", () => {
    expect(cents("[qty]", 3)).toBe(300);
    expect(cents("5 + 2 * [qty]", 3)).toBe(1100);
    expect(cents("[cost]", 1, 1234)).toBe(1234);
    expect(cents("[cost] * 0.1", 1, 1999)).toBe(200);
    expect(cents("[cost] / [qty]", 4, 1000)).toBe(250);
    expect(cents("[QTY] * 2", 2)).toBe(400);
    expect(cents("[ qty ]", 2)).toBe(200);
  });

  it("computes exactly and rounds once at the end, halves away from zero", () => {
    // 1/3 + 1/3 + 1/3 is exactly 1: no drift from rounding each third.
    expect(cents("1/3 + 1/3 + 1/3")).toBe(100);
    expect(cents("10 / 3")).toBe(333);
    expect(cents("20 / 3")).toBe(667);
    expect(cents("0.125")).toBe(13);
    expect(cents("-0.125")).toBe(-13);
    // 0.1 + 0.2 is 0.3 exactly, not 0.30000000000000004.
    expect(cents("(0.1 + 0.2) * 100")).toBe(3000);
    expect(cents("[cost] * 0.015", 1, 1000)).toBe(15);
    expect(cents("[cost] * 0.005", 1, 100)).toBe(1);
  });

  it("works in a currency without decimals and one with three", () => {
    expect(evaluateCostFormula(parsed("500 + [qty] * 100"), { qty: 2, cost: 0 }, 0)).toBe(700);
    expect(evaluateCostFormula(parsed("[cost] * 0.5"), { qty: 1, cost: 3 }, 0)).toBe(2);
    expect(evaluateCostFormula(parsed("1.2345"), { qty: 1, cost: 0 }, 3)).toBe(1235);
  });

  it("answers null where the cart makes the divisor zero", () => {
    expect(cents("[cost] / ([qty] - 1)", 1, 500)).toBeNull();
    expect(cents("[cost] / ([qty] - 1)", 3, 500)).toBe(250);
  });
});

describe("cost formulas: [fee]", () => {
  it("takes a percentage of [cost]", () => {
    expect(cents('[fee percent="10"]', 1, 5000)).toBe(500);
    expect(cents("[fee percent='12.5']", 1, 5000)).toBe(625);
    expect(cents("[fee percent=10]", 1, 1999)).toBe(200);
  });

  it("keeps it between min_fee and max_fee, in the shop's currency", () => {
    const fee = '[fee percent="10" min_fee="2" max_fee="20"]';
    expect(cents(fee, 1, 1000)).toBe(200); // 10% of 10.00 is 1.00: the minimum 2.00
    expect(cents(fee, 1, 5000)).toBe(500);
    expect(cents(fee, 1, 50000)).toBe(2000); // 10% of 500.00 is 50.00: the maximum 20.00
    expect(cents('[fee percent="10" min_fee="2.5"]', 1, 0)).toBe(250);
    expect(cents('[fee max_fee="3" percent="10"]', 1, 10000)).toBe(300);
  });

  it("adds to the rest of a formula", () => {
    expect(cents('5 + [qty] * 1.5 + [fee percent="10" min_fee="2"]', 2, 1000)).toBe(1000);
    expect(cents('([fee percent="1"] + 1) * 2', 1, 10000)).toBe(400);
  });

  it("rounds the fee with the rest, once", () => {
    // 10% of 0.05 is 0.005, and twice that 0.01: rounding the fee first would give 0.02.
    expect(cents('[fee percent="10"] * 2', 1, 5)).toBe(1);
  });
});

describe("cost formulas: refusals name the place", () => {
  const cases: [string, RegExp, number][] = [
    ["", /empty/, 1],
    ["   ", /empty/, 1],
    ["5 +", /end of the formula/, 4],
    ["5 + * 2", /found "\*" at character 5/, 5],
    ["(5 + 2", /never closed/, 7],
    ["5 + 2)", /closes no "\("/, 6],
    ["()", /Empty parentheses/, 1],
    ["5 2", /operator.*a number at character 3/, 3],
    ["5 [qty]", /operator.*placeholder at character 3/, 3],
    ["5 % 2", /"%" at character 3/, 3],
    ["2^3", /"\^" at character 2/, 2],
    ["abc", /"a" at character 1/, 1],
    ["5,50", /point, not a comma/, 2],
    ["1.2.3", /second decimal point/, 4],
    ["5.", /digit after the decimal point/, 2],
    ["[items]", /Unknown placeholder "items"/, 2],
    ["[qty", /no closing "\]"/, 1],
    ["[]", /opens no placeholder/, 2],
    ["qty]", /"q" at character 1/, 1],
    ["5 ]", /closes no placeholder/, 3],
    ["[qty x]", /takes no settings/, 6],
    ["[fee]", /needs its percentage/, 1],
    ['[fee percent="10" percent="5"]', /given twice/, 19],
    ['[fee rate="10"]', /no setting "rate"/, 6],
    ['[fee percent="ten"]', /needs a number/, 15],
    ['[fee percent="10]', /closing "/, 17],
    ['[fee percent "10"]', /Expected "="/, 14],
    ['[fee percent="10" min_fee="5" max_fee="2"]', /min_fee above its max_fee/, 1],
    ["5 / 0", /Division by zero at character 3/, 3],
    ["5 / (2 - 2)", /Division by zero/, 3],
    ["1234567890123", /too long/, 1],
  ];
  for (const [text, message, position] of cases) {
    it(`refuses ${JSON.stringify(text)}`, () => {
      const result = refusal(text);
      expect(result.message).toMatch(message);
      expect(result.position).toBe(position);
    });
  }

  it("refuses eval-like text and very long or deep formulas", () => {
    expect(refusal("process.exit()").message).toMatch(/"p" at character 1/);
    expect(refusal("1".repeat(5) + "+1".repeat(300)).message).toMatch(/500 characters/);
    expect(refusal(`${"(".repeat(40)}1${")".repeat(40)}`).message).toMatch(/nests too deeply/);
    expect(refusal(`${"-".repeat(40)}1`).message).toMatch(/nests too deeply/);
  });

  it("costFormulaProblem answers null for a good formula and the message for a bad one", () => {
    expect(costFormulaProblem("5 + [qty]")).toBeNull();
    expect(costFormulaProblem("5 +")).toMatch(/end of the formula/);
  });
});

describe("plain amounts and their text", () => {
  it("takes a plain amount to minor units, and nothing else", () => {
    expect(plainAmountOf("4.50", 2)).toBe(450);
    expect(plainAmountOf(" 12 ", 2)).toBe(1200);
    expect(plainAmountOf("4.505", 2)).toBeNull();
    expect(plainAmountOf("4 + 1", 2)).toBeNull();
    expect(plainAmountOf("[qty]", 2)).toBeNull();
    expect(plainAmountOf("-4", 2)).toBeNull();
    expect(plainAmountOf("300", 0)).toBe(300);
  });

  it("writes minor units as the amount's text", () => {
    expect(amountAsFormula(450, 2)).toBe("4.50");
    expect(amountAsFormula(5, 2)).toBe("0.05");
    expect(amountAsFormula(300, 0)).toBe("300");
    expect(amountAsFormula(1, 3)).toBe("0.001");
  });
});
