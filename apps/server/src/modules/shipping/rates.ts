/** Which zone covers a destination and which rates it offers. Pure: the caller loads the data. */
import { type CostFormula, evaluateCostFormula, parseCostFormula, postcodeMatches } from "@cartwright/commerce";
import type {
  Destination,
  FlatRateSettings,
  LocalPickupSettings,
  PackageLine,
  RateOption,
  ShippingMethod,
  ShippingZone,
  ZoneLocation,
} from "./shipping.types.ts";

const EU = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
];
/** The continents a zone may name, by code (only the EU so far). */
export const CONTINENTS: Readonly<Record<string, string[]>> = { EU };

function locationMatches(location: ZoneLocation, destination: Destination): boolean {
  switch (location.type) {
    case "country":
      return location.code === destination.country;
    case "state":
      return location.code === `${destination.country}:${destination.state}`;
    case "continent":
      return (CONTINENTS[location.code] ?? []).includes(destination.country);
    case "postcode":
      return postcodeMatches(location.code, destination.postcode);
  }
}

/**
 * Matches already made for a frozen list of zones (the pricing cache's, one per pricing revision),
 * by the destination's country, state and postcode (all a match reads): every cart write asks
 * again. Bounded, since shoppers type the postcodes (cleared when full, as the tax matches are).
 */
const zoneMatchesOf = new WeakMap<readonly ShippingZone[], Map<string, ShippingZone | undefined>>();
const MAX_ZONE_MATCHES = 2000;

/** A zone matches when a region (country/state/continent) matches and, if it lists postcodes, one of them. */
export function zoneFor(zones: readonly ShippingZone[], destination: Destination): ShippingZone | undefined {
  if (!Object.isFrozen(zones)) return findZone(zones, destination);
  let matches = zoneMatchesOf.get(zones);
  if (!matches) {
    matches = new Map();
    zoneMatchesOf.set(zones, matches);
  }
  const key = `${destination.country}\u0000${destination.state}\u0000${destination.postcode}`;
  if (matches.has(key)) return matches.get(key);
  if (matches.size >= MAX_ZONE_MATCHES) matches.clear();
  const found = findZone(zones, destination);
  matches.set(key, found);
  return found;
}

function findZone(zones: readonly ShippingZone[], destination: Destination): ShippingZone | undefined {
  const sorted = [...zones].filter((z) => z.id !== 0).sort((a, b) => a.order - b.order || a.id - b.id);
  const match = sorted.find((zone) => {
    const regions = zone.locations.filter((l) => l.type !== "postcode");
    const postcodes = zone.locations.filter((l) => l.type === "postcode");
    if (!regions.some((l) => locationMatches(l, destination))) return false;
    return postcodes.length === 0 || postcodes.some((l) => locationMatches(l, destination));
  });
  return match ?? zones.find((z) => z.id === 0);
}

export interface RateContext {
  /** Items subtotal, before and after discounts, as the shop displays it (for free-shipping minimums). */
  subtotal: number;
  subtotalAfterDiscounts: number;
  hasFreeShippingCoupon: boolean;
  /** The package's lines (those that need shipping), which a flat rate's formulas and class costs read. */
  lines: readonly PackageLine[];
  /** The shop currency's decimals: formulas are written in its units. */
  minorUnit: number;
}

/** The largest shipping cost a formula may come to, in minor units (as the owner API's MAX_MONEY). */
const MAX_COST = 1_000_000_000;

/**
 * Formulas parsed once per text: every cart write prices its rates again, and a flat rate's texts
 * change only with its settings. Bounded; the owner API refuses a formula that does not parse, so
 * a failed parse (a row written by other means) is kept as null and offers no rate.
 */
const parsedFormulas = new Map<string, CostFormula | null>();
const MAX_PARSED_FORMULAS = 1000;

function formulaOf(text: string): CostFormula | null {
  let formula = parsedFormulas.get(text);
  if (formula === undefined) {
    if (parsedFormulas.size >= MAX_PARSED_FORMULAS) parsedFormulas.clear();
    const parsed = parseCostFormula(text);
    formula = parsed.ok ? parsed.formula : null;
    parsedFormulas.set(text, formula);
  }
  return formula;
}

/** A formula's amount for some lines; null when it cannot be worked out (it divides by zero for them). */
function formulaCost(text: string, lines: readonly PackageLine[], minorUnit: number): number | null {
  const formula = formulaOf(text);
  if (!formula) return null;
  let qty = 0;
  let cost = 0;
  for (const line of lines) {
    qty += line.quantity;
    cost += line.total;
  }
  return evaluateCostFormula(formula, { qty, cost }, minorUnit);
}

/**
 * A flat rate's cost for a package (decision 0106): its own cost (a plain amount, or a formula over
 * the whole package), plus its class costs, each a formula over the package's items in that class
 * (items in no class: the "no class" cost): all of them added (per class) or the largest (per
 * order). A class without a cost adds nothing. Never below zero; null when a formula cannot be
 * worked out for this package, and the rate is then not offered.
 */
export function flatRateCost(settings: FlatRateSettings, lines: readonly PackageLine[], minorUnit: number): number | null {
  const base = settings.costFormula ? formulaCost(settings.costFormula, lines, minorUnit) : settings.cost;
  if (base === null) return null;
  let classes = 0;
  const hasClassCosts = settings.noClassCost !== "" || Object.keys(settings.classCosts).length > 0;
  if (hasClassCosts) {
    const byClass = new Map<number | null, PackageLine[]>();
    for (const line of lines) {
      const group = byClass.get(line.shippingClassId);
      if (group) group.push(line);
      else byClass.set(line.shippingClassId, [line]);
    }
    for (const [classId, group] of byClass) {
      const text = classId === null ? settings.noClassCost : (settings.classCosts[String(classId)] ?? "");
      if (!text.trim()) continue;
      const cost = formulaCost(text, group, minorUnit);
      if (cost === null) return null;
      classes = settings.calculationType === "order" ? Math.max(classes, cost) : classes + cost;
    }
  }
  return Math.min(MAX_COST, Math.max(0, base + classes));
}

