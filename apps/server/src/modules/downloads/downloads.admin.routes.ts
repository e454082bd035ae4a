/**
 * The owner API's downloads (decision 0094), under /api/admin/v1: a product's downloadable
 * settings and files (under /products, so managers have them with the catalogue) and an order's
 * downloads (under /orders). Files are uploaded as multipart: the file in `file`, its shown name in `name`.
 */
import type { DownloadFile, GrantableDownload, OrderDownload, ProductDownloads } from "@cartwright/commerce/admin";
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type TSchema, Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { NoContent, nullable } from "../../http/openapi.ts";
import { MULTIPART_OVERHEAD_BYTES, readFilePartInPieces, refuseDeclaredOver } from "../../http/upload-limits.ts";
import {
  addDownloadFile,
  checkRoomForFile,
  DOWNLOAD_LIMITS,
  discardUpload,
  grantableDownloads,
  grantProductOnOrder,
  orderDownloadsForOwner,
  readProductDownloads,
  removeDownloadFile,
  renameDownloadFile,
  revokeOrderDownload,
  type StagedUpload,
  stageUpload,
  updateProductDownloads,
} from "./downloads.admin.ts";
import { CHUNK_BYTES } from "./rules.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const ProductParams = Type.Object({ id: Id });
const FileParams = Type.Object({ id: Id, fileId: Id });
const PermissionParams = Type.Object({ id: Id, permissionId: Id });
/** A positive integer or null (one type list: a 0 is refused, never taken for null). */
const nullableInteger = (maximum: number, description: string) =>
  Type.Unsafe<number | null>({ type: ["integer", "null"], minimum: 1, maximum, description });
const Settings = Type.Object(
  {
    downloadable: Type.Optional(Type.Boolean()),
    download_limit: Type.Optional(
      nullableInteger(DOWNLOAD_LIMITS.limit, "Downloads each buyer may make of each file, for each unit bought; null: unlimited"),
    ),
    download_expiry_days: Type.Optional(
      nullableInteger(DOWNLOAD_LIMITS.days, "Days after the purchase the files can be downloaded; null: never expires"),
    ),
    file_order: Type.Optional(
      Type.Array(Id, { maxItems: DOWNLOAD_LIMITS.files, description: "Every file's id, in the order to show them" }),
    ),
    version: VersionField,
  },
  { additionalProperties: false },
);
const Rename = Type.Object({ name: Type.String({ maxLength: 1000 }), version: VersionField }, { additionalProperties: false });
const Grant = Type.Object({ product_id: Id }, { additionalProperties: false });

// The replies, documented only (decision 0173): ProductDownloads, DownloadFile, OrderDownload and GrantableDownload of
// @cartwright/commerce/admin.
const version = Type.String({ description: "Send it back with a change: one changed since is refused (409)" });
const FileReply = Type.Object({
  id: Id,
  name: Type.String({ description: "Shown to buyers" }),
  file_name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer({ description: "Bytes" }),
  position: Type.Integer(),
  version,
} satisfies Record<keyof DownloadFile, TSchema>);
const ProductDownloadsReply = Type.Object({
  product_id: Id,
  downloadable: Type.Boolean(),
  download_limit: nullable(Type.Integer({ description: "null: unlimited" })),
  download_expiry_days: nullable(Type.Integer({ description: "null: never expires" })),
  files: Type.Array(FileReply),
  version,
} satisfies Record<keyof ProductDownloads, TSchema>);
const OrderDownloadReply = Type.Object({
  id: Id,
  product_id: Id,
  product_name: Type.String(),
  file_id: Id,
  file_name: Type.String(),
  email: Type.String(),
  customer_id: nullable(Id),
  downloads_remaining: nullable(Type.Integer({ description: "null: unlimited" })),
  access_expires: nullable(Type.String({ description: "null: never" })),
  download_count: Type.Integer(),
  granted_at: Type.String(),
  last_download: nullable(Type.String()),
  download_url: Type.String(),
} satisfies Record<keyof OrderDownload, TSchema>);
const OrderDownloadsReply = Type.Array(OrderDownloadReply);
const GrantableReply = Type.Array(
  Type.Object({
    product_id: Id,
    name: Type.String(),
    sku: Type.String(),
    files: Type.Integer({ description: "How many files it has" }),
    on_order: Type.Boolean({ description: "One of the order's lines: its grant is the line's, else the order's" }),
  } satisfies Record<keyof GrantableDownload, TSchema>),
);

const fileTooLarge = `A file may be at most ${DOWNLOAD_LIMITS.bytes / 1024 / 1024} MB.`;

/**
 * The file and its shown name from a multipart body: the file `file` stored as it arrives, a chunk at a
 * time (decision 0110), any other file part read and dropped. When the body is refused after the file
 * was staged, its staged rows go with the refusal.
 */
