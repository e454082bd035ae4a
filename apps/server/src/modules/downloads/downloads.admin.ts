/**
 * The owner's side of downloads (decision 0094): a product's or variation's downloadable switch,
 * limit, expiry and files (upload, rename, reorder, remove), and an order's permissions (list with
 * counts, grant a line's files again, revoke one). Every write keeps its change_log row.
 */
import { createHash, randomUUID } from "node:crypto";
import type { GrantableDownload, OrderDownload, ProductDownloads } from "@cartwright/commerce/admin";
import { sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { downloadPath } from "./downloads.service.ts";
import { grantOrderDownloads, newDownloadKey } from "./grants.ts";
import { accessExpires, CHUNK_BYTES, downloadsGranted, typeOfUpload, uploadName } from "./rules.ts";

/** Bounds of a product's files. */
export const DOWNLOAD_LIMITS = { bytes: 50 * 1024 * 1024, files: 20, name: 200, limit: 1_000_000, days: 36_500 };

export const downloadErrors = {
  productNotFound: () => new StoreError("cw_rest_product_not_found", "No such product.", 404),
  fileNotFound: () => new StoreError("cw_rest_download_file_not_found", "No such file on this product.", 404),
  orderNotFound: () => new StoreError("cw_rest_order_not_found", "No order has this id.", 404),
  permissionNotFound: () => new StoreError("cw_rest_download_not_found", "No such download on this order.", 404),
  settingsChanged: (current: string) => staleEdit("cw_rest_product_downloads_changed", "download settings", current, { plural: true }),
  fileChanged: (current: string) => staleEdit("cw_rest_download_file_changed", "file", current),
};

type SettingsRow = { downloadable: number; download_limit: number | null; download_expiry_days: number | null };

/**
 * What the settings' save writes (decision 0158): the switch, the limit and the expiry. Not the files: each has its
 * own version, and their order is a reorder's, which names every file and is refused for any other set.
 */
const settingsVersion = (row: SettingsRow) =>
  editVersion({ downloadable: row.downloadable === 1, limit: row.download_limit, expiry: row.download_expiry_days });

/** What a rename writes: the file's shown name. */
const fileVersion = (file: { name: string }) => editVersion({ name: file.name });

const nowOf = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();

/** The product's download columns; locked for the write's transaction when `forUpdate` (PostgreSQL; SQLite serialises writes). */
async function productOf(db: Db, id: number, { forUpdate = false } = {}) {
  let query = db
    .selectFrom("products")
    .select(["id", "type", "downloadable", "download_limit", "download_expiry_days"])
    .where("id", "=", id);
  if (forUpdate && isPostgres(db)) query = query.forUpdate();
  const product = await query.executeTakeFirst();
  if (!product) throw downloadErrors.productNotFound();
  return product;
}

export async function readProductDownloads(ctx: RequestContext, productId: number): Promise<ProductDownloads> {
  return productDownloads(ctx.db, await productOf(ctx.db, productId));
}

async function productDownloads(db: Db, product: Awaited<ReturnType<typeof productOf>>): Promise<ProductDownloads> {
  const files = await db
    .selectFrom("download_files")
    .select(["id", "name", "file_name", "content_type", "size", "position"])
    .where("product_id", "=", product.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    product_id: product.id,
    downloadable: product.downloadable === 1,
    download_limit: product.download_limit,
    download_expiry_days: product.download_expiry_days,
    files: files.map((file) => ({ ...file, version: fileVersion(file) })),
    version: settingsVersion(product),
  };
}

export interface DownloadSettingsInput {
  downloadable?: boolean;
  download_limit?: number | null;
  download_expiry_days?: number | null;
  /** The files' ids in the order to show them; every file of the product, once. */
  file_order?: number[];
  /** The settings' version as read: a save on settings changed since is refused (decision 0158). */
  version?: string;
}

/** Changes a product's downloadable switch, limit, expiry and the files' order; a stale `version` is refused, nothing written. */
export async function updateProductDownloads(
  ctx: RequestContext,
  productId: number,
  { version, ...input }: DownloadSettingsInput,
): Promise<ProductDownloads> {
  await productOf(ctx.db, productId);
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    // Read under the write's lock: a save made meanwhile is seen, and a stale copy refused before anything is written.
    const product = await productOf(db, productId, { forUpdate: true });
    const before = await productDownloads(db, product);
    checkVersion(version, before.version, downloadErrors.settingsChanged);
    const errors: Record<string, string> = {};
    if (input.downloadable && product.type === "variable")
      errors.downloadable = "A variable product is not downloadable itself: make its variations downloadable.";
    if (input.file_order) {
      const have = before.files.map((f) => f.id).sort((a, b) => a - b);
      const given = [...input.file_order].sort((a, b) => a - b);
      if (have.length !== given.length || have.some((id, i) => id !== given[i]))
        errors.file_order = "List every file of this product once, in the order to show them.";
    }
    if (Object.keys(errors).length) throw fieldsInvalid(errors);
    const set: { downloadable?: 0 | 1; download_limit?: number | null; download_expiry_days?: number | null; updated_at: string } = {
      updated_at: nowOf(ctx),
    };
    if (input.downloadable !== undefined) set.downloadable = input.downloadable ? 1 : 0;
    if (input.download_limit !== undefined) set.download_limit = input.download_limit;
    if (input.download_expiry_days !== undefined) set.download_expiry_days = input.download_expiry_days;
    await db.updateTable("products").set(set).where("id", "=", productId).execute();
    for (const [position, id] of (input.file_order ?? []).entries())
      await db.updateTable("download_files").set({ position }).where("id", "=", id).where("product_id", "=", productId).execute();
    const { files: _files, version: _version, ...was } = before;
    await logOwnerChange(db, ctx, "product_downloads", productId, was, { ...input });
  });
  return readProductDownloads(ctx, productId);
}

