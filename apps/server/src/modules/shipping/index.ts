export type { RateContext } from "./rates.ts";
export { chooseRate, pickupRates, zoneFor, zoneRates } from "./rates.ts";
export { shippingAdminRoutes } from "./shipping.admin.routes.ts";
export { loadZones } from "./shipping.repo.ts";
export type {
  Destination,
  LocalPickupSettings,
  PickupLocation,
  RateOption,
  ShippingMethod,
  ShippingZone,
  ZoneLocation,
} from "./shipping.types.ts";
