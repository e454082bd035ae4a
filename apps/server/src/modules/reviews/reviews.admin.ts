/**
 * The owner's reviews (decision 0090): the list with its status tabs and counts, one review's edit
 * and reply, and bulk moderation. Every write runs in one transaction with its change-log row and
 * the affected products' rating figures, so a product's average never lags its approved reviews.
 */
import { REVIEW_LIMITS, type ReviewStatus } from "@cartwright/commerce";
import type { AdminReview, BulkAction, ReviewList, ReviewPatch, ReviewTab } from "@cartwright/commerce/admin";
import { sql } from "kysely";
import { isStoredId } from "../../db/ids.ts";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { pagingOf } from "../../http/paging.ts";
import * as repo from "./reviews.repo.ts";

export type { AdminReview, BulkAction, ReviewList, ReviewPatch, ReviewTab };

export interface AdminReviewQuery {
  status?: ReviewTab;
  search?: string;
  productId?: number;
  rating?: number;
  page?: number;
  perPage?: number;
}

const notFound = () => new StoreError("cw_rest_review_invalid_id", "No review has this id.", 404);

function selectReviews(db: Db) {
  return db
    .selectFrom("product_reviews as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .select([...repo.reviewColumns, "p.name as product_name", "p.slug as product_slug"]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectReviews>["execute"]>>[number];

const adminReview = (row: Row): AdminReview => ({
  id: row.id,
  product: { id: row.product_id, name: row.product_name, permalink: `/product/${row.product_slug}` },
  reviewer: row.reviewer_name,
  reviewer_email: row.reviewer_email,
  customer_id: row.customer_id,
  rating: row.rating,
  content: row.content,
  status: row.status,
  verified: row.verified === 1,
  reply: row.reply,
  reply_at: row.reply_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reviews newest first in a tab ("all": pending and approved, as WordPress's All), with every tab's count. */
export async function listReviews(ctx: RequestContext, query: AdminReviewQuery) {
  const perPage = Math.min(100, Math.max(1, query.perPage ?? 20));
  const page = Math.max(1, query.page ?? 1);
  const tab = query.status ?? "all";
  let filtered = ctx.db.selectFrom("product_reviews as r").innerJoin("products as p", "p.id", "r.product_id");
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    filtered = filtered.where((eb) =>
      eb.or([
        eb(sql`lower(r.content)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(r.reviewer_name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(r.reviewer_email)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(p.name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (query.productId !== undefined) filtered = filtered.where("r.product_id", "=", query.productId);
  if (query.rating !== undefined) filtered = filtered.where("r.rating", "=", query.rating);
  const countRows = await filtered
    .select((eb) => ["r.status", eb.fn.countAll<number>().as("count")])
    .groupBy("r.status")
    .execute();
  const byStatus = Object.fromEntries(countRows.map((r) => [r.status, Number(r.count)])) as Partial<Record<ReviewStatus, number>>;
  const counts = {
    all: (byStatus.pending ?? 0) + (byStatus.approved ?? 0),
    pending: byStatus.pending ?? 0,
    approved: byStatus.approved ?? 0,
    spam: byStatus.spam ?? 0,
    trash: byStatus.trash ?? 0,
  };
  const statuses: ReviewStatus[] = tab === "all" ? ["pending", "approved"] : [tab];
  const rows = await filtered
    .select([...repo.reviewColumns, "p.name as product_name", "p.slug as product_slug"])
    .where("r.status", "in", statuses)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const paging = pagingOf(counts[tab], page, perPage);
  return { reviews: rows.map(adminReview), ...paging, total_pages: paging.pages, counts };
}

/** Reviews waiting for approval: the console's navigation and dashboard show the number. */
export async function pendingCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("product_reviews")
    .where("status", "=", "pending")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function readReview(ctx: RequestContext, id: number): Promise<AdminReview> {
  const row = await selectReviews(ctx.db).where("r.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return adminReview(row);
}

/** Edits a review's text, rating or reviewer, replies as the shop, or moves it to another status. */
export async function updateReview(ctx: RequestContext, id: number, patch: ReviewPatch): Promise<AdminReview> {
  const errors: Record<string, string> = {};
  if (patch.content !== undefined) {
    const text = patch.content.trim();
    if (text.length < REVIEW_LIMITS.textMin) errors.content = "Enter the review's text.";
    else if (text.length > REVIEW_LIMITS.textMax) errors.content = `A review can be at most ${REVIEW_LIMITS.textMax} characters.`;
  }
  if (patch.rating !== undefined && patch.rating !== null && (patch.rating < 1 || patch.rating > 5))
    errors.rating = "Choose a rating from 1 to 5 stars, or none.";
  if (patch.reviewer !== undefined) {
    const name = patch.reviewer.trim();
    if (!name) errors.reviewer = "Enter the reviewer's name.";
    else if (name.length > REVIEW_LIMITS.nameMax) errors.reviewer = `A name can be at most ${REVIEW_LIMITS.nameMax} characters.`;
  }
  if (patch.reply !== undefined && patch.reply.trim().length > REVIEW_LIMITS.textMax)
    errors.reply = `A reply can be at most ${REVIEW_LIMITS.textMax} characters.`;
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  const at = (ctx.now ?? new Date()).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await selectReviews(trx).where("r.id", "=", id).executeTakeFirst();
    if (!before) throw notFound();
    const reply = patch.reply === undefined ? undefined : patch.reply.trim() || null;
    await trx
      .updateTable("product_reviews")
      .set({
        ...(patch.content !== undefined ? { content: patch.content.trim() } : {}),
        ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
        ...(patch.reviewer !== undefined ? { reviewer_name: patch.reviewer.trim() } : {}),
        ...(patch.status !== undefined && patch.status !== before.status ? movedTo(before.status, patch.status) : {}),
        ...(reply !== undefined ? { reply, reply_at: reply === null ? null : reply === before.reply ? before.reply_at : at } : {}),
        updated_at: at,
      })
      .where("id", "=", id)
      .execute();
    await repo.refreshProductRating(trx, before.product_id);
    const after = await selectReviews(trx).where("r.id", "=", id).executeTakeFirstOrThrow();
    await logOwnerChange(trx, ctx, "review", id, adminReview(before), adminReview(after));
  });
  return readReview(ctx, id);
}

/** The columns of a move from one status to another: trash and spam remember where the review came from. */
function movedTo(from: ReviewStatus, to: ReviewStatus) {
  const remembered = from === "trash" || from === "spam" ? null : from;
  return { status: to, previous_status: to === "trash" || to === "spam" ? remembered : null };
}

const TARGET: Record<Exclude<BulkAction, "restore" | "delete">, ReviewStatus> = {
  approve: "approved",
  unapprove: "pending",
  spam: "spam",
  trash: "trash",
};

/**
 * One action over many reviews, in one transaction: approve, unapprove (back to pending), spam,
 * trash, restore (a trashed or spam review back to where it was, else pending) or delete for good.
 * Answers how many reviews it changed; ids that name no review are left out.
 */
export async function bulkReviews(ctx: RequestContext, ids: number[], action: BulkAction): Promise<{ changed: number; ids: number[] }> {
  const wanted = [...new Set(ids.filter(isStoredId))];
  if (!wanted.length) return { changed: 0, ids: [] };
  const at = (ctx.now ?? new Date()).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await selectReviews(trx).where("r.id", "in", wanted).execute();
    const changed: number[] = [];
    for (const row of rows) {
      if (action === "delete") {
        await trx.deleteFrom("product_reviews").where("id", "=", row.id).execute();
        await logOwnerChange(trx, ctx, "review", row.id, adminReview(row), null);
        changed.push(row.id);
        continue;
      }
      const to: ReviewStatus =
        action === "restore"
          ? row.status === "trash" || row.status === "spam"
            ? (row.previous_status ?? "pending")
            : row.status
          : TARGET[action];
      if (to === row.status) continue;
      await trx
        .updateTable("product_reviews")
        .set({ ...movedTo(row.status, to), updated_at: at })
        .where("id", "=", row.id)
        .execute();
      const after = { ...adminReview(row), status: to, updated_at: at };
      await logOwnerChange(trx, ctx, "review", row.id, adminReview(row), after);
      changed.push(row.id);
    }
    for (const productId of new Set(rows.filter((r) => changed.includes(r.id)).map((r) => r.product_id))) {
      await repo.refreshProductRating(trx, productId);
    }
    return { changed: changed.length, ids: changed };
  });
}
