/**
 * The owner's categories, brands, tags and attributes with their terms (issue 19, decision 0043), each
 * write with its change_log row in one transaction; the catalogue's triggers move its revision.
 * A change that would break the shop (a category a coupon names, a term variations stand for) is
 * refused with its reason.
 */

import type {
  AttributeInput,
  AttributeTermInput,
  CategoryInput,
  OwnerAttribute,
  OwnerAttributeTerm,
  OwnerCategory,
  OwnerTag,
  TagInput,
  Term,
} from "@cartwright/commerce/admin";
import { sanitizeHtml } from "@cartwright/commerce/forms";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { StoreError } from "../../http/errors.ts";
import {
  type Changes,
  cleanSlug,
  conflict,
  couponsNaming,
  invalid,
  isUniqueViolation,
  lockRow,
  logChange,
  notFound,
  refused,
  resolved,
} from "./admin-shared.ts";

export type { AttributeInput, AttributeTermInput, CategoryInput, TagInput } from "@cartwright/commerce/admin";

const categoryErrors = {
  notFound: () => notFound("cw_rest_category_not_found", "category"),
  changed: (current: string) => staleEdit("cw_rest_category_changed", "category", current),
  slugTaken: (slug: string) => conflict("cw_rest_category_slug_exists", "slug", `Another category already has the slug "${slug}".`),
};
const tagErrors = {
  notFound: () => notFound("cw_rest_tag_not_found", "tag"),
  changed: (current: string) => staleEdit("cw_rest_tag_changed", "tag", current),
  slugTaken: (slug: string) => conflict("cw_rest_tag_slug_exists", "slug", `Another tag already has the slug "${slug}".`),
};
const attributeErrors = {
  notFound: () => notFound("cw_rest_attribute_not_found", "attribute"),
  changed: (current: string) => staleEdit("cw_rest_attribute_changed", "attribute", current),
  slugTaken: (slug: string) => conflict("cw_rest_attribute_slug_exists", "slug", `Another attribute already has the slug "${slug}".`),
};

/** Name and slug: the name given, the slug well formed (made from the name when empty). */
function nameAndSlug(input: { name: string; slug: string }, errors: Record<string, string>) {
  const name = input.name.trim();
  if (!name) errors.name = "Enter a name.";
  const { slug, error } = cleanSlug(input.slug, name);
  if (error) errors.slug = error;
  return { name, slug };
}

async function slugTaken(db: Db, table: "categories" | "brands" | "tags" | "attributes", slug: string, except: number | null) {
  let query = db
    .selectFrom(table as "categories")
    .select("id")
    .where("slug", "=", slug);
  if (except !== null) query = query.where("id", "<>", except);
  return Boolean(await query.executeTakeFirst());
}

// Categories and brands: two hierarchical taxonomies of one shape (decision 0095), one code path.

/** Which hierarchical taxonomy an owner call works on. */
export type Hierarchy = "category" | "brand";

const HIERARCHIES = {
  category: {
    table: "categories",
    link: "product_categories",
    column: "category_id",
    errors: categoryErrors,
    loop: "A category cannot sit inside itself or one of its own subcategories.",
  },
  brand: {
    table: "brands",
    link: "product_brands",
    column: "brand_id",
    errors: {
      notFound: () => notFound("cw_rest_brand_not_found", "brand"),
      changed: (current: string) => staleEdit("cw_rest_brand_changed", "brand", current),
      slugTaken: (slug: string) => conflict("cw_rest_brand_slug_exists", "slug", `Another brand already has the slug "${slug}".`),
    },
    loop: "A brand cannot sit inside itself or one of its own sub-brands.",
  },
} as const;

/** Both tables have the categories' columns: Kysely is told the categories' names, the SQL names the kind's own. */
const tableOf = (kind: Hierarchy) => HIERARCHIES[kind].table as "categories";

type CategoryRow = { id: number } & CategoryInput;

/** The fingerprint of what the owner can change in a category or brand (decision 0158); its count is no part of it. */
const termVersion = (t: CategoryInput) =>
  editVersion({ name: t.name, slug: t.slug, description: t.description, parent_id: t.parent_id, menu_order: t.menu_order });
