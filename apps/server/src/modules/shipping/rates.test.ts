import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../db/revisions.ts";
import { chooseRate, flatRateCost, pickupRates, zoneFor, zoneRates } from "./rates.ts";
import type { Destination, FlatRateSettings, LocalPickupSettings, PackageLine, RateOption, ShippingZone } from "./shipping.types.ts";

const method = (id: number) => ({
  id,
  methodId: "flat_rate" as const,
  title: `Rate ${id}`,
  enabled: true,
  settings: { cost: 500, costFormula: "", classCosts: {}, noClassCost: "", calculationType: "class" as const, taxable: true },
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

describe("zoneRates of the pricing cache's frozen zones", () => {
  const context = (quantity: number) => ({
    subtotal: 2000,
    subtotalAfterDiscounts: 2000,
    hasFreeShippingCoupon: false,
    lines: [{ quantity, total: 2000 * quantity, shippingClassId: null }],
    minorUnit: 2,
  });
  const perItem = (): ShippingZone => ({
    ...(zones()[0] as ShippingZone),
    methods: [{ ...method(7), settings: { ...method(7).settings, costFormula: "2 * [qty]" } }],
  });

  it("are the unfrozen zone's rates, one frozen object per method and cost, shared by every cart that comes to it", () => {
    const zone = deepFreeze(perItem());
    const [one] = zoneRates(zone, context(1));
    expect(one).toEqual(zoneRates(perItem(), context(1))[0]);
    expect(one).toMatchObject({ rate_id: "flat_rate:7", cost: 200 });
    expect(Object.isFrozen(one) && Object.isFrozen(one?.meta_data)).toBe(true);
    expect(zoneRates(zone, context(1))[0]).toBe(one);
    // Another cost is another rate; the first is still the one kept for its cost.
    expect(zoneRates(zone, context(3))[0]).toMatchObject({ cost: 600 });
    expect(zoneRates(zone, context(1))[0]).toBe(one);
  });

  it("are made afresh for zones that are not frozen (not the rules cache's)", () => {
    const zone = perItem();
    const [first] = zoneRates(zone, context(1));
    expect(zoneRates(zone, context(1))[0]).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
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

describe("flatRateCost: formulas and shipping classes", () => {
  const flat = (settings: Partial<FlatRateSettings>): FlatRateSettings => ({
    cost: 0,
    costFormula: "",
    classCosts: {},
    noClassCost: "",
    calculationType: "class",
    taxable: true,
    ...settings,
  });
  const line = (quantity: number, total: number, shippingClassId: number | null = null): PackageLine => ({
    quantity,
    total,
    shippingClassId,
  });
  // Two bulky items (class 7) for 40.00, one fragile (class 9) for 10.00, three in no class for 15.00.
  const mixed = [line(2, 4000, 7), line(1, 1000, 9), line(3, 1500)];

  it("keeps a plain cost as it is, whatever the cart holds", () => {
    expect(flatRateCost(flat({ cost: 500 }), mixed, 2)).toBe(500);
    expect(flatRateCost(flat({ cost: 500 }), [], 2)).toBe(500);
  });

  it("works a formula out over the whole package", () => {
    expect(flatRateCost(flat({ costFormula: "2 + [qty]" }), mixed, 2)).toBe(800);
    expect(flatRateCost(flat({ costFormula: '[fee percent="10" min_fee="2"]' }), mixed, 2)).toBe(650);
    expect(flatRateCost(flat({ costFormula: '[fee percent="10" min_fee="2"]' }), [line(1, 500)], 2)).toBe(200);
  });

  it("adds each class's cost per class, over that class's items", () => {
    const settings = flat({ cost: 100, classCosts: { 7: "5 * [qty]", 9: "[cost] * 0.5" }, noClassCost: "1" });
    // 1.00 + bulky 10.00 + fragile 5.00 + no class 1.00.
    expect(flatRateCost(settings, mixed, 2)).toBe(1700);
  });

  it("takes the most expensive class's cost per order", () => {
    const settings = flat({ cost: 100, classCosts: { 7: "5 * [qty]", 9: "[cost] * 0.5" }, noClassCost: "1", calculationType: "order" });
    expect(flatRateCost(settings, mixed, 2)).toBe(1100);
  });

  it("adds nothing for a class without a cost, nor for items in no class without one", () => {
    const settings = flat({ cost: 100, classCosts: { 7: "5" } });
    expect(flatRateCost(settings, mixed, 2)).toBe(600);
    expect(flatRateCost(settings, [line(1, 100, 9), line(1, 100)], 2)).toBe(100);
  });

  it("offers no rate when a formula divides by zero for this package, and never goes below zero", () => {
    expect(flatRateCost(flat({ costFormula: "[cost] / ([qty] - 1)" }), [line(1, 1000)], 2)).toBeNull();
    expect(flatRateCost(flat({ costFormula: "5 - [qty] * 10" }), [line(3, 1000)], 2)).toBe(0);
  });
});