async function readUpload(request: FastifyRequest): Promise<{ file: StagedUpload | null; name: string }> {
  if (!request.isMultipart()) throw fieldsInvalid({ file: "Choose a file to upload." });
  let file: StagedUpload | null = null;
  let name = "";
  try {
    for await (const part of request.parts({
      limits: { files: 1, fileSize: DOWNLOAD_LIMITS.bytes, fields: 5, fieldSize: 4096, parts: 6 },
    })) {
      if (part.type === "file") {
        const upload = part as MultipartFile;
        if (upload.fieldname === "file")
          file = await stageUpload(request.ctx, upload, (onPiece) => readFilePartInPieces(upload, CHUNK_BYTES, onPiece));
        // Any other file part is read through and dropped, a piece at a time.
        else await readFilePartInPieces(upload, CHUNK_BYTES, async () => {});
      } else if (part.fieldname === "name") {
        if (part.valueTruncated) throw fieldsInvalid({ name: `A file's name may be at most ${DOWNLOAD_LIMITS.name} characters.` });
        name = String(part.value ?? "");
      }
    }
  } catch (error) {
    if (file) await discardUpload(request.ctx.db, file.uploadId);
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw fieldsInvalid({ file: fileTooLarge });
    if (code === "FST_FILES_LIMIT") throw fieldsInvalid({ file: "Upload one file at a time." });
    if (error instanceof StoreError) throw error;
    if (code?.startsWith("FST_") || (error instanceof Error && /multipart|boundary/i.test(error.message)))
      throw new StoreError("cw_rest_invalid_body", "The upload could not be read.", 400);
    throw error;
  }
  return { file, name };
}

export const downloadsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  app.get(
    "/products/:id/downloads",
    {
      schema: {
        tags,
        summary: "A product's or variation's downloadable settings and files",
        params: ProductParams,
        replies: { 200: ProductDownloadsReply },
      },
    },
    async (request) => readProductDownloads(request.ctx, request.params.id),
  );
  app.put(
    "/products/:id/downloads",
    {
      schema: {
        tags,
        summary: "Change whether a product or variation is downloadable, its limit, expiry and the files' order",
        description:
          "A variable product cannot be downloadable itself (its variations can). 400 rest_invalid_param names the field; 409 cw_rest_product_downloads_changed when `version` is not the settings' own (decision 0158).",
        params: ProductParams,
        body: Settings,
        replies: { 200: ProductDownloadsReply },
      },
    },
    async (request) => updateProductDownloads(request.ctx, request.params.id, request.body),
  );
  app.post(
    "/products/:id/downloads/files",
    {
      preHandler: refuseDeclaredOver(DOWNLOAD_LIMITS.bytes + MULTIPART_OVERHEAD_BYTES, () => fieldsInvalid({ file: fileTooLarge })),
      schema: {
        tags,
        summary: "Add a file to a product or variation",
        description: `multipart/form-data: \`file\` (at most ${DOWNLOAD_LIMITS.bytes / 1024 / 1024} MB; ${DOWNLOAD_LIMITS.files} files a product) and \`name\` (shown to buyers; the file's own name when blank). The bytes are kept in the database, stored as they arrive.`,
        consumes: ["multipart/form-data"],
        params: ProductParams,
        replies: { 201: FileReply },
      },
    },
    async (request, reply) => {
      // A product that does not exist or has all its files is refused before the body is read.
      await checkRoomForFile(request.ctx, request.params.id);
      const { file, name } = await readUpload(request);
      try {
        return reply.status(201).send(await addDownloadFile(request.ctx, request.params.id, file, name));
      } finally {
        // Stored or refused, the staged rows are no longer needed (a stored file's went in its transaction).
        if (file) await discardUpload(request.ctx.db, file.uploadId);
      }
    },
  );
  app.patch(
    "/products/:id/downloads/files/:fileId",
    {
      schema: {
        tags,
        summary: "Rename a file as buyers see it; 409 cw_rest_download_file_changed when `version` is not the file's own",
        params: FileParams,
        body: Rename,
        replies: { 200: ProductDownloadsReply },
      },
    },
    async (request) => renameDownloadFile(request.ctx, request.params.id, request.params.fileId, request.body.name, request.body.version),
  );
  app.delete(
    "/products/:id/downloads/files/:fileId",
    { schema: { tags, summary: "Remove a file (the downloads granted of it go too)", params: FileParams, replies: { 204: NoContent } } },
    async (request, reply) => {
      await removeDownloadFile(request.ctx, request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/orders/:id/downloads",
    { schema: { tags, summary: "An order's downloads with their counts", params: ProductParams, replies: { 200: OrderDownloadsReply } } },
    async (request) => orderDownloadsForOwner(request.ctx, request.params.id),
  );
  app.get(
    "/orders/:id/downloads/grantable",
    {
      schema: {
        operationId: "listGrantableOrderDownloads",
        tags,
        summary: "The downloadable products the owner may grant on this order",
        description: "Downloadable products and variations with files, the order's lines first (`on_order`), then by name; at most 500.",
        params: ProductParams,
        replies: { 200: GrantableReply },
      },
    },
    async (request) => grantableDownloads(request.ctx, request.params.id),
  );
  app.post(
    "/orders/:id/downloads",
    {
      schema: {
        tags,
        summary: "Grant access to a downloadable product's files on this order",
        description:
          "Any downloadable product or variation with files: one of the order's lines is granted to its line (the limit times its quantity), any other to the order (the limit once). Files already granted are kept as they are. 400 rest_invalid_param beside `product_id` when the product does not exist, is not downloadable or has no files.",
        params: ProductParams,
        body: Grant,
        replies: {
          201: Type.Object({
            added: Type.Integer({ description: "Downloads granted now (files already granted are kept)" }),
            downloads: OrderDownloadsReply,
          }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await grantProductOnOrder(request.ctx, request.params.id, request.body.product_id)),
  );
  app.delete(
    "/orders/:id/downloads/:permissionId",
    { schema: { tags, summary: "Revoke one download of an order", params: PermissionParams, replies: { 204: NoContent } } },
    async (request, reply) => {
      await revokeOrderDownload(request.ctx, request.params.id, request.params.permissionId);
      return reply.status(204).send(null);
    },
  );
};
