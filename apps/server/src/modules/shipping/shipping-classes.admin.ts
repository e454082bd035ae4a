/**
 * The owner's shipping classes (decision 0106): groups of products a flat rate prices apart. A class
 * has a name, a unique slug and a description; products and variations name it by id
 * (`products.shipping_class_id`), flat rates keep a cost per class in their settings. Deleting a
 * class takes it off its products and out of the flat rates in one transaction, so no cart is
 * priced by a class that is gone. Each write and its change_log row share the transaction.
 */
import { sanitizeHtml } from "@cartwright/commerce/forms";
import { type Db, isPostgres } from "../../db/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { fieldsInvalid, paramDetails, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";

export interface ShippingClassInput {
  name: string;
  slug: string;
  description: string;
}

export interface OwnerShippingClass extends ShippingClassInput {
  id: number;
  /** Products and variations in the class, drafts too. */
  count: number;
  /** Its name, slug and description fingerprinted: a save naming an older one is refused (decision 0158). */
  version: string;
}

const classVersion = (c: ShippingClassInput) => editVersion({ name: c.name, slug: c.slug, description: c.description });

export const shippingClassErrors = {
  notFound: () => new StoreError("cw_rest_shipping_class_not_found", "No such shipping class.", 404),
  changed: (current: string) => staleEdit("cw_rest_shipping_class_changed", "shipping class", current),
  /** Two classes of one name could not be told apart in the product editor or a flat rate's costs. */
  nameTaken: (name: string) => {
    const message = `There is already a shipping class called "${name}". Give this one another name, or edit that class instead.`;
    return new StoreError("cw_rest_shipping_class_name_exists", message, 409, {
      details: paramDetails({ name: message }, "cw_rest_shipping_class_name_exists"),
    });
  },
  slugTaken: (slug: string) => {
    const message = `Another shipping class already has the slug "${slug}".`;
    return new StoreError("cw_rest_shipping_class_slug_exists", message, 409, {
      details: paramDetails({ slug: message }, "cw_rest_shipping_class_slug_exists"),
    });
  },
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugify = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 190);

/** Every class by name, with how many products and variations are in it; or only the class `id` (its saves and delete read it back). */
export async function listShippingClasses(db: Db, id?: number): Promise<OwnerShippingClass[]> {
  const rows = await db
    .selectFrom("shipping_classes as c")
    .$if(id !== undefined, (query) => query.where("c.id", "=", id as number))
    .select((eb) => [
      "c.id",
      "c.name",
      "c.slug",
      "c.description",
      eb
        .selectFrom("products as p")
        .whereRef("p.shipping_class_id", "=", "c.id")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("count"),
    ])
    .orderBy("c.name")
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    description: row.description,
    count: Number(row.count ?? 0),
    version: classVersion(row),
  }));
}

async function findClass(db: Db, id: number): Promise<OwnerShippingClass | undefined> {
  return (await listShippingClasses(db, id))[0];
}

export async function readShippingClass(ctx: RequestContext, id: number): Promise<OwnerShippingClass> {
  const found = await findClass(ctx.db, id);
  if (!found) throw shippingClassErrors.notFound();
  return found;
}

/** The class as it would be saved; `slugGiven`: the owner typed the slug (else it is made from the name). */
function checkClass(input: ShippingClassInput): ShippingClassInput & { slugGiven: boolean } {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  if (!name) errors.name = "Enter a name for the shipping class.";
  const given = input.slug.trim().toLowerCase();
  const slug = given || slugify(name);
  if (!slug && name) errors.slug = "Enter a slug: lower-case letters, digits and hyphens.";
  else if (slug && !SLUG.test(slug)) errors.slug = "A slug has only lower-case letters, digits and single hyphens between them.";
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  return { name, slug, description: sanitizeHtml(input.description.trim()), slugGiven: Boolean(given) };
}

/** The slug made from a name, or the first of `slug-2`, `slug-3`… that no other class has. */
function freeSlug(base: string, taken: ReadonlySet<string>): string {
  let n = 1;
  while (taken.has(n === 1 ? base : `${base}-${n}`)) n += 1;
  return n === 1 ? base : `${base}-${n}`;
}

/**
 * Creates (id null) or replaces a class. A name another class has (any case) is a 409 beside `name`;
 * a slug the owner typed that another class has, a 409 beside `slug`; a slug made from the name
 * takes the next free `-2`, `-3`… (two names may make one slug: "Bulky" and "Bulky!").
 */
