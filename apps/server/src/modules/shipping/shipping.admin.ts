/**
 * The owner's shipping (issue 19, decision 0041): zones with their regions and methods, the
 * methods for everywhere else, and local pickup. Every rule the rates engine reads (rates.ts) is
 * checked here with an error per field; each write and its change_log row share one transaction,
 * in which the tables' triggers move the `pricing` revision (zones, migration 003) or the
 * `settings` one (pickup), so every process prices with the change on its next request.
 */
import { amountAsFormula, evaluateCostFormula, isCountryCode, parseCostFormula, postcodeRuleProblem, statesOf } from "@cartwright/commerce";
import type { OwnerCurrency } from "@cartwright/commerce/admin";
import { type Db, takeTurns } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, sortedKeys, staleEdit } from "../../http/edit-version.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { getSettings, ownerCurrency, writeOwnerSettings } from "../settings/index.ts";
import { CONTINENTS } from "./rates.ts";
import { loadZones } from "./shipping.repo.ts";
import type { ClassCalculation, LocalPickupSettings, ShippingMethod, ShippingZone, ZoneLocation } from "./shipping.types.ts";
import { unknownClassIds } from "./shipping-classes.admin.ts";

export type FreeShippingRequires = "" | "coupon" | "min_amount" | "either" | "both";

/** A method as the owner API writes it: one shape, each kind reading its own fields. */
export interface MethodInput {
  /** A method this zone already has, kept under its id (carts name their chosen rate by it). */
  id?: number;
  method_id: "flat_rate" | "free_shipping";
  title: string;
  enabled: boolean;
  cost?: number;
  /** flat_rate: a formula in place of `cost` ("" none), in the shop's currency (decision 0106). */
  cost_formula?: string;
  /** flat_rate: a formula per shipping class. */
  class_costs?: ClassCost[];
  /** flat_rate: a formula for items in no class ("" nothing). */
  no_class_cost?: string;
  calculation_type?: ClassCalculation;
  taxable?: boolean;
  requires?: FreeShippingRequires;
  min_amount?: number;
  ignore_discounts?: boolean;
}

export interface ClassCost {
  class_id: number;
  cost: string;
}

export type OwnerMethod =
  | {
      id: number;
      method_id: "flat_rate";
      title: string;
      enabled: boolean;
      cost: number;
      cost_formula: string;
      class_costs: ClassCost[];
      no_class_cost: string;
      calculation_type: ClassCalculation;
      taxable: boolean;
    }
  | {
      id: number;
      method_id: "free_shipping";
      title: string;
      enabled: boolean;
      requires: FreeShippingRequires;
      min_amount: number;
      ignore_discounts: boolean;
    };

export interface ZoneInput {
  name: string;
  locations: ZoneLocation[];
  methods: MethodInput[];
}

export interface OwnerZone {
  id: number;
  name: string;
  order: number;
  locations: ZoneLocation[];
  methods: OwnerMethod[];
  /** Sent back with a save: a zone changed since is refused (decision 0158). */
  version: string;
}

export type LocalPickupInput = LocalPickupSettings;

/** The largest cost or minimum amount, in minor units (10 million in the shop's currency). */
export const MAX_MONEY = 1_000_000_000;

type Errors = Record<string, string>;

export const shippingErrors = {
  invalid: fieldsInvalid,
  notFound: () => new StoreError("cw_rest_shipping_zone_not_found", "No such shipping zone.", 404),
  changed: (current: string) => staleEdit("cw_rest_shipping_zone_changed", "shipping zone", current),
  pickupChanged: (current: string) => staleEdit("cw_rest_local_pickup_changed", "local pickup setup", current),
};

/** Local pickup's version (decision 0158): all of it is the owner's, its locations included, as each location's page saves them all. */
const pickupVersion = (pickup: LocalPickupSettings) => editVersion(sortedKeys(pickup));

/** The engine's zones in the order it tries them (rates.ts zoneFor), and its zone 0 for everywhere else. */
async function zonesInOrder(db: Db): Promise<{ zones: ShippingZone[]; rest: ShippingZone }> {
  const all = await loadZones(db);
  const zones = all.filter((zone) => zone.id !== 0).sort((a, b) => a.order - b.order || a.id - b.id);
  return { zones, rest: all.find((zone) => zone.id === 0) as ShippingZone };
}

