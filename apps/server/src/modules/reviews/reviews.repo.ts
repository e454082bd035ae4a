/** Product reviews' queries (decision 0090), on both dialects. */
import { type ReviewStatus, ratingFromSum } from "@cartwright/commerce";
import { sql } from "kysely";
import { isStoredId } from "../../db/ids.ts";
import type { Db } from "../../db/index.ts";

/** Orders whose payment was taken: their buyers are verified owners of what they bought. */
export const PAID_STATUSES = ["processing", "completed"] as const;

export const reviewColumns = [
  "r.id",
  "r.product_id",
  "r.customer_id",
  "r.reviewer_name",
  "r.reviewer_email",
  "r.rating",
  "r.content",
  "r.status",
  "r.previous_status",
  "r.verified",
  "r.reply",
  "r.reply_at",
  "r.created_at",
  "r.updated_at",
] as const;

/**
 * Sets the product's rating_x100 and review_count from its approved rated reviews. Called in the
 * transaction of every change to a product's reviews; the products row's write moves the catalogue's
 * revision (its trigger), so every process's cached listings and pages follow.
 */
export async function refreshProductRating(db: Db, productId: number): Promise<{ ratingX100: number; count: number }> {
  const row = await db
    .selectFrom("product_reviews")
    .where("product_id", "=", productId)
    .where("status", "=", "approved")
    .where("rating", "is not", null)
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("rating").as("sum")])
    .executeTakeFirst();
  const figures = ratingFromSum(Number(row?.sum ?? 0), Number(row?.count ?? 0));
  await db
    .updateTable("products")
    .set({ rating_x100: figures.ratingX100, review_count: figures.count })
    .where("id", "=", productId)
    .execute();
  return figures;
}

/** Whether this e-mail or account has a paid order (processing or completed) holding the product. */
export async function hasBoughtProduct(db: Db, productId: number, email: string, customerId: number | null): Promise<boolean> {
  const row = await db
    .selectFrom("order_items as oi")
    .innerJoin("orders as o", "o.id", "oi.order_id")
    .select("o.id")
    .where("oi.product_id", "=", productId)
    .where("o.status", "in", [...PAID_STATUSES])
    .where((eb) =>
      eb.or([
        ...(email ? [eb(sql`lower(o.billing_email)`, "=", email.toLowerCase())] : []),
        ...(customerId ? [eb("o.customer_id", "=", customerId)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** A review by the same person (e-mail, or account) of the same product with the same text (case and spacing ignored), any status but trash. */
export async function findDuplicate(db: Db, productId: number, email: string, customerId: number | null, key: string): Promise<boolean> {
  const rows = await db
    .selectFrom("product_reviews")
    .select("content")
    .where("product_id", "=", productId)
    .where("status", "<>", "trash")
    .where((eb) => eb.or([eb("reviewer_email", "=", email), ...(customerId ? [eb("customer_id", "=", customerId)] : [])]))
    .execute();
  const same = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase() === key;
  return rows.some((r) => same(r.content));
}

/** The Store API's listing: approved reviews of published products a shopper may see. */
export interface StoreReviewQuery {
  productIds?: number[];
  categoryIds?: number[];
  orderBy: "date" | "date_gmt" | "id" | "rating" | "product";
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

function storeReviews(db: Db, query: StoreReviewQuery) {
  let q = db
    .selectFrom("product_reviews as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .where("r.status", "=", "approved")
    .where("p.status", "=", "publish")
    .where("p.catalog_visibility", "<>", "hidden");
  if (query.productIds) q = q.where("r.product_id", "in", [0, ...query.productIds.filter(isStoredId)]);
  if (query.categoryIds) {
    const ids = [0, ...query.categoryIds.filter(isStoredId)];
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_categories as pc")
          .select(sql`1`.as("one"))
          .whereRef("pc.product_id", "=", "r.product_id")
          .where("pc.category_id", "in", ids),
      ),
    );
  }
  return q;
}

export async function countStoreReviews(db: Db, query: StoreReviewQuery): Promise<number> {
  const row = await storeReviews(db, query)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findStoreReviews(db: Db, query: StoreReviewQuery) {
  let q = storeReviews(db, query).select([...reviewColumns, "p.name as product_name", "p.slug as product_slug"]);
  const dir = query.order;
  switch (query.orderBy) {
    case "rating":
      q = q.orderBy(sql`coalesce(r.rating, 0)`, dir).orderBy("r.created_at", "desc");
      break;
    case "product":
      q = q.orderBy("r.product_id", dir).orderBy("r.created_at", "desc");
      break;
    case "id":
      q = q.orderBy("r.id", dir);
      break;
    default:
      q = q.orderBy("r.created_at", dir);
  }
  return q.orderBy("r.id", dir).limit(query.limit).offset(query.offset).execute();
}

/** Each product's first image, for the listing's product_image. */
export async function findFirstImages(db: Db, productIds: number[]) {
  if (!productIds.length) return [];
  return db
    .selectFrom("product_images as pi")
    .innerJoin("media as m", "m.id", "pi.media_id")
    .select(["pi.product_id", "pi.position", "m.id", "m.filename", "m.alt", "m.content_type", "m.width", "m.height", "m.hash"])
    .where("pi.product_id", "in", productIds)
    .orderBy("pi.position")
    .execute();
}

export type ReviewRow = Awaited<ReturnType<typeof findStoreReviews>>[number];

export const isReviewStatus = (s: string): s is ReviewStatus => ["pending", "approved", "spam", "trash"].includes(s);
