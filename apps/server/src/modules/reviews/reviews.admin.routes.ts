/**
 * The owner API's product reviews (under /api/admin/v1, behind requireOwner; open to managers with
 * the rest of the catalogue, MANAGER_AREAS): the list with its tabs and counts, one review's edit and
 * reply, bulk moderation and deleting for good.
 */
import type { AdminReview } from "@cartwright/commerce/admin";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TSchema, Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery, TabCounts } from "../../http/paging.ts";
import { bulkReviews, listReviews, pendingCount, readReview, updateReview } from "./reviews.admin.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Params = Type.Object({ id: Id });
const Status = Type.Union([Type.Literal("pending"), Type.Literal("approved"), Type.Literal("spam"), Type.Literal("trash")]);
const ListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal("all"), Status], { description: "all: pending and approved (the default)" })),
  search: Type.Optional(
    Type.String({ maxLength: 100, description: "Part of the text, the reviewer's name or e-mail, or the product's name" }),
  ),
  product_id: Type.Optional(Id),
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  ...pagingQuery(20),
});
const Patch = Type.Object(
  {
    content: Type.Optional(Type.String({ maxLength: 20_000 })),
    rating: Type.Optional(Type.Unsafe<number | null>({ type: ["integer", "null"], description: "1-5, or null for none" })),
    reviewer: Type.Optional(Type.String({ maxLength: 500 })),
    status: Type.Optional(Status),
    reply: Type.Optional(Type.String({ maxLength: 20_000, description: "The shop's answer, shown under the review; empty takes it away" })),
  },
  { additionalProperties: false },
);
const Bulk = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
    action: Type.Union(
      ["approve", "unapprove", "spam", "trash", "restore", "delete"].map((a) => Type.Literal(a)),
      { description: "restore: a trashed or spam review back to where it was; delete: for good" },
    ),
  },
  { additionalProperties: false },
);

// The replies, documented only (decision 0173): AdminReview of @cartwright/commerce/admin.
const ReviewReply = Type.Object({
  id: Id,
  product: Type.Object({ id: Id, name: Type.String(), permalink: Type.String() }),
  reviewer: Type.String(),
  reviewer_email: Type.String(),
  customer_id: nullable(Id),
  rating: nullable(Type.Integer({ minimum: 1, maximum: 5 })),
  content: Type.String(),
  status: Status,
  verified: Type.Boolean({ description: "Written by a customer who bought the product" }),
  reply: nullable(Type.String({ description: "The shop's answer" })),
  reply_at: nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
} satisfies Record<keyof AdminReview, TSchema>);

export const reviewsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/reviews",
    {
      schema: {
        tags,
        summary: "List product reviews newest first, by status tab, with each tab's count",
        querystring: ListQuery,
        replies: {
          200: pagedListReply({
            reviews: Type.Array(ReviewReply, { description: "The page's reviews, newest first" }),
            total_pages: Type.Integer({ minimum: 0, description: "pages under the name the console read first" }),
            counts: TabCounts,
          }),
        },
      },
    },
    async (request, reply) => {
      const { per_page, product_id, ...query } = request.query;
      return pagedReply(reply, request.url, await listReviews(request.ctx, { ...query, perPage: per_page, productId: product_id }));
    },
  );
  app.get(
    "/reviews/pending-count",
    { schema: { tags, summary: "How many reviews wait for approval", replies: { 200: Type.Object({ pending: Type.Integer() }) } } },
    async (request) => ({ pending: await pendingCount(request.ctx.db) }),
  );
  app.post(
    "/reviews/bulk",
    {
      schema: {
        operationId: "bulkModerateReviews",
        tags,
        summary: "Moderate many reviews at once",
        body: Bulk,
        replies: {
          200: Type.Object({
            changed: Type.Integer(),
            ids: Type.Array(Id, { description: "The reviews the action changed (those already so are left out)" }),
          }),
        },
      },
    },
    async (request) => bulkReviews(request.ctx, request.body.ids, request.body.action as "approve"),
  );
  app.get("/reviews/:id", { schema: { tags, summary: "Read a review", params: Params, replies: { 200: ReviewReply } } }, async (request) =>
    readReview(request.ctx, request.params.id),
  );
  app.patch(
    "/reviews/:id",
    {
      schema: {
        tags,
        summary: "Edit a review's text, rating or reviewer, reply as the shop, or change its status",
        params: Params,
        body: Patch,
        replies: { 200: ReviewReply },
      },
    },
    async (request) => updateReview(request.ctx, request.params.id, request.body),
  );
  app.delete(
    "/reviews/:id",
    { schema: { tags, summary: "Delete a review for good", params: Params, replies: { 204: NoContent } } },
    async (request, reply) => {
      await readReview(request.ctx, request.params.id);
      await bulkReviews(request.ctx, [request.params.id], "delete");
      return reply.status(204).send(null);
    },
  );
};
