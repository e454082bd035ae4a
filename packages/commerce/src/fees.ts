/**
 * A fee the owner adds to an order by hand (decision 0101): a fixed amount, or a percentage of the
 * items' total as WooCommerce's "Add fee" takes "10%". Pure, in integer minor units.
 *
 * Rounding: the percentage is kept to four decimal places; the fee is `base × percent / 100`
 * worked out exactly on integers, then rounded once to the nearest minor unit, halves away from zero
 * (so −10% of 5 is −1 as 10% of 5 is 1: a discount fee mirrors its charge).
 */

/** The percentages an owner may give: a discount of at most the whole, a charge of up to ten times it. */
export const FEE_PERCENT_MIN = -100;
export const FEE_PERCENT_MAX = 1000;
/** Decimal places a percentage keeps ("12.5%", "7.2500%"). */
export const FEE_PERCENT_PLACES = 4;

const SCALE = 10n ** BigInt(FEE_PERCENT_PLACES);

/** The percentage in ten-thousandths of a percent (12.5 → 125000), or null when it has more than four decimals or is out of bounds. */
export function percentUnits(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < FEE_PERCENT_MIN || percent > FEE_PERCENT_MAX) return null;
  const units = Math.round(percent * Number(SCALE));
  // A fifth decimal place is refused rather than rounded away unseen.
  if (Math.abs(units / Number(SCALE) - percent) > 1e-9) return null;
  return units;
}

/**
 * `percent`% of `base` (minor units, an integer), rounded to a minor unit with halves away from zero.
 * Throws on a base that is not an integer or a percentage `percentUnits` refuses: callers check first.
 */
export function percentOf(base: number, percent: number): number {
  if (!Number.isSafeInteger(base)) throw new RangeError(`percentOf: base ${base} is not an integer amount`);
  const units = percentUnits(percent);
  if (units === null) throw new RangeError(`percentOf: ${percent}% is not a percentage a fee may have`);
  const numerator = BigInt(base) * BigInt(units);
  const denominator = 100n * SCALE;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const whole = magnitude / denominator;
  const rounded = (magnitude % denominator) * 2n >= denominator ? whole + 1n : whole;
  return Number(negative ? -rounded : rounded);
}

/**
 * A fee's amount as typed: "2.50" or "-2.50" (an amount), "10%" or "-5 %" (a percentage of the items' total), each
 * with its sign apart ("−" read as "-") and its number as typed: the number's separators are the shop's, so its
 * reading is the caller's (the console's, decision 0174).
 */
export type FeeAmountText = { kind: "fixed" | "percent"; negative: boolean; number: string };

/** Tells a percentage from an amount by its trailing "%", as WooCommerce's Add fee reads "10" / "10%". */
export function readFeeAmount(typed: string): FeeAmountText {
  const text = typed.trim().replace(/^−/, "-");
  const percent = text.endsWith("%");
  const unsigned = (percent ? text.slice(0, -1) : text).trim();
  const negative = unsigned.startsWith("-");
  return { kind: percent ? "percent" : "fixed", negative, number: unsigned.replace(/^[-+]\s*/, "") };
}
