/**
 * The owner's tax classes and rates (issue 19, decision 0044). Every rule the tax engine reads
 * (cart/totals/taxes.ts) is checked here with an error beside its field; each write and its
 * change_log row share one transaction, in which the tables' triggers move the `pricing`
 * revision (tax_rates: migration 003, tax_classes: migration 027), so every process prices with
 * the change on its next request. The shipping tax class is a setting (the `settings` revision).
 */
import { isCountryCode, postcodeRuleProblem, statesOf } from "@cartwright/commerce";
import type { Selectable } from "kysely";
import { type Db, takeTurns } from "../../db/index.ts";
import type { TaxRatesTable } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { fieldsInvalid, paramDetail, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { writeOwnerSettings } from "../settings/index.ts";
import { listTaxClasses, STANDARD, type TaxClass, toApiClass, toStoredClass } from "./tax-classes.ts";

type Errors = Record<string, string>;

/** A rate as the owner API reads and writes it: the percent as text with up to four decimals. */
export interface RateInput {
  class: string;
  country: string;
  state: string;
  postcodes: string[];
  cities: string[];
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
}

export interface OwnerRate extends RateInput {
  id: number;
  /** Place among its class's rates; within one priority the more specific rate wins, then this order. */
  order: number;
  /** Sent back with a save: a rate changed since is refused (decision 0158). */
  version: string;
}

/** A class as the owner API answers it: sent back with a rename, a class renamed since is refused (decision 0158). */
export interface VersionedTaxClass extends TaxClass {
  version: string;
}

export interface OwnerTaxClass extends VersionedTaxClass {
  /** Its rates, and the products and variations in it: a class still used cannot be deleted. */
  rates: number;
  products: number;
}

/** "Based on the cart's items" (WooCommerce's inherit), or a class's slug. */
export const INHERIT = "inherit";

const refused = (code: string, message: string, field?: string) =>
  new StoreError(code, message, 409, field ? { details: { [field]: paramDetail(code, message) } } : undefined);

export const taxErrors = {
  invalid: fieldsInvalid,
  rateNotFound: () => new StoreError("cw_rest_tax_rate_not_found", "No such tax rate.", 404),
  classNotFound: () => new StoreError("cw_rest_tax_class_not_found", "No such tax class.", 404),
  standardFixed: () => refused("cw_rest_tax_class_standard", "The standard class is always there and keeps its name.", "name"),
  classInUse: (reason: string) => refused("cw_rest_tax_class_in_use", reason),
  rateChanged: (current: string) => staleEdit("cw_rest_tax_rate_changed", "tax rate", current),
  classChanged: (current: string) => staleEdit("cw_rest_tax_class_changed", "tax class", current),
  shippingClassChanged: (current: string) => staleEdit("cw_rest_shipping_tax_class_changed", "shipping tax class", current),
};

/** Writes naming a class take turns with its deletion on PostgreSQL (SQLite runs one write at a time). */
async function lockClasses(db: Db): Promise<void> {
  await takeTurns(db, "tax_classes");
}

type RateRow = Selectable<TaxRatesTable>;

/** A class's version covers its name, all a rename writes: not its rates, products or place among the classes. */
const versioned = (taxClass: TaxClass): VersionedTaxClass => ({ ...taxClass, version: editVersion({ name: taxClass.name }) });

function toOwnerRate(row: RateRow): OwnerRate {
  const rate: RateInput = {
    class: toApiClass(row.tax_class),
    country: row.country,
    state: row.state,
    postcodes: JSON.parse(row.postcodes) as string[],
    cities: JSON.parse(row.cities) as string[],
    rate: row.rate,
    name: row.name,
    priority: row.priority,
    compound: row.compound === 1,
    shipping: row.shipping === 1,
  };
  // The version covers what a save writes, not the place a reorder moves.
  return { id: row.id, ...rate, order: row.sort_order, version: editVersion(rate) };
}

async function findRate(db: Db, id: number): Promise<RateRow | undefined> {
  return (await db.selectFrom("tax_rates").selectAll().where("id", "=", id).executeTakeFirst()) as RateRow | undefined;
}

async function classExists(db: Db, slug: string): Promise<boolean> {
  if (slug === STANDARD) return true;
  return Boolean(await db.selectFrom("tax_classes").select("slug").where("slug", "=", slug).executeTakeFirst());
}

async function ratesOfClass(db: Db, slug: string): Promise<RateRow[]> {
  return (await db
    .selectFrom("tax_rates")
    .selectAll()
    .where("tax_class", "=", toStoredClass(slug))
    .orderBy("sort_order")
    .orderBy("id")
    .execute()) as RateRow[];
}

/** "7.25" → "7.2500", as stored and as the engine reads it (parseRatePercent); null when it is not a percent from 0 to 100. */
export function normaliseRate(text: string): string | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = (match[2] ?? "").padEnd(4, "0");
  if (whole > 100 || (whole === 100 && Number(fraction) > 0)) return null;
  return `${whole}.${fraction}`;
}