function toOwnerMethod(method: ShippingMethod): OwnerMethod {
  const { id, title, enabled } = method;
  if (method.methodId === "flat_rate") {
    const { cost, costFormula, classCosts, noClassCost, calculationType, taxable } = method.settings;
    return {
      id,
      method_id: "flat_rate",
      title,
      enabled,
      cost,
      cost_formula: costFormula,
      class_costs: Object.entries(classCosts)
        .map(([classId, text]) => ({ class_id: Number(classId), cost: text }))
        .sort((a, b) => a.class_id - b.class_id),
      no_class_cost: noClassCost,
      calculation_type: calculationType,
      taxable,
    };
  }
  const { requires, minAmount, ignoreDiscounts } = method.settings;
  return { id, method_id: "free_shipping", title, enabled, requires, min_amount: minAmount, ignore_discounts: ignoreDiscounts };
}

/**
 * What a save writes (decision 0158): the name, the regions as a set (their rows are read in no set order)
 * and the methods with their settings; not the zone's place, which the order call moves.
 */
function zoneVersion(name: string, locations: ZoneLocation[], methods: OwnerMethod[]): string {
  const regions = locations.map(({ type, code }) => `${type}|${code}`).sort();
  return editVersion({ name, regions, methods });
}

function toOwnerZone(zone: ShippingZone): OwnerZone {
  const locations = zone.locations.map(({ type, code }) => ({ type, code }));
  const methods = zone.methods.map(toOwnerMethod);
  return { id: zone.id, name: zone.name, order: zone.order, locations, methods, version: zoneVersion(zone.name, locations, methods) };
}

/** The methods for everywhere else, with their version (zone 0's, which has no name nor regions). */
function restOfWorld(rest: ShippingZone) {
  const methods = rest.methods.map(toOwnerMethod);
  return { methods, version: zoneVersion("", [], methods) };
}

const isMoney = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_MONEY;
const MONEY_RULE = "Enter a whole number of minor units, 0 or more (500 for 5.00).";

/**
 * The problem with a cost formula as typed ("" is none), or null. One that already comes to more than the largest
 * cost for a single item costing nothing is a slip (a carts' rate would be cut to that largest cost without a word).
 */
function formulaProblem(text: string | undefined, minorUnit: number): string | null {
  if (text === undefined || text.trim() === "") return null;
  const parsed = parseCostFormula(text);
  if (!parsed.ok) return parsed.message;
  const least = evaluateCostFormula(parsed.formula, { qty: 1, cost: 0 }, minorUnit);
  if (least !== null && least > MAX_MONEY)
    return `This comes to more than ${amountAsFormula(MAX_MONEY, minorUnit)} for one item: enter a cost shipping can have.`;
  return null;
}

/**
 * Each method's fields, errors under `methods.{i}.{field}`; a given id must be one of `known`, a
 * class cost's class one of `classes`. Formulas are parsed here, so carts never meet one that fails.
 */
function checkMethods(methods: MethodInput[], known: Set<number>, classes: Set<number>, errors: Errors, minorUnit: number): void {
  for (const [i, method] of methods.entries()) {
    const at = (field: string) => `methods.${i}.${field}`;
    if (!method.title.trim()) errors[at("title")] = "Enter the name shoppers see for this method.";
    if (method.id !== undefined && !known.has(method.id)) errors[at("id")] = `This zone has no method ${method.id}.`;
    if (method.method_id === "flat_rate") {
      if (!isMoney(method.cost ?? 0)) errors[at("cost")] = MONEY_RULE;
      const costProblem = formulaProblem(method.cost_formula, minorUnit);
      if (costProblem) errors[at("cost_formula")] = costProblem;
      const noClassProblem = formulaProblem(method.no_class_cost, minorUnit);
      if (noClassProblem) errors[at("no_class_cost")] = noClassProblem;
      const seen = new Set<number>();
      for (const [j, classCost] of (method.class_costs ?? []).entries()) {
        // An empty cost is not kept (methodSettings): a class deleted meanwhile loses nothing, so it is no error.
        if (!classes.has(classCost.class_id) && classCost.cost.trim() !== "")
          errors[at(`class_costs.${j}.class_id`)] =
            `Shipping class ${classCost.class_id} no longer exists (it may have been deleted). Reload the page to see the shop's classes.`;
        else if (seen.has(classCost.class_id)) errors[at(`class_costs.${j}.class_id`)] = "This class already has a cost above.";
        seen.add(classCost.class_id);
        const problem = formulaProblem(classCost.cost, minorUnit);
        if (problem) errors[at(`class_costs.${j}.cost`)] = problem;
      }
    }
    if (method.method_id === "free_shipping" && !isMoney(method.min_amount ?? 0)) errors[at("min_amount")] = MONEY_RULE;
  }
}

