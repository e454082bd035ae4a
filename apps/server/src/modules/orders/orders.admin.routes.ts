/** The owner API's orders, read-only (issue 18): the list with its status tabs, and one order whole. Behind requireOwner (app.ts). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorReply, OrderListQuery, OrderListReply, OrderParams, OrderReply } from "./orders.admin.schemas.ts";
import { listOrders, readOrder } from "./orders.admin.ts";

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
};