/** How long an upload may go without writing a staged row before its rows count as left by a process that died (decision 0110). */
const STAGED_UPLOAD_TTL_MS = 3_600_000;

/** An upload of a download file stored chunk by chunk as it arrived (decision 0110), not yet a product's file. */
export interface StagedUpload {
  uploadId: string;
  filename: string;
  mimetype: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  digest: string;
}

/** Refuses an upload to a product that does not exist or has all its files before its body is read. */
export async function checkRoomForFile(ctx: RequestContext, productId: number): Promise<void> {
  await productOf(ctx.db, productId);
  await checkFileCount(ctx.db, productId);
}

async function checkFileCount(db: Db, productId: number) {
  const count = await db
    .selectFrom("download_files")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("position").as("last")])
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= DOWNLOAD_LIMITS.files) throw fieldsInvalid({ file: `A product may have at most ${DOWNLOAD_LIMITS.files} files.` });
  return count.last === null ? 0 : Number(count.last) + 1;
}

/**
 * Stores an upload's bytes as they arrive (decision 0110): `read` hands on pieces of CHUNK_BYTES, each
 * written as one staged row in its own statement (no transaction stays open while the client sends),
 * so the server holds about one chunk. When reading fails (over the limit, the client gone, a bad
 * body), the rows written are deleted and the error goes on. Leftovers of a process that died are
 * swept by the next upload and by the server's sweep (deleteStaleUploads).
 */
export async function stageUpload(
  ctx: RequestContext,
  part: { filename: string; mimetype: string },
  read: (onPiece: (piece: Buffer) => Promise<void>) => Promise<number>,
): Promise<StagedUpload> {
  const uploadId = randomUUID();
  const clock = () => ctx.now ?? new Date();
  await deleteStaleUploads(ctx.db, clock());
  const hash = createHash("sha256");
  let seq = 0;
  try {
    const size = await read(async (piece) => {
      hash.update(piece);
      // Each row dated when it is written: an upload still arriving always has a recent one (deleteStaleUploads).
      await ctx.db
        .insertInto("download_upload_chunks")
        .values({ upload_id: uploadId, seq: seq++, data: piece, created_at: clock().toISOString() })
        .execute();
    });
    return { uploadId, filename: part.filename, mimetype: part.mimetype, size, digest: hash.digest("hex") };
  } catch (error) {
    await discardUpload(ctx.db, uploadId);
    throw error;
  }
}

