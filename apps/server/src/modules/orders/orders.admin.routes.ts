/** The owner API's orders (issue 18): the list with its status tabs, one order whole, and its refunds. Behind requireOwner (app.ts). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  ErrorReply,
  OrderListQuery,
  OrderListReply,
  OrderParams,
  OrderReply,
  RefundBody,
  RefundList,
  RefundReply,
} from "./orders.admin.schemas.ts";
import { listOrders, readOrder } from "./orders.admin.ts";
import { createRefund, listRefunds, refundView } from "./refunds.ts";

const tags = ["owner"];
const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };

export const ordersAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/orders",
    {
      schema: {
        tags,
        summary: "List orders: a status tab with every tab's count, search, filters, sorting and pages (newest first unless told)",
        querystring: OrderListQuery,
        response: { 200: OrderListReply, ...errors },
      },
    },
    async (request) => {
      const { per_page, ...query } = request.query;
      return listOrders(request.ctx, { ...query, perPage: per_page });
    },
  );
  app.get(
    "/orders/:id",
    {
      schema: {
        tags,
        summary: "One order as the owner reads it: lines, totals, addresses, shipping, payment, fields, origin, customer and timeline",
        params: OrderParams,
        response: { 200: OrderReply, 404: ErrorReply, ...errors },
      },
    },
    async (request) => readOrder(request.ctx, request.params.id),
  );
  app.get(
    "/orders/:id/refunds",
    {
      schema: {
        tags,
        summary: "An order's refunds, oldest first",
        params: OrderParams,
        response: { 200: RefundList, 404: ErrorReply, ...errors },
      },
    },
    async (request) => listRefunds(request.ctx, request.params.id),
  );
  app.post(
    "/orders/:id/refunds",
    {
      schema: {
        tags,
        summary:
          "Refund all or part of an order, by lines and/or an amount, through its gateway or by hand; answers the refund and the fresh order",
        params: OrderParams,
        body: RefundBody,
        response: { 201: RefundReply, 404: ErrorReply, 409: ErrorReply, 502: ErrorReply, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const refundId = await createRefund(request.ctx, id, request.body);
      const [refund, order] = await Promise.all([refundView(request.ctx.db, id, refundId), readOrder(request.ctx, id)]);
      return reply.code(201).send({ refund, order });
    },
  );
};
