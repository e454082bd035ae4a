/** The Store API's review shapes (TypeBox): the listing's review and a new review's body. */
import { REVIEW_LIMITS } from "@cartwright/commerce";
import { Type } from "typebox";
import { nullable } from "../../http/openapi.ts";
import { pagingQuery } from "../../http/paging.ts";
import { ImageSchema } from "../catalog/index.ts";

export const ReviewSchema = Type.Object({
  id: Type.Integer(),
  date_created: Type.String({ description: "In the shop's time zone, without an offset" }),
  formatted_date_created: Type.String({ description: "The day in the shop's time zone, such as November 29, 2026" }),
  date_created_gmt: Type.String(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  product_permalink: Type.String(),
  product_image: nullable(ImageSchema),
  reviewer: Type.String(),
  review: Type.String({ description: "The text as escaped HTML paragraphs" }),
  rating: Type.Integer({ description: "1-5; 0 when the review has no rating" }),
  verified: Type.Boolean({ description: "A verified owner (a paid order of the product), when the shop shows the label" }),
  owner_reply: nullable(Type.Object({ reply: Type.String(), date_created: Type.String(), formatted_date_created: Type.String() })),
});

export const ReviewListQuery = Type.Object(
  {
    orderby: Type.Union(
      ["date", "date_gmt", "id", "rating", "product"].map((v) => Type.Literal(v)),
      { default: "date" },
    ),
    order: Type.Union([Type.Literal("asc"), Type.Literal("desc")], { default: "desc" }),
    ...pagingQuery(10),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  {
    additionalProperties: true,
    description:
      "product_id[] and category_id[] (or product_id and category_id, repeated or separated by commas) narrow the reviews to those products or categories.",
  },
);

export const NewReviewBody = Type.Object(
  {
    product_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    reviewer: Type.String({
      maxLength: 500,
      default: "",
      description: "Needed from guests; a signed-in customer's account name otherwise",
    }),
    reviewer_email: Type.String({
      maxLength: 500,
      default: "",
      description: "Needed from guests; a signed-in customer's account e-mail is used",
    }),
    review: Type.String({ maxLength: REVIEW_LIMITS.textMax * 2 }),
    // One schema with two types, not a union (coercion through a union's other branch: coupons.admin.routes.ts).
    rating: Type.Optional(
      Type.Unsafe<number | null>({ type: ["integer", "null"], description: "1-5; needed while the shop requires ratings" }),
    ),
    website: Type.Optional(Type.String({ maxLength: 500, description: "Leave empty (a trap for robots)" })),
  },
  { additionalProperties: false },
);

export const WrittenReviewSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal("approved"), Type.Literal("pending")]),
  message: Type.String(),
  review: nullable(ReviewSchema),
});