/**
 * Deletes the staged rows of uploads that stopped arriving (decision 0110): those none of whose rows was
 * written in the last hour, left by a process that died mid-upload or a client that stalled that long.
 * An upload still arriving, in this process or another over the same database, writes a row every
 * chunk, so it is never one of them however long it has been going. Run by each upload before it
 * stages its own, and by the server's sweep, once it listens and every five minutes. Answers how many
 * rows it deleted.
 */
export async function deleteStaleUploads(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STAGED_UPLOAD_TTL_MS).toISOString();
  // Both sides read the created_at index: the rows past the cutoff, less those of an upload with a row since.
  const deleted = await db
    .deleteFrom("download_upload_chunks")
    .where("created_at", "<", cutoff)
    .where("upload_id", "not in", (eb) => eb.selectFrom("download_upload_chunks").select("upload_id").where("created_at", ">=", cutoff))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Deletes a staged upload's rows (none left once it became a file). */
export async function discardUpload(db: Db, uploadId: string): Promise<void> {
  await db.deleteFrom("download_upload_chunks").where("upload_id", "=", uploadId).execute();
}

/**
 * Adds a staged upload to a product as its last file; its name defaults to the file's own. The file's
 * row, its chunks (moved from the staged rows by the database, never through this process) and the
 * change log are one transaction. The caller discards the staged rows whatever happens.
 */
export async function addDownloadFile(
  ctx: RequestContext,
  productId: number,
  upload: StagedUpload | null,
  name: string,
): Promise<ProductDownloads["files"][number]> {
  await productOf(ctx.db, productId);
  const fileName = upload ? uploadName(upload.filename) : "";
  const shown = (name.trim() || fileName).slice(0, DOWNLOAD_LIMITS.name);
  if (!upload || upload.size === 0) throw fieldsInvalid({ file: "Choose a file to upload." });
  if (!fileName) throw fieldsInvalid({ file: "The file needs a name." });
  if (name.trim().length > DOWNLOAD_LIMITS.name)
    throw fieldsInvalid({ name: `A file's name may be at most ${DOWNLOAD_LIMITS.name} characters.` });
  const position = await checkFileCount(ctx.db, productId);
  const row = {
    product_id: productId,
    name: shown,
    position,
    file_name: fileName,
    content_type: typeOfUpload(fileName, upload.mimetype),
    size: upload.size,
    created_at: nowOf(ctx),
    digest: upload.digest,
    chunk_bytes: CHUNK_BYTES,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const { id } = await db.insertInto("download_files").values(row).returning("id").executeTakeFirstOrThrow();
    // In chunk rows, so a download reads a piece at a time (decision 0100); copied inside the database.
    const moved = await db
      .insertInto("download_file_chunks")
      .columns(["file_id", "seq", "data"])
      .expression((eb) =>
        eb
          .selectFrom("download_upload_chunks")
          .select([sql.lit(id).as("file_id"), "seq", "data"])
          .where("upload_id", "=", upload.uploadId),
      )
      .executeTakeFirst();
    if (Number(moved.numInsertedOrUpdatedRows ?? 0) !== Math.ceil(upload.size / CHUNK_BYTES))
      throw new Error(`download upload ${upload.uploadId} lost chunks before it was stored`);
    await discardUpload(db, upload.uploadId);
    await logOwnerChange(db, ctx, "download_file", id, null, row);
    const { name, file_name, content_type, size, position } = row;
    return { id, name, file_name, content_type, size, position, version: fileVersion(row) };
  });
}

