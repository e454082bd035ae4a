import type { Db } from "../../db/index.ts";
import type { ShippingMethod, ShippingZone, ZoneLocation } from "./shipping.types.ts";

/** All zones with their locations and methods: three queries, whatever the number of zones. */
export async function loadZones(db: Db): Promise<ShippingZone[]> {
  const [zones, locations, methods] = await Promise.all([
    db.selectFrom("shipping_zones").selectAll().execute(),
    db.selectFrom("shipping_zone_locations").selectAll().execute(),
    db.selectFrom("shipping_methods").selectAll().orderBy("sort_order").orderBy("id").execute(),
  ]);
  const toMethod = (m: (typeof methods)[number]): ShippingMethod => {
    const settings = JSON.parse(m.settings) as Record<string, unknown>;
    if (m.method_id === "free_shipping") {
      return {
        id: m.id,
        methodId: "free_shipping",
        title: m.title,
        enabled: m.enabled === 1,
        settings: {
          requires: (settings.requires as "" | "coupon" | "min_amount" | "either" | "both") ?? "",
          minAmount: Number(settings.minAmount ?? 0),
          ignoreDiscounts: settings.ignoreDiscounts === true,
        },
      };
    }
    return {
      id: m.id,
      methodId: "flat_rate",
      title: m.title,
      enabled: m.enabled === 1,
      settings: {
        cost: Number(settings.cost ?? 0),
        costFormula: typeof settings.costFormula === "string" ? settings.costFormula : "",
        classCosts: (settings.classCosts as Record<string, string> | undefined) ?? {},
        noClassCost: typeof settings.noClassCost === "string" ? settings.noClassCost : "",
        calculationType: settings.calculationType === "order" ? "order" : "class",
        taxable: settings.taxable !== false,
      },
    };
  };
  const rest: ShippingZone = {
    id: 0,
    name: "Locations not covered by your other zones",
    order: Number.MAX_SAFE_INTEGER,
    locations: [],
    methods: methods.filter((m) => m.zone_id === null).map(toMethod),
  };
  return [
    ...zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      order: zone.sort_order,
      locations: locations.filter((l) => l.zone_id === zone.id).map((l) => ({ type: l.type as ZoneLocation["type"], code: l.code })),
      methods: methods.filter((m) => m.zone_id === zone.id).map(toMethod),
    })),
    rest,
  ];
}