/** The shipping classes the methods' class costs name that exist. */
async function knownClasses(db: Db, methods: MethodInput[]): Promise<Set<number>> {
  const named = methods.flatMap((m) => (m.class_costs ?? []).map((c) => c.class_id));
  const missing = new Set(await unknownClassIds(db, named));
  return new Set(named.filter((id) => !missing.has(id)));
}

/** A method that offers a rate to every address of its zone, whatever the cart holds. */
const alwaysOffered = (method: MethodInput) => method.enabled && (method.method_id === "flat_rate" || (method.requires ?? "") === "");

function locationProblem(location: ZoneLocation): string | null {
  const code = location.code.trim();
  switch (location.type) {
    case "country":
      return isCountryCode(code) ? null : `"${code}" is not a country code we know (two capital letters, as US or DE).`;
    case "continent":
      return Object.hasOwn(CONTINENTS, code)
        ? null
        : `"${code}" is not a continent the shop knows (${Object.keys(CONTINENTS).join(", ")}).`;
    case "state": {
      const [country = "", state = "", ...rest] = code.split(":");
      if (!isCountryCode(country) || rest.length) return `"${code}" is not a state: write the country, a colon and the state (US:CA).`;
      const states = statesOf(country);
      if (!states?.length) return `${country} has no states the shop knows: choose the country instead.`;
      return states.some((s) => s.code === state) ? null : `"${state}" is not a state of ${country}.`;
    }
    case "postcode":
      return postcodeRuleProblem(code);
  }
}

/** Every rule a schema cannot state, each failure beside its field; the clean zone back. */
function checkZone(input: ZoneInput, known: Set<number>, classes: Set<number>, minorUnit: number): ZoneInput {
  const errors: Errors = {};
  const name = input.name.trim();
  if (!name) errors.name = "Enter a name for the zone.";
  const seen = new Set<string>();
  const locations: ZoneLocation[] = [];
  for (const [i, location] of input.locations.entries()) {
    const problem = locationProblem(location);
    if (problem) errors[`locations.${i}.code`] = problem;
    const code = location.type === "postcode" ? location.code.trim().toUpperCase() : location.code.trim();
    // The same region twice means nothing more (and is one row's key): kept once.
    if (!seen.has(`${location.type}|${code}`)) locations.push({ type: location.type, code });
    seen.add(`${location.type}|${code}`);
  }
  // A zone matches on a region first (zoneFor): with postcodes alone it would match no address.
  if (!errors.locations && !locations.some((l) => l.type !== "postcode")) {
    errors.locations = "Add a country, state or continent: a zone matches an address by its region first, then by its postcodes.";
  }
  checkMethods(input.methods, known, classes, errors, minorUnit);
  if (input.methods.length === 0) errors.methods = "Add a method: addresses in a zone without one could not be shipped to.";
  else if (!input.methods.some(alwaysOffered)) {
    errors.methods =
      "Keep one enabled method that every order gets (a flat rate, or free shipping that needs nothing): otherwise some carts in this zone would have no way to ship.";
  }
  if (new Set(input.methods.flatMap((m) => (m.id === undefined ? [] : [m.id]))).size < input.methods.filter((m) => m.id).length) {
    errors.methods ??= "A method is listed twice.";
  }
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  return { name, locations, methods: input.methods.map((m) => ({ ...m, title: m.title.trim() })) };
}

/** The stored settings of a method, as shipping.repo reads them back. */
function methodSettings(method: MethodInput): string {
  if (method.method_id === "flat_rate") {
    // Class costs left empty add nothing: they are not kept.
    const classCosts = Object.fromEntries(
      (method.class_costs ?? []).filter((c) => c.cost.trim() !== "").map((c) => [String(c.class_id), c.cost.trim()]),
    );
    return JSON.stringify({
      cost: method.cost ?? 0,
      costFormula: (method.cost_formula ?? "").trim(),
      classCosts,
      noClassCost: (method.no_class_cost ?? "").trim(),
      calculationType: method.calculation_type ?? "class",
      taxable: method.taxable ?? true,
    });
  }
  return JSON.stringify({
    requires: method.requires ?? "",
    minAmount: method.min_amount ?? 0,
    ignoreDiscounts: method.ignore_discounts ?? false,
  });
}