async function fileOf(db: Db, productId: number, fileId: number, { forUpdate = false } = {}) {
  let query = db
    .selectFrom("download_files")
    .select(["id", "name", "file_name"])
    .where("id", "=", fileId)
    .where("product_id", "=", productId);
  if (forUpdate && isPostgres(db)) query = query.forUpdate();
  const file = await query.executeTakeFirst();
  if (!file) throw downloadErrors.fileNotFound();
  return file;
}

/** Renames a file as shoppers see it; a stale `version` (the file's as read) is refused, nothing written. */
export async function renameDownloadFile(ctx: RequestContext, productId: number, fileId: number, name: string, version?: string) {
  await fileOf(ctx.db, productId, fileId);
  const shown = name.trim();
  if (!shown) throw fieldsInvalid({ name: "Give the file a name." });
  if (shown.length > DOWNLOAD_LIMITS.name)
    throw fieldsInvalid({ name: `A file's name may be at most ${DOWNLOAD_LIMITS.name} characters.` });
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    // Read under the write's lock, so of two renames from one copy the second is refused.
    const file = await fileOf(db, productId, fileId, { forUpdate: true });
    checkVersion(version, fileVersion(file), downloadErrors.fileChanged);
    await db.updateTable("download_files").set({ name: shown }).where("id", "=", fileId).execute();
    await logOwnerChange(db, ctx, "download_file", fileId, { name: file.name }, { name: shown });
  });
  return readProductDownloads(ctx, productId);
}

/** Removes a file: the downloads granted of it go with it (the bytes are gone). */
export async function removeDownloadFile(ctx: RequestContext, productId: number, fileId: number) {
  const file = await fileOf(ctx.db, productId, fileId);
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    await db.deleteFrom("download_permissions").where("file_id", "=", fileId).execute();
    await db.deleteFrom("download_files").where("id", "=", fileId).execute();
    await logOwnerChange(db, ctx, "download_file", fileId, { name: file.name, file_name: file.file_name }, null);
  });
}

export async function orderDownloadsForOwner(ctx: RequestContext, orderId: number): Promise<OrderDownload[]> {
  const order = await ctx.db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
  if (!order) throw downloadErrors.orderNotFound();
  const rows = await ctx.db
    .selectFrom("download_permissions as d")
    .leftJoin("order_items as i", "i.id", "d.order_item_id")
    .leftJoin("products as p", "p.id", "d.product_id")
    .innerJoin("download_files as f", "f.id", "d.file_id")
    .select((eb) => [
      "d.id",
      "d.product_id",
      // A grant that is the order's (no line) is named by its product.
      eb.fn.coalesce("i.name", "p.name", sql.lit("")).as("product_name"),
      "d.file_id",
      "f.name as file_name",
      "d.email",
      "d.customer_id",
      "d.downloads_remaining",
      "d.access_expires",
      "d.download_count",
      "d.granted_at",
      "d.download_key",
      eb
        .selectFrom("download_log as l")
        .select((l) => l.fn.max("l.at").as("at"))
        .whereRef("l.permission_id", "=", "d.id")
        .as("last_download"),
    ])
    .where("d.order_id", "=", orderId)
    // The lines' downloads in line order, then the order's own.
    .orderBy((eb) => eb.fn.coalesce("i.position", sql.lit(1_000_000)))
    .orderBy("f.position")
    .orderBy("d.id")
    .execute();
  return rows.map(({ download_key, ...row }) => ({
    ...row,
    last_download: (row.last_download as string | null) ?? null,
    download_url: downloadPath(download_key),
  }));
}

/** How many products the grant's list offers at most (the most a select stays usable with). */
const GRANTABLE_MAX = 500;

const lineOf = (db: Db, orderId: number, productId: number) =>
  db
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", orderId)
    .where((eb) => eb.or([eb("variation_id", "=", productId), eb.and([eb("product_id", "=", productId), eb("variation_id", "is", null)])]));

