/** Shipping zones, methods and the rates they offer (spec §3 "Shipping package", "Shipping rate"). */

export interface ZoneLocation {
  type: "country" | "state" | "postcode" | "continent";
  /** 'US', 'US:CA', '90001' or '900*' or '90000...90999', 'EU'. */
  code: string;
}

/** Per class: each class's cost added; per order: the most expensive class's cost alone. */
export type ClassCalculation = "class" | "order";

export interface FlatRateSettings {
  /** Minor units; used when there is no formula. */
  cost: number;
  /** A cost formula (@cartwright/commerce cost-formula.ts) in place of `cost`; "" none (decision 0106). */
  costFormula: string;
  /** A formula per shipping class id, for the package's items in that class; a class left out adds nothing. */
  classCosts: Readonly<Record<string, string>>;
  /** A formula for the package's items in no class; "" adds nothing. */
  noClassCost: string;
  calculationType: ClassCalculation;
  taxable: boolean;
}

/** A package's line as a flat rate prices it: how many, their line total (minor units, after discounts, before tax), their class. */
export interface PackageLine {
  quantity: number;
  total: number;
  shippingClassId: number | null;
}

export interface FreeShippingSettings {
  /** '' always; 'coupon', 'min_amount', 'either' or 'both' of the two conditions. */
  requires: "" | "coupon" | "min_amount" | "either" | "both";
  minAmount: number;
  ignoreDiscounts: boolean;
}

export type ShippingMethod =
  | { id: number; methodId: "flat_rate"; title: string; enabled: boolean; settings: FlatRateSettings }
  | { id: number; methodId: "free_shipping"; title: string; enabled: boolean; settings: FreeShippingSettings };

export interface ShippingZone {
  /** 0 is the zone for locations no other zone covers. */
  id: number;
  name: string;
  order: number;
  locations: ZoneLocation[];
  methods: ShippingMethod[];
}

export interface PickupLocation {
  name: string;
  address: { address_1: string; city: string; state: string; postcode: string; country: string };
  details: string;
  enabled: boolean;
}

export interface LocalPickupSettings {
  enabled: boolean;
  /** Defaults to 'Local pickup' (spec §3 Site settings localPickupText). */
  title: string;
  cost: number;
  taxable: boolean;
  locations: PickupLocation[];
}

export interface Destination {
  country: string;
  state: string;
  postcode: string;
  city: string;
  address_1: string;
  address_2: string;
}

export interface RateOption {
  rate_id: string;
  instance_id: number;
  method_id: string;
  name: string;
  description: string;
  delivery_time: string;
  /** Minor units, before tax. */
  cost: number;
  taxable: boolean;
  meta_data: { key: string; value: string }[];
}