const withTermVersion = <T extends CategoryRow>(row: T) => ({ ...row, version: termVersion(row) });

async function findTerm(db: Db, kind: Hierarchy, id: number): Promise<CategoryRow | undefined> {
  const row = await db
    .selectFrom(tableOf(kind))
    .select(["id", "name", "slug", "description", "parent_id", "menu_order"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), parent_id: row.parent_id === null ? null : Number(row.parent_id) } : undefined;
}

/** Every term of the kind in the shop's order with how many products (drafts too) it holds; or only the term `id`. */
async function listOwnerTerms(ctx: RequestContext, kind: Hierarchy, id?: number): Promise<OwnerCategory[]> {
  const { link, column } = HIERARCHIES[kind];
  const rows = await ctx.db
    .selectFrom(`${tableOf(kind)} as c`)
    .$if(id !== undefined, (query) => query.where("c.id", "=", id as number))
    .select((eb) => [
      "c.id",
      "c.name",
      "c.slug",
      "c.description",
      "c.parent_id",
      "c.menu_order",
      eb
        .selectFrom(`${link} as pc` as "product_categories as pc")
        .whereRef(`pc.${column}` as "pc.category_id", "=", "c.id")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("count"),
    ])
    .orderBy("c.menu_order")
    .orderBy("c.name")
    .execute();
  return rows.map((row) =>
    withTermVersion({
      id: Number(row.id),
      name: row.name,
      slug: row.slug,
      description: row.description,
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      menu_order: row.menu_order,
      count: Number(row.count ?? 0),
    }),
  );
}

/** One term with its count, which the console's delete confirm names (owner audit 2026-12-06, finding 11). */
async function readTerm(ctx: RequestContext, kind: Hierarchy, id: number): Promise<OwnerCategory> {
  const [term] = await listOwnerTerms(ctx, kind, id);
  if (!term) throw HIERARCHIES[kind].errors.notFound();
  return term;
}

async function checkTerm(db: Db, kind: Hierarchy, id: number | null, input: CategoryInput): Promise<CategoryInput> {
  const errors: Record<string, string> = {};
  const { name, slug } = nameAndSlug(input, errors);
  if (input.parent_id !== null) {
    // Walk up from the parent: meeting this term would make a loop.
    let at: number | null = input.parent_id;
    const seen = new Set<number>();
    while (at !== null && !seen.has(at)) {
      if (at === id) {
        errors.parent_id = HIERARCHIES[kind].loop;
        break;
      }
      seen.add(at);
      const parent = await findTerm(db, kind, at);
      if (!parent) {
        if (at === input.parent_id) errors.parent_id = `No ${kind} has the id ${at}.`;
        break;
      }
      at = parent.parent_id;
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (await slugTaken(db, HIERARCHIES[kind].table, slug, id)) throw HIERARCHIES[kind].errors.slugTaken(slug);
  return { ...input, name, slug, description: sanitizeHtml(input.description) };
}

/** Creates (id null) or replaces a term; a change is merged into the term as stored, under its lock. */
async function saveTerm(
  ctx: RequestContext,
  kind: Hierarchy,
  id: number | null,
  input: Changes<CategoryInput>,
  version?: string,
): Promise<OwnerCategory> {
  const { errors } = HIERARCHIES[kind];
  let slug = "";
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (id !== null) await lockRow(trx, HIERARCHIES[kind].table, id);
      const before = id === null ? null : await findTerm(trx, kind, id);
      if (id !== null && !before) throw errors.notFound();
      if (before) checkVersion(version, termVersion(before), errors.changed);
      const { id: _id, ...stored } = before ?? { id: null };
      const term = await checkTerm(trx, kind, id, before ? resolved(input, stored as CategoryInput) : (input as CategoryInput));
      slug = term.slug;
      let savedId = id;
      if (savedId === null) {
        savedId = Number((await trx.insertInto(tableOf(kind)).values(term).returning("id").executeTakeFirstOrThrow()).id);
      } else await trx.updateTable(tableOf(kind)).set(term).where("id", "=", savedId).execute();
      // Read as a read reads it, its count too, so the save answers the same shape (the log keeps no count).
      const saved = await readTerm({ ...ctx, db: trx }, kind, savedId);
      const { count: _count, version: _version, ...after } = saved;
      await logChange(trx, ctx, kind, savedId, before ?? null, after);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw errors.slugTaken(slug);
    throw error;
  }
}

// Merged inside the write's transaction: two changes of one term at once both stay.
const updateTerm = (ctx: RequestContext, kind: Hierarchy, id: number, changes: Partial<CategoryInput>, version?: string) =>
  saveTerm(ctx, kind, id, (current) => ({ ...current, ...changes }), version);

/** Products lose the link and children move to the top (the parent key's "set null"). */
async function deleteTerm(ctx: RequestContext, kind: Hierarchy, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findTerm(trx, kind, id);
    if (!before) throw HIERARCHIES[kind].errors.notFound();
    if (kind === "category") {
      const codes = await couponsNaming(trx, "category", [id]);
      if (codes.length) {
        throw refused(
          "cw_rest_category_in_use",
          `The coupon${codes.length === 1 ? "" : "s"} ${codes.join(", ")} name this category: take it out first.`,
        );
      }
    }
    await trx.deleteFrom(tableOf(kind)).where("id", "=", id).execute();
    await logChange(trx, ctx, kind, id, before, null);
  });
}