/** Writes a zone's methods (zone null: everywhere else): kept ones by id, new ones added, the rest removed. */
async function writeMethods(trx: Db, zoneId: number | null, methods: MethodInput[]): Promise<void> {
  const keep = methods.flatMap((m) => (m.id === undefined ? [] : [m.id]));
  let gone = trx.deleteFrom("shipping_methods").where("zone_id", zoneId === null ? "is" : "=", zoneId);
  if (keep.length) gone = gone.where("id", "not in", keep);
  await gone.execute();
  for (const [order, method] of methods.entries()) {
    const row = { method_id: method.method_id, title: method.title, enabled: method.enabled ? 1 : 0, settings: methodSettings(method) };
    if (method.id === undefined) {
      await trx
        .insertInto("shipping_methods")
        .values({ ...row, zone_id: zoneId, sort_order: order } as never)
        .execute();
    } else {
      await trx
        .updateTable("shipping_methods")
        .set({ ...row, sort_order: order } as never)
        .where("id", "=", method.id)
        .execute();
    }
  }
}

async function readZoneIn(db: Db, id: number): Promise<OwnerZone | undefined> {
  const zone = (await zonesInOrder(db)).zones.find((z) => z.id === id);
  return zone && toOwnerZone(zone);
}

const methodIdsOf = async (db: Db, zoneId: number | null) =>
  new Set(
    (
      await db
        .selectFrom("shipping_methods")
        .select("id")
        .where("zone_id", zoneId === null ? "is" : "=", zoneId)
        .execute()
    ).map((r) => Number(r.id)),
  );

async function lockZone(trx: Db, id: number): Promise<void> {
  const held = await trx
    .updateTable("shipping_zones")
    .set((eb) => ({ name: eb.ref("name") }))
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) throw shippingErrors.notFound();
}

/** Every zone in the order addresses are matched against them, then the methods for everywhere else. */
export async function listZones(ctx: RequestContext) {
  const { zones, rest } = await zonesInOrder(ctx.db);
  return { zones: zones.map(toOwnerZone), rest_of_world: restOfWorld(rest), ...(await ownerCurrency(ctx)) };
}

export async function readZone(ctx: RequestContext, id: number) {
  const zone = await readZoneIn(ctx.db, id);
  if (!zone) throw shippingErrors.notFound();
  return { ...zone, ...(await ownerCurrency(ctx)) };
}

/**
 * Creates (id null: matched after every other zone) or replaces a zone with its regions and methods; a
 * `version` that is not the stored zone's is refused, 409 (decision 0158).
 */
export async function saveZone(
  ctx: RequestContext,
  id: number | null,
  input: ZoneInput,
  version?: string,
): Promise<OwnerZone & OwnerCurrency> {
  const currency = await ownerCurrency(ctx);
  const saved = await ctx.db.transaction().execute(async (trx) => {
    // A write of the row first: on PostgreSQL it holds the zone, so two saves of one zone take turns.
    if (id !== null) await lockZone(trx, id);
    const before = id === null ? null : await readZoneIn(trx, id);
    if (id !== null && !before) throw shippingErrors.notFound();
    if (before) checkVersion(version, before.version, shippingErrors.changed);
    const zone = checkZone(
      input,
      id === null ? new Set() : await methodIdsOf(trx, id),
      await knownClasses(trx, input.methods),
      currency.currency_minor_unit,
    );
    let zoneId = id;
    if (zoneId === null) {
      const { last } = await trx
        .selectFrom("shipping_zones")
        .select((eb) => eb.fn.max("sort_order").as("last"))
        .executeTakeFirstOrThrow();
      const created = await trx
        .insertInto("shipping_zones")
        .values({ name: zone.name, sort_order: last === null ? 0 : Number(last) + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      zoneId = Number(created.id);
    } else {
      await trx.updateTable("shipping_zones").set({ name: zone.name }).where("id", "=", zoneId).execute();
      await trx.deleteFrom("shipping_zone_locations").where("zone_id", "=", zoneId).execute();
    }
    for (const location of zone.locations) {
      await trx
        .insertInto("shipping_zone_locations")
        .values({ zone_id: zoneId, ...location })
        .execute();
    }
    await writeMethods(trx, zoneId, zone.methods);
    const after = (await readZoneIn(trx, zoneId)) as OwnerZone;
    await logOwnerChange(trx, ctx, "shipping_zone", String(zoneId), before, after);
    return after;
  });
  // A save answers the zone as a read does, with the shop's currency.
  return { ...saved, ...currency };
}

/** Deletes a zone, its regions and methods; its addresses fall to the next zone that matches, or everywhere else. */
export async function deleteZone(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockZone(trx, id);
    const before = (await readZoneIn(trx, id)) as OwnerZone;
    await trx.deleteFrom("shipping_methods").where("zone_id", "=", id).execute();
    await trx.deleteFrom("shipping_zone_locations").where("zone_id", "=", id).execute();
    await trx.deleteFrom("shipping_zones").where("id", "=", id).execute();
    await logOwnerChange(trx, ctx, "shipping_zone", String(id), before, null);
  });
}

