/**
 * Tax rate matching and tax maths, modelled on WooCommerce's WC_Tax (find_rates, calc_tax):
 * one rate per priority, the most specific one winning; compound rates stack on top of the
 * regular ones; per-rate amounts rounded half up to the minor unit.
 */
import { normalizePostcode, postcodeMatches } from "@cartwright/commerce";
import { type Fraction, frac, minus, plus, roundHalfAway, times, ZERO } from "./money-math.ts";
import { RATE_SCALE, type TaxesByRate, type TaxLocation, type TaxRate, type TotalsInput } from "./types.ts";

const RATE_SCALE_BIG = BigInt(RATE_SCALE);

const upper = (text: string): string => text.trim().toUpperCase();

export { normalizePostcode, postcodeMatches };

function rateApplies(rate: TaxRate, location: TaxLocation, taxClass: string): boolean {
  if (rate.taxClass !== taxClass) return false;
  if (rate.country !== "" && upper(rate.country) !== upper(location.country)) return false;
  if (rate.state !== "" && upper(rate.state) !== upper(location.state)) return false;
  if (rate.postcodes.length > 0 && !rate.postcodes.some((rule) => postcodeMatches(rule, location.postcode))) return false;
  if (rate.cities.length > 0 && !rate.cities.some((city) => upper(city) === upper(location.city))) return false;
  return true;
}

/** Restricted before '' (any); otherwise alphabetical, as WooCommerce sorts rates. */
function compareField(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "") return 1;
  if (b === "") return -1;
  return a < b ? -1 : 1;
}

/** Priority first; within a priority the most specific rate (country, state, postcode, city), then the owner's order. */
function compareRates(a: TaxRate, b: TaxRate): number {
  return (
    a.priority - b.priority ||
    compareField(upper(a.country), upper(b.country)) ||
    compareField(upper(a.state), upper(b.state)) ||
    Number(b.postcodes.length > 0) - Number(a.postcodes.length > 0) ||
    Number(b.cities.length > 0) - Number(a.cities.length > 0) ||
    a.order - b.order ||
    a.id - b.id
  );
}

/**
 * Matches already made for a frozen list of rates (the pricing cache's, one per pricing revision),
 * by location and class: every line, fee and shipping charge of every cart asks again. Bounded,
 * since shoppers enter the postcodes and cities.
 */
const matchesOf = new WeakMap<readonly TaxRate[], Map<string, readonly TaxRate[]>>();
const MAX_MATCHES = 2000;

/** The rates a location pays for a tax class: at most one per priority, sorted by priority (the list is frozen: shared). */
export function matchTaxRates(rates: readonly TaxRate[], location: TaxLocation, taxClass: string): readonly TaxRate[] {
  if (!Object.isFrozen(rates)) return findTaxRates(rates, location, taxClass);
  let matches = matchesOf.get(rates);
  if (!matches) {
    matches = new Map();
    matchesOf.set(rates, matches);
  }
  const key = `${taxClass}\u0000${location.country}\u0000${location.state}\u0000${location.postcode}\u0000${location.city}`;
  let found = matches.get(key);
  if (!found) {
    if (matches.size >= MAX_MATCHES) matches.clear();
    found = Object.freeze(findTaxRates(rates, location, taxClass));
    matches.set(key, found);
  }
  return found;
}

function findTaxRates(rates: readonly TaxRate[], location: TaxLocation, taxClass: string): TaxRate[] {
  const candidates = rates.filter((rate) => rateApplies(rate, location, taxClass)).sort(compareRates);
  const priorities = new Set<number>();
  const matched: TaxRate[] = [];
  for (const rate of candidates) {
    if (priorities.has(rate.priority)) continue;
    priorities.add(rate.priority);
    matched.push(rate);
  }
  return matched;
}

/**
 * The class shipping is taxed in (WooCommerce's "Shipping tax class"), or null for no tax: a
 * fixed class when the shop sets one; else from the shipped items whose shipping is taxable:
 * standard when one of them is standard, the one class they share, or the first of the owner's
 * classes among them. Unlike WooCommerce, a class with no rate for the address is not swapped
 * for the standard class: shipping pays what its class says, as items do.
 */