export const listOwnerCategories = async (ctx: RequestContext) => ({ categories: await listOwnerTerms(ctx, "category") });
export const readCategory = (ctx: RequestContext, id: number) => readTerm(ctx, "category", id);
export const saveCategory = (ctx: RequestContext, id: number | null, input: CategoryInput, version?: string) =>
  saveTerm(ctx, "category", id, input, version);
export const updateCategory = (ctx: RequestContext, id: number, changes: Partial<CategoryInput>, version?: string) =>
  updateTerm(ctx, "category", id, changes, version);
/** A category a coupon names is refused. */
export const deleteCategory = (ctx: RequestContext, id: number) => deleteTerm(ctx, "category", id);

export const listOwnerBrands = async (ctx: RequestContext) => ({ brands: await listOwnerTerms(ctx, "brand") });
export const readBrand = (ctx: RequestContext, id: number) => readTerm(ctx, "brand", id);
export const saveBrand = (ctx: RequestContext, id: number | null, input: CategoryInput, version?: string) =>
  saveTerm(ctx, "brand", id, input, version);
export const updateBrand = (ctx: RequestContext, id: number, changes: Partial<CategoryInput>, version?: string) =>
  updateTerm(ctx, "brand", id, changes, version);
export const deleteBrand = (ctx: RequestContext, id: number) => deleteTerm(ctx, "brand", id);

// Tags

type TagRow = { id: number } & TagInput;

const tagVersion = (t: TagInput) => editVersion({ name: t.name, slug: t.slug });
const withTagVersion = <T extends TagRow>(row: T) => ({ ...row, version: tagVersion(row) });

async function findTag(db: Db, id: number): Promise<TagRow | undefined> {
  const row = await db.selectFrom("tags").select(["id", "name", "slug"]).where("id", "=", id).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** Every tag by name with how many products (drafts too) it holds; or only the tag `id`. */
async function tagsWithCounts(ctx: RequestContext, id?: number): Promise<OwnerTag[]> {
  const rows = await ctx.db
    .selectFrom("tags as t")
    .$if(id !== undefined, (query) => query.where("t.id", "=", id as number))
    .select((eb) => [
      "t.id",
      "t.name",
      "t.slug",
      eb
        .selectFrom("product_tags as pt")
        .whereRef("pt.tag_id", "=", "t.id")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("count"),
    ])
    .orderBy("t.name")
    .execute();
  return rows.map((row) => withTagVersion({ id: Number(row.id), name: row.name, slug: row.slug, count: Number(row.count ?? 0) }));
}

export const listOwnerTags = async (ctx: RequestContext) => ({ tags: await tagsWithCounts(ctx) });

export async function readTag(ctx: RequestContext, id: number): Promise<OwnerTag> {
  const [tag] = await tagsWithCounts(ctx, id);
  if (!tag) throw tagErrors.notFound();
  return tag;
}

/** Creates (id null) or replaces a tag; a change is merged into the tag as stored, under its lock. */
export async function saveTag(ctx: RequestContext, id: number | null, input: Changes<TagInput>, version?: string): Promise<OwnerTag> {
  let slug = "";
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (id !== null) await lockRow(trx, "tags", id);
      const before = id === null ? null : await findTag(trx, id);
      if (id !== null && !before) throw tagErrors.notFound();
      if (before) checkVersion(version, tagVersion(before), tagErrors.changed);
      const errors: Record<string, string> = {};
      const tag = nameAndSlug(before ? resolved(input, { name: before.name, slug: before.slug }) : (input as TagInput), errors);
      if (Object.keys(errors).length) throw invalid(errors);
      slug = tag.slug;
      if (await slugTaken(trx, "tags", tag.slug, id)) throw tagErrors.slugTaken(tag.slug);
      let savedId = id;
      if (savedId === null) savedId = Number((await trx.insertInto("tags").values(tag).returning("id").executeTakeFirstOrThrow()).id);
      else await trx.updateTable("tags").set(tag).where("id", "=", savedId).execute();
      // Read as a read reads it, its count too, so the save answers the same shape (the log keeps no count).
      const saved = await readTag({ ...ctx, db: trx }, savedId);
      const { count: _count, version: _version, ...after } = saved;
      await logChange(trx, ctx, "tag", savedId, before ?? null, after);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw tagErrors.slugTaken(slug);
    throw error;
  }
}