/** Sets the order zones are matched in: every zone's id once, first matched first; answers the list as `listZones` does. */
export async function reorderZones(ctx: RequestContext, ids: number[]) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await zonesInOrder(trx)).zones.map((z) => z.id);
    const sameSet = ids.length === before.length && new Set(ids).size === ids.length && ids.every((id) => before.includes(id));
    if (!sameSet) throw fieldsInvalid({ ids: `List every zone's id once (${before.join(", ")}), in the order to match them.` });
    for (const [order, id] of ids.entries()) {
      await trx.updateTable("shipping_zones").set({ sort_order: order }).where("id", "=", id).execute();
    }
    await logOwnerChange(trx, ctx, "shipping_zone_order", "zones", before, ids);
  });
  return listZones(ctx);
}

/** Replaces the methods for addresses no zone covers (none: the shop ships nowhere else); a stale `version` is refused. */
export async function saveRestOfWorld(ctx: RequestContext, methods: MethodInput[], version?: string) {
  const currency = await ownerCurrency(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    // They have no row to lock: two saves at once on PostgreSQL take turns on this lock instead.
    await takeTurns(trx, "shipping_rest_of_world");
    const stored = restOfWorld((await zonesInOrder(trx)).rest);
    checkVersion(version, stored.version, shippingErrors.changed);
    const before = stored.methods;
    const errors: Errors = {};
    checkMethods(methods, await methodIdsOf(trx, null), await knownClasses(trx, methods), errors, currency.currency_minor_unit);
    if (Object.keys(errors).length) throw fieldsInvalid(errors);
    await writeMethods(
      trx,
      null,
      methods.map((m) => ({ ...m, title: m.title.trim() })),
    );
    const after = restOfWorld((await zonesInOrder(trx)).rest);
    await logOwnerChange(trx, ctx, "shipping_rest_of_world", "0", before, after.methods);
    return after;
  });
}

export async function readLocalPickup(ctx: RequestContext) {
  const { localPickup } = await getSettings(ctx.db);
  return { ...structuredClone(localPickup), version: pickupVersion(localPickup), ...(await ownerCurrency(ctx)) };
}

/** Every rule of local pickup and its locations; the clean settings back. */
function checkPickup(input: LocalPickupInput): LocalPickupInput {
  const errors: Errors = {};
  const title = input.title.trim();
  if (!title) errors.title = "Enter the name shoppers see for local pickup.";
  if (!isMoney(input.cost)) errors.cost = MONEY_RULE;
  const names = new Set<string>();
  const locations = input.locations.map((location, i) => {
    const at = (field: string) => `locations.${i}.${field}`;
    const address = Object.fromEntries(Object.entries(location.address).map(([k, v]) => [k, v.trim()])) as typeof location.address;
    address.country = address.country.toUpperCase();
    address.state = address.state.toUpperCase();
    const name = location.name.trim();
    if (!name) errors[at("name")] = "Enter the location's name.";
    else if (names.has(name.toLowerCase())) errors[at("name")] = "Another location has this name.";
    names.add(name.toLowerCase());
    if (!address.address_1) errors[at("address.address_1")] = "Enter the street address.";
    if (!address.city) errors[at("address.city")] = "Enter the city.";
    if (!isCountryCode(address.country)) errors[at("address.country")] = "Choose a country.";
    else {
      // Goods collected there are taxed there (cart-view), so the state must be one the tax rates know.
      const states = statesOf(address.country);
      if (states?.length && !states.some((s) => s.code === address.state)) {
        errors[at("address.state")] = address.state ? `"${address.state}" is not a state of ${address.country}.` : "Choose the state.";
      }
    }
    return { name, address, details: location.details.trim(), enabled: location.enabled };
  });
  if (input.enabled && !errors.locations && !locations.some((l) => l.enabled)) {
    errors.locations = "Add an enabled location, or switch local pickup off: shoppers would be offered nothing to collect from.";
  }
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  return { enabled: input.enabled, title, cost: input.cost, taxable: input.taxable, locations };
}

/**
 * Replaces local pickup and its locations, kept with the shop's settings and written by their one owner write;
 * a `version` that is not the stored one's is refused, 409.
 */
export async function saveLocalPickup(ctx: RequestContext, input: LocalPickupInput, version?: string) {
  const pickup = checkPickup(input);
  await writeOwnerSettings(ctx, {
    entity: "local_pickup",
    entityId: "localPickup",
    view: (settings) => structuredClone(settings.localPickup),
    change: () => ({ localPickup: pickup }),
    stale: { sent: version, versionOf: pickupVersion, changed: shippingErrors.pickupChanged },
  });
  return readLocalPickup(ctx);
}