/** Every rule a schema cannot state, each failure beside its field; the clean rate back. */
function checkRate(input: RateInput): RateInput {
  const errors: Errors = {};
  const country = input.country.trim().toUpperCase();
  const state = input.state.trim().toUpperCase();
  if (country && !isCountryCode(country))
    errors.country = `"${country}" is not a country code we know (two capital letters, as US or DE); leave it empty for every country.`;
  if (state && !country) errors.state = "Choose the country of this state first.";
  else if (state && !errors.country) {
    const states = statesOf(country);
    if (!states?.length) errors.state = `${country} has no states the shop knows: leave the state empty.`;
    else if (!states.some((s) => s.code === state)) errors.state = `"${state}" is not a state of ${country}.`;
  }
  const postcodes: string[] = [];
  for (const [i, rule] of input.postcodes.entries()) {
    const problem = postcodeRuleProblem(rule);
    if (problem) errors[`postcodes.${i}`] = problem;
    const clean = rule.trim().toUpperCase();
    if (!postcodes.includes(clean)) postcodes.push(clean);
  }
  const cities: string[] = [];
  for (const [i, city] of input.cities.entries()) {
    const clean = city.trim();
    if (!clean) errors[`cities.${i}`] = "Enter a city's name, or remove the empty entry.";
    else if (!cities.some((c) => c.toUpperCase() === clean.toUpperCase())) cities.push(clean);
  }
  const rate = normaliseRate(input.rate);
  if (rate === null) errors.rate = "Enter a percentage from 0 to 100 with at most four decimals, such as 7.25.";
  const name = input.name.trim();
  if (!name) errors.name = "Enter the name shoppers see beside this tax, such as VAT.";
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  return { ...input, country, state, postcodes, cities, rate: rate as string, name };
}

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

const rateColumns = (rate: RateInput) => ({
  tax_class: toStoredClass(rate.class),
  country: rate.country,
  state: rate.state,
  postcodes: JSON.stringify(rate.postcodes),
  cities: JSON.stringify(rate.cities),
  rate: rate.rate,
  name: rate.name,
  priority: rate.priority,
  compound: flag(rate.compound),
  shipping: flag(rate.shipping),
});

/** A class's rates in their order. */
export async function listRates(ctx: RequestContext, slug: string) {
  if (!(await classExists(ctx.db, slug))) throw taxErrors.classNotFound();
  return { class: slug, rates: (await ratesOfClass(ctx.db, slug)).map(toOwnerRate) };
}

export async function readRate(ctx: RequestContext, id: number): Promise<OwnerRate> {
  const row = await findRate(ctx.db, id);
  if (!row) throw taxErrors.rateNotFound();
  return toOwnerRate(row);
}

/**
 * Creates (id null: last of its class) or replaces a rate; a class that does not exist is refused beside `class`,
 * a `version` that is not the stored rate's with 409 (decision 0158).
 */
