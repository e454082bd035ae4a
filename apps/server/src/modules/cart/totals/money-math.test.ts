import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { floorOf, frac, minus, plus, roundHalfAway, splitProportionally, times } from "./money-math.ts";

describe("fractions", () => {
  it.each([
    [1, 2, 1],
    [-1, 2, -1],
    [3, 2, 2],
    [-3, 2, -2],
    [1, 3, 0],
    [2, 3, 1],
    [-2, 3, -1],
    [7249, 100, 72],
    [-7250, 100, -73],
    [0, 5, 0],
  ])("roundHalfAway(%i/%i) = %i", (n, d, expected) => {
    expect(roundHalfAway(frac(n, d))).toBe(expected);
  });

  it.each([
    [7, 2, 3],
    [-7, 2, -4],
    [6, 3, 2],
    [-6, 3, -2],
  ])("floorOf(%i/%i) = %i", (n, d, expected) => {
    expect(floorOf(frac(n, d))).toBe(expected);
  });

  it("reduces and keeps the sign on the numerator", () => {
    expect(frac(6, -4)).toEqual({ n: -3n, d: 2n });
    expect(plus(frac(1, 3), frac(1, 6))).toEqual({ n: 1n, d: 2n });
    expect(minus(frac(1, 3), frac(1, 2))).toEqual({ n: -1n, d: 6n });
    expect(times(frac(2, 3), frac(9, 4))).toEqual({ n: 3n, d: 2n });
  });

  it("refuses floats and division by zero", () => {
    expect(() => frac(0.1)).toThrow(RangeError);
    expect(() => frac(1, 0)).toThrow(RangeError);
  });

  it("refuses results beyond the safe integer range", () => {
    expect(() => roundHalfAway(frac(2n ** 60n))).toThrow(RangeError);
  });
});

describe("splitProportionally", () => {
  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [53, [400, 334], [29, 24]],
    [26, [180, 166], [14, 12]],
    [-10, [1, 1, 1], [-4, -3, -3]],
    [0, [5, 0], [0, 0]],
    [7, [0, 0], [7, 0]],
    [5, [], []],
  ])("%i over %j = %j", (total, weights, parts) => {
    expect(splitProportionally(total, weights)).toEqual(parts);
  });

  it("parts add up exactly and each is within one unit of its exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const parts = splitProportionally(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const weightSum = weights.reduce((a, b) => a + b, 0);
          if (weightSum === 0) return;
          for (const [i, part] of parts.entries()) {
            const exact = (total * weights[i]!) / weightSum;
            expect(Math.abs(part - exact)).toBeLessThan(1);
          }
        },
      ),
    );
  });

  it("gives exactly what the same split in BigInt gives, also where a product passes 2^53", () => {
    // The split written once more, wholly in BigInt: the reference the Number arithmetic must match.
    const inBigInt = (total: number, weights: number[]) => {
      const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
      if (sum <= 0n) return weights.map((_, i) => (i === 0 ? total : 0));
      const magnitude = BigInt(Math.abs(total));
      const shares = weights.map((w, index) => ({ index, part: (magnitude * BigInt(w)) / sum, rest: (magnitude * BigInt(w)) % sum }));
      let left = magnitude - shares.reduce((a, s) => a + s.part, 0n);
      for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))) {
        if (left === 0n) break;
        s.part += 1n;
        left -= 1n;
      }
      return shares.map((s) => (total < 0 && s.part !== 0n ? -Number(s.part) : Number(s.part)));
    };
    const amount = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 2 ** 40 }));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -(2 ** 40), max: 2 ** 40 })),
        fc.array(amount, { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          expect(splitProportionally(total, weights)).toEqual(inBigInt(total, weights));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