// Merged inside the write's transaction: two changes of one tag at once both stay.
export const updateTag = (ctx: RequestContext, id: number, changes: Partial<TagInput>, version?: string) =>
  saveTag(ctx, id, (current) => ({ ...current, ...changes }), version);

/** Products lose the tag; nothing else names one. */
export async function deleteTag(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findTag(trx, id);
    if (!before) throw tagErrors.notFound();
    await trx.deleteFrom("tags").where("id", "=", id).execute();
    await logChange(trx, ctx, "tag", id, before, null);
  });
}

// Attributes and their terms

/** An attribute with its terms in shoppers' order, as the change log records it (no counts). */
type AttributeRow = Omit<OwnerAttribute, "count" | "terms" | "version"> & { terms: Term[] };

/** The fingerprint of an attribute's name, slug and terms in order (decision 0158); counts are no part of it. */
const attributeVersion = (a: AttributeRow) =>
  editVersion({ name: a.name, slug: a.slug, terms: a.terms.map((t) => ({ id: t.id, name: t.name, slug: t.slug })) });

async function findAttribute(db: Db, id: number): Promise<AttributeRow | undefined> {
  const row = await db.selectFrom("attributes").select(["id", "name", "slug"]).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const terms = await db
    .selectFrom("attribute_terms")
    .select(["id", "name", "slug"])
    .where("attribute_id", "=", id)
    .orderBy("menu_order")
    .orderBy("id")
    .execute();
  return { id: Number(row.id), name: row.name, slug: row.slug, terms: terms.map((t) => ({ ...t, id: Number(t.id) })) };
}

/**
 * The owner's reply: each attribute with how many products offer it, and each term with how many
 * products use it (a variation counts as its product), so the console can say what a delete would meet.
 */
async function withCounts(db: Db, attributes: AttributeRow[]): Promise<OwnerAttribute[]> {
  const attributeIds = attributes.map((a) => a.id);
  const termIds = attributes.flatMap((a) => a.terms.map((t) => t.id));
  const offered = attributeIds.length
    ? await db
        .selectFrom("product_attributes")
        .select((eb) => ["attribute_id", eb.fn.countAll<number | string>().as("n")])
        .where("attribute_id", "in", attributeIds)
        .groupBy("attribute_id")
        .execute()
    : [];
  const used = termIds.length
    ? await db
        .selectFrom(
          db
            .selectFrom("product_attribute_terms")
            .select(["term_id", "product_id"])
            .where("term_id", "in", termIds)
            .union(
              db
                .selectFrom("variation_attributes as va")
                .innerJoin("products as p", "p.id", "va.variation_id")
                .select((eb) => ["va.term_id", eb.fn.coalesce("p.parent_id", "p.id").as("product_id")])
                .where("va.term_id", "in", termIds),
            )
            .as("u"),
        )
        .select((eb) => ["u.term_id", eb.fn.count<number | string>("u.product_id").as("n")])
        .groupBy("u.term_id")
        .execute()
    : [];
  const attributeCount = new Map(offered.map((row) => [Number(row.attribute_id), Number(row.n)]));
  const termCount = new Map(used.map((row) => [Number(row.term_id), Number(row.n)]));
  return attributes.map((a) => ({
    ...a,
    count: attributeCount.get(a.id) ?? 0,
    terms: a.terms.map((t) => ({ ...t, count: termCount.get(t.id) ?? 0 })),
    version: attributeVersion(a),
  }));
}

