/**
 * The owner API's coupons (under /api/admin/v1, behind requireOwner): the owner's alone, as
 * MANAGER_AREAS leaves them out (decision 0040). Field rules the schema cannot state are
 * checked by the service, each error beside its field.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { patchFields } from "../../http/input.ts";
import { NoContent, OwnerCurrencyFields } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import { deleteCoupon, listCoupons, MAX_MONEY, readCoupon, saveCoupon, updateCoupon } from "./coupons.admin.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Params = Type.Object({ id: Id });
// One schema with two types, not a union: Ajv's coercion would turn a refused 0 into null through the union's other branch.
const nullableInteger = (minimum: number, maximum: number, description: string) =>
  Type.Unsafe<number | null>({ type: ["integer", "null"], minimum, maximum, default: null, description });
const money = (description: string) => nullableInteger(0, MAX_MONEY, description);
const limit = (description: string) => nullableInteger(1, 1_000_000_000, description);

const fields = {
  code: Type.String({ minLength: 1, maxLength: 50, description: "Kept lower-case; matched case-insensitively, unique" }),
  description: Type.String({ maxLength: 500, default: "" }),
  type: Type.Union([Type.Literal("percent"), Type.Literal("fixed_cart"), Type.Literal("fixed_product")], {
    description: "percent: off each line it applies to; fixed_cart: off the cart; fixed_product: off each unit it applies to",
  }),
  amount: Type.Integer({ minimum: 0, maximum: MAX_MONEY, description: "percent: basis points (1000 = 10 %); fixed: minor units" }),
  enabled: Type.Boolean({ default: true, description: "A disabled coupon is refused at the cart" }),
  free_shipping: Type.Boolean({ default: false }),
  individual_use: Type.Boolean({ default: false, description: "Cannot be used with other coupons" }),
  exclude_sale_items: Type.Boolean({ default: false }),
  product_ids: Type.Array(Id, { maxItems: 500, default: [], description: "Products it applies to; empty for all" }),
  excluded_product_ids: Type.Array(Id, { maxItems: 500, default: [] }),
  category_ids: Type.Array(Id, { maxItems: 500, default: [], description: "Categories it applies to; empty for all" }),
  excluded_category_ids: Type.Array(Id, { maxItems: 500, default: [] }),
  minimum_spend: money("The cart's subtotal it needs, in minor units; null for none"),
  maximum_spend: money("The largest subtotal it works for, in minor units; null for none"),
  expires_at: Type.Unsafe<string | null>({
    type: ["string", "null"],
    maxLength: 40,
    default: null,
    description: "ISO 8601 date and time with its zone; the coupon stops working after it",
  }),
  usage_limit: limit("Uses in total; null for no limit"),
  usage_limit_per_user: limit("Uses per customer (account or billing email); null for no limit"),
  limit_usage_to_x_items: limit("Product coupons: at most this many units discounted; null for all"),
  allowed_emails: Type.Array(Type.String({ maxLength: 254 }), {
    maxItems: 200,
    default: [],
    description: "Billing emails that may use it ('*' for any text); empty for anyone",
  }),
};
const CouponBody = Type.Object(fields, { additionalProperties: false });
// A replace or a change may name the version it was made on (decision 0158).
const CouponReplace = Type.Object({ ...fields, version: VersionField }, { additionalProperties: false });
// Without the defaults, so a field the patch leaves out keeps its stored value.
const CouponPatch = Type.Partial(Type.Object({ ...patchFields(fields), version: VersionField }), { additionalProperties: false });
// The replies, documented only (decision 0173): OwnerCoupon, CouponList and CouponDetail of @cartwright/commerce/admin.
const CouponReply = Type.Object({
  id: Id,
  ...fields,
  usage_count: Type.Integer({ description: "Uses counted by placed orders" }),
  created_at: Type.String(),
  version: Type.String({ description: "Send it back with a save: a coupon changed since is refused (409)" }),
});
const CouponListReply = pagedListReply({ coupons: Type.Array(CouponReply), ...OwnerCurrencyFields });
/** One coupon as its read and every save answer it: its uses and the shop's currency. */
const CouponDetailReply = Type.Object({
  ...CouponReply.properties,
  usage: Type.Object({
    orders: Type.Integer({ description: "Orders that used it" }),
    recent: Type.Array(
      Type.Object({
        order_id: Type.Integer(),
        status: Type.String(),
        created_at: Type.String(),
        billing_email: Type.String(),
        discount: Type.Integer(),
        discount_tax: Type.Integer(),
      }),
      { description: "The newest 100" },
    ),
  }),
  ...OwnerCurrencyFields,
});

const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 50, description: "Part of the code (case ignored)" })),
  status: Type.Optional(
    Type.Union([Type.Literal("active"), Type.Literal("disabled"), Type.Literal("expired")], {
      description: "active: enabled and not expired",
    }),
  ),
  ...pagingQuery(20),
});

export const couponsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/coupons",
    {
      schema: {
        tags,
        summary: "List the coupons by code, each with its counted uses",
        querystring: ListQuery,
        replies: { 200: CouponListReply },
      },
    },
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await listCoupons(request.ctx, { ...query, perPage: per_page }));
    },
  );
  app.post(
    "/coupons",
    { schema: { tags, summary: "Create a coupon", body: CouponBody, replies: { 201: CouponDetailReply } } },
    async (request, reply) => reply.status(201).send(await saveCoupon(request.ctx, null, request.body)),
  );
  app.get(
    "/coupons/:id",
    {
      schema: {
        tags,
        summary: "Read a coupon with the orders that used it (newest 100) and their count",
        params: Params,
        replies: { 200: CouponDetailReply },
      },
    },
    async (request) => readCoupon(request.ctx, request.params.id),
  );
  app.put(
    "/coupons/:id",
    { schema: { tags, summary: "Replace a coupon", params: Params, body: CouponReplace, replies: { 200: CouponDetailReply } } },
    async (request) => {
      const { version, ...coupon } = request.body;
      return saveCoupon(request.ctx, request.params.id, coupon, version);
    },
  );
  app.patch(
    "/coupons/:id",
    {
      schema: { tags, summary: "Change some of a coupon's fields", params: Params, body: CouponPatch, replies: { 200: CouponDetailReply } },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      return updateCoupon(request.ctx, request.params.id, changes, version);
    },
  );
  app.delete(
    "/coupons/:id",
    {
      schema: {
        tags,
        summary: "Delete a coupon no order used",
        description: "409 cw_rest_coupon_in_use when orders used it: disable it instead, so their records stay whole.",
        params: Params,
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteCoupon(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
