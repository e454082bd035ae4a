/** The cart calls under /api/store/v1 (spec §7): resolve the session, call one service, reply the cart. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import {
  AddItemBody,
  CartReplySchema,
  CouponBody,
  ExtensionsBody,
  RemoveItemBody,
  SelectRateBody,
  UpdateCustomerBody,
  UpdateItemBody,
} from "./cart.schemas.ts";
import * as cart from "./cart.service.ts";
import type { CartReply } from "./reply-cache.ts";

export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The cart's JSON goes out as it was serialised when priced (reply-cache.ts).
  const sendReply = (reply: FastifyReply, { body, hash }: CartReply, status = 200) =>
    reply.status(status).header("Cart-Hash", hash).type("application/json; charset=utf-8").send(body);
  const send = sendReply;
  app.get("/cart", { schema: { tags: ["cart"], summary: "The whole cart", replies: { 200: CartReplySchema } } }, async (request, reply) =>
    // The request's settings are never asked for: a kept reply needs none, and pricing afresh reads them with the cart.
    sendReply(reply, await cart.getCartReply(request.ctx)),
  );

  app.post(
    "/cart/add-item",
    { schema: { tags: ["cart"], summary: "Add an item", body: AddItemBody, replies: { 201: CartReplySchema } } },
    async (request, reply) => {
      const { id, quantity, variation } = request.body;
      return send(reply, await cart.addItem(request.ctx, { id, quantity, variation }), 201);
    },
  );

  app.post(
    "/cart/remove-item",
    { schema: { tags: ["cart"], summary: "Remove an item", body: RemoveItemBody, replies: { 200: CartReplySchema } } },
    async (request, reply) => send(reply, await cart.removeItem(request.ctx, request.body.key)),
  );

  app.post(
    "/cart/update-item",
    { schema: { tags: ["cart"], summary: "Change an item's quantity", body: UpdateItemBody, replies: { 200: CartReplySchema } } },
    async (request, reply) => send(reply, await cart.updateItem(request.ctx, request.body.key, request.body.quantity)),
  );

  app.post(
    "/cart/apply-coupon",
    { schema: { tags: ["cart"], summary: "Apply a coupon", body: CouponBody, replies: { 200: CartReplySchema } } },
    async (request, reply) => send(reply, await cart.applyCoupon(request.ctx, request.body.code)),
  );

  app.post(
    "/cart/remove-coupon",
    { schema: { tags: ["cart"], summary: "Remove a coupon", body: CouponBody, replies: { 200: CartReplySchema } } },
    async (request, reply) => send(reply, await cart.removeCoupon(request.ctx, request.body.code)),
  );

  app.post(
    "/cart/select-shipping-rate",
    { schema: { tags: ["cart"], summary: "Choose a shipping rate", body: SelectRateBody, replies: { 200: CartReplySchema } } },
    async (request, reply) => {
      const { package_id, rate_id } = request.body;
      return send(reply, await cart.selectShippingRate(request.ctx, package_id === undefined ? undefined : Number(package_id), rate_id));
    },
  );

  app.post(
    "/cart/update-customer",
    { schema: { tags: ["cart"], summary: "Update the shopper's addresses", body: UpdateCustomerBody, replies: { 200: CartReplySchema } } },
    async (request, reply) => send(reply, await cart.updateCustomer(request.ctx, request.body)),
  );

  app.post(
    "/cart/extensions",
    {
      schema: {
        operationId: "callCartExtension",
        tags: ["cart"],
        summary: "Call a server-side cart extension",
        body: ExtensionsBody,
        replies: { 200: CartReplySchema },
      },
    },
    async (request, reply) => send(reply, await cart.callExtension(request.ctx, request.body.namespace, request.body.data)),
  );
};
