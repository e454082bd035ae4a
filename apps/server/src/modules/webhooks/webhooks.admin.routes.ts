/**
 * The owner API's webhooks (under /api/admin/v1, behind requireOwner): the owner's alone, as
 * MANAGER_AREAS leaves them out. Topic and status are checked by the schema, the delivery URL
 * (its form, and no local address unless WEBHOOKS_ALLOW_PRIVATE) by the service, each error beside its field.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import type { RequestContext } from "../../http/context.ts";
import { VersionField } from "../../http/edit-version.ts";
import { patchFields } from "../../http/input.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import { WEBHOOK_STATUSES, WEBHOOK_TOPICS } from "./rules.ts";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  ping,
  readDelivery,
  readWebhook,
  redeliver,
  updateWebhook,
  type WebhookAdminOptions,
  type WebhookInput,
} from "./webhooks.admin.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Params = Type.Object({ id: Id });
const DeliveryParams = Type.Object({ id: Id, delivery: Id });
const Status = Type.Unsafe<WebhookInput["status"]>({
  type: "string",
  enum: [...WEBHOOK_STATUSES],
  description: "active: delivers; paused: queues nothing; disabled: set after repeated failures (or by the owner)",
});

const fields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  topic: Type.Unsafe<string>({ type: "string", enum: [...WEBHOOK_TOPICS], description: "resource.event, e.g. order.created" }),
  delivery_url: Type.String({ minLength: 1, maxLength: 2000, description: "https:// recommended; http:// is allowed with a warning" }),
  secret: Type.String({ maxLength: 200, default: "", description: "Signs each body (HMAC-SHA256); blank: one is made" }),
  status: { ...Status, default: "active" },
};
const WebhookBody = Type.Object(fields, { additionalProperties: false });
// A change may name the version it was made on (decision 0158).
const WebhookPatch = Type.Partial(Type.Object({ ...patchFields(fields), version: VersionField }), { additionalProperties: false });
const Paging = pagingQuery(20);
const ListQuery = Type.Object({ ...Paging, status: Type.Optional(Status) });
const DeliveriesQuery = Type.Object(Paging);

// The replies, documented only (decision 0173): what webhooks.admin.ts answers.
const DeliverySummary = {
  id: Type.Integer(),
  webhook_id: Type.Integer(),
  topic: Type.String(),
  resource: Type.String(),
  event: Type.String(),
  resource_id: nullable(Type.Integer()),
  status: Type.Unsafe<string>({ type: "string", enum: ["pending", "delivered", "failed"] }),
  attempts: Type.Integer(),
  next_attempt_at: nullable(Type.String({ description: "When it is tried again, while pending" })),
  response_status: nullable(Type.Integer()),
  duration_ms: nullable(Type.Integer()),
  error: nullable(Type.String()),
  created_at: Type.String(),
  attempted_at: nullable(Type.String()),
  delivered_at: nullable(Type.String()),
};
const DeliveryReply = Type.Object({
  ...DeliverySummary,
  request: Type.Object({
    headers: nullable(Type.Record(Type.String(), Type.String(), { description: "As sent; null before the first attempt" })),
    body: nullable(Type.String()),
  }),
  response: Type.Object({ status: nullable(Type.Integer()), body: nullable(Type.String()), duration_ms: nullable(Type.Integer()) }),
});
const WebhookReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  topic: Type.String(),
  delivery_url: Type.String(),
  secret: Type.String(),
  status: Status,
  api_version: Type.String(),
  failure_count: Type.Integer(),
  disabled_reason: nullable(Type.String()),
  warnings: Type.Array(Type.String(), { description: "insecure_url: an http:// address sends the body and its signature in the clear" }),
  created_at: Type.String(),
  updated_at: Type.String(),
  created_by: nullable(Type.Integer()),
  updated_by: nullable(Type.Integer()),
  last_delivery: nullable(Type.Object(DeliverySummary)),
  version: Type.String({ description: "Send it back with a change: a webhook changed since is refused (409)" }),
});
const WebhookListReply = pagedListReply({ webhooks: Type.Array(WebhookReply) });
const DeliveryListReply = pagedListReply({ deliveries: Type.Array(DeliveryReply) });

export const webhooksAdminRoutes: FastifyPluginAsyncTypebox<WebhookAdminOptions> = async (app, options) => {
  app.get(
    "/webhooks",
    {
      schema: {
        tags,
        summary: "List the webhooks, newest first, each with its last delivery",
        querystring: ListQuery,
        replies: { 200: WebhookListReply },
      },
    },
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await listWebhooks(request.ctx, { ...query, perPage: per_page }));
    },
  );
  app.post(
    "/webhooks",
    { schema: { tags, summary: "Create a webhook", body: WebhookBody, replies: { 201: WebhookReply } } },
    async (request, reply) => reply.status(201).send(await createWebhook(request.ctx, request.body as WebhookInput, options)),
  );
  app.get(
    "/webhooks/:id",
    { schema: { tags, summary: "Read a webhook, its secret included", params: Params, replies: { 200: WebhookReply } } },
    async (request) => readWebhook(request.ctx, request.params.id),
  );
  const change = { tags, params: Params, body: WebhookPatch, replies: { 200: WebhookReply } };
  const update = (ctx: RequestContext, id: number, body: Partial<WebhookInput> & { version?: string }) => {
    const { version, ...patch } = body;
    return updateWebhook(ctx, id, patch, options, version);
  };
  app.put("/webhooks/:id", { schema: { ...change, summary: "Change a webhook's fields" } }, async (request) =>
    update(request.ctx, request.params.id, request.body as Partial<WebhookInput> & { version?: string }),
  );
  app.patch("/webhooks/:id", { schema: { ...change, summary: "Change some of a webhook's fields" } }, async (request) =>
    update(request.ctx, request.params.id, request.body as Partial<WebhookInput> & { version?: string }),
  );
  app.delete(
    "/webhooks/:id",
    { schema: { tags, summary: "Delete a webhook and its delivery log", params: Params, replies: { 204: NoContent } } },
    async (request, reply) => {
      await deleteWebhook(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first, with what was sent and answered",
        params: Params,
        querystring: DeliveriesQuery,
        replies: { 200: DeliveryListReply },
      },
    },
    async (request, reply) =>
      pagedReply(
        reply,
        request.url,
        await listDeliveries(request.ctx, request.params.id, { page: request.query.page, perPage: request.query.per_page }),
      ),
  );
  app.get(
    "/webhooks/:id/deliveries/:delivery",
    { schema: { tags, summary: "One delivery", params: DeliveryParams, replies: { 200: DeliveryReply } } },
    async (request) => readDelivery(request.ctx, request.params.id, request.params.delivery),
  );
  app.post(
    "/webhooks/:id/deliveries/:delivery/redeliver",
    {
      schema: { tags, summary: "Send a delivery's body again, as a new delivery", params: DeliveryParams, replies: { 202: DeliveryReply } },
    },
    async (request, reply) => reply.status(202).send(await redeliver(request.ctx, request.params.id, request.params.delivery, options)),
  );
  app.post(
    "/webhooks/:id/ping",
    { schema: { tags, summary: "Send a test delivery (topic ping)", params: Params, replies: { 202: DeliveryReply } } },
    async (request, reply) => reply.status(202).send(await ping(request.ctx, request.params.id, options)),
  );
};
