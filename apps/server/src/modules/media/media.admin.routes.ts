/**
 * The owner API's media library (under /api/admin/v1, behind requireOwner), open to managers as the
 * catalogue is (MANAGER_AREAS, decision 0045). Uploads are multipart: the image in `file`, its alt
 * text in `alt`.
 */
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { StoreError } from "../../http/errors.ts";
import { NoContent } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import { MULTIPART_OVERHEAD_BYTES, readFilePart, refuseDeclaredOver } from "../../http/upload-limits.ts";
import { MEDIA_LIMITS, MEDIA_MESSAGES } from "./checks.ts";
import { OwnerMediaSchema } from "./media.schemas.ts";
import { deleteMedia, listMedia, MAX_ALT_LENGTH, mediaInvalid, readMedia, updateMedia, uploadMedia } from "./media.service.ts";

const tags = ["owner"];
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100, description: "Part of the file name or alt text" })),
  ...pagingQuery(40),
});
const Patch = Type.Object(
  {
    alt: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: `What the image shows, for people who cannot see it (at most ${MAX_ALT_LENGTH} characters)`,
      }),
    ),
  },
  { additionalProperties: false },
);

/** One image and its alt text from a multipart body; a second file, or anything past the limits, is refused beside `file`. */
async function readUpload(request: FastifyRequest): Promise<{ file: { filename: string; bytes: Buffer } | null; alt: string }> {
  if (!request.isMultipart()) throw mediaInvalid({ file: MEDIA_MESSAGES.missing });
  let file: { filename: string; bytes: Buffer } | null = null;
  let alt = "";
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: MEDIA_LIMITS.bytes, fields: 5, fieldSize: 4096, parts: 6 } })) {
      if (part.type === "file") {
        const upload = part as MultipartFile;
        const bytes = await readFilePart(upload);
        if (upload.fieldname === "file" && !(upload.filename === "" && bytes.length === 0)) file = { filename: upload.filename, bytes };
      } else if (part.fieldname === "alt") {
        if (part.valueTruncated) throw mediaInvalid({ alt: `Alt text may be at most ${MAX_ALT_LENGTH} characters.` });
        alt = String(part.value ?? "");
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw mediaInvalid({ file: MEDIA_MESSAGES.tooLarge });
    if (code === "FST_FILES_LIMIT") throw mediaInvalid({ file: "Upload one image at a time." });
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
      throw new StoreError("cw_rest_invalid_body", "The upload has too many fields.", 400);
    if (error instanceof StoreError) throw error;
    if (code?.startsWith("FST_") || (error instanceof Error && /multipart|boundary/i.test(error.message))) {
      throw new StoreError("cw_rest_invalid_body", "The upload could not be read.", 400);
    }
    throw error;
  }
  return { file, alt };
}

export const mediaAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  app.post(
    "/media",
    {
      preHandler: refuseDeclaredOver(MEDIA_LIMITS.bytes + MULTIPART_OVERHEAD_BYTES, () => mediaInvalid({ file: MEDIA_MESSAGES.tooLarge })),
      schema: {
        operationId: "uploadMedia",
        tags,
        summary: "Upload an image",
        description: `multipart/form-data: \`file\` (a JPEG, PNG, WebP, AVIF or GIF of at most ${MEDIA_LIMITS.bytes / 1024 / 1024} MB and ${MEDIA_LIMITS.pixels / 1_000_000} megapixels, judged by its content; SVG, programs and files hiding another format are refused) and \`alt\`. The image is kept upright, without its metadata, at most 2400 pixels a side, with files 300, 600 and 1200 pixels wide (never upscaled) in AVIF, WebP and JPEG or PNG. 400 rest_invalid_param with the reason beside \`file\` or \`alt\`.`,
        consumes: ["multipart/form-data"],
        replies: { 201: OwnerMediaSchema },
      },
    },
    async (request, reply) => {
      const { file, alt } = await readUpload(request);
      return reply.status(201).send(await uploadMedia(request.ctx, file, alt));
    },
  );
  app.get(
    "/media",
    {
      schema: {
        operationId: "listMedia",
        tags,
        summary: "List images, newest first, with the products using each",
        querystring: ListQuery,
        replies: { 200: pagedListReply({ media: Type.Array(OwnerMediaSchema) }) },
      },
    },
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await listMedia(request.ctx, { ...query, perPage: per_page }));
    },
  );
  app.get(
    "/media/:id",
    { schema: { tags, summary: "Read an image", params: Params, replies: { 200: OwnerMediaSchema } } },
    async (request) => readMedia(request.ctx, request.params.id),
  );
  app.patch(
    "/media/:id",
    {
      schema: {
        tags,
        summary: "Change an image's alt text (every product showing it shows the new text)",
        params: Params,
        body: Patch,
        replies: { 200: OwnerMediaSchema },
      },
    },
    async (request) => updateMedia(request.ctx, request.params.id, request.body),
  );
  app.delete(
    "/media/:id",
    {
      schema: {
        tags,
        summary: "Delete an image and its resized files",
        description: "409 cw_rest_media_in_use, naming the products, while a product or variation shows it.",
        params: Params,
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteMedia(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
