/**
 * The shop's images (issue 19, decision 0045): the owner's uploads, checked and cleaned, with their
 * resized files written in the same transaction as the image and its change_log row; alt text;
 * deletes refused while a product uses the image; and the files served to shoppers, any resized
 * file missing (the demo's, seeded as SVG) made on its first request and kept.
 */
import { createHash } from "node:crypto";
import type { MediaList, OwnerMedia } from "@cartwright/commerce/admin";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { pagingOf } from "../../http/paging.ts";
import { checkImageBytes, cleanFilename, MEDIA_MESSAGES } from "./checks.ts";
import { cleanUpload, ImageRefused, renderVariant, renderVariants } from "./resize.ts";
import {
  FORMAT_TYPES,
  fallbackFormat,
  type MediaFacts,
  mediaLink,
  negotiateFormat,
  storeImage,
  type VariantFormat,
  variantWidthOf,
  variantWidths,
} from "./sizes.ts";

export type { MediaList, OwnerMedia } from "@cartwright/commerce/admin";

/** The first 10 hex digits of the bytes' SHA-256, in the resized files' names. */
export const mediaHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 10);

export const MAX_ALT_LENGTH = 500;

/** 400 with the reason beside its field (`file`, `alt`), as the catalogue's errors (decision 0043). */
export const mediaInvalid = fieldsInvalid;

const notFound = () => new StoreError("cw_rest_media_not_found", "No such image.", 404);

const FACTS = ["id", "filename", "content_type", "alt", "width", "height", "hash"] as const;

const toFacts = (row: {
  id: number;
  filename: string;
  content_type: string;
  alt: string;
  width: number | null;
  height: number | null;
  hash: string;
}): MediaFacts => ({
  ...row,
  id: Number(row.id),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
});

/** The images of products given, in each product's gallery order: what the Store API and the owner's product read. */
export async function productImages(db: Db, productIds: number[]): Promise<(MediaFacts & { product_id: number })[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom("product_images as pi")
    .innerJoin("media as m", "m.id", "pi.media_id")
    .select(["pi.product_id", "m.id", "m.filename", "m.content_type", "m.alt", "m.width", "m.height", "m.hash"])
    .where("pi.product_id", "in", productIds)
    .orderBy("pi.position")
    .orderBy("m.id")
    .execute();
  return rows.map((row) => ({ ...toFacts(row), product_id: Number(row.product_id) }));
}

/** Products using each image: a variation's use is named by its parent. */
async function usersOf(db: Db, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const users = new Map<number, { id: number; name: string }[]>();
  if (!ids.length) return users;
  const rows = await db
    .selectFrom("product_images as pi")
    .innerJoin("products as p", "p.id", "pi.product_id")
    .leftJoin("products as parent", "parent.id", "p.parent_id")
    .select(["pi.media_id", "p.id", "p.name", "p.parent_id", "parent.name as parent_name"])
    .where("pi.media_id", "in", ids)
    .orderBy("p.id")
    .execute();
  for (const row of rows) {
    const id = Number(row.parent_id ?? row.id);
    const name = row.parent_name ?? row.name;
    const list = users.get(Number(row.media_id)) ?? [];
    if (!list.some((u) => u.id === id)) list.push({ id, name });
    users.set(Number(row.media_id), list);
  }
  return users;
}

type MediaRow = MediaFacts & { size: number; created_at: string };

function ownerMedia(row: MediaRow, usedBy: { id: number; name: string }[]): OwnerMedia {
  const image = storeImage(row);
  return {
    id: row.id,
    src: image.src,
    thumbnail: image.thumbnail,
    srcset: image.srcset,
    alt: row.alt,
    width: row.width,
    height: row.height,
    filename: row.filename,
    content_type: row.content_type,
    size: row.size,
    created_at: row.created_at,
    used_by: usedBy,
  };
}

function selectMedia(db: Db) {
  return db
    .selectFrom("media")
    .select([...FACTS, "created_at"])
    .select((eb) => eb.fn<number>("length", ["bytes"]).as("size"));
}

async function readOne(db: Db, id: number): Promise<OwnerMedia | undefined> {
  const row = await selectMedia(db).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const users = await usersOf(db, [id]);
  return ownerMedia({ ...toFacts(row), size: Number(row.size), created_at: row.created_at }, users.get(id) ?? []);
}

function checkAlt(alt: string): string {
  const clean = alt.trim();
  if (clean.length > MAX_ALT_LENGTH) throw mediaInvalid({ alt: `Alt text may be at most ${MAX_ALT_LENGTH} characters.` });
  return clean;
}

/**
 * An uploaded image: checked by its bytes, cleaned (upright, metadata stripped, at most 2400 pixels
 * a side), its resized files made; then the image, its files and the change_log row in one transaction.
 */
export async function uploadMedia(
  ctx: RequestContext,
  file: { filename: string; bytes: Buffer } | null,
  altText: string,
): Promise<OwnerMedia> {
  if (!file) throw mediaInvalid({ file: MEDIA_MESSAGES.missing });
  const alt = checkAlt(altText);
  const check = await checkImageBytes(file.bytes);
  if ("error" in check) throw mediaInvalid({ file: check.error });
  let clean: Awaited<ReturnType<typeof cleanUpload>>;
  try {
    clean = await cleanUpload(file.bytes, check.contentType);
  } catch (error) {
    if (error instanceof ImageRefused) throw mediaInvalid({ file: error.message });
    throw error;
  }
  const contentType = FORMAT_TYPES[clean.format];
  const filename = cleanFilename(file.filename, clean.format === "jpeg" ? "jpg" : clean.format);
  const widths = variantWidths({ width: clean.width, content_type: contentType });
  const variants = await renderVariants(clean.bytes, contentType, widths, fallbackFormat(contentType));
  const now = (ctx.now ?? new Date()).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("media")
      .values({
        filename,
        content_type: contentType,
        alt,
        bytes: clean.bytes,
        width: clean.width,
        height: clean.height,
        hash: mediaHash(clean.bytes),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const mediaId = Number(id);
    for (const v of variants) {
      await trx
        .insertInto("media_variants")
        .values({ media_id: mediaId, width: v.width, format: v.format, height: v.height, bytes: v.bytes })
        .execute();
    }
    const after = (await readOne(trx, mediaId)) as OwnerMedia;
    await logOwnerChange(trx, ctx, "media", mediaId, null, after);
    return after;
  });
}

