/**
 * Exact fractions of minor units on bigint, so tax and discount maths never rounds until we
 * decide to. BigInt() refuses non-integers, which keeps floats out of money by construction.
 */

import { mapped } from "./packed.ts";

export interface Fraction {
  readonly n: bigint;
  /** Always > 0. */
  readonly d: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  // Plain swaps: an array per step showed in the cart's pricing profile (every sum and product ends here).
  while (y !== 0n) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

export function frac(n: number | bigint, d: number | bigint = 1n): Fraction {
  let num = BigInt(n);
  let den = BigInt(d);
  // Whole amounts (most of a cart's sums) are already in lowest terms.
  if (den === 1n) return { n: num, d: den };
  if (den === 0n) throw new RangeError("Division by zero in money maths.");
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { n: num / g, d: den / g };
}

export const ZERO: Fraction = frac(0);

export const plus = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const minus = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const times = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);

export function sumFractions(values: Iterable<Fraction>): Fraction {
  let total = ZERO;
  for (const value of values) total = plus(total, value);
  return total;
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount ${value} is beyond safe integer range.`);
  return result;
}

/** Half up, and half away from zero for negatives (a −72.5 cent refund rounds to −73). */
export function roundHalfAway(value: Fraction): number {
  const q = (2n * abs(value.n) + value.d) / (2n * value.d);
  return toSafeNumber(value.n < 0n ? -q : q);
}

/** Largest integer ≤ value. */
export function floorOf(value: Fraction): number {
  const q = value.n / value.d;
  return toSafeNumber(value.n < 0n && q * value.d !== value.n ? q - 1n : q);
}

/**
 * Splits an integer total over weights so the parts add up exactly: each part is floored,
 * then the leftover units go to the largest remainders (earliest index first on ties).
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  if (weights.length === 0) return [];
  if (weightSum <= 0) return mapped(weights, (_, i) => (i === 0 ? total : 0));
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  const parts = mapped(weights, (w, index) => shareOf(index, magnitude, w, weightSum));
  let leftover = magnitude - parts.reduce((sum, p) => sum + p.part, 0);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : b.remainder - a.remainder));
  for (const p of byRemainder) {
    if (leftover === 0) break;
    p.part += 1;
    leftover -= 1;
  }
  // No -0: a negative total only flips the parts that are not zero.
  return mapped(parts, (p) => (sign < 0 && p.part !== 0 ? -p.part : p.part));
}

/**
 * magnitude × weight ÷ weightSum as a whole part and a remainder, exactly. Both fit a Number (the part is at most the
 * magnitude, the remainder below the sum); only a product past 2^53 needs BigInt, which a cart's cents never reach
 * (a split in BigInt made some ten heap objects a line, decision 0123).
 */
function shareOf(index: number, magnitude: number, weight: number, weightSum: number): { index: number; part: number; remainder: number } {
  const scaled = magnitude * weight;
  if (Number.isSafeInteger(scaled) && Number.isSafeInteger(magnitude) && Number.isSafeInteger(weight) && Number.isSafeInteger(weightSum)) {
    const remainder = scaled % weightSum;
    return { index, part: (scaled - remainder) / weightSum, remainder };
  }
  const exact = BigInt(magnitude) * BigInt(weight);
  return { index, part: toSafeNumber(exact / BigInt(weightSum)), remainder: toSafeNumber(exact % BigInt(weightSum)) };
}

export function sumValues(record: Record<number, number>): number {
  return Object.values(record).reduce((sum, v) => sum + v, 0);
}
