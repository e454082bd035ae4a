import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultLineRefund,
  type RefundableLine,
  refundableLineAmount,
  refundableOrderAmount,
  refundableQuantity,
  refundedBeforeTax,
  sumOfLineAmounts,
} from "./refunds.ts";

const line = (fields: Partial<RefundableLine> = {}): RefundableLine => ({
  quantity: 3,
  total: 1000,
  total_tax: 0,
  refunded_quantity: 0,
  refunded_total: 0,
  ...fields,
});

describe("refundableQuantity and refundableLineAmount", () => {
  it("count what is left of the line, tax included", () => {
    expect(refundableQuantity(line({ refunded_quantity: 1 }))).toBe(2);
    expect(refundableLineAmount(line({ total_tax: 200, refunded_total: 450 }))).toBe(750);
  });
  it("never go below 0", () => {
    expect(refundableQuantity(line({ refunded_quantity: 5 }))).toBe(0);
    expect(refundableLineAmount(line({ refunded_total: 5000 }))).toBe(0);
  });
});

describe("defaultLineRefund", () => {
  it("shares what is left evenly, rounding down, the last units taking the remainder", () => {
    const three = line({ total: 1000 });
    expect(defaultLineRefund(three, 1)).toBe(333);
    expect(defaultLineRefund(three, 2)).toBe(666);
    expect(defaultLineRefund(three, 3)).toBe(1000);
    const afterOne = line({ total: 1000, refunded_quantity: 1, refunded_total: 333 });
    expect(defaultLineRefund(afterOne, 1)).toBe(333);
    expect(defaultLineRefund(line({ total: 1000, refunded_quantity: 2, refunded_total: 666 }), 1)).toBe(334);
  });
  it("includes the line's tax", () => {
    expect(defaultLineRefund(line({ quantity: 2, total: 1000, total_tax: 200 }), 1)).toBe(600);
  });
  it("is 0 for no units and refuses more units than are left or a fraction", () => {
    expect(defaultLineRefund(line(), 0)).toBe(0);
    expect(() => defaultLineRefund(line({ refunded_quantity: 2 }), 2)).toThrow(RangeError);
    expect(() => defaultLineRefund(line(), 1.5)).toThrow(RangeError);
    expect(() => defaultLineRefund(line(), -1)).toThrow(RangeError);
  });
  it("stays exact for amounts whose product passes 2^53", () => {
    const big = line({ quantity: 7, total: 9_000_000_000_000_000 - 1 });
    expect(defaultLineRefund(big, 6)).toBe(Number((BigInt(big.total) * 6n) / 7n));
  });
  it("gives back exactly what the line was paid, whatever the steps, each an integer", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 60 }),
        (quantity, total, tax, steps) => {
          let state = line({ quantity, total, total_tax: tax });
          for (const step of steps) {
            const units = Math.min(step, refundableQuantity(state));
            if (!units) break;
            const amount = defaultLineRefund(state, units);
            expect(Number.isInteger(amount)).toBe(true);
            expect(amount).toBeGreaterThanOrEqual(0);
            state = { ...state, refunded_quantity: state.refunded_quantity + units, refunded_total: state.refunded_total + amount };
          }
          const rest = refundableQuantity(state);
          if (rest)
            state = { ...state, refunded_total: state.refunded_total + defaultLineRefund(state, rest), refunded_quantity: quantity };
          expect(state.refunded_total).toBe(total + tax);
        },
      ),
    );
  });
});

describe("sumOfLineAmounts and refundableOrderAmount", () => {
  it("adds whole minor units and refuses fractions or negatives", () => {
    expect(sumOfLineAmounts([{ amount: 5 }, { amount: 7 }])).toBe(12);
    expect(sumOfLineAmounts([])).toBe(0);
    expect(() => sumOfLineAmounts([{ amount: 0.5 }])).toThrow(RangeError);
    expect(() => sumOfLineAmounts([{ amount: -1 }])).toThrow(RangeError);
  });
  it("is what was paid less what was refunded, 0 when unpaid", () => {
    expect(refundableOrderAmount({ total: 2500, total_refunded: 1000, paid: true })).toBe(1500);
    expect(refundableOrderAmount({ total: 2500, total_refunded: 0, paid: false })).toBe(0);
    expect(refundableOrderAmount({ total: 2500, total_refunded: 2500, paid: true })).toBe(0);
  });
});

describe("refundedBeforeTax", () => {
  it("shares a refund between price and tax as the line was paid, rounding half up", () => {
    // 119.97 + 8.70 tax; one unit of three back (42.89): 39.99 of it was price.
    expect(refundedBeforeTax({ total: 11997, total_tax: 870, refunded_total: 4289 })).toBe(3999);
    expect(refundedBeforeTax({ total: 100, total_tax: 100, refunded_total: 3 })).toBe(2);
    expect(refundedBeforeTax({ total: 1000, total_tax: 0, refunded_total: 250 })).toBe(250);
  });
  it("is 0 when nothing was refunded or paid, and never more than the line's total", () => {
    expect(refundedBeforeTax({ total: 1000, total_tax: 80, refunded_total: 0 })).toBe(0);
    expect(refundedBeforeTax({ total: 0, total_tax: 0, refunded_total: 0 })).toBe(0);
    expect(refundedBeforeTax({ total: 1000, total_tax: 80, refunded_total: 5000 })).toBe(1000);
  });
  it("gives back the whole total for a line refunded whole, and between 0 and the total otherwise", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(2_000_000), fc.double({ min: 0, max: 1, noNaN: true }), (total, tax, share) => {
        expect(refundedBeforeTax({ total, total_tax: tax, refunded_total: total + tax })).toBe(total);
        const part = refundedBeforeTax({ total, total_tax: tax, refunded_total: Math.floor((total + tax) * share) });
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(total);
      }),
    );
  });
});
