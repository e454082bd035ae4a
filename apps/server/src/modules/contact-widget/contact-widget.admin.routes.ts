/**
 * The owner API's widgets (/api/admin/v1/contact-widgets…, DESIGN.md §9), behind the owner scope
 * of app.ts (requireOwner; the Store API's nonce on writes). Bodies are checked by the service
 * (validation.ts) so every error names its full path; the schemas here document them and check
 * ids and queries.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { NoContent } from "../../http/openapi.ts";
import { AnalyticsQuery, AnalyticsReply, WidgetInput, WidgetListReply, WidgetParams, WidgetReply } from "./contact-widget.schemas.ts";
import {
  createWidget,
  deleteWidget,
  getWidget,
  listWidgets,
  patchWidget,
  updateWidget,
  widgetAnalytics,
} from "./contact-widget.service.ts";

const tags = ["owner"];
const ErrorReply = Type.Object({ code: Type.String(), message: Type.String(), data: Type.Object({}, { additionalProperties: true }) });
const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };

/** The body's own checks run in the service: Ajv's first error, keyed by its top field, is not reported. */
function rethrowNonBody(request: FastifyRequest): void {
  const failed = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (failed && failed.validationContext !== "body") throw failed;
}

export const contactWidgetAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/contact-widgets",
    { schema: { tags, summary: "The widgets, with views and clicks of the last 30 days", response: { 200: WidgetListReply } } },
    async (request) => ({ widgets: await listWidgets(request.ctx) }),
  );

  app.post(
    "/contact-widgets",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Create a widget; what the body leaves out comes from the defaults",
        body: WidgetInput,
        response: { 201: WidgetReply, ...errors },
      },
    },
    async (request, reply) => {
      rethrowNonBody(request);
      return reply.code(201).send(await createWidget(request.ctx, request.body));
    },
  );

  app.get(
    "/contact-widgets/:id",
    { schema: { tags, summary: "One widget, whole", params: WidgetParams, response: { 200: WidgetReply, ...errors } } },
    async (request) => getWidget(request.ctx, request.params.id),
  );

  app.put(
    "/contact-widgets/:id",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Replace a widget; what the body leaves out comes from the defaults (the widget token stays)",
        params: WidgetParams,
        body: WidgetInput,
        response: { 200: WidgetReply, ...errors },
      },
    },
    async (request) => {
      rethrowNonBody(request);
      return updateWidget(request.ctx, request.params.id, request.body);
    },
  );

  app.patch(
    "/contact-widgets/:id",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Change part of a widget: settings and triggers merged key by key, channels replaced as a list",
        params: WidgetParams,
        body: WidgetInput,
        response: { 200: WidgetReply, ...errors },
      },
    },
    async (request) => {
      rethrowNonBody(request);
      return patchWidget(request.ctx, request.params.id, request.body);
    },
  );

  app.delete(
    "/contact-widgets/:id",
    { schema: { tags, summary: "Delete a widget and its counts (answers 204)", params: WidgetParams, replies: { 204: NoContent } } },
    async (request, reply) => {
      await deleteWidget(request.ctx, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/contact-widgets/:id/analytics",
    {
      schema: {
        tags,
        summary: "Views, clicks and click-through per day, channel and device (default the last 30 days, at most 366)",
        params: WidgetParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsReply, ...errors },
      },
    },
    async (request) => widgetAnalytics(request.ctx, request.params.id, request.query),
  );
};
