/**
 * The owner's coupons (issue 19, decision 0040): every rule the cart engine reads (decision 0007),
 * checked here with an error per field, and their uses from order_coupons. Each write and its
 * change_log row share one transaction; the `coupons` revision moves in it too (the table's
 * triggers, migration 010), so every process prices with the change on its next request.
 */
import { couponRuleProblems, isValidEmail, MAX_COUPON_MONEY, normaliseCouponCode } from "@cartwright/commerce";
import type {
  CouponDetail,
  CouponInput,
  CouponList,
  CouponStatus,
  CouponUse,
  OwnerCoupon,
  OwnerCurrency,
} from "@cartwright/commerce/admin";
import { sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import type { CouponsTable, Flag } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { fieldsInvalid, paramDetail, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { pagingOf } from "../../http/paging.ts";
import { ownerCurrency } from "../settings/index.ts";

export type { CouponInput, CouponStatus, CouponType, CouponUse, OwnerCoupon } from "@cartwright/commerce/admin";

export interface CouponListQuery {
  search?: string;
  status?: CouponStatus;
  page: number;
  perPage: number;
}

/** The largest fixed amount or spend limit, in minor units (the owner API's schema bounds them too). */
export const MAX_MONEY = MAX_COUPON_MONEY;
/** How many of a coupon's orders its page lists (newest first); the count covers them all. */
export const USES_SHOWN = 100;

export const couponErrors = {
  invalid: fieldsInvalid,
  notFound: () => new StoreError("cw_rest_coupon_not_found", "No such coupon.", 404),
  codeTaken: (code: string) =>
    new StoreError("cw_rest_coupon_code_exists", `A coupon with the code "${code}" already exists.`, 409, {
      details: { code: paramDetail("cw_rest_coupon_code_exists", `A coupon with the code "${code}" already exists.`) },
    }),
  inUse: (orders: number) =>
    new StoreError(
      "cw_rest_coupon_in_use",
      `${orders} ${orders === 1 ? "order has" : "orders have"} used this coupon, so it cannot be deleted: disable it instead.`,
      409,
    ),
  changed: (current: string) => staleEdit("cw_rest_coupon_changed", "coupon", current),
};

type CouponRow = CouponsTable & { id: number };
const ids = (json: string) => JSON.parse(json) as number[];

function toOwnerCoupon(row: CouponRow): OwnerCoupon {
  const input = toCouponInput(row);
  // Its counted uses move with orders, not with the owner: they are no part of the version.
  return { id: row.id, ...input, usage_count: Number(row.usage_count), created_at: row.created_at, version: editVersion(input) };
}

function toCouponInput(row: CouponRow): CouponInput {
  return {
    code: row.code,
    description: row.description,
    type: row.type,
    amount: row.amount,
    enabled: row.enabled === 1,
    free_shipping: row.free_shipping === 1,
    individual_use: row.individual_use === 1,
    exclude_sale_items: row.exclude_sale_items === 1,
    product_ids: ids(row.product_ids),
    excluded_product_ids: ids(row.excluded_product_ids),
    category_ids: ids(row.category_ids),
    excluded_category_ids: ids(row.excluded_category_ids),
    minimum_spend: row.minimum_spend,
    maximum_spend: row.maximum_spend,
    expires_at: row.expires_at,
    usage_limit: row.usage_limit,
    usage_limit_per_user: row.usage_limit_per_user,
    limit_usage_to_x_items: row.limit_usage_to_x_items,
    allowed_emails: JSON.parse(row.allowed_emails) as string[],
  };
}

/** Codes are kept lower-case and trimmed: the cart matches them so (cart.service normaliseCode). */
export const normaliseCode = normaliseCouponCode;
const unique = (values: number[]) => [...new Set(values)];

async function missingIds(db: Db, table: "products" | "categories", wanted: number[]): Promise<number[]> {
  if (!wanted.length) return [];
  const found = await db.selectFrom(table).select("id").where("id", "in", wanted).execute();
  const known = new Set(found.map((row) => Number(row.id)));
  return wanted.filter((id) => !known.has(id));
}

/** Every rule a schema cannot state, each failure beside its field; the clean coupon back. */
async function checkCoupon(db: Db, input: CouponInput): Promise<CouponInput> {
  const errors: Record<string, string> = couponRuleProblems(input);
  const code = normaliseCode(input.code);
  let expiresAt = input.expires_at;
  if (expiresAt !== null) {
    const time = Date.parse(expiresAt);
    // A date and time with its zone (2027-01-31T23:59:59Z): a bare date would mean a different instant on each process.
    if (Number.isNaN(time) || !/T.*(Z|[+-]\d\d:\d\d)$/.test(expiresAt)) errors.expires_at = "Enter a date and time with its zone.";
    else expiresAt = new Date(time).toISOString();
  }
  const lists = {
    product_ids: unique(input.product_ids),
    excluded_product_ids: unique(input.excluded_product_ids),
    category_ids: unique(input.category_ids),
    excluded_category_ids: unique(input.excluded_category_ids),
  };
  for (const [field, table, noun] of [
    ["product_ids", "products", "product"],
    ["excluded_product_ids", "products", "product"],
    ["category_ids", "categories", "category"],
    ["excluded_category_ids", "categories", "category"],
  ] as const) {
    const missing = await missingIds(db, table, lists[field]);
    // An unknown id first: "both included and excluded" would be about an id that is no product's.
    if (missing.length) errors[field] = `No ${noun} has the id ${missing.join(", ")}.`;
  }
  const emails = [...new Set(input.allowed_emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  // '*' stands for any text (*@example.com), as the cart reads it (emailAllowed).
  const bad = emails.find((email) => !isValidEmail(email.replaceAll("*", "x")));
  if (bad) errors.allowed_emails = `"${bad}" is not an email address (use * for any text, as in *@example.com).`;
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  return { ...input, ...lists, code, description: input.description.trim(), expires_at: expiresAt, allowed_emails: emails };
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

const toRow = (coupon: CouponInput) => ({
  code: coupon.code,
  description: coupon.description,
  type: coupon.type,
  amount: coupon.amount,
  enabled: flag(coupon.enabled),
  free_shipping: flag(coupon.free_shipping),
  individual_use: flag(coupon.individual_use),
  exclude_sale_items: flag(coupon.exclude_sale_items),
  product_ids: JSON.stringify(coupon.product_ids),
  excluded_product_ids: JSON.stringify(coupon.excluded_product_ids),
  category_ids: JSON.stringify(coupon.category_ids),
  excluded_category_ids: JSON.stringify(coupon.excluded_category_ids),
  minimum_spend: coupon.minimum_spend,
  maximum_spend: coupon.maximum_spend,
  expires_at: coupon.expires_at,
  usage_limit: coupon.usage_limit,
  usage_limit_per_user: coupon.usage_limit_per_user,
  limit_usage_to_x_items: coupon.limit_usage_to_x_items,
  allowed_emails: JSON.stringify(coupon.allowed_emails),
});

const nowOf = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();

async function findRow(db: Db, id: number): Promise<CouponRow | undefined> {
  return (await db.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst()) as CouponRow | undefined;
}

async function codeTaken(db: Db, code: string, except: number | null): Promise<boolean> {
  let query = db.selectFrom("coupons").select("id").where("code", "=", code);
  if (except !== null) query = query.where("id", "<>", except);
  return Boolean(await query.executeTakeFirst());
}

/** Orders that used the coupon, drafts left out (a checkout not yet placed has not used it). */
const usesOf = (db: Db, id: number) =>
  db
    .selectFrom("order_coupons")
    .innerJoin("orders", "orders.id", "order_coupons.order_id")
    .where("order_coupons.coupon_id", "=", id)
    .where("orders.status", "<>", "checkout-draft");

/** Case-insensitive search on the code, a status, one page; each coupon with its counted uses. */
export async function listCoupons(ctx: RequestContext, query: CouponListQuery): Promise<CouponList> {
  const { db } = ctx;
  const now = nowOf(ctx);
  let base = db.selectFrom("coupons");
  const words = query.search?.trim().toLowerCase();
  if (words) base = base.where(sql<boolean>`code like ${`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  if (query.status === "disabled") base = base.where("enabled", "=", 0);
  if (query.status === "active") {
    base = base.where("enabled", "=", 1).where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]));
  }
  if (query.status === "expired") base = base.where("expires_at", "<=", now);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  const rows = (await base
    .selectAll()
    .orderBy("code")
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute()) as CouponRow[];
  return {
    coupons: rows.map(toOwnerCoupon),
    ...pagingOf(Number(total), query.page, query.perPage),
    ...(await ownerCurrency(ctx)),
  };
}

/**
 * The orders that used a coupon (newest first, at most USES_SHOWN) and how many they are, in one query on
 * order_coupons' coupon index: the count is a window over every use, the rows the first USES_SHOWN of them.
 */
async function usageOf(db: Db, id: number): Promise<CouponDetail["usage"]> {
  const uses = await usesOf(db, id)
    .select((eb) => [
      "orders.id as order_id",
      "orders.status",
      "orders.created_at",
      "orders.billing_email",
      "order_coupons.discount",
      "order_coupons.discount_tax",
      eb.fn.countAll<number | string>().over().as("orders"),
    ])
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(USES_SHOWN)
    .execute();
  return { orders: Number(uses[0]?.orders ?? 0), recent: uses.map(({ orders: _orders, ...use }) => use as CouponUse) };
}

/** One coupon with the orders that used it and the shop's currency: what its read and every save answer. */
export async function readCoupon(ctx: RequestContext, id: number): Promise<CouponDetail> {
  const row = await findRow(ctx.db, id);
  if (!row) throw couponErrors.notFound();
  return { ...toOwnerCoupon(row), usage: await usageOf(ctx.db, id), ...(await ownerCurrency(ctx)) };
}

/**
 * Creates (id null) or replaces a coupon; a code another coupon has is 409 beside the code, and a
 * `version` that is not the stored coupon's is 409 too (decision 0158).
 */
export async function saveCoupon(ctx: RequestContext, id: number | null, input: CouponInput, version?: string): Promise<CouponDetail> {
  const coupon = await checkCoupon(ctx.db, input);
  return writeCoupon(ctx, id, async (_trx, before) => {
    if (before) checkVersion(version, toOwnerCoupon(before).version, couponErrors.changed);
    return coupon;
  });
}

/** The coupon's row, locked for a change on PostgreSQL (SQLite serialises write transactions): racing changes take turns. */
async function findRowForUpdate(db: Db, id: number): Promise<CouponRow | undefined> {
  let query = db.selectFrom("coupons").selectAll().where("id", "=", id);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.executeTakeFirst()) as CouponRow | undefined;
}

/**
 * Writes a coupon and its change_log row in one transaction. `prepare` gives the checked coupon
 * from the one stored, read under the lock: a partial change merges into what is there now.
 */
async function writeCoupon(
  ctx: RequestContext,
  id: number | null,
  prepare: (trx: Db, before: CouponRow | null) => Promise<CouponInput>,
): Promise<CouponDetail> {
  let code = "";
  try {
    const saved = await ctx.db.transaction().execute(async (trx) => writeLocked(trx, ctx, id, prepare, (checked) => (code = checked)));
    // A save answers the coupon as a read does: its uses (none yet for a new one) and the shop's currency.
    return { ...saved, ...(await ownerCurrency(ctx)) };
  } catch (error) {
    // Two writes of one new code at once: the loser meets the unique index after its own check passed.
    if (isUniqueViolation(error, "code", "coupons")) throw couponErrors.codeTaken(code);
    throw error;
  }
}

async function writeLocked(
  trx: Db,
  ctx: RequestContext,
  id: number | null,
  prepare: (trx: Db, before: CouponRow | null) => Promise<CouponInput>,
  named: (code: string) => void,
): Promise<Omit<CouponDetail, keyof OwnerCurrency>> {
  const before = id === null ? null : await findRowForUpdate(trx, id);
  if (id !== null && !before) throw couponErrors.notFound();
  const coupon = await prepare(trx, before ?? null);
  named(coupon.code);
  if (await codeTaken(trx, coupon.code, id)) throw couponErrors.codeTaken(coupon.code);
  let savedId = id;
  if (savedId === null) {
    const created = await trx
      .insertInto("coupons")
      .values({ ...toRow(coupon), usage_count: 0, created_at: nowOf(ctx) })
      .returning("id")
      .executeTakeFirstOrThrow();
    savedId = Number(created.id);
  } else {
    await trx.updateTable("coupons").set(toRow(coupon)).where("id", "=", savedId).execute();
  }
  const after = toOwnerCoupon((await findRow(trx, savedId)) as CouponRow);
  await logOwnerChange(trx, ctx, "coupon", savedId, before ? toOwnerCoupon(before) : null, after);
  return { ...after, usage: id === null ? { orders: 0, recent: [] } : await usageOf(trx, savedId) };
}

/**
 * Deletes a coupon no order used; one that orders used is refused (409), since their records name
 * it and its counted uses: disabling it stops it at the cart and keeps them whole.
 */
export async function deleteCoupon(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findRow(trx, id);
    if (!row) throw couponErrors.notFound();
    const { orders } = await trx
      .selectFrom("order_coupons")
      .where("coupon_id", "=", id)
      .select((eb) => eb.fn.countAll<number | string>().as("orders"))
      .executeTakeFirstOrThrow();
    if (Number(orders) > 0) throw couponErrors.inUse(Number(orders));
    await trx.deleteFrom("coupons").where("id", "=", id).execute();
    await logOwnerChange(trx, ctx, "coupon", id, toOwnerCoupon(row), null);
  });
}

/** Changes only the fields given; the rest stay as they are, and the whole is checked as on create. */
export async function updateCoupon(
  ctx: RequestContext,
  id: number,
  changes: Partial<CouponInput>,
  version?: string,
): Promise<CouponDetail> {
  // Merged inside the write's transaction: two changes of one coupon at once both stay.
  return writeCoupon(ctx, id, (trx, row) => {
    const current = toCouponInput(row as CouponRow);
    checkVersion(version, editVersion(current), couponErrors.changed);
    return checkCoupon(trx, { ...current, ...changes });
  });
}
