import type { StoreCart } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { hasPickupLocationMismatch, showNoRateSelectedWarning } from "./shipping-warnings.ts";

type Packages = StoreCart["shipping_rates"];

const rate = (rate_id: string, selected = false) => ({
  rate_id,
  method_id: rate_id.split(":")[0] as string,
  instance_id: Number(rate_id.split(":")[1]),
  selected,
});
/** Packages offering flat rate, Main Street and Harbor pickup; `chosen` names each package's selected rate ("" for none). */
const packages = (...chosen: string[]): Packages =>
  chosen.map((id, package_id) => ({
    package_id,
    name: `Shipment ${package_id + 1}`,
    shipping_rates: ["flat_rate:1", "pickup_location:1", "pickup_location:2"].map((r) => rate(r, r === id)),
  })) as unknown as Packages;

describe("showNoRateSelectedWarning", () => {
  it("warns while rates exist and none is chosen, and not when there are no rates or one is chosen", () => {
    expect(showNoRateSelectedWarning(packages(""))).toBe(true);
    expect(showNoRateSelectedWarning(packages("flat_rate:1"))).toBe(false);
    expect(showNoRateSelectedWarning([])).toBe(false);
    const empty = [{ package_id: 0, name: "Shipping", shipping_rates: [] }] as unknown as Packages;
    expect(showNoRateSelectedWarning(empty)).toBe(false);
  });

  it("warns when one of several packages has no rate chosen", () => {
    expect(showNoRateSelectedWarning(packages("flat_rate:1", ""))).toBe(true);
  });

  it("stays quiet while local pickup is chosen, unless the shopper prefers collection", () => {
    expect(showNoRateSelectedWarning(packages("pickup_location:1", ""))).toBe(false);
    expect(showNoRateSelectedWarning(packages("pickup_location:1", ""), false)).toBe(false);
    expect(showNoRateSelectedWarning(packages("pickup_location:1", ""), true)).toBe(true);
  });
});

describe("hasPickupLocationMismatch", () => {
  it("warns when local pickup is chosen and packages have different rates chosen", () => {
    expect(hasPickupLocationMismatch(packages("pickup_location:1", "pickup_location:2"))).toBe(true);
    expect(hasPickupLocationMismatch(packages("pickup_location:1", "flat_rate:1"))).toBe(true);
    expect(hasPickupLocationMismatch(packages("pickup_location:1", ""))).toBe(true);
  });

  it("is quiet for one package, the same location everywhere, or no pickup chosen", () => {
    expect(hasPickupLocationMismatch(packages("pickup_location:1"))).toBe(false);
    expect(hasPickupLocationMismatch(packages("pickup_location:2", "pickup_location:2"))).toBe(false);
    expect(hasPickupLocationMismatch(packages("flat_rate:1", ""))).toBe(false);
    expect(hasPickupLocationMismatch(packages("flat_rate:1", "flat_rate:1"))).toBe(false);
  });
});
