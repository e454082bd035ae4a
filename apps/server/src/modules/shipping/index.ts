export type { RateContext } from "./rates.ts";
export { chooseRate, flatRateCost, pickupRates, zoneFor, zoneRates } from "./rates.ts";
export { shippingAdminRoutes } from "./shipping.admin.routes.ts";
export { loadZones } from "./shipping.repo.ts";
export type {
  Destination,
  LocalPickupSettings,
  PackageLine,
  PickupLocation,
  RateOption,
  ShippingMethod,
  ShippingZone,
  ZoneLocation,
} from "./shipping.types.ts";
