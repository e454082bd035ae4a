/** The owner API's shipping calls (decision 0041) through the console's client. */
import { adminClient } from "../api.ts";

export type MethodKind = "flat_rate" | "free_shipping";
export type FreeShippingRequires = "" | "coupon" | "min_amount" | "either" | "both";
export type LocationType = "country" | "state" | "continent" | "postcode";

/** A method as the API reads and writes it; each kind reads its own fields. */
export interface ShippingMethod {
  id?: number;
  method_id: MethodKind;
  title: string;
  enabled: boolean;
  cost?: number;
  taxable?: boolean;
  requires?: FreeShippingRequires;
  min_amount?: number;
  ignore_discounts?: boolean;
}

export interface ZoneLocation {
  type: LocationType;
  code: string;
}

export interface ZoneInput {
  name: string;
  locations: ZoneLocation[];
  methods: ShippingMethod[];
}

export interface ShippingZone extends ZoneInput {
  id: number;
  order: number;
}

export interface ShopCurrency {
  currency_code: string;
  currency_minor_unit: number;
}

export interface ZoneList extends ShopCurrency {
  zones: ShippingZone[];
  rest_of_world: { methods: ShippingMethod[] };
}

export interface PickupLocation {
  name: string;
  address: { address_1: string; city: string; state: string; postcode: string; country: string };
  details: string;
  enabled: boolean;
}

export interface LocalPickup {
  enabled: boolean;
  title: string;
  cost: number;
  taxable: boolean;
  locations: PickupLocation[];
}

const c = () => adminClient();

export const shippingApi = {
  list: () => c().admin<ZoneList>("/shipping-zones"),
  get: (id: number) => c().admin<ShippingZone & ShopCurrency>(`/shipping-zones/${id}`),
  create: (body: ZoneInput) => c().admin<ShippingZone>("/shipping-zones", { method: "POST", body }),
  save: (id: number, body: ZoneInput) => c().admin<ShippingZone>(`/shipping-zones/${id}`, { method: "PUT", body }),
  remove: (id: number) => c().admin<void>(`/shipping-zones/${id}`, { method: "DELETE" }),
  reorder: (ids: number[]) => c().admin<{ zones: ShippingZone[] }>("/shipping-zones/order", { method: "PUT", body: { ids } }),
  saveRestOfWorld: (methods: ShippingMethod[]) =>
    c().admin<{ methods: ShippingMethod[] }>("/shipping-zones/rest-of-world", { method: "PUT", body: { methods } }),
  pickup: () => c().admin<LocalPickup & ShopCurrency>("/local-pickup"),
  savePickup: (body: LocalPickup) => c().admin<LocalPickup & ShopCurrency>("/local-pickup", { method: "PUT", body }),
};

/** The pickup settings without the currency the reply carries beside them: the body PUT takes. */
export function pickupBody(pickup: LocalPickup & Partial<ShopCurrency>): LocalPickup {
  const { enabled, title, cost, taxable, locations } = pickup;
  return { enabled, title, cost, taxable, locations };
}