export async function listOwnerAttributes(ctx: RequestContext): Promise<{ attributes: OwnerAttribute[] }> {
  const rows = await ctx.db.selectFrom("attributes").select("id").orderBy("name").execute();
  const attributes: AttributeRow[] = [];
  for (const row of rows) {
    const attribute = await findAttribute(ctx.db, Number(row.id));
    if (attribute) attributes.push(attribute);
  }
  return { attributes: await withCounts(ctx.db, attributes) };
}

export async function readAttribute(ctx: RequestContext, id: number): Promise<OwnerAttribute> {
  const found = await findAttribute(ctx.db, id);
  if (!found) throw attributeErrors.notFound();
  return (await withCounts(ctx.db, [found]))[0] as OwnerAttribute;
}

/** Terms products or variations use: removing one would change what shoppers can choose, so it is refused. */
async function termsInUse(db: Db, termIds: number[]) {
  if (!termIds.length) return [];
  const products = await db.selectFrom("product_attribute_terms").select("term_id").where("term_id", "in", termIds).execute();
  const variations = await db.selectFrom("variation_attributes").select("term_id").where("term_id", "in", termIds).execute();
  return [...new Set([...products, ...variations].map((row) => Number(row.term_id)))];
}

export async function saveAttribute(
  ctx: RequestContext,
  id: number | null,
  input: Changes<AttributeInput>,
  version?: string,
): Promise<OwnerAttribute> {
  const saved = await writeAttribute(ctx, id, input, version);
  return (await withCounts(ctx.db, [saved]))[0] as OwnerAttribute;
}

/** The attribute's name, slug and terms checked, each failure beside its field. */
function checkAttribute(input: AttributeInput) {
  const errors: Record<string, string> = {};
  const { name, slug } = nameAndSlug(input, errors);
  const terms = input.terms.map((term, i) => {
    const clean = nameAndSlug(term, {});
    if (!clean.name) errors[`terms[${i}].name`] = "Enter a name.";
    else if (!clean.slug || cleanSlug(term.slug, clean.name).error)
      errors[`terms[${i}].slug`] = "A slug has only lower-case letters, digits and single hyphens between them.";
    return { id: term.id ?? null, ...clean };
  });
  const slugs = new Map<string, number>();
  for (const [i, term] of terms.entries()) {
    if (slugs.has(term.slug)) errors[`terms[${i}].slug`] = `Term ${(slugs.get(term.slug) ?? 0) + 1} already has this slug.`;
    else slugs.set(term.slug, i);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { name, slug, terms };
}

/** Creates (id null) or replaces an attribute with its terms; a change is merged into it as stored, under its lock. */
async function writeAttribute(
  ctx: RequestContext,
  id: number | null,
  input: Changes<AttributeInput>,
  version?: string,
): Promise<AttributeRow> {
  let slug = "";
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (id !== null) await lockRow(trx, "attributes", id);
      const before = id === null ? null : await findAttribute(trx, id);
      if (id !== null && !before) throw attributeErrors.notFound();
      if (before) checkVersion(version, attributeVersion(before), attributeErrors.changed);
      const { id: _id, ...stored } = before ?? { id: null };
      const checked = checkAttribute(before ? resolved(input, stored as AttributeInput) : (input as AttributeInput));
      const { name, terms } = checked;
      slug = checked.slug;
      if (await slugTaken(trx, "attributes", slug, id)) throw attributeErrors.slugTaken(slug);
      let savedId = id;
      if (savedId === null) {
        savedId = Number((await trx.insertInto("attributes").values({ name, slug }).returning("id").executeTakeFirstOrThrow()).id);
      } else await trx.updateTable("attributes").set({ name, slug }).where("id", "=", savedId).execute();
      const existing = new Set((before?.terms ?? []).map((t) => t.id));
      const kept = new Set(terms.map((t) => t.id).filter((t): t is number => t !== null && existing.has(t)));
      const gone = [...existing].filter((t) => !kept.has(t));
      const used = await termsInUse(trx, gone);
      if (used.length) {
        const names = (before?.terms ?? []).filter((t) => used.includes(t.id)).map((t) => t.name);
        throw new StoreError(
          "cw_rest_term_in_use",
          `Products or variations use ${names.join(", ")}: take ${names.length === 1 ? "it" : "them"} off them first.`,
          409,
          { term_ids: used },
        );
      }
      if (gone.length) await trx.deleteFrom("attribute_terms").where("id", "in", gone).execute();
      // Slugs move between terms only through a free value: the (attribute, slug) index holds at each step.
      for (const term of terms)
        if (term.id !== null && kept.has(term.id))
          await trx
            .updateTable("attribute_terms")
            .set({ slug: `~${term.id}` })
            .where("id", "=", term.id)
            .execute();
      for (const [menu_order, term] of terms.entries()) {
        const values = { name: term.name, slug: term.slug, menu_order };
        if (term.id !== null && kept.has(term.id)) await trx.updateTable("attribute_terms").set(values).where("id", "=", term.id).execute();
        else
          await trx
            .insertInto("attribute_terms")
            .values({ ...values, attribute_id: savedId })
            .execute();
      }
      const after = (await findAttribute(trx, savedId)) as AttributeRow;
      await logChange(trx, ctx, "attribute", savedId, before ?? null, after);
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw attributeErrors.slugTaken(slug);
    throw error;
  }
}