export async function listMedia(ctx: RequestContext, query: { search?: string; page: number; perPage: number }): Promise<MediaList> {
  const { db } = ctx;
  let base = db.selectFrom("media");
  const words = query.search?.trim().toLowerCase();
  if (words) {
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb(eb.fn("lower", ["filename"]), "like", pattern), eb(eb.fn("lower", ["alt"]), "like", pattern)]));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  const ids = (
    await base
      .select("id")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute()
  ).map((row) => Number(row.id));
  const rows = ids.length ? await selectMedia(db).where("id", "in", ids).execute() : [];
  const users = await usersOf(db, ids);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return {
    media: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [ownerMedia({ ...toFacts(row), size: Number(row.size), created_at: row.created_at }, users.get(id) ?? [])] : [];
    }),
    ...pagingOf(Number(total), query.page, query.perPage),
  };
}

export async function readMedia(ctx: RequestContext, id: number): Promise<OwnerMedia> {
  const media = await readOne(ctx.db, id);
  if (!media) throw notFound();
  return media;
}

/** Changes an image's alt text, which every product showing it shows. */
export async function updateMedia(ctx: RequestContext, id: number, changes: { alt?: string }): Promise<OwnerMedia> {
  const alt = changes.alt === undefined ? undefined : checkAlt(changes.alt);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readOne(trx, id);
    if (!before) throw notFound();
    if (alt === undefined || alt === before.alt) return before;
    await trx.updateTable("media").set({ alt }).where("id", "=", id).execute();
    const after = (await readOne(trx, id)) as OwnerMedia;
    await logOwnerChange(trx, ctx, "media", id, before, after);
    return after;
  });
}

/** Sets alt texts of several images inside a caller's transaction (a product's gallery save). */
export async function setAltTexts(db: Db, changes: { id: number; alt: string }[]): Promise<void> {
  for (const change of changes)
    await db
      .updateTable("media")
      .set({ alt: change.alt.trim() })
      .where("id", "=", change.id)
      .where("alt", "<>", change.alt.trim())
      .execute();
}

/** Ids among those given that no image has. */
export async function missingMedia(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = new Set((await db.selectFrom("media").select("id").where("id", "in", ids).execute()).map((row) => Number(row.id)));
  return ids.filter((id) => !found.has(id));
}

/**
 * Deletes an image and its files. Refused (409) while a product or variation shows it: the owner
 * takes it out of their galleries first, so no product page loses its picture unseen.
 */
export async function deleteMedia(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await readOne(trx, id);
    if (!before) throw notFound();
    if (before.used_by.length) {
      const names = before.used_by.map((u) => `“${u.name}”`).join(", ");
      throw new StoreError(
        "cw_rest_media_in_use",
        `This image is shown by ${names}: take it out of ${before.used_by.length === 1 ? "that product" : "those products"} first.`,
        409,
        { products: before.used_by },
      );
    }
    await trx.deleteFrom("media").where("id", "=", id).execute();
    await logOwnerChange(trx, ctx, "media", id, before, null);
  });
}

export interface MediaFile {
  bytes: Uint8Array;
  contentType: string;
  /** A resized file: its name changes with its content, and its format with the request's Accept. */
  variant: boolean;
}

/**
 * The file at /media/{id}/{name}: the stored image under its own name, or a resized file under its
 * variant name in the format the Accept header takes (made and kept if it is not there yet).
 */
export async function mediaFile(db: Db, id: number, name: string, accept: string | undefined): Promise<MediaFile | null> {
  const row = await db.selectFrom("media").select(FACTS).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const media = toFacts(row);
  if (name === media.filename) {
    const stored = await db.selectFrom("media").select("bytes").where("id", "=", id).executeTakeFirstOrThrow();
    return { bytes: stored.bytes, contentType: media.content_type, variant: false };
  }
  const width = variantWidthOf(media, name);
  if (width === null) return null;
  const format = negotiateFormat(accept, fallbackFormat(media.content_type));
  const kept = await db
    .selectFrom("media_variants")
    .select("bytes")
    .where("media_id", "=", id)
    .where("width", "=", width)
    .where("format", "=", format)
    .executeTakeFirst();
  if (kept) return { bytes: kept.bytes, contentType: FORMAT_TYPES[format], variant: true };
  return { bytes: await makeVariant(db, media, width, format), contentType: FORMAT_TYPES[format], variant: true };
}

/** A resized file not made yet (the demo's, or a width added later): made once and kept; a race keeps the first. */
async function makeVariant(db: Db, media: MediaFacts, width: number, format: VariantFormat): Promise<Uint8Array> {
  const { bytes: source } = await db.selectFrom("media").select("bytes").where("id", "=", media.id).executeTakeFirstOrThrow();
  const made = await renderVariant(source, media.content_type, width, format);
  await db
    .insertInto("media_variants")
    .values({ media_id: media.id, width, format, height: made.height, bytes: made.bytes })
    .onConflict((oc) => oc.columns(["media_id", "width", "format"]).doNothing())
    .execute();
  return made.bytes;
}

export { mediaLink };
