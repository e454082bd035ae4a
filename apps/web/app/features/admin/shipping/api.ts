/** The owner API's shipping calls (decision 0041) through the console's client. */
import { adminClient } from "../api.ts";
import { loadedOnce } from "../components/use-loaded-once.ts";

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
  /**
   * flat_rate: a cost formula in place of `cost` ("" none), in the shop's currency (decision 0106), kept with a point
   * before decimals whatever the shop's separators (decision 0174's amendment); so are the class costs.
   */
  cost_formula?: string;
  class_costs?: { class_id: number; cost: string }[];
  no_class_cost?: string;
  calculation_type?: "class" | "order";
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
  /** Sent back with a save: a zone someone changed since is refused, not overwritten (decision 0158). */
  version: string;
}

export interface ShopCurrency {
  currency_code: string;
  currency_minor_unit: number;
}

/** One zone as its read and its saves answer it: the currency beside it. */
export type ZoneRead = ShippingZone & ShopCurrency;

/** The zones as the list and a reorder answer them. */
export interface ZoneList extends ShopCurrency {
  zones: ShippingZone[];
  rest_of_world: RestOfWorld;
}

/** The methods for addresses no zone covers, with their version (decision 0158). */
export interface RestOfWorld {
  methods: ShippingMethod[];
  version: string;
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

/** Local pickup as read: the currency beside it, and the version a save sends back (decision 0158). */
export type PickupRead = LocalPickup & ShopCurrency & { version: string };

/** A shipping class (decision 0106): products a flat rate prices apart. */
export interface ShippingClassInput {
  name: string;
  slug: string;
  description: string;
}

export interface ShippingClass extends ShippingClassInput {
  id: number;
  /** Products and variations in it. */
  count: number;
  /** Sent back with a save: a class someone changed since is refused, not overwritten (decision 0158). */
  version: string;
}

const c = () => adminClient();

/** The same list from the catalogue's area, which a manager editing a product may read. */
const forProducts = () => c().admin<{ classes: ShippingClass[] }>("/products/shipping-classes");

/** The classes the product editor's fields offer: asked for once for every field, forgotten when a class is added, changed or deleted. */
export const productShippingClasses = loadedOnce(() => forProducts().then((reply) => reply.classes));

/** Runs a change to the classes, then drops the product editor's copy of them. */
const changing = async <T>(change: Promise<T>): Promise<T> => {
  const answer = await change;
  productShippingClasses.forget();
  return answer;
};

export const shippingClassesApi = {
  list: () => c().admin<{ classes: ShippingClass[] }>("/shipping/classes"),
  forProducts,
  get: (id: number) => c().admin<ShippingClass>(`/shipping/classes/${id}`),
  create: (body: ShippingClassInput) => changing(c().admin<ShippingClass>("/shipping/classes", { method: "POST", body })),
  save: (id: number, body: ShippingClassInput, version: string) =>
    changing(c().admin<ShippingClass>(`/shipping/classes/${id}`, { method: "PUT", body: { ...body, version } })),
  remove: (id: number) => changing(c().admin<{ products_updated: number }>(`/shipping/classes/${id}`, { method: "DELETE" })),
};

export const shippingApi = {
  list: () => c().admin<ZoneList>("/shipping-zones"),
  get: (id: number) => c().admin<ZoneRead>(`/shipping-zones/${id}`),
  create: (body: ZoneInput) => c().admin<ZoneRead>("/shipping-zones", { method: "POST", body }),
  save: (id: number, body: ZoneInput, version: string) =>
    c().admin<ZoneRead>(`/shipping-zones/${id}`, { method: "PUT", body: { ...body, version } }),
  remove: (id: number) => c().admin<void>(`/shipping-zones/${id}`, { method: "DELETE" }),
  reorder: (ids: number[]) => c().admin<ZoneList>("/shipping-zones/order", { method: "PUT", body: { ids } }),
  saveRestOfWorld: (methods: ShippingMethod[], version: string) =>
    c().admin<RestOfWorld>("/shipping-zones/rest-of-world", { method: "PUT", body: { methods, version } }),
  pickup: () => c().admin<PickupRead>("/local-pickup"),
  savePickup: (body: LocalPickup, version: string) => c().admin<PickupRead>("/local-pickup", { method: "PUT", body: { ...body, version } }),
};

/** The pickup settings without the currency and version the reply carries beside them: the body PUT takes. */
export function pickupBody(pickup: LocalPickup & Partial<ShopCurrency>): LocalPickup {
  const { enabled, title, cost, taxable, locations } = pickup;
  return { enabled, title, cost, taxable, locations };
}