// Merged inside the write's transaction: two changes of one attribute at once both stay.
export const updateAttribute = (ctx: RequestContext, id: number, changes: Partial<AttributeInput>, version?: string) =>
  saveAttribute(ctx, id, (current) => ({ ...current, ...changes }), version);

/**
 * One new term at the end of an attribute's list (the product editor's "Add new …" without
 * leaving the product): its name, a slug made from it when empty, unique within the attribute.
 */
export async function addAttributeTerm(ctx: RequestContext, id: number, input: AttributeTermInput): Promise<OwnerAttributeTerm> {
  const errors: Record<string, string> = {};
  const term = nameAndSlug(input, errors);
  // No name and no slug: the slug would have been made from the name, so the name alone is wrong.
  if (errors.name && !input.slug.trim()) delete errors.slug;
  if (Object.keys(errors).length) throw invalid(errors);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await findAttribute(trx, id);
      if (!before) throw attributeErrors.notFound();
      if (before.terms.some((t) => t.slug === term.slug)) throw termSlugTaken(term.slug);
      const last = await trx
        .selectFrom("attribute_terms")
        .select((eb) => eb.fn.max("menu_order").as("n"))
        .where("attribute_id", "=", id)
        .executeTakeFirst();
      const menu_order = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
      const termId = Number(
        (
          await trx
            .insertInto("attribute_terms")
            .values({ ...term, attribute_id: id, menu_order })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
      const after = (await findAttribute(trx, id)) as AttributeRow;
      await logChange(trx, ctx, "attribute", id, before, after);
      return { id: termId, ...term, count: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw termSlugTaken(term.slug);
    throw error;
  }
}

const termSlugTaken = (slug: string) =>
  conflict("cw_rest_term_slug_exists", "slug", `Another term of this attribute already has the slug "${slug}".`);

/** An attribute no product uses; one in use is refused, as deleting it would drop its variations' choices. */
export async function deleteAttribute(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findAttribute(trx, id);
    if (!before) throw attributeErrors.notFound();
    const { n } = await trx
      .selectFrom("product_attributes")
      .where("attribute_id", "=", id)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    if (Number(n) > 0)
      throw refused(
        "cw_rest_attribute_in_use",
        `${n} ${Number(n) === 1 ? "product uses" : "products use"} this attribute: take it off them first.`,
      );
    await trx.deleteFrom("attributes").where("id", "=", id).execute();
    await logChange(trx, ctx, "attribute", id, before, null);
  });
}
