/** What the catalogue's owner calls share: the error shapes, the change log, slugs and the clock. */
import { type Db, isPostgres } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid, paramDetails, StoreError } from "../../http/errors.ts";

/** 400 with every failed field and its reason. */
export const invalid = fieldsInvalid;

/** 409 beside the one field whose value another row already holds (a slug, a SKU). */
export const conflict = (code: string, field: string, message: string) =>
  new StoreError(code, message, 409, { details: paramDetails({ [field]: message }, code) });

export const notFound = (code: string, what: string) => new StoreError(code, `No such ${what}.`, 404);

/** 409 with the reason a change would break the shop. */
export const refused = (code: string, message: string) => new StoreError(code, message, 409);

export const nowOf = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();

/** Lower-case letters and digits in words joined by single hyphens (the links /product/{slug} use). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a name: accents dropped, anything else between words a hyphen. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 190);
}

/** The slug given (trimmed, lower-case) or one made from the name; an error text when it is not well formed. */
export function cleanSlug(given: string, name: string): { slug: string; error?: string } {
  const slug = given.trim().toLowerCase() || slugify(name);
  if (!slug) return { slug, error: "Enter a slug: lower-case letters, digits and hyphens." };
  if (!SLUG.test(slug)) return { slug, error: "A slug has only lower-case letters, digits and single hyphens between them." };
  return { slug };
}

/** Every owner write's change-log row (`http/owner-change.ts`), under the name the catalogue's writers use. */
export { logOwnerChange as logChange } from "../../http/owner-change.ts";

/** Ids of `wanted` that `table` has no row for. */
export async function missingIds(
  db: Db,
  table: "products" | "categories" | "brands" | "tags" | "attributes" | "shipping_classes",
  wanted: number[],
): Promise<number[]> {
  if (!wanted.length) return [];
  const found = await db
    .selectFrom(table as "categories")
    .select("id")
    .where("id", "in", wanted)
    .execute();
  const known = new Set(found.map((row) => Number(row.id)));
  return wanted.filter((id) => !known.has(id));
}

/** Coupons whose product or category lists name the id: deleting it would silently change what they discount. */
export async function couponsNaming(db: Db, kind: "product" | "category", ids: number[]): Promise<string[]> {
  const rows = await db
    .selectFrom("coupons")
    .select(["code", "product_ids", "excluded_product_ids", "category_ids", "excluded_category_ids"])
    .execute();
  const lists = (row: (typeof rows)[number]) =>
    kind === "product" ? [row.product_ids, row.excluded_product_ids] : [row.category_ids, row.excluded_category_ids];
  return rows
    .filter((row) => lists(row).some((json) => (JSON.parse(json) as number[]).some((id) => ids.includes(id))))
    .map((row) => row.code);
}

export const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * Locks one row until its transaction ends (PostgreSQL; SQLite's write transactions already take turns), so a
 * partial change merged into the row as read here is never lost to another written at the same moment.
 */
export async function lockRow(trx: Db, table: "categories" | "brands" | "tags" | "attributes", id: number): Promise<void> {
  if (isPostgres(trx))
    await trx
      .selectFrom(table as "tags")
      .select("id")
      .where("id", "=", id)
      .forUpdate()
      .execute();
}

/** A whole record, or a change made from the record as stored, read under its lock. */
export type Changes<T> = T | ((current: T) => T);
export const resolved = <T>(changes: Changes<T>, current: T): T =>
  typeof changes === "function" ? (changes as (c: T) => T)(current) : changes;

export { isUniqueViolation } from "../../db/unique-violation.ts";
