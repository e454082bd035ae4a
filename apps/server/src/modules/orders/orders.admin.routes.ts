/**
 * The owner API's orders (issue 18): the list with its status tabs, one order whole, the list as
 * CSV, new orders since a number, and orders for printing. Behind requireOwner (app.ts).
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { exportFileName } from "./export-rows.ts";
import {
  CsvFile,
  ErrorReply,
  OrderDocumentsQuery,
  OrderDocumentsReply,
  OrderFilterQuery,
  OrderListQuery,
  OrderListReply,
  OrderParams,
  OrderReply,
  OrderUpdatesQuery,
  OrderUpdatesReply,
} from "./orders.admin.schemas.ts";
import { listOrders, readOrder } from "./orders.admin.ts";
import { orderDocuments, parseOrderIds } from "./orders.documents.ts";
import { exportOrders } from "./orders.export.ts";
import { orderUpdates } from "./orders.updates.ts";

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
    "/orders/export.csv",
    {
      schema: {
        tags,
        summary: "Every order the list's filters match as CSV, newest first (cells that could start a formula are neutralised)",
        querystring: OrderFilterQuery,
        response: { 200: CsvFile, ...errors },
      },
    },
    async (request, reply) => {
      const chunks = await exportOrders(request.ctx, request.query);
      return reply
        .headers({
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${exportFileName(request.ctx.now ?? new Date())}"`,
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox",
          "Cache-Control": "private, no-store",
        })
        .send(Readable.from(chunks));
    },
  );
  app.get(
    "/orders/updates",
    {
      schema: {
        tags,
        summary: "Orders placed after a number (newest first, at most 20) with every tab's count: the console polls it",
        querystring: OrderUpdatesQuery,
        response: { 200: OrderUpdatesReply, ...errors },
      },
    },
    async (request) => orderUpdates(request.ctx, request.query.after_id),
  );
  app.get(
    "/orders/documents",
    {
      schema: {
        tags,
        summary: "Orders whole for printing invoices and packing slips (at most 50), with the shop's name, address and e-mail",
        querystring: OrderDocumentsQuery,
        response: { 200: OrderDocumentsReply, 404: ErrorReply, ...errors },
      },
    },
    async (request) => orderDocuments(request.ctx, parseOrderIds(request.query.ids)),
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