function freeShippingAvailable(
  settings: Extract<ShippingZone["methods"][number], { methodId: "free_shipping" }>["settings"],
  context: RateContext,
): boolean {
  const amount = settings.ignoreDiscounts ? context.subtotal : context.subtotalAfterDiscounts;
  const meetsMinimum = amount >= settings.minAmount;
  switch (settings.requires) {
    case "":
      return true;
    case "coupon":
      return context.hasFreeShippingCoupon;
    case "min_amount":
      return meetsMinimum;
    case "either":
      return context.hasFreeShippingCoupon || meetsMinimum;
    case "both":
      return context.hasFreeShippingCoupon && meetsMinimum;
  }
}

export function zoneRates(zone: ShippingZone | undefined, context: RateContext): RateOption[] {
  if (!zone) return [];
  const rates: RateOption[] = [];
  for (const method of zone.methods) {
    if (!method.enabled) continue;
    if (method.methodId === "free_shipping" && !freeShippingAvailable(method.settings, context)) continue;
    const cost = method.methodId === "flat_rate" ? flatRateCost(method.settings, context.lines, context.minorUnit) : 0;
    if (cost === null) continue;
    rates.push(zoneRate(method, cost));
  }
  return rates;
}

/** A frozen method's rates (the rules cache's), one per cost: a cart's reply shares them and their views (decision 0122). */
const zoneRatesOf = new WeakMap<ShippingMethod, Map<number, RateOption>>();
/** Costs kept per method: a formula's cost follows the package, so a busy shop's carts may come to many. */
const MAX_COSTS_PER_METHOD = 64;

function zoneRate(method: ShippingMethod, cost: number): RateOption {
  if (!Object.isFrozen(method)) return makeZoneRate(method, cost);
  let byCost = zoneRatesOf.get(method);
  if (!byCost) {
    byCost = new Map();
    zoneRatesOf.set(method, byCost);
  }
  let rate = byCost.get(cost);
  if (!rate) {
    if (byCost.size >= MAX_COSTS_PER_METHOD) byCost.clear();
    rate = frozenRate(makeZoneRate(method, cost));
    byCost.set(cost, rate);
  }
  return rate;
}

function makeZoneRate(method: ShippingMethod, cost: number): RateOption {
  return {
    rate_id: `${method.methodId}:${method.id}`,
    instance_id: method.id,
    method_id: method.methodId,
    name: method.title,
    description: "",
    delivery_time: "",
    cost,
    taxable: method.methodId === "flat_rate" ? method.settings.taxable : false,
    meta_data: [],
  };
}

/** The pickup rates of frozen settings (the settings cache's), made once per settings object: they read nothing else. */
const pickupRatesOf = new WeakMap<LocalPickupSettings, readonly RateOption[]>();

/** One rate per enabled pickup location: rate_id pickup_location:{n}, n counting from 1 (spec §3). */
export function pickupRates(pickup: LocalPickupSettings): readonly RateOption[] {
  if (!Object.isFrozen(pickup)) return makePickupRates(pickup);
  let rates = pickupRatesOf.get(pickup);
  if (!rates) {
    rates = deepFrozen(makePickupRates(pickup));
    pickupRatesOf.set(pickup, rates);
  }
  return rates;
}

/** Frozen all the way down, so no caller can change what every cart shares. */
function deepFrozen(rates: RateOption[]): readonly RateOption[] {
  for (const rate of rates) frozenRate(rate);
  return Object.freeze(rates);
}

function frozenRate(rate: RateOption): RateOption {
  for (const meta of rate.meta_data) Object.freeze(meta);
  Object.freeze(rate.meta_data);
  return Object.freeze(rate);
}

function makePickupRates(pickup: LocalPickupSettings): RateOption[] {
  if (!pickup.enabled) return [];
  const title = pickup.title || "Local pickup";
  return pickup.locations.flatMap((location, index) => {
    if (!location.enabled) return [];
    const address = [
      location.address.address_1,
      location.address.city,
      `${location.address.state} ${location.address.postcode}`.trim(),
      location.address.country,
    ]
      .filter(Boolean)
      .join(", ");
    return [
      {
        rate_id: `pickup_location:${index + 1}`,
        instance_id: index + 1,
        method_id: "pickup_location",
        name: `${title} (${location.name})`,
        description: location.details,
        delivery_time: "",
        cost: pickup.cost,
        taxable: pickup.taxable,
        meta_data: [
          { key: "pickup_location", value: location.name },
          { key: "pickup_address", value: address },
          { key: "pickup_details", value: location.details },
        ],
      },
    ];
  });
}

/**
 * The kept choice if it is still offered; otherwise the first rate of the same method, else the default: the
 * first free shipping rate while a free-shipping coupon is applied (as WooCommerce chooses), else the first rate.
 */
export function chooseRate(rates: RateOption[], previous: string | undefined, hasFreeShippingCoupon = false): string | undefined {
  if (previous && rates.some((r) => r.rate_id === previous)) return previous;
  const method = previous?.split(":")[0];
  const sameMethod = method && rates.find((r) => r.method_id === method)?.rate_id;
  if (sameMethod) return sameMethod;
  return (hasFreeShippingCoupon && rates.find((r) => r.method_id === "free_shipping")?.rate_id) || rates[0]?.rate_id;
}