export async function saveRate(ctx: RequestContext, id: number | null, input: RateInput, version?: string): Promise<OwnerRate> {
  const rate = checkRate(input);
  return ctx.db.transaction().execute(async (trx) => {
    // Every save of a rate takes this lock on PostgreSQL, so the check below sees the last save's rate.
    await lockClasses(trx);
    const before = id === null ? null : await findRate(trx, id);
    if (id !== null && !before) throw taxErrors.rateNotFound();
    if (before) checkVersion(version, toOwnerRate(before).version, taxErrors.rateChanged);
    if (!(await classExists(trx, rate.class))) throw fieldsInvalid({ class: `There is no tax class "${rate.class}".` });
    let savedId = id;
    if (savedId === null || (before && before.tax_class !== toStoredClass(rate.class))) {
      // New to the class (created, or moved into it): last in its order.
      const { last } = await trx
        .selectFrom("tax_rates")
        .where("tax_class", "=", toStoredClass(rate.class))
        .select((eb) => eb.fn.max("sort_order").as("last"))
        .executeTakeFirstOrThrow();
      const order = last === null ? 0 : Number(last) + 1;
      if (savedId === null) {
        const created = await trx
          .insertInto("tax_rates")
          .values({ ...rateColumns(rate), sort_order: order })
          .returning("id")
          .executeTakeFirstOrThrow();
        savedId = Number(created.id);
      } else {
        await trx
          .updateTable("tax_rates")
          .set({ ...rateColumns(rate), sort_order: order })
          .where("id", "=", savedId)
          .execute();
      }
    } else {
      await trx.updateTable("tax_rates").set(rateColumns(rate)).where("id", "=", savedId).execute();
    }
    const after = toOwnerRate((await findRate(trx, savedId)) as RateRow);
    await logOwnerChange(trx, ctx, "tax_rate", String(savedId), before ? toOwnerRate(before) : null, after);
    return after;
  });
}

export async function deleteRate(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findRate(trx, id);
    if (!row) throw taxErrors.rateNotFound();
    await trx.deleteFrom("tax_rates").where("id", "=", id).execute();
    await logOwnerChange(trx, ctx, "tax_rate", String(id), toOwnerRate(row), null);
  });
}

