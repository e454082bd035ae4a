/** The checkout calls under /api/store/v1 (spec §7) and the order lookup. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { rateLimitedResponses } from "../../http/rate-limits.ts";
import { switchSession } from "../../http/session.ts";
import { type CartView, cartHash, EMPTY_CART_HASH, getCart, getCartReply } from "../cart/index.ts";
import { isOwner, startCustomerSession, welcomeNewCustomer } from "../customers/index.ts";
import type { Mailer } from "../emails/index.ts";
import { getOrderFor } from "../orders/index.ts";
import {
  CalcTotalsQuery,
  CheckoutReplySchema,
  DraftUpdateReplySchema,
  OrderParams,
  OrderQuery,
  PayOrderBody,
  PlaceOrderBody,
  StoreOrderReplySchema,
  UpdateDraftBody,
} from "./checkout.schemas.ts";
import { getDraftOrder, placeOrder, updateDraftOrder } from "./checkout.service.ts";
import { payOrder } from "./pay-order.ts";

export const checkoutRoutes: FastifyPluginAsyncTypebox<{ secret: string; mailer?: Mailer }> = async (app, { secret, mailer }) => {
  app.get(
    "/checkout",
    {
      schema: { tags: ["checkout"], summary: "The cart's draft order (holds stock for 10 minutes)", replies: { 200: CheckoutReplySchema } },
    },
    async (request) => {
      return getDraftOrder(request.ctx);
    },
  );

  app.put(
    "/checkout",
    {
      schema: {
        operationId: "updateCheckout",
        tags: ["checkout"],
        summary: "Update the draft order, or recalculate totals",
        body: UpdateDraftBody,
        querystring: CalcTotalsQuery,
        replies: { 200: DraftUpdateReplySchema },
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const draft = await updateDraftOrder(ctx, request.body);
      if (!request.query.__experimental_calc_totals) return draft;
      const cart = await getCart(ctx);
      reply.header("Cart-Hash", cartHash(cart));
      return { ...draft, __experimentalCart: cart };
    },
  );

  app.post(
    "/checkout",
    {
      schema: {
        operationId: "placeOrder",
        tags: ["checkout"],
        summary: "Place the order and pay",
        body: PlaceOrderBody,
        // The order's shape is written by checkoutReply; the schema names only the refusal.
        response: { 200: Type.Unknown({ description: "The order as placed, with its payment result" }), ...rateLimitedResponses },
        replies: { 200: CheckoutReplySchema },
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const placed = await withCartHashOnRefusal(ctx, reply, () => placeOrder(ctx, request.body));
      // A placed order empties the cart (spec §7: the reply's headers update the client's cart hash).
      reply.header("Cart-Hash", EMPTY_CART_HASH);
      // An account made at checkout signs the shopper in (User-ID and a new Cart-Token in the reply).
      if (!ctx.session.uid && placed.customer_id) {
        switchSession(secret, request, reply, await startCustomerSession(ctx.db, ctx.session, placed.customer_id));
        welcomeNewCustomer(ctx, mailer, placed.customer_id, request.log);
      }
      return placed;
    },
  );

  app.post(
    "/checkout/:id",
    {
      schema: {
        operationId: "payOrder",
        tags: ["checkout"],
        summary: "Pay for an order awaiting payment (pending or failed): its key, and a guest's billing email",
        params: OrderParams,
        body: PayOrderBody,
        response: { 200: Type.Unknown({ description: "The order as paid, with its payment result" }), ...rateLimitedResponses },
        replies: { 200: CheckoutReplySchema },
      },
    },
    async (request) => payOrder(request.ctx, request.params.id, request.body),
  );

  app.get(
    "/order/:id",
    {
      schema: {
        operationId: "getStoreOrder",
        tags: ["checkout"],
        summary: "An order, for its customer, a guest with its key and email, or the shop owner",
        params: OrderParams,
        querystring: OrderQuery,
        replies: { 200: StoreOrderReplySchema },
      },
    },
    async (request) => {
      const { db, session } = request.ctx;
      const customerId = session.uid;
      return getOrderFor(db, request.params.id, {
        customerId,
        key: request.query.key,
        billingEmail: request.query.billing_email,
        isShopOwner: () => isOwner(db, customerId),
        // Wrong billing emails count as on the order-received page's question (decision 0083).
        limits: request.ctx.limits(),
      });
    },
  );
};

/** A refused order leaves the cart as the error's data shows it, or as it stands when the error carries none. */
async function withCartHashOnRefusal<T>(ctx: RequestContext, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cart = error instanceof StoreError ? (error.data.cart as CartView | undefined) : undefined;
    // The refusal is what the shopper must hear: a cart that cannot be read now leaves the header out, not the error.
    const hash = cart
      ? cartHash(cart)
      : await getCartReply(ctx).then(
          (kept) => kept.hash,
          () => undefined,
        );
    if (hash) reply.header("Cart-Hash", hash);
    throw error;
  }
}
