/**
 * The owner API's forms and entries (under /api/admin/v1, behind requireOwner). Files and the CSV
 * export are sent as attachments under generated names, never rendered by the browser.
 */
import type { FormEntrySummary } from "@cartwright/commerce/admin";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TSchema, Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import { deleteEntry, deleteForm, entriesExport, entryFile, listEntries, listForms, readEntry, readForm, saveForm } from "./forms.admin.ts";

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const tags = ["owner"];
const FormParams = Type.Object({ id: Id });
const FileParams = Type.Object({ id: Id, fileId: Id });
const Status = Type.Union([Type.Literal("published"), Type.Literal("draft")]);
const FormBody = Type.Object(
  {
    status: Type.Optional(Status),
    definition: Type.Unknown({ description: "The form definition document (decision 0024), checked by checkDefinition" }),
    // PUT: the form's version as read; a form changed since is refused (decision 0158).
    version: VersionField,
  },
  { additionalProperties: false },
);
const Filters = {
  search: Type.Optional(Type.String({ maxLength: 200, description: "Words in any of the entry's values" })),
  status: Type.Optional(Type.Union([Type.Literal("complete"), Type.Literal("spam")])),
  payment_status: Type.Optional(
    Type.Union([Type.Literal("none"), Type.Literal("pending"), Type.Literal("paid"), Type.Literal("failed")], {
      description: "none: entries without a payment",
    }),
  ),
  from: Type.Optional(Type.String({ format: "date", description: "First day, in the shop's time zone, included" })),
  to: Type.Optional(Type.String({ format: "date", description: "Last day, in the shop's time zone, included" })),
};
const ListQuery = Type.Object({
  ...Filters,
  ...pagingQuery(20),
  order: Type.Optional(Type.Union([Type.Literal("newest"), Type.Literal("oldest")], { description: "By date; newest first unless told" })),
});
const Binary = Type.Unsafe<Buffer>({ type: "string", format: "binary" });

// The replies, documented only (decision 0173): a form as the builder reads it, and the forms' list.
const Definition = Type.Object(
  {
    id: Id,
    slug: Type.String(),
    title: Type.String(),
    pages: Type.Array(Type.Unknown()),
    fields: Type.Array(Type.Unknown()),
    settings: Type.Unknown(),
  },
  { description: "The form definition document (decision 0024): its pages, fields and settings as the builder saved them" },
);
const FormReply = Type.Object({
  id: Id,
  slug: Type.String(),
  title: Type.String(),
  status: Status,
  definition: Definition,
  answers: Type.Record(Type.String(), Type.Integer(), {
    description: "How many entries answered each field, by field id: what removing the field leaves behind",
  }),
  version: Type.String({ description: "Send it back with a replace: a form changed since is refused (409)" }),
});
const FormListReply = Type.Object({
  forms: Type.Array(
    Type.Object({
      id: Id,
      slug: Type.String(),
      title: Type.String(),
      status: Status,
      updated_at: Type.String(),
      entries: Type.Integer(),
      files: Type.Integer({ description: "The files its entries hold, which a delete takes with them" }),
      last_entry_at: nullable(Type.String()),
    }),
  ),
});
// What an entry's read and the entries' list both say of an entry.
const EntrySummaryFields = {
  id: Id,
  status: Type.Union([Type.Literal("complete"), Type.Literal("spam")]),
  payment_total: Type.Integer({ description: "Minor units of currency; 0 without a payment" }),
  payment_status: Type.Union([Type.Literal(""), Type.Literal("pending"), Type.Literal("paid"), Type.Literal("failed")]),
  currency: Type.String(),
  created_at: Type.String(),
};
const EntryListReply = pagedListReply({
  entries: Type.Array(
    Type.Object({
      ...EntrySummaryFields,
      values: Type.Record(Type.String(), Type.String(), { description: "Each answered field's value as text, by field id" }),
    } satisfies Record<keyof FormEntrySummary, TSchema>),
    { description: "The page's entries" },
  ),
});
const EntryReply = Type.Object({
  ...EntrySummaryFields,
  form_id: Id,
  fields: Type.Array(
    Type.Object({
      id: Type.Integer(),
      label: Type.String(),
      type: Type.String(),
      value: Type.String({ description: "The answer as text; empty when hidden by the form's logic or left blank" }),
      image: Type.Optional(Type.String({ description: "A signature's drawing, a PNG data URL" })),
      removed: Type.Optional(Type.Literal(true, { description: "A field the form no longer has that this entry answered" })),
    }),
    { description: "Every field that can hold a value, in the form's order, then those removed since" },
  ),
  payment_gateway: Type.String(),
  payment_key: Type.String(),
  payment_reference: Type.String(),
  older_id: nullable(Id),
  newer_id: nullable(Id),
  visitor_id: Type.String(),
  start_timestamp: Type.String(),
  end_timestamp: Type.String(),
  page_url: Type.String(),
  ip: Type.String(),
  user_agent: Type.String(),
  files: Type.Array(
    Type.Object({
      id: Id,
      field_id: Type.Integer(),
      file_name: Type.String(),
      content_type: Type.String(),
      size: Type.Integer(),
      url: Type.String({ description: "Its download, as an attachment" }),
    }),
  ),
});