export async function saveShippingClass(
  ctx: RequestContext,
  id: number | null,
  input: ShippingClassInput | ((current: ShippingClassInput) => ShippingClassInput),
  version?: string,
): Promise<OwnerShippingClass> {
  let slug = "";
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (id !== null) await lockClass(trx, id);
      const before = id === null ? null : await findClass(trx, id);
      if (id !== null && !before) throw shippingClassErrors.notFound();
      if (before) checkVersion(version, before.version, shippingClassErrors.changed);
      // A change is merged into the class as stored, under its lock: two changes at once both stay.
      const whole =
        before && typeof input === "function" ? input({ name: before.name, slug: before.slug, description: before.description }) : input;
      const { slugGiven, ...clean } = checkClass(whole as ShippingClassInput);
      const others = await trx
        .selectFrom("shipping_classes")
        .select(["name", "slug"])
        .where("id", "<>", id ?? 0)
        .execute();
      const sameName = others.find((other) => other.name.trim().toLowerCase() === clean.name.toLowerCase());
      if (sameName) throw shippingClassErrors.nameTaken(sameName.name);
      const slugs = new Set(others.map((other) => other.slug));
      if (slugGiven && slugs.has(clean.slug)) throw shippingClassErrors.slugTaken(clean.slug);
      if (!slugGiven) clean.slug = freeSlug(clean.slug, slugs);
      slug = clean.slug;
      let savedId = id;
      if (savedId === null) {
        savedId = Number((await trx.insertInto("shipping_classes").values(clean).returning("id").executeTakeFirstOrThrow()).id);
      } else await trx.updateTable("shipping_classes").set(clean).where("id", "=", savedId).execute();
      const after = (await findClass(trx, savedId)) as OwnerShippingClass;
      await logOwnerChange(trx, ctx, "shipping_class", String(savedId), before ?? null, after);
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw shippingClassErrors.slugTaken(slug);
    throw error;
  }
}

/** The class's row locked until the write ends (PostgreSQL; SQLite's write transactions already take turns). */
async function lockClass(trx: Db, id: number): Promise<void> {
  if (isPostgres(trx)) await trx.selectFrom("shipping_classes").select("id").where("id", "=", id).forUpdate().execute();
}

/** Changes some fields of a class, keeping the rest as stored when written. */
export const updateShippingClass = (ctx: RequestContext, id: number, changes: Partial<ShippingClassInput>, version?: string) =>
  saveShippingClass(ctx, id, (current) => ({ ...current, ...changes }), version);

/**
 * Deletes a class: its products and variations lose it (a product then has no class, a variation
 * takes its parent's) and every flat rate drops its cost for it. Answers how many products it left.
 */
export async function deleteShippingClass(ctx: RequestContext, id: number): Promise<{ products_updated: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findClass(trx, id);
    if (!before) throw shippingClassErrors.notFound();
    const updated = await trx
      .updateTable("products")
      .set({ shipping_class_id: null })
      .where("shipping_class_id", "=", id)
      .executeTakeFirst();
    const methods = await trx.selectFrom("shipping_methods").select(["id", "settings"]).where("method_id", "=", "flat_rate").execute();
    for (const method of methods) {
      const settings = JSON.parse(method.settings) as { classCosts?: Record<string, string> };
      if (!settings.classCosts || !Object.hasOwn(settings.classCosts, String(id))) continue;
      delete settings.classCosts[String(id)];
      await trx
        .updateTable("shipping_methods")
        .set({ settings: JSON.stringify(settings) })
        .where("id", "=", method.id)
        .execute();
    }
    await trx.deleteFrom("shipping_classes").where("id", "=", id).execute();
    await logOwnerChange(trx, ctx, "shipping_class", String(id), before, null);
    return { products_updated: Number(updated.numUpdatedRows) };
  });
}

/** The ids of `wanted` that name no class. */
export async function unknownClassIds(db: Db, wanted: number[]): Promise<number[]> {
  const ids = [...new Set(wanted)];
  if (!ids.length) return [];
  const found = new Set((await db.selectFrom("shipping_classes").select("id").where("id", "in", ids).execute()).map((r) => Number(r.id)));
  return ids.filter((id) => !found.has(id));
}
