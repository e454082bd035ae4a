/**
 * Product images the owner uploads (issue 19, decision 0045): each image's size and content hash,
 * and its resized files (a few widths in AVIF, WebP and a fallback format) kept in the database
 * beside it, so every server process serves the same files. The variants are derived from the
 * image and never change under their name, so no revision follows them.
 */
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { binaryType, notNull } from "./helpers.ts";

/** The first 10 hex digits of the bytes' SHA-256: the part of a variant's name that changes with its content. */
const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 10);

/** An SVG's declared width and height (the demo's pictures say 600 by 600). */
function svgSize(bytes: Uint8Array): { width: number; height: number } | null {
  const head = Buffer.from(bytes).subarray(0, 2048).toString("utf8");
  const width = /<svg[^>]*\swidth="(\d+)"/.exec(head)?.[1];
  const height = /<svg[^>]*\sheight="(\d+)"/.exec(head)?.[1];
  return width && height ? { width: Number(width), height: Number(height) } : null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("media").addColumn("width", "integer").execute();
  await db.schema.alterTable("media").addColumn("height", "integer").execute();
  await db.schema
    .alterTable("media")
    .addColumn("hash", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("media_variants")
    .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
    .addColumn("width", "integer", notNull)
    .addColumn("format", "text", notNull)
    .addColumn("height", "integer", notNull)
    .addColumn("bytes", binaryType(db), notNull)
    .addPrimaryKeyConstraint("media_variants_pk", ["media_id", "width", "format"])
    .execute();
  // Which products use an image: deleting one is refused while any does.
  await db.schema.createIndex("product_images_media").on("product_images").column("media_id").execute();

  // Images stored before this migration (the demo's) get their size and hash; their files are made on first request.
  const rows = (await sql<{ id: number; content_type: string; bytes: Uint8Array }>`select id, content_type, bytes from media`.execute(db))
    .rows;
  for (const row of rows) {
    const size = row.content_type === "image/svg+xml" ? svgSize(row.bytes) : null;
    await sql`update media set hash = ${hashOf(row.bytes)}, width = ${size?.width ?? null}, height = ${size?.height ?? null} where id = ${row.id}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("product_images_media").ifExists().execute();
  await db.schema.dropTable("media_variants").ifExists().execute();
  await db.schema.alterTable("media").dropColumn("hash").execute();
  await db.schema.alterTable("media").dropColumn("height").execute();
  await db.schema.alterTable("media").dropColumn("width").execute();
}
