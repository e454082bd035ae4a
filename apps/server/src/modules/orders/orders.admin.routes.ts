/**
 * The owner API's orders (issue 18): the list with its status tabs, one order whole, its actions
 * (status, bulk status, notes, addresses, e-mails) and refunds, each answering the order afresh; the
 * list as CSV, new orders since a number, and orders for printing. Behind requireOwner (app.ts).
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { pagedReply } from "../../http/paging.ts";
import { AddressSchema } from "../cart/index.ts";
import { calculateOrder, createOrderByHand } from "./by-hand.ts";
import { calculateOrderEdit, editOrderItems, orderItemsForm } from "./edit-items.ts";
import { exportFileName } from "./export-rows.ts";
import { addOrderNote, sendOrderEmailNow, updateOrderAddress } from "./orders.actions.ts";
import {
  AddressParams,
  BulkStatusBody,
  BulkStatusReply,
  CsvFile,
  EditItemsBody,
  EditItemsCalculation,
  EditItemsForm,
  EditItemsPreviewBody,
  EmailBody,
  ErrorReply,
  HandOrderBody,
  HandOrderCalculation,
  NoteBody,
  OrderDocumentsQuery,
  OrderDocumentsReply,
  OrderFilterQuery,
  OrderListQuery,
  OrderListReply,
  OrderParams,
  OrderReply,
  OrderUpdatesQuery,
  OrderUpdatesReply,
  RefundBody,
  RefundList,
  RefundReply,
  StatusBody,
} from "./orders.admin.schemas.ts";
import { listOrders, readOrder } from "./orders.admin.ts";
import { orderDocuments, parseOrderIds } from "./orders.documents.ts";
import { exportOrders } from "./orders.export.ts";
import { orderUpdates } from "./orders.updates.ts";
import { createRefund, listRefunds, refundView } from "./refunds.ts";
import { changeOrderStatus, changeOrdersStatus } from "./status.ts";

const tags = ["owner"];
const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };
/** A single order's write: its errors, and the order afresh. */
const orderWrite = { 200: OrderReply, 404: ErrorReply, 409: ErrorReply, ...errors };

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
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await listOrders(request.ctx, { ...query, perPage: per_page }));
    },
  );
  app.get(
    "/orders/export.csv",
    {
      schema: {
        operationId: "exportOrdersCsv",
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
          "Content-Disposition": `attachment; filename="${exportFileName(request.ctx.now ?? new Date(), (await request.ctx.shopSettings()).timeZone)}"`,
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
        summary: "Orders whole for printing invoices and packing slips (at most 50), with the shop's name, address and email",
        querystring: OrderDocumentsQuery,
        response: { 200: OrderDocumentsReply, 404: ErrorReply, ...errors },
      },
    },
    async (request) => orderDocuments(request.ctx, parseOrderIds(request.query.ids)),
  );
  app.post(
    "/orders",
    {
      schema: {
        tags,
        summary:
          "Make an order by hand (phone or e-mail orders): priced by the shop, stock taken and coupon uses counted; answers the order (201)",
        body: HandOrderBody,
        response: { 201: OrderReply, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createOrderByHand(request.ctx, request.body);
      return reply.code(201).send(await readOrder(request.ctx, id));
    },
  );
  app.post(
    "/orders/calculate",
    {
      schema: {
        operationId: "calculateOrder",
        tags,
        summary: "Price an order as POST /orders would make it (lines, coupons, shipping line, taxes by its address), writing nothing",
        body: HandOrderBody,
        response: { 200: HandOrderCalculation, ...errors },
      },
    },
    async (request) => calculateOrder(request.ctx, request.body),
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
    "/orders/:id/items",
    {
      schema: {
        operationId: "getOrderItems",
        tags,
        summary:
          "An order's items as an edit sends them (lines, coupons, shipping line, owner's fees), whether they may be edited, and its date_modified",
        params: OrderParams,
        response: { 200: EditItemsForm, 404: ErrorReply, ...errors },
      },
    },
    async (request) => orderItemsForm(request.ctx, request.params.id),
  );
  app.post(
    "/orders/:id/items/calculate",
    {
      schema: {
        tags,
        summary: "Price an edit of an unpaid order's items as PUT /orders/{id}/items would save it, writing nothing",
        params: OrderParams,
        body: EditItemsPreviewBody,
        response: { 200: EditItemsCalculation, 404: ErrorReply, 409: ErrorReply, ...errors },
      },
    },
    async (request) => calculateOrderEdit(request.ctx, request.params.id, request.body),
  );
  app.put(
    "/orders/:id/items",
    {
      schema: {
        tags,
        summary:
          "Replace the items of an order awaiting payment (pending, on hold, failed): priced by the shop, its stock moved by the differences, a note in its history; 409 when paid, ended, changed since date_modified or short of stock",
        params: OrderParams,
        body: EditItemsBody,
        response: orderWrite,
      },
    },
    async (request) => {
      await editOrderItems(request.ctx, request.params.id, request.body);
      return readOrder(request.ctx, request.params.id);
    },
  );
  app.post(
    "/orders/:id/status",
    {
      schema: {
        operationId: "changeOrderStatus",
        tags,
        summary:
          "Move an order to another status: cancelled and failed give back stock and coupon uses once, leaving them takes them again; 409 cw_rest_order_changed when changed since date_modified",
        params: OrderParams,
        body: StatusBody,
        response: orderWrite,
      },
    },
    async (request) => {
      const { status, note, date_modified: dateModified } = request.body;
      await changeOrderStatus(request.ctx, request.params.id, status, { note, dateModified });
      return readOrder(request.ctx, request.params.id);
    },
  );
  app.post(
    "/orders/bulk/status",
    {
      schema: {
        operationId: "changeOrdersStatus",
        tags,
        summary:
          "Move up to 100 orders to a status, each in its own transaction under the same rules; a fully refunded order is left as it is (cw_rest_order_refunded), and so is one changed since the date_modified sent for it (cw_rest_order_changed)",
        body: BulkStatusBody,
        response: { 200: BulkStatusReply, ...errors },
      },
    },
    async (request) => changeOrdersStatus(request.ctx, request.body.ids, request.body.status, request.body.date_modified),
  );
  app.post(
    "/orders/:id/notes",
    {
      schema: {
        tags,
        summary: "Add a note to an order's history: private, or emailed to the shopper",
        params: OrderParams,
        body: NoteBody,
        response: { ...orderWrite, 503: ErrorReply },
      },
    },
    async (request) => {
      await addOrderNote(request.ctx, request.params.id, request.body.note, request.body.to_customer);
      return readOrder(request.ctx, request.params.id);
    },
  );
  app.put(
    "/orders/:id/addresses/:which",
    {
      schema: {
        tags,
        summary:
          "Change an order's billing or shipping address (fields not sent keep their value), checked by the checkout's address rules",
        params: AddressParams,
        body: AddressSchema,
        response: orderWrite,
      },
    },
    async (request) => {
      await updateOrderAddress(request.ctx, request.params.id, request.params.which, request.body);
      return readOrder(request.ctx, request.params.id);
    },
  );
  app.post(
    "/orders/:id/emails",
    {
      schema: {
        operationId: "sendOrderEmail",
        tags,
        summary: "Send one of the order's emails now (confirmation, owner notice, completed, invoice)",
        params: OrderParams,
        body: EmailBody,
        response: { ...orderWrite, 502: ErrorReply, 503: ErrorReply },
      },
    },
    async (request) => {
      await sendOrderEmailNow(request.ctx, request.params.id, request.body.email);
      return readOrder(request.ctx, request.params.id);
    },
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
