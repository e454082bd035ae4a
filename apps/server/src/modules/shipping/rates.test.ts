import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../db/revisions.ts";
import { chooseRate, pickupRates, zoneFor } from "./rates.ts";
import type { Destination, LocalPickupSettings, RateOption, ShippingZone } from "./shipping.types.ts";

const method = (id: number) => ({
  id,
  methodId: "flat_rate" as const,
  title: `Rate ${id}`,
  enabled: true,
  settings: { cost: 500, taxable: true },
});
const zones = (): ShippingZone[] => [
  { id: 0, name: "Everywhere else", order: 0, locations: [], methods: [method(1)] },
  {
    id: 3,
    name: "California, LA",
    order: 1,
    locations: [
      { type: "state", code: "US:CA" },
      { type: "postcode", code: "900*" },
    ],
    methods: [method(2)],
  },
  { id: 2, name: "United States", order: 2, locations: [{ type: "country", code: "US" }], methods: [method(3)] },
  { id: 4, name: "Europe", order: 2, locations: [{ type: "continent", code: "EU" }], methods: [method(4)] },
];
const to = (country: string, state = "", postcode = "", city = ""): Destination => ({
  country,
  state,
  postcode,
  city,
  address_1: "",
  address_2: "",
});
const destinations = [
  to("US", "CA", "90001"),
  to("US", "CA", "94105"),
  to("US", "CA", "90001", "Another city"),
  to("US", "NY", "90001"),
  to("US", "CA", "90002"),
  to("DE", "", "10115"),
  to("JP"),
  to("US", "CA", "94105"),
  to("US", "CA", "90001"),
];

describe("zoneFor on the pricing cache's frozen zones", () => {
  it("answers as the unfrozen list does, for each destination in turn, a postcode and a state apart", () => {
    const frozen = deepFreeze(zones());
    const plain = zones();
    const ids = destinations.map((destination) => [zoneFor(frozen, destination)?.id, zoneFor(plain, destination)?.id]);
    for (const [kept, fresh] of ids) expect(kept).toBe(fresh);
    expect(ids.map(([id]) => id)).toEqual([3, 2, 3, 2, 3, 4, 0, 2, 3]);
  });
});

const pickup = (): LocalPickupSettings => ({
  enabled: true,
  title: "",
  cost: 0,
  taxable: false,
  locations: [
    {
      name: "Shop",
      address: { address_1: "1 High St", city: "Springfield", state: "IL", postcode: "62701", country: "US" },
      details: "Mon–Fri",
      enabled: true,
    },
    { name: "Closed", address: { address_1: "", city: "", state: "", postcode: "", country: "US" }, details: "", enabled: false },
  ],
});

describe("pickupRates of frozen settings", () => {
  it("are the unfrozen settings' rates, made once per settings object and frozen", () => {
    const settings = deepFreeze(pickup());
    const kept = pickupRates(settings);
    expect(kept).toEqual(pickupRates(pickup()));
    expect(pickupRates(settings)).toBe(kept);
    expect(Object.isFrozen(kept[0]?.meta_data[0])).toBe(true);
    // Other settings (a new settings revision) get their own.
    const other = deepFreeze({ ...pickup(), title: "Collect" });
    expect(pickupRates(other)[0]?.name).toBe("Collect (Shop)");
  });
});

describe("chooseRate", () => {
  const rate = (rate_id: string): RateOption => {
    const [method_id = "", instance] = rate_id.split(":");
    return {
      rate_id,
      instance_id: Number(instance),
      method_id,
      name: rate_id,
      description: "",
      delivery_time: "",
      cost: 0,
      taxable: true,
      meta_data: [],
    };
  };
  const offered = ["flat_rate:1", "free_shipping:2", "pickup_location:1", "pickup_location:2"].map(rate);

  it("keeps the shopper's choice while it is offered, else the same method's first rate", () => {
    expect(chooseRate(offered, "pickup_location:2")).toBe("pickup_location:2");
    expect(chooseRate(offered, "pickup_location:2", true)).toBe("pickup_location:2");
    expect(chooseRate(offered, "pickup_location:9", true)).toBe("pickup_location:1");
  });

  it("defaults to the first rate, or to free shipping while a free-shipping coupon is applied", () => {
    expect(chooseRate(offered, undefined)).toBe("flat_rate:1");
    expect(chooseRate(offered, undefined, true)).toBe("free_shipping:2");
    expect(chooseRate(offered, "flat_rate:7", true)).toBe("flat_rate:1");
    expect(
      chooseRate(
        offered.filter((r) => r.method_id !== "free_shipping"),
        undefined,
        true,
      ),
    ).toBe("flat_rate:1");
    expect(chooseRate([], undefined, true)).toBeUndefined();
  });
});
