/**
 * The shipping warnings of the totals and the checkout (spec §4 "Shipping"): the recalculation
 * note while a package has rates but none chosen, and the pickup mismatch across packages.
 */
import type { StoreCart } from "@cartwright/commerce";

type Packages = StoreCart["shipping_rates"];

const PICKUP_METHOD = "pickup_location";
const selectedRate = (pkg: Packages[number]) => pkg.shipping_rates.find((rate) => rate.selected);

/**
 * Whether the totals show 'Totals will be recalculated when a valid shipping method is
 * selected.': rates exist and a package has none chosen; not while local pickup is chosen,
 * unless the shopper prefers collection.
 */
export function showNoRateSelectedWarning(packages: Packages, prefersCollection?: boolean): boolean {
  const unchosen = packages.some((pkg) => pkg.shipping_rates.length > 0 && !selectedRate(pkg));
  if (!unchosen) return false;
  const pickupChosen = packages.some((pkg) => selectedRate(pkg)?.method_id === PICKUP_METHOD);
  return !pickupChosen || prefersCollection === true;
}

/**
 * Whether to warn 'Multiple shipments must have the same pickup location': local pickup is chosen
 * and the packages do not all have the same rate chosen.
 */
export function hasPickupLocationMismatch(packages: Packages): boolean {
  if (packages.length < 2) return false;
  const chosen = packages.map((pkg) => selectedRate(pkg));
  if (!chosen.some((rate) => rate?.method_id === PICKUP_METHOD)) return false;
  return new Set(chosen.map((rate) => rate?.rate_id ?? "")).size > 1;
}