/** The downloadable products and variations with files the owner may grant on this order: its lines' first, then by name. */
export async function grantableDownloads(ctx: RequestContext, orderId: number): Promise<GrantableDownload[]> {
  const order = await ctx.db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst();
  if (!order) throw downloadErrors.orderNotFound();
  const rows = await ctx.db
    .selectFrom("products as p")
    .select((eb) => [
      "p.id as product_id",
      "p.name",
      "p.sku",
      eb
        .selectFrom("download_files as f")
        .select((f) => f.fn.countAll<number>().as("n"))
        .whereRef("f.product_id", "=", "p.id")
        .as("files"),
      eb
        .selectFrom("order_items as i")
        .select("i.id")
        .where("i.order_id", "=", orderId)
        .where((i) =>
          i.or([i("i.variation_id", "=", i.ref("p.id")), i.and([i("i.product_id", "=", i.ref("p.id")), i("i.variation_id", "is", null)])]),
        )
        .limit(1)
        .as("line"),
    ])
    .where("p.downloadable", "=", 1)
    .where("p.type", "!=", "variable")
    .where((eb) => eb.exists(eb.selectFrom("download_files as f").select("f.id").whereRef("f.product_id", "=", "p.id")))
    .orderBy("p.name")
    .orderBy("p.id")
    .limit(GRANTABLE_MAX)
    .execute();
  const listed = rows.map((row) => ({
    product_id: row.product_id,
    name: row.name,
    sku: row.sku,
    files: Number(row.files),
    on_order: row.line !== null,
  }));
  return [...listed.filter((p) => p.on_order), ...listed.filter((p) => !p.on_order)];
}

/**
 * Grants access to a downloadable product's files on this order (again, after a revoke, or files
 * added since, or a product that is not on the order at all: decision 0100). A line's product is
 * granted to its line (its quantity multiplies the limit); any other to the order, as for one unit.
 */
export async function grantProductOnOrder(ctx: RequestContext, orderId: number, productId: number) {
  const order = await ctx.db
    .selectFrom("orders")
    .select(["id", "customer_id", "billing_email"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) throw downloadErrors.orderNotFound();
  const product = await ctx.db
    .selectFrom("products")
    .select(["id", "downloadable", "download_limit", "download_expiry_days"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) throw fieldsInvalid({ product_id: "No product has this id." });
  const files = await ctx.db
    .selectFrom("download_files")
    .select("id")
    .where("product_id", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  if (product.downloadable !== 1 || files.length === 0)
    throw fieldsInvalid({ product_id: "This product is not downloadable or has no files." });
  const line = await lineOf(ctx.db, orderId, productId).executeTakeFirst();
  const now = nowOf(ctx);
  const added = await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    let n = 0;
    if (line) n = await grantOrderDownloads(db, orderId, now, productId);
    else
      for (const file of files) {
        const made = await db
          .insertInto("download_permissions")
          .values({
            download_key: newDownloadKey(),
            order_id: orderId,
            order_item_id: null,
            file_id: file.id,
            product_id: productId,
            customer_id: order.customer_id || null,
            email: order.billing_email,
            downloads_remaining: downloadsGranted(product.download_limit, 1),
            access_expires: accessExpires(product.download_expiry_days, now),
            granted_at: now,
          })
          .onConflict((oc) => oc.columns(["order_id", "file_id"]).where("order_item_id", "is", null).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (made) n += 1;
      }
    await logOwnerChange(db, ctx, "order_downloads", orderId, { product_id: productId }, { granted: n, on_line: Boolean(line) });
    return n;
  });
  return { added, downloads: await orderDownloadsForOwner(ctx, orderId) };
}

/** Revokes one download of an order. */
export async function revokeOrderDownload(ctx: RequestContext, orderId: number, permissionId: number) {
  const found = await ctx.db
    .selectFrom("download_permissions")
    .select(["id", "file_id", "download_count"])
    .where("id", "=", permissionId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!found) throw downloadErrors.permissionNotFound();
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    await db.deleteFrom("download_permissions").where("id", "=", permissionId).execute();
    await logOwnerChange(db, ctx, "order_downloads", orderId, found, null);
  });
}