/** Sets the order of a class's rates: every one of them once. */
export async function reorderRates(ctx: RequestContext, slug: string, ids: number[]) {
  return ctx.db.transaction().execute(async (trx) => {
    await lockClasses(trx);
    if (!(await classExists(trx, slug))) throw taxErrors.classNotFound();
    const rows = await ratesOfClass(trx, slug);
    const known = new Set(rows.map((row) => row.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
      throw fieldsInvalid({ ids: `List every rate of the class once: ${[...known].join(", ") || "it has none"}.` });
    }
    for (const [order, id] of ids.entries()) await trx.updateTable("tax_rates").set({ sort_order: order }).where("id", "=", id).execute();
    const before = rows.map((row) => row.id);
    await logOwnerChange(trx, ctx, "tax_rate_order", slug, before, ids);
    return { class: slug, rates: (await ratesOfClass(trx, slug)).map(toOwnerRate) };
  });
}

/** Every class with its counts, the standard one first, and the class shipping is taxed in. */
export async function listClasses(ctx: RequestContext) {
  const { db } = ctx;
  const [classes, rates, products, settings] = await Promise.all([
    listTaxClasses(db),
    db
      .selectFrom("tax_rates")
      .select(["tax_class", (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy("tax_class")
      .execute(),
    productsByClass(db),
    ctx.shopSettings(),
  ]);
  const rateCount = new Map(rates.map((r) => [toApiClass(r.tax_class), Number(r.count)]));
  return {
    classes: classes.map(
      (c): OwnerTaxClass => ({ ...versioned(c), rates: rateCount.get(c.slug) ?? 0, products: products.get(c.slug) ?? 0 }),
    ),
    shipping_tax_class: shippingClassView(settings.shippingTaxClass),
  };
}

/** One class as the list answers it, with its counts and version. */
export async function readClass(ctx: RequestContext, slug: string): Promise<OwnerTaxClass> {
  const found = (await listClasses(ctx)).classes.find((c) => c.slug === slug);
  if (!found) throw taxErrors.classNotFound();
  return found;
}

/** Products and variations per class (a variation taking its parent's counts with the parent). */
async function productsByClass(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("products")
    .select(["tax_class", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("tax_class", "<>", "parent")
    .groupBy("tax_class")
    .execute();
  return new Map(rows.map((r) => [toApiClass(r.tax_class), Number(r.count)]));
}

/**
 * One class's rates and its products and variations, as the list counts them, in one query: the products on their
 * tax class's index (migration 054), the rates few. What a rename answers beside the class.
 */
async function countsOf(db: Db, slug: string): Promise<Pick<OwnerTaxClass, "rates" | "products">> {
  const stored = toStoredClass(slug);
  const counts = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("tax_rates")
        .where("tax_class", "=", stored)
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("rates"),
      eb
        .selectFrom("products")
        .where("tax_class", "=", stored)
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("products"),
    ])
    .executeTakeFirstOrThrow();
  return { rates: Number(counts.rates ?? 0), products: Number(counts.products ?? 0) };
}

/** A slug from the name: lower-case letters, digits and hyphens, numbered when taken or reserved. */
async function freeSlug(db: Db, name: string): Promise<string | null> {
  const base = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  if (!base) return null;
  // "order" too: PUT /tax-classes/order reorders, so a class with that slug could never be renamed.
  const reserved = new Set([STANDARD, "parent", INHERIT, "order"]);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (reserved.has(slug)) continue;
    if (!(await db.selectFrom("tax_classes").select("slug").where("slug", "=", slug).executeTakeFirst())) return slug;
  }
}

async function checkClassName(db: Db, name: string, except: string | null): Promise<string> {
  const clean = name.trim();
  if (!clean) throw fieldsInvalid({ name: "Enter a name for the class." });
  const taken = (await listTaxClasses(db)).some((c) => c.slug !== except && c.name.toLowerCase() === clean.toLowerCase());
  if (taken) throw fieldsInvalid({ name: `There is already a class named "${clean}".` });
  return clean;
}

async function findClass(db: Db, slug: string): Promise<TaxClass | undefined> {
  return db.selectFrom("tax_classes").select(["slug", "name"]).where("slug", "=", slug).executeTakeFirst();
}

/** Adds a class after the others; its slug is made from the name and never changes. Answered as a read answers it. */
export async function createClass(ctx: RequestContext, input: { name: string }): Promise<OwnerTaxClass> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockClasses(trx);
    const name = await checkClassName(trx, input.name, null);
    const slug = await freeSlug(trx, name);
    if (!slug) throw fieldsInvalid({ name: "Use at least one letter or digit: the class's slug is made from its name." });
    const { last } = await trx
      .selectFrom("tax_classes")
      .select((eb) => eb.fn.max("sort_order").as("last"))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("tax_classes")
      .values({ slug, name, sort_order: last === null ? 0 : Number(last) + 1 })
      .execute();
    const created = { slug, name };
    await logOwnerChange(trx, ctx, "tax_class", slug, null, created);
    // A new class has no rates and no products yet.
    return { ...versioned(created), rates: 0, products: 0 };
  });
}

/**
 * Renames a class; its slug, which products and rates name it by, stays. A `version` that is not the stored
 * class's is refused, 409 (decision 0158).
 */
export async function renameClass(ctx: RequestContext, slug: string, input: { name: string }, version?: string): Promise<OwnerTaxClass> {
  if (slug === STANDARD) throw taxErrors.standardFixed();
  return ctx.db.transaction().execute(async (trx) => {
    // Every rename takes this lock on PostgreSQL, so the check below sees the last rename's name.
    await lockClasses(trx);
    const before = await findClass(trx, slug);
    if (!before) throw taxErrors.classNotFound();
    checkVersion(version, versioned(before).version, taxErrors.classChanged);
    const name = await checkClassName(trx, input.name, slug);
    await trx.updateTable("tax_classes").set({ name }).where("slug", "=", slug).execute();
    const after = { slug, name };
    await logOwnerChange(trx, ctx, "tax_class", slug, before, after);
    // Answered as a read answers it, with its counts.
    return { ...versioned(after), ...(await countsOf(trx, slug)) };
  });
}

/**
 * Deletes a class and its rates. Refused while products or variations are in it (they would be
 * priced in a class that no longer exists) or shipping is taxed in it: move them first.
 */
