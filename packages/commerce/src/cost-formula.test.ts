import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountAsFormula,
  type CostFormula,
  costFormulaIn,
  costFormulaProblem,
  evaluateCostFormula,
  type FormulaNumberFormat,
  parseCostFormula,
  plainAmountOf,
  STORED_FORMULA_FORMAT,
  storedCostFormula,
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
    [
      "5,50",
      /^Use a point, not a comma, for decimals at character 2 \(a formula keeps its numbers as 1234\.50, whatever the shop's separators\)\.$/,
      2,
    ],
    ['[fee percent="1,5"]', /point, not a comma/, 16],
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

const comma: FormulaNumberFormat = { decimalSeparator: ",", thousandSeparator: "." };
const point: FormulaNumberFormat = { decimalSeparator: ".", thousandSeparator: "," };
const spaced: FormulaNumberFormat = { decimalSeparator: ",", thousandSeparator: " " };
const swiss: FormulaNumberFormat = { decimalSeparator: ".", thousandSeparator: "'" };

const stored = (typed: string, format: FormulaNumberFormat) => {
  const result = storedCostFormula(typed, format);
  if (!result.ok) throw new Error(`${typed}: ${result.message}`);
  return result.text;
};
const refusedIn = (typed: string, format: FormulaNumberFormat) => {
  const result = storedCostFormula(typed, format);
  if (result.ok) throw new Error(`${typed} was read as ${result.text}`);
  return result;
};

describe("cost formulas typed in the shop's separators", () => {
  it("keeps a formula typed with a decimal comma with points, everything else as typed", () => {
    expect(stored("2,5 * [qty]", comma)).toBe("2.5 * [qty]");
    expect(stored('[fee percent="10" min_fee="1,50"]', comma)).toBe('[fee percent="10" min_fee="1.50"]');
    expect(stored("1.234,50 + [qty] * 0,5", comma)).toBe("1234.50 + [qty] * 0.5");
    expect(stored("(,5 + [cost]) / 2", comma)).toBe("(.5 + [cost]) / 2");
    expect(stored("[fee percent='12,5' max_fee=20]", comma)).toBe("[fee percent='12.5' max_fee=20]");
    expect(stored("1,000 * [qty] + 2.5", point)).toBe("1000 * [qty] + 2.5");
    expect(stored("2,5 *  [qty]", spaced)).toBe("2.5 *  [qty]");
    expect(stored("[fee percent='12.5' min_fee='2']", swiss)).toBe("[fee percent='12.5' min_fee='2']");
    // The same arithmetic as the formula kept.
    expect(evaluateCostFormula(parsed(stored("2,5 * [qty]", comma)), { qty: 3, cost: 0 }, 2)).toBe(750);
  });

  it("refuses the other separator, naming the shop's format, never reading it at ten or a thousand times", () => {
    expect(refusedIn("2.50 * [qty]", comma)).toEqual({
      ok: false,
      message:
        "A point at character 2 separates thousands, only between groups of three digits: write decimals with a comma (the shop writes numbers as 1.234,50).",
      position: 2,
    });
    expect(refusedIn('[fee percent="10" min_fee="1.5"]', comma).position).toBe(29);
    expect(refusedIn("2,5", point).message).toBe(
      "A comma at character 2 separates thousands, only between groups of three digits: write decimals with a point (the shop writes numbers as 1,234.50).",
    );
    expect(refusedIn("2.5", spaced)).toEqual({
      ok: false,
      message: "Use a comma, not a point, for decimals at character 2 (the shop writes numbers as 1234,50).",
      position: 2,
    });
    expect(refusedIn("1,2,3", comma).message).toBe("A number has a second decimal comma at character 4.");
    expect(refusedIn("2, + 1", comma).message).toBe("Write a digit after the decimal comma at character 2.");
    expect(refusedIn("1.2345", comma).message).toMatch(/^A point at character 2 separates thousands/);
    expect(refusedIn("1.234.5", comma).message).toMatch(/^A point at character 6 separates thousands/);
    expect(refusedIn("1234.567", comma).message).toMatch(/^A point at character 5 separates thousands/);
    expect(refusedIn("1,234.5", comma).message).toMatch(/^A point at character 6 separates thousands/);
  });

  it("refuses a thousand separator the formula's own syntax uses, rather than guess which it is", () => {
    // A space also separates a formula's parts: "1 000" could be two numbers.
    expect(refusedIn("1 000 * [qty]", spaced)).toEqual({
      ok: false,
      message:
        "A space at character 2 is the shop's thousand separator, and a formula also uses it to separate or quote its parts: write the number without thousand separators, as 1234,50.",
      position: 2,
    });
    expect(refusedIn("1\u202f000", spaced).position).toBe(2);
    // An apostrophe also quotes a [fee] setting.
    expect(refusedIn("[fee percent='10' min_fee='1'000']", swiss)).toMatchObject({ position: 29 });
    expect(refusedIn("[fee percent='10' min_fee='1'000']", swiss).message).toMatch(
      /^An apostrophe at character 29 is the shop's thousand separator/,
    );
    // A decimal separator the syntax uses leaves the formula whole numbers.
    expect(refusedIn("5-3", { decimalSeparator: "-", thousandSeparator: "" }).message).toMatch(
      /^"-" at character 2 is the shop's decimal separator, and a formula also uses it/,
    );
  });

  it("shows a kept formula in the shop's separators, and one that does not parse as it is", () => {
    const kept = '2.5 * [qty] + [fee percent="12.5" min_fee="1.50"] - .5';
    expect(costFormulaIn(kept, comma)).toBe('2,5 * [qty] + [fee percent="12,5" min_fee="1,50"] - ,5');
    expect(costFormulaIn(kept, point)).toBe(kept);
    expect(costFormulaIn("1234.5", comma)).toBe("1234,5");
    expect(costFormulaIn("5 +", comma)).toBe("5 +");
    expect(costFormulaIn("5,5", comma)).toBe("5,5");
  });
});

/** A formula drawn at random as typed in `format` (its numbers maybe grouped) and as kept. */
function formulas(format: FormulaNumberFormat, grouping: boolean): fc.Arbitrary<{ typed: string; kept: string }> {
  const { decimalSeparator: decimal, thousandSeparator: thousand } = format;
  const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, thousand);
  const number = fc
    .record({ whole: fc.nat({ max: 99_999_999 }), decimals: fc.stringMatching(/^\d{0,3}$/), group: fc.boolean(), bare: fc.boolean() })
    .map(({ whole, decimals, group, bare }) => {
      // ".5": no whole part at all.
      const wholeText = bare && decimals ? "" : String(whole);
      const typedWhole = grouping && group ? grouped(wholeText) : wholeText;
      return {
        typed: decimals ? `${typedWhole}${decimal}${decimals}` : typedWhole,
        kept: decimals ? `${wholeText}.${decimals}` : wholeText,
      };
    });
  const space = fc.constantFrom("", " ", "  ");
  const fee = fc
    .record({ percent: number, min: fc.option(number), max: fc.option(number), quote: fc.constantFrom('"', "'", "") })
    .map(({ percent, min, max, quote }) => {
      const part = (name: string, value: { typed: string; kept: string } | null) =>
        value
          ? { typed: ` ${name}=${quote}${value.typed}${quote}`, kept: ` ${name}=${quote}${value.kept}${quote}` }
          : { typed: "", kept: "" };
      const parts = [part("percent", percent), part("min_fee", min), part("max_fee", max)];
      return { typed: `[fee${parts.map((p) => p.typed).join("")}]`, kept: `[fee${parts.map((p) => p.kept).join("")}]` };
    });
  const leaf = fc.oneof(number, fee, fc.constantFrom({ typed: "[qty]", kept: "[qty]" }, { typed: "[cost]", kept: "[cost]" }));
  const { formula } = fc.letrec<{ formula: { typed: string; kept: string } }>((tie) => ({
    formula: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc
        .record({ left: tie("formula"), op: fc.constantFrom("+", "-", "*", "/"), right: tie("formula"), a: space, b: space })
        .map(({ left, op, right, a, b }) => ({
          typed: `${left.typed}${a}${op}${b}${right.typed}`,
          kept: `${left.kept}${a}${op}${b}${right.kept}`,
        })),
      tie("formula").map((inner) => ({ typed: `(${inner.typed})`, kept: `(${inner.kept})` })),
      tie("formula").map((inner) => ({ typed: `-${inner.typed}`, kept: `-${inner.kept}` })),
    ),
  }));
  // Those the shop keeps (not "5 / 0", nor a min_fee above its max_fee).
  return formula.filter(({ kept }) => parseCostFormula(kept).ok);
}

describe("cost formulas: the shop's separators and the kept form, both ways (property)", () => {
  for (const [name, format] of [
    ["a decimal comma with points between thousands", comma],
    ["a decimal point with commas between thousands", point],
    ["a decimal comma with spaces between thousands", spaced],
  ] as const) {
    it(`a kept formula shown in ${name} reads back to the same text`, () => {
      fc.assert(
        fc.property(formulas(STORED_FORMULA_FORMAT, false), ({ kept }) => {
          const shown = costFormulaIn(kept, format);
          expect(storedCostFormula(shown, format)).toEqual({ ok: true, text: kept });
        }),
      );
    });
  }

  for (const [name, format] of [
    ["a decimal comma with points between thousands", comma],
    ["a decimal point with commas between thousands", point],
  ] as const) {
    it(`a formula typed in ${name}, thousands grouped or not, is kept as its numbers mean and shown back alike`, () => {
      fc.assert(
        fc.property(formulas(format, true), ({ typed, kept }) => {
          expect(storedCostFormula(typed, format)).toEqual({ ok: true, text: kept });
          expect(storedCostFormula(costFormulaIn(kept, format), format)).toEqual({ ok: true, text: kept });
        }),
      );
    });
  }
});
