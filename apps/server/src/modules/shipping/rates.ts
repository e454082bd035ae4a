/** Which zone covers a destination and which rates it offers. Pure: the caller loads the data. */
import { postcodeMatches } from "@cartwright/commerce";
import type { Destination, LocalPickupSettings, RateOption, ShippingZone, ZoneLocation } from "./shipping.types.ts";

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

/** A zone matches when a region (country/state/continent) matches and, if it lists postcodes, one of them. */
export function zoneFor(zones: ShippingZone[], destination: Destination): ShippingZone | undefined {
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
    rates.push({
      rate_id: `${method.methodId}:${method.id}`,
      instance_id: method.id,
      method_id: method.methodId,
      name: method.title,
      description: "",
      delivery_time: "",
      cost: method.methodId === "flat_rate" ? method.settings.cost : 0,
      taxable: method.methodId === "flat_rate" ? method.settings.taxable : false,
      meta_data: [],
    });
  }
  return rates;
}

/** One rate per enabled pickup location: rate_id pickup_location:{n}, n counting from 1 (spec §3). */
export function pickupRates(pickup: LocalPickupSettings): RateOption[] {
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

/** The kept choice if it is still offered; otherwise the first rate of the same method, else the first rate. */
export function chooseRate(rates: RateOption[], previous: string | undefined): string | undefined {
  if (previous && rates.some((r) => r.rate_id === previous)) return previous;
  const method = previous?.split(":")[0];
  return (method && rates.find((r) => r.method_id === method)?.rate_id) || rates[0]?.rate_id;
}
