/** The Store API's reviews: GET /products/reviews (WooCommerce's listing) and POST /products/reviews (a shopper's new review). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldsInvalid } from "../../http/errors.ts";
import { sendPaging, withPagingHeaders } from "../../http/paging.ts";
import { sendCollectionsLastModified } from "../catalog/index.ts";
import { NewReviewBody, ReviewListQuery, ReviewSchema, WrittenReviewSchema } from "./reviews.schemas.ts";
import { listStoreReviews, writeReview } from "./reviews.service.ts";

/** Ids from `name` or `name[]`, repeated or separated by commas; undefined when not given. */
export function idList(query: Record<string, unknown>, name: string): { ids?: number[]; error?: string } {
  const raw = [query[name], query[`${name}[]`]].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  if (!raw.length) return {};
  const values = raw
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length > 100) return { error: `${name} takes at most 100 ids.` };
  if (values.some((v) => !/^\d{1,10}$/.test(v))) return { error: `${name} must be ids (whole numbers).` };
  return { ids: [...new Set(values.map(Number))] };
}

export const reviewsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Approved reviews move the catalogue's counter with the products' ratings (decision 0090).
  app.addHook("preHandler", sendCollectionsLastModified);
  app.get(
    "/products/reviews",
    {
      schema: {
        tags: ["catalogue"],
        summary: "List approved product reviews",
        querystring: ReviewListQuery,
        response: { 200: withPagingHeaders(Type.Array(ReviewSchema)) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const products = idList(q, "product_id");
      const categories = idList(q, "category_id");
      const errors: Record<string, string> = {};
      if (products.error) errors.product_id = products.error;
      if (categories.error) errors.category_id = categories.error;
      if (Object.keys(errors).length) throw fieldsInvalid(errors);
      const listing = await listStoreReviews(request.ctx, {
        ...(products.ids ? { productIds: products.ids } : {}),
        ...(categories.ids ? { categoryIds: categories.ids } : {}),
        orderBy: q.orderby as "date",
        order: q.order,
        page: q.page,
        perPage: q.per_page,
        offset: q.offset,
      });
      sendPaging(reply, request.url, listing);
      return listing.reviews;
    },
  );

  app.post(
    "/products/reviews",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Write a product review",
        description:
          "Checked against the shop's review settings; held for approval unless the shop publishes at once. 403 cw_rest_reviews_closed, 404 cw_rest_product_invalid_id, 400 rest_invalid_param, 403 cw_rest_review_not_verified_owner, 409 cw_rest_review_duplicate, 429 when too many come from one network.",
        body: NewReviewBody,
        response: { 201: WrittenReviewSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const written = await writeReview(request.ctx, {
        productId: body.product_id,
        reviewer: body.reviewer,
        email: body.reviewer_email,
        rating: body.rating ?? null,
        text: body.review,
        honeypot: body.website,
      });
      return reply.status(201).send(written);
    },
  );
};
