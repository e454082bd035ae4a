/**
 * The product CSV in the owner API (decision 0046; the format: docs/product-csv.md): the export,
 * and the import as `text/csv` or a multipart form's `file`, with a dry run. Open to managers as
 * the rest of /products (MANAGER_AREAS).
 */

import { Readable } from "node:stream";
import { groupedWhole } from "@cartwright/commerce";
import type { ImportSummary } from "@cartwright/commerce/admin";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type TSchema, Type } from "typebox";
import { StoreError } from "../../http/errors.ts";
import { IdSchema } from "../../http/input.ts";
import { MULTIPART_OVERHEAD_BYTES, readFilePart, refuseDeclaredOver } from "../../http/upload-limits.ts";
import { exportProducts } from "./products.csv-export.ts";
import { importProducts, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./products.import.ts";

const tags = ["owner"];
const MB = MAX_IMPORT_BYTES / 1024 / 1024;

const ExportQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100, description: "Part of the name, SKU (a variation's too) or slug" })),
  category: Type.Optional(IdSchema()),
  stock_status: Type.Optional(Type.Union([Type.Literal("instock"), Type.Literal("outofstock"), Type.Literal("onbackorder")])),
  type: Type.Optional(Type.Union([Type.Literal("simple"), Type.Literal("variable")])),
  status: Type.Optional(Type.Union([Type.Literal("publish"), Type.Literal("draft")])),
});

const ImportQuery = Type.Object({
  dry_run: Type.Optional(
    Type.Union([Type.Literal("1"), Type.Literal("0"), Type.Literal("true"), Type.Literal("false")], {
      description: "1: check the file and say what it would create and update, writing nothing",
    }),
  ),
});

const count = (description: string) => Type.Integer({ minimum: 0, description });
const names = (description: string) => Type.Array(Type.String(), { description });
const ids = (description: string) => Type.Array(Type.Integer(), { description });

/** The answer's fields: every one of ImportSummary's, and no other (`satisfies` fails the typecheck on a field missing or extra). */
const importSummaryFields = {
  dry_run: Type.Boolean(),
  rows: count("The file's rows, the header left out"),
  created: count("Products the file adds"),
  updated: count("Existing products the file changes: written, and told to webhooks as product.updated"),
  unchanged: count("Existing products the file names whose rows would change nothing: not written (no new date_modified, no webhook)"),
  variations_created: count("Variation rows that add a variation"),
  variations_updated: count("Variation rows that change their variation"),
  variations_unchanged: count("Variation rows that would change nothing: not written"),
  new_categories: names('Categories the file names that the shop lacks, made by the import ("Top > Child")'),
  new_brands: names("Brands the file names that the shop lacks"),
  new_tags: names("Tags the file names that the shop lacks"),
  new_attributes: names("Attributes the file names that the shop lacks"),
  new_terms: names('Attribute terms the file names that the shop lacks ("Size: XL")'),
  ignored_columns: names("Columns the import does not read"),
  created_ids: ids("The products made; empty in a dry run"),
  updated_ids: ids("The products changed (not those unchanged); empty in a dry run"),
} satisfies Record<keyof ImportSummary, TSchema>;
const ImportSummarySchema = Type.Object(importSummaryFields);

const tooLarge = () => new StoreError("cw_rest_import_too_large", `A product file may be at most ${MB} MB: split it.`, 413);

/** The file's bytes and name: the body itself (text/csv), or the `file` part of a multipart form. */
async function fileOf(request: FastifyRequest): Promise<{ bytes: Uint8Array; name: string }> {
  if (!request.isMultipart()) {
    if (!Buffer.isBuffer(request.body))
      throw new StoreError("cw_rest_import_no_file", "Send the CSV file as text/csv or as a form's file.", 400);
    return { bytes: request.body, name: "products.csv" };
  }
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      // Every file part is read, whatever its field: one left unread stalls the form and the request never ends.
      const bytes = await readFilePart(part);
      if (part.fieldname === "file") return { bytes, name: part.filename.slice(0, 200) || "products.csv" };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new StoreError("cw_rest_import_no_file", "Send one file, named file.", 400);
    }
    throw new StoreError("cw_rest_import_no_file", "The form data could not be read.", 400);
  }
  throw new StoreError("cw_rest_import_no_file", "The form has no file: send the CSV file as the field named file.", 400);
}

export const productsCsvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only in this scope: the rest of the owner API takes JSON alone.
  app.addContentTypeParser(["text/csv", "application/csv"], { parseAs: "buffer", bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2, parts: 3 } });
  // The text/csv body over its limit is refused by Fastify before the route: answered as the form's file is.
  app.setErrorHandler((error) => {
    throw (error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE" ? tooLarge() : error;
  });

  app.get(
    "/products/export",
    {
      schema: {
        operationId: "exportProductsCsv",
        tags,
        summary: "Every product the list's filters match, drafts too, as the product CSV (docs/product-csv.md)",
        description:
          "Each product's row is followed by its variations' rows. Cells that could start a formula in a spreadsheet get a leading ' that the import takes off.",
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const chunks = await exportProducts(request.ctx, request.query);
      const day = (request.ctx.now ?? new Date()).toISOString().slice(0, 10);
      return reply
        .headers({
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="products-${day}.csv"`,
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox",
          "Cache-Control": "private, no-store",
        })
        .send(Readable.from(chunks));
    },
  );

  app.post(
    "/products/import",
    {
      bodyLimit: MAX_IMPORT_BYTES,
      preHandler: refuseDeclaredOver(MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES, tooLarge),
      schema: {
        tags,
        summary: "Create and update products from a product CSV file (docs/product-csv.md)",
        description: `The body is the file (text/csv) or a multipart form with the field file; at most ${MB} MB and ${groupedWhole(MAX_IMPORT_ROWS)} rows. Rows name existing products by ID or SKU (updated) or are created; categories, tags, attributes and terms named that do not exist are created. Every row is checked as a product write is: if any has a problem, nothing is written and 400 cw_rest_import_invalid lists each problem with its line (the header is line 1) and column. dry_run=1 checks and counts without writing. A product or variation whose row would change nothing it holds is counted unchanged and not written.`,
        querystring: ImportQuery,
        response: { 200: ImportSummarySchema },
      },
    },
    async (request) => {
      const file = await fileOf(request);
      return importProducts(request.ctx, file.bytes, {
        dryRun: request.query.dry_run === "1" || request.query.dry_run === "true",
        fileName: file.name,
      });
    },
  );
};