export function shippingTaxClass(input: Pick<TotalsInput, "lines" | "shippingTaxClass" | "taxClassOrder">): string | null {
  if (input.shippingTaxClass !== undefined && input.shippingTaxClass !== null) return input.shippingTaxClass;
  const classes = new Set(input.lines.filter((line) => line.needsShipping && line.taxStatus !== "none").map((line) => line.taxClass));
  if (classes.size === 0) return null;
  if (classes.has("")) return "";
  const [only] = classes;
  if (classes.size === 1 && only !== undefined) return only;
  return (input.taxClassOrder ?? []).find((slug) => classes.has(slug)) ?? [...classes].sort()[0] ?? null;
}

/** Same rates in the same order: the customer pays exactly what the base location pays. */
export function sameRates(a: readonly TaxRate[], b: readonly TaxRate[]): boolean {
  return a.length === b.length && a.every((rate, i) => rate.id === b[i]?.id);
}

const rateFraction = (rate: TaxRate): Fraction => frac(BigInt(rate.rate), RATE_SCALE_BIG);

function addTo(taxes: Map<number, Fraction>, id: number, amount: Fraction): void {
  taxes.set(id, plus(taxes.get(id) ?? ZERO, amount));
}

/** Tax on a net amount: regular rates on the amount, each compound rate on the amount plus the taxes before it. */
function exclusiveTaxes(amount: Fraction, rates: readonly TaxRate[]): Map<number, Fraction> {
  const taxes = new Map<number, Fraction>();
  let running = amount;
  for (const rate of rates.filter((r) => !r.compound)) addTo(taxes, rate.id, times(amount, rateFraction(rate)));
  for (const tax of taxes.values()) running = plus(running, tax);
  for (const rate of rates.filter((r) => r.compound)) {
    const tax = times(running, rateFraction(rate));
    addTo(taxes, rate.id, tax);
    running = plus(running, tax);
  }
  return taxes;
}

/** Tax inside a gross amount: peel compound rates off from the last, then split the rest over the regular rates. */
function inclusiveTaxes(amount: Fraction, rates: readonly TaxRate[]): Map<number, Fraction> {
  const taxes = new Map<number, Fraction>(rates.map((rate) => [rate.id, ZERO]));
  let net = amount;
  for (const rate of rates.filter((r) => r.compound).reverse()) {
    const tax = times(net, frac(BigInt(rate.rate), RATE_SCALE_BIG + BigInt(rate.rate)));
    addTo(taxes, rate.id, tax);
    net = minus(net, tax);
  }
  const regular = rates.filter((r) => !r.compound);
  const regularSum = regular.reduce((sum, rate) => sum + BigInt(rate.rate), 0n);
  for (const rate of regular) addTo(taxes, rate.id, times(net, frac(BigInt(rate.rate), RATE_SCALE_BIG + regularSum)));
  return taxes;
}

/** Unrounded taxes per rate id, for callers that round later (non-base price swaps, fee splits). */
export function exactTaxes(amount: Fraction, rates: readonly TaxRate[], inclusive: boolean): Map<number, Fraction> {
  return inclusive ? inclusiveTaxes(amount, rates) : exclusiveTaxes(amount, rates);
}

export function roundTaxes(taxes: Map<number, Fraction>): TaxesByRate {
  const rounded: TaxesByRate = {};
  for (const [id, tax] of taxes) rounded[id] = roundHalfAway(tax);
  return rounded;
}

/**
 * Tax per rate id on an amount in minor units. Exclusive: amount × rate (compound on amount
 * plus earlier taxes). Inclusive: the tax inside the gross amount (gross − gross / (1 + rate)).
 * Each rate's amount is rounded half up (half away from zero for negatives).
 */
export function calcTax(amount: number, rates: readonly TaxRate[], inclusive: boolean): TaxesByRate {
  return roundTaxes(exactTaxes(frac(amount), rates, inclusive));
}

/** '7.25%', '20%', '9.975%': the rate as a percent without trailing zeros. */
export function formatRatePercent(rate: number): string {
  const onePercent = RATE_SCALE / 100;
  const whole = (rate - (rate % onePercent)) / onePercent;
  const fraction = String(rate % onePercent)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}%`;
}

/** Reads a percent as owners type it ("7.25", "7.2500", "20") into RATE_SCALE units; at most four decimals. */
export function parseRatePercent(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" is not a tax rate percent with at most four decimals.`);
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * (RATE_SCALE / 100) + Number(fraction.padEnd(4, "0"));
}
