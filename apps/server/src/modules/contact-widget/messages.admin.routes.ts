/**
 * The owner API's contact messages (under /api/admin/v1, behind requireOwner): the inbox, one
 * message, its read state, deletion and its files. Files are sent as attachments under generated
 * names, never rendered by the browser (nosniff, a sandboxing CSP).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import { deleteMessage, listInbox, messageFile, readMessage, setMessageRead } from "./messages.inbox.ts";

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const NotFound = Type.Object(
  { code: Type.Literal("cw_rest_message_not_found"), message: Type.String(), data: Type.Object({ status: Type.Literal(404) }) },
  { description: "No contact message (or file of it) has that id" },
);

const Summary = Type.Object({
  id: Type.Integer(),
  widget_id: Type.Integer(),
  channel_index: Type.Integer({ description: "The channel's index in its widget" }),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  excerpt: Type.String({ description: "The message's first words on one line" }),
  files: Type.Integer({ description: "How many files came with it" }),
  created_at: Type.String({ format: "date-time" }),
  read: Type.Boolean(),
});

const MessageList = pagedListReply({ messages: Type.Array(Summary) });

const MessageFile = Type.Object({
  id: Type.Integer(),
  field: Type.String({ description: "The custom field's slug it came in" }),
  file_name: Type.String({ description: "The visitor's file name (shown only; downloads use a generated name)" }),
  content_type: Type.String({ description: "The type found in its content" }),
  size: Type.Integer({ description: "Bytes" }),
  url: Type.String({ description: "Where the owner downloads it" }),
});

const Message = Type.Object({
  id: Type.Integer(),
  widget_id: Type.Integer(),
  channel_index: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  message: Type.String(),
  custom_fields: Type.Array(
    Type.Object({
      slug: Type.String(),
      label: Type.String(),
      type: Type.String(),
      value: Type.String({ description: "The text given; for a file field, its file ids separated by commas" }),
    }),
  ),
  ref_url: Type.String({ description: "The page it was sent from" }),
  page_id: Type.String(),
  page_title: Type.String(),
  ip: Type.String(),
  user_agent: Type.String(),
  created_at: Type.String({ format: "date-time" }),
  read: Type.Boolean(),
  read_at: nullable(Type.String({ format: "date-time" })),
  files: Type.Array(MessageFile),
});

const ListQuery = Type.Object({
  widget_id: Type.Optional(Id),
  search: Type.Optional(Type.String({ maxLength: 200, description: "Words in the name, email, phone, message or custom fields" })),
  unread: Type.Optional(Type.Boolean({ description: "Only messages not read yet" })),
  ...pagingQuery(20),
});

const MessageParams = Type.Object({ id: Id });
const FileParams = Type.Object({ id: Id, fileId: Id });
const tags = ["owner"];

export const messagesAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/contact-messages",
    {
      schema: {
        tags,
        summary: "List contact messages, newest first",
        querystring: ListQuery,
        response: { 200: MessageList },
      },
    },
    async (request, reply) => {
      const { widget_id, search, unread, page, per_page } = request.query;
      return pagedReply(reply, request.url, await listInbox(request.ctx, { widgetId: widget_id, search, unread, page, perPage: per_page }));
    },
  );

  app.get(
    "/contact-messages/:id",
    {
      schema: { tags, summary: "Read a contact message (marks it read)", params: MessageParams, response: { 200: Message, 404: NotFound } },
    },
    async (request) => readMessage(request.ctx, request.params.id),
  );

  app.patch(
    "/contact-messages/:id",
    {
      schema: {
        tags,
        summary: "Mark a contact message read or unread",
        params: MessageParams,
        body: Type.Object({ read: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Message, 404: NotFound },
      },
    },
    async (request) => setMessageRead(request.ctx, request.params.id, request.body.read),
  );

  app.delete(
    "/contact-messages/:id",
    {
      schema: {
        tags,
        summary: "Delete a contact message and its files",
        params: MessageParams,
        response: { 204: NoContent, 404: NotFound },
      },
    },
    async (request, reply) => {
      await deleteMessage(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/contact-messages/:id/files/:fileId",
    {
      schema: {
        tags,
        summary: "Download a file of a contact message (as an attachment)",
        params: FileParams,
        response: { 200: Type.Unsafe<Buffer>({ type: "string", format: "binary", description: "The file's bytes" }), 404: NotFound },
      },
    },
    async (request, reply) => {
      const file = await messageFile(request.ctx, request.params.id, request.params.fileId);
      return reply
        .header("Content-Type", file.contentType)
        .header("Content-Disposition", `attachment; filename="${file.downloadName}"`)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "sandbox")
        .header("Cache-Control", "private, no-store")
        .send(file.data);
    },
  );
};
