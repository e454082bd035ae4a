/**
 * Product reviews for shoppers (decision 0090): the Store API's listing of approved reviews and a
 * new review, checked against the owner's review settings, held for approval when they say so.
 */
import {
  duplicateKey,
  linkCount,
  REVIEW_LIMITS,
  type ReviewSettings,
  type ReviewStatus,
  reviewHtml,
  reviewInputErrors,
  type StoreReview,
} from "@cartwright/commerce";
import { longDate, wallClock } from "@cartwright/commerce/time-zone";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import { ownerAccountEmail } from "../contact-widget/index.ts";
import { mailInBackground, sendReviewHeldNotice } from "../emails/index.ts";
import { storeImage } from "../media/index.ts";
import { type ShopContext, withShopSettings } from "../settings/index.ts";
import * as repo from "./reviews.repo.ts";

export const MAX_REVIEWS_PER_PAGE = 100;
export const DEFAULT_REVIEWS_PER_PAGE = 10;

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as WordPress writes dates: the wall clock in the zone, without an offset. */
export function localDateTime(iso: string, zone: string): string {
  const w = wallClock(Date.parse(iso), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

export interface ReviewListing {
  reviews: StoreReview[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
}

export interface ReviewListQuery {
  productIds?: number[];
  categoryIds?: number[];
  orderBy?: repo.StoreReviewQuery["orderBy"];
  order?: "asc" | "desc";
  page?: number;
  perPage?: number;
  offset?: number;
}

/** Approved reviews of published products shoppers may see, newest first unless asked otherwise; none while reviews are off. */
export async function listStoreReviews(context: RequestContext, query: ReviewListQuery): Promise<ReviewListing> {
  const ctx = await withShopSettings(context);
  const perPage = Math.min(MAX_REVIEWS_PER_PAGE, Math.max(1, query.perPage ?? DEFAULT_REVIEWS_PER_PAGE));
  const page = Math.max(1, query.page ?? 1);
  if (!ctx.settings.reviews.enabled) return { reviews: [], total: 0, totalPages: 0, page, perPage };
  const skipped = Math.max(0, query.offset ?? 0);
  const q: repo.StoreReviewQuery = {
    ...(query.productIds ? { productIds: query.productIds } : {}),
    ...(query.categoryIds ? { categoryIds: query.categoryIds } : {}),
    orderBy: query.orderBy ?? "date",
    order: query.order ?? "desc",
    limit: perPage,
    offset: skipped + (page - 1) * perPage,
  };
  const [all, rows] = await Promise.all([repo.countStoreReviews(ctx.db, q), repo.findStoreReviews(ctx.db, q)]);
  const total = Math.max(0, all - skipped);
  const images = await firstImages(ctx.db, [...new Set(rows.map((r) => r.product_id))]);
  const reviews = rows.map((row) => storeReview(row, ctx.settings.timeZone, ctx.settings.reviews, images.get(row.product_id) ?? null));
  return { reviews, total, totalPages: Math.ceil(total / perPage), page, perPage };
}

async function firstImages(db: Db, productIds: number[]): Promise<Map<number, StoreReview["product_image"]>> {
  const found = new Map<number, StoreReview["product_image"]>();
  for (const row of await repo.findFirstImages(db, productIds)) {
    if (!found.has(row.product_id)) found.set(row.product_id, storeImage(row));
  }
  return found;
}

/** A review in the Store API's shape; the e-mail never leaves the shop (no avatar is derived from it). */
export function storeReview(
  row: repo.ReviewRow,
  zone: string,
  settings: ReviewSettings,
  image: StoreReview["product_image"] | null,
): StoreReview {
  return {
    id: row.id,
    date_created: localDateTime(row.created_at, zone),
    formatted_date_created: longDate(row.created_at, zone),
    date_created_gmt: localDateTime(row.created_at, "UTC"),
    product_id: row.product_id,
    product_name: row.product_name,
    product_permalink: `/product/${row.product_slug}`,
    product_image: image,
    reviewer: row.reviewer_name,
    review: reviewHtml(row.content),
    rating: settings.ratingsEnabled ? (row.rating ?? 0) : 0,
    verified: settings.showVerifiedLabel && row.verified === 1,
    owner_reply: row.reply
      ? {
          reply: reviewHtml(row.reply),
          date_created: localDateTime(row.reply_at ?? row.created_at, zone),
          formatted_date_created: longDate(row.reply_at ?? row.created_at, zone),
        }
      : null,
  };
}

export interface NewReview {
  productId: number;
  reviewer: string;
  email: string;
  rating: number | null;
  text: string;
  /** The form's hidden trap field: people leave it empty, form-filling robots do not. */
  honeypot?: string;
}

export interface WrittenReview {
  id: number;
  /** A trapped robot's review reads pending, as a held one. */
  status: "approved" | "pending";
  /** What to tell the shopper. */
  message: string;
  /** The review as shown, once approved. */
  review: StoreReview | null;
}

export const REVIEW_MESSAGES = {
  approved: "Thank you! Your review is published.",
  held: "Thank you! Your review is awaiting approval.",
  closed: "Reviews are closed in this shop.",
  noProduct: "No product has this id.",
  verifiedOnly: "Only customers who have bought this product can review it.",
  duplicate: "You have already written this review of this product.",
} as const;

/**
 * A shopper's new review. Refusals: reviews off (403), no such visible product (404), field errors (400
 * rest_invalid_param with each field), a review only verified owners may write (403), the same review
 * again (409), too many from one network (429). A filled trap field is stored as spam and answered as held.
 */
export async function writeReview(context: RequestContext, input: NewReview): Promise<WrittenReview> {
  const ctx = await withShopSettings(context);
  const settings = ctx.settings.reviews;
  if (!settings.enabled) throw new StoreError("cw_rest_reviews_closed", REVIEW_MESSAGES.closed, 403);
  // Every attempt counts, refused or not (decision 0016): a flood is stopped before any work.
  await ctx.limits().take(RATE_LIMITS.reviewsPerAddress);
  const product = await ctx.db
    .selectFrom("products")
    .select(["id", "name", "slug"])
    .where("id", "=", input.productId)
    .where("parent_id", "is", null)
    .where("status", "=", "publish")
    .where("catalog_visibility", "<>", "hidden")
    .executeTakeFirst();
  if (!product) throw new StoreError("cw_rest_product_invalid_id", REVIEW_MESSAGES.noProduct, 404);

  const customerId = ctx.session.uid > 0 ? ctx.session.uid : null;
  const account = customerId
    ? await ctx.db.selectFrom("customers").select(["email", "first_name", "last_name"]).where("id", "=", customerId).executeTakeFirst()
    : undefined;
  const guest = !account;
  const errors = reviewInputErrors({ name: input.reviewer, email: input.email, rating: input.rating, text: input.text }, settings, guest);
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  const email = (account?.email ?? input.email).trim().toLowerCase();
  const accountName = account ? `${account.first_name} ${account.last_name}`.trim() || (email.split("@")[0] ?? "") : "";
  const name = input.reviewer.trim() || accountName;
  const text = input.text.trim();
  const rating = settings.ratingsEnabled ? input.rating : null;

  const verified = await repo.hasBoughtProduct(ctx.db, product.id, email, customerId);
  if (settings.verifiedOnly && !verified) throw new StoreError("cw_rest_review_not_verified_owner", REVIEW_MESSAGES.verifiedOnly, 403);
  if (await repo.findDuplicate(ctx.db, product.id, email, customerId, duplicateKey(text)))
    throw new StoreError("cw_rest_review_duplicate", REVIEW_MESSAGES.duplicate, 409);

  const trapped = Boolean(input.honeypot?.trim());
  const held = settings.holdForApproval || linkCount(text) > REVIEW_LIMITS.links;
  const status: ReviewStatus = trapped ? "spam" : held ? "pending" : "approved";
  const at = (ctx.now ?? new Date()).toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("product_reviews")
      .values({
        product_id: product.id,
        customer_id: customerId,
        reviewer_name: name,
        reviewer_email: email,
        rating,
        content: text,
        status,
        previous_status: trapped ? "pending" : null,
        verified: verified ? 1 : 0,
        reply: null,
        reply_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (status === "approved") await repo.refreshProductRating(trx, product.id);
    return inserted.id;
  });
  if (status === "pending") {
    announceHeldReview(ctx, { reviewId: id, product: product.name, name, email, rating, text, verified, at });
  }
  let review: StoreReview | null = null;
  if (status === "approved") {
    const row = { ...(await reviewRow(ctx.db, id)), product_name: product.name, product_slug: product.slug };
    const images = await firstImages(ctx.db, [product.id]);
    review = storeReview(row, ctx.settings.timeZone, settings, images.get(product.id) ?? null);
  }
  // A trapped robot is told what a held review is told: nothing to learn from the answer.
  return {
    id,
    status: status === "approved" ? "approved" : "pending",
    message: status === "approved" ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.held,
    review,
  };
}

/** Tells the owner a review waits for approval, after the commit and in the background; the review already waits in the console. */
function announceHeldReview(
  ctx: ShopContext,
  held: {
    reviewId: number;
    product: string;
    name: string;
    email: string;
    rating: number | null;
    text: string;
    verified: boolean;
    at: string;
  },
) {
  mailInBackground(ctx.db, async ({ mailer, log }) => {
    try {
      const delivery = await sendReviewHeldNotice(
        mailer,
        {
          reviewId: held.reviewId,
          siteTitle: ctx.settings.siteTitle,
          productName: held.product,
          reviewerName: held.name,
          reviewerEmail: held.email,
          rating: held.rating,
          text: held.text,
          verified: held.verified,
          writtenAt: held.at,
          timeZone: ctx.settings.timeZone,
          reviewsUrl: `${mailer.publicUrl}/admin/reviews?status=pending`,
        },
        { shop: ctx.settings, ownerAccountEmail: await ownerAccountEmail(ctx.db) },
      );
      log?.info(
        { reviewId: held.reviewId, sent: Boolean(delivery) },
        delivery ? "held review notice sent" : "held review notice switched off",
      );
    } catch (error) {
      log?.error({ reviewId: held.reviewId, err: error }, "held review notice could not be sent");
    }
  });
}

async function reviewRow(db: Db, id: number) {
  return db
    .selectFrom("product_reviews as r")
    .select([...repo.reviewColumns])
    .where("r.id", "=", id)
    .executeTakeFirstOrThrow();
}