export async function deleteClass(ctx: RequestContext, slug: string): Promise<void> {
  if (slug === STANDARD) throw refused("cw_rest_tax_class_standard", "The standard class is always there: it cannot be deleted.");
  await ctx.db.transaction().execute(async (trx) => {
    await lockClasses(trx);
    const before = await findClass(trx, slug);
    if (!before) throw taxErrors.classNotFound();
    const { count } = await trx
      .selectFrom("products")
      .where("tax_class", "=", slug)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) {
      const n = Number(count);
      throw taxErrors.classInUse(
        `${n} ${n === 1 ? "product or variation is" : "products or variations are"} in this class: move ${n === 1 ? "it" : "them"} to another class first.`,
      );
    }
    const settings = await trx.selectFrom("settings").select("value").where("key", "=", "shippingTaxClass").executeTakeFirst();
    if (settings && JSON.parse(settings.value) === slug) {
      throw taxErrors.classInUse("Shipping is taxed in this class: choose another shipping tax class first.");
    }
    const rates = await ratesOfClass(trx, slug);
    await trx.deleteFrom("tax_rates").where("tax_class", "=", slug).execute();
    await trx.deleteFrom("tax_classes").where("slug", "=", slug).execute();
    await logOwnerChange(trx, ctx, "tax_class", slug, { ...before, rates: rates.map(toOwnerRate) }, null);
  });
}

/** Sets the order of the owner's classes (the standard one is always first): every one once. */
export async function reorderClasses(ctx: RequestContext, slugs: string[]) {
  await ctx.db.transaction().execute(async (trx) => {
    await lockClasses(trx);
    const rows = await trx.selectFrom("tax_classes").select("slug").orderBy("sort_order").orderBy("slug").execute();
    const known = new Set(rows.map((row) => row.slug));
    const given = new Set(slugs);
    if (given.size !== slugs.length || given.size !== known.size || slugs.some((slug) => !known.has(slug))) {
      throw fieldsInvalid({ slugs: `List every class but the standard one once: ${[...known].join(", ") || "there are none"}.` });
    }
    for (const [order, slug] of slugs.entries()) {
      await trx.updateTable("tax_classes").set({ sort_order: order }).where("slug", "=", slug).execute();
    }
    await logOwnerChange(
      trx,
      ctx,
      "tax_class_order",
      "classes",
      rows.map((row) => row.slug),
      slugs,
    );
  });
  return listClasses(ctx);
}

const shippingClassView = (stored: string) => (stored === INHERIT ? INHERIT : toApiClass(stored));

interface ShippingClassView {
  shipping_tax_class: string;
}

/** The setting's version covers its one value: a class renamed or given rates does not change which class it is. */
const shippingClassVersion = (view: ShippingClassView) => editVersion(view);
const withShippingVersion = (view: ShippingClassView) => ({ ...view, version: shippingClassVersion(view) });

/**
 * The class shipping is taxed in: "inherit" (from the cart's items) or a class that exists. A `version` that is
 * not the stored setting's is refused, 409 (decision 0158).
 */
export async function saveShippingClass(ctx: RequestContext, value: string, version?: string) {
  const saved = await writeOwnerSettings(ctx, {
    entity: "settings",
    entityId: "shipping_tax_class",
    view: (s): ShippingClassView => ({ shipping_tax_class: shippingClassView(s.shippingTaxClass) }),
    async change(_current, db) {
      await lockClasses(db);
      if (value !== INHERIT && !(await classExists(db, value))) {
        throw fieldsInvalid({ shipping_tax_class: `There is no tax class "${value}": choose inherit or one of the classes.` });
      }
      return { shippingTaxClass: value === INHERIT ? INHERIT : toStoredClass(value) };
    },
    stale: { sent: version, versionOf: shippingClassVersion, changed: taxErrors.shippingClassChanged },
  });
  return withShippingVersion(saved);
}

export async function readShippingClass(ctx: RequestContext) {
  return withShippingVersion({ shipping_tax_class: shippingClassView((await ctx.shopSettings()).shippingTaxClass) });
}