const attachment = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox", "Cache-Control": "private, no-store" };

export const formsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/forms",
    { schema: { tags, summary: "List the forms with their entry counts", replies: { 200: FormListReply } } },
    async (request) => listForms(request.ctx),
  );
  app.post("/forms", { schema: { tags, summary: "Create a form", body: FormBody, replies: { 201: FormReply } } }, async (request, reply) =>
    reply.status(201).send(await saveForm(request.ctx, null, request.body)),
  );
  app.get(
    "/forms/:id",
    { schema: { tags, summary: "Read a form with its definition", params: FormParams, replies: { 200: FormReply } } },
    async (request) => readForm(request.ctx, request.params.id),
  );
  app.put(
    "/forms/:id",
    { schema: { tags, summary: "Replace a form's definition", params: FormParams, body: FormBody, replies: { 200: FormReply } } },
    async (request) => saveForm(request.ctx, request.params.id, request.body),
  );
  app.delete(
    "/forms/:id",
    {
      schema: {
        tags,
        summary: "Delete a form; one with entries only with force=true",
        description:
          "A form with entries is refused, 409 cw_rest_form_has_entries with `data.entries` and `data.files` counted, " +
          "unless the call sends force=true: then its entries and their files are deleted with it, for good.",
        params: FormParams,
        querystring: Type.Object({
          force: Type.Optional(Type.Boolean({ description: "true: delete the form's entries and their files with it" })),
        }),
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteForm(request.ctx, request.params.id, request.query.force === true);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/forms/:id/entries",
    {
      schema: {
        tags,
        summary: "List a form's entries, newest first unless told",
        params: FormParams,
        querystring: ListQuery,
        replies: { 200: EntryListReply },
      },
    },
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await listEntries(request.ctx, request.params.id, { ...query, perPage: per_page }));
    },
  );
  app.get(
    "/forms/:id/entries.csv",
    {
      schema: {
        operationId: "exportFormEntriesCsv",
        tags,
        summary: "Export a form's entries as CSV (values that could start a formula are neutralised)",
        params: FormParams,
        querystring: Type.Object(Filters),
        response: { 200: Binary },
      },
    },
    async (request, reply) => {
      const csv = await entriesExport(request.ctx, request.params.id, request.query);
      return reply
        .headers(attachment)
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="form-${request.params.id}-entries.csv"`)
        .send(Buffer.from(csv, "utf8"));
    },
  );
  app.get(
    "/form-entries/:id",
    { schema: { tags, summary: "Read an entry with its files", params: FormParams, replies: { 200: EntryReply } } },
    async (request) => readEntry(request.ctx, request.params.id),
  );
  app.delete(
    "/form-entries/:id",
    { schema: { tags, summary: "Delete an entry and its files", params: FormParams, replies: { 204: NoContent } } },
    async (request, reply) => {
      await deleteEntry(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/form-entries/:id/files/:fileId",
    { schema: { tags, summary: "Download a file of an entry (as an attachment)", params: FileParams, response: { 200: Binary } } },
    async (request, reply) => {
      const file = await entryFile(request.ctx, request.params.id, request.params.fileId);
      return reply
        .headers(attachment)
        .header("Content-Type", file.contentType)
        .header("Content-Disposition", `attachment; filename="${file.downloadName}"`)
        .send(file.data);
    },
  );
};
