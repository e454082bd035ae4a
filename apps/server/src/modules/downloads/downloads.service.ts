/**
 * Downloads for shoppers (decision 0094): the links an order or an account lists, and taking one
 * download: the permission checked (signed in as the order's account when it has one, paid, in
 * time, downloads left), counted in one conditional update (two clicks at once never pass the
 * limit), logged with the address shortened, and the file's bytes answered.
 */
import { Readable } from "node:stream";
import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import { compiled } from "../../db/prepared.ts";
import { statementRows } from "../../db/unit-of-work.ts";
import type { RequestContext } from "../../http/context.ts";
import {
  type CountedDownload,
  continuesDownload,
  DOWNLOADABLE_STATUSES,
  type DownloadRefusal,
  refusalOf,
  resumable,
  shortenedAddress,
} from "./rules.ts";

/** The path of a download link. */
export const downloadPath = (key: string) => `/download/${key}`;

/** A download as the shopper's pages and e-mails list it. */
export interface ShopperDownload {
  /** The permission's id. */
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  file_name: string;
  /** null: unlimited. */
  downloads_remaining: number | null;
  /** ISO-8601; null: never. */
  access_expires: string | null;
  /** The link (a path on the shop). */
  download_url: string;
}

const listQuery = (db: Db) =>
  db
    .selectFrom("download_permissions as d")
    .innerJoin("orders as o", "o.id", "d.order_id")
    .leftJoin("order_items as i", "i.id", "d.order_item_id")
    .leftJoin("products as p", "p.id", "d.product_id")
    .innerJoin("download_files as f", "f.id", "d.file_id")
    .select((eb) => [
      "d.id",
      "d.order_id",
      "d.product_id",
      "d.download_key",
      "d.downloads_remaining",
      "d.access_expires",
      // A grant that is the order's (the owner's, of a product not on it: decision 0100) is named by its product.
      eb.fn.coalesce("i.name", "p.name", sql.lit("")).as("product_name"),
      "f.name as file_name",
    ])
    .where("o.status", "in", DOWNLOADABLE_STATUSES as ("processing" | "completed")[]);

/** The lines' downloads in line order, then the order's own (no line), the same on both databases. */
const linesFirst = sql`coalesce(i.position, 1000000)`;

type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number];

const shopperDownload = (row: ListRow): ShopperDownload => ({
  id: row.id,
  order_id: row.order_id,
  product_id: row.product_id,
  product_name: row.product_name,
  file_name: row.file_name,
  downloads_remaining: row.downloads_remaining,
  access_expires: row.access_expires,
  download_url: downloadPath(row.download_key),
});

/**
 * Built once (db/prepared.ts): every order placed asks for its e-mails, where building and compiling the
 * query took most of the call; synchronous on SQLite when no transaction is open.
 */
const orderDownloadsQuery = compiled((db: Db, orderId: number) =>
  listQuery(db).where("d.order_id", "=", orderId).orderBy(linesFirst).orderBy("f.position").orderBy("d.id"),
);

/** The downloads one paid order grants, in the order's line and file order. */
export async function orderDownloads(db: Db, orderId: number): Promise<ShopperDownload[]> {
  return (await statementRows(db, orderDownloadsQuery(db, orderId))).map(shopperDownload);
}

/**
 * A customer's downloads across their paid orders, newest order first; those expired or used up
 * are left out (there is nothing left to do with them), as WooCommerce's Downloads page does.
 */
export async function customerDownloads(db: Db, customerId: number, now: Date = new Date()): Promise<ShopperDownload[]> {
  if (!customerId) return [];
  const rows = await listQuery(db)
    .where("d.customer_id", "=", customerId)
    .where((eb) => eb.or([eb("d.downloads_remaining", "is", null), eb("d.downloads_remaining", ">", 0)]))
    .where((eb) => eb.or([eb("d.access_expires", "is", null), eb("d.access_expires", ">", now.toISOString())]))
    .orderBy("d.order_id", "desc")
    .orderBy(linesFirst)
    .orderBy("f.position")
    .orderBy("d.id")
    .execute();
  return rows.map(shopperDownload);
}

/** A file to send: its facts; the bytes are read a chunk at a time by `fileBytes`. */
export interface DownloadedFile {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  digest: string;
  createdAt: string;
  chunkBytes: number;
}

/**
 * How a request asks for a file (decision 0100, amended): from byte 0 (a download: it counts); from
 * `start` further on (continues the link's last counted download when `continuesDownload` says so,
 * else counts); or only looking (HEAD, an unsatisfiable range: checked, never counted).
 */
export type DownloadIntent = { kind: "from_start" } | { kind: "continue"; start: number } | { kind: "look" };

export type DownloadResult =
  | { ok: true; file: DownloadedFile; counted: boolean; permissionId: number }
  | { ok: false; reason: DownloadRefusal };

/**
 * Takes one download through its link's key, for the request's session, from `ip`: `intentOf`
 * tells from the file's facts (size, validators) how the request asks for it.
 */
export async function takeDownload(
  ctx: RequestContext,
  key: string,
  ip: string,
  intentOf: (file: DownloadedFile) => DownloadIntent = () => ({ kind: "from_start" }),
): Promise<DownloadResult> {
  if (!/^[0-9a-f]{32}$/.test(key)) return { ok: false, reason: "not_found" };
  const now = (ctx.now ?? new Date()).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const found = await db
      .selectFrom("download_permissions as d")
      .innerJoin("orders as o", "o.id", "d.order_id")
      .innerJoin("download_files as f", "f.id", "d.file_id")
      .select((eb) => [
        "d.id",
        "d.downloads_remaining",
        "d.access_expires",
        "d.resume_reached",
        "o.status",
        "o.customer_id",
        "f.id as file_id",
        "f.file_name",
        "f.content_type",
        "f.size",
        "f.digest",
        "f.created_at",
        "f.chunk_bytes",
        eb
          .selectFrom("download_log as l")
          .select((l) => l.fn.max("l.at").as("at"))
          .whereRef("l.permission_id", "=", "d.id")
          .as("last_counted"),
      ])
      .where("d.download_key", "=", key)
      .executeTakeFirst();
    if (!found) return { ok: false as const, reason: "not_found" as const };
    const file: DownloadedFile = {
      id: found.file_id,
      fileName: found.file_name,
      contentType: found.content_type,
      size: Number(found.size),
      digest: found.digest,
      createdAt: found.created_at,
      chunkBytes: Number(found.chunk_bytes),
    };
    const intent = intentOf(file);
    const lastDownload: CountedDownload = {
      countedAt: (found.last_counted as string | null) ?? null,
      reached: found.resume_reached === null ? null : Number(found.resume_reached),
    };
    // A look continues nothing, but answers as a continuation would while one may still come.
    const resuming =
      intent.kind === "continue"
        ? continuesDownload(intent.start, file.size, lastDownload, now)
        : intent.kind === "look" && resumable(lastDownload, now);
    let reason = refusalOf(
      {
        orderStatus: found.status,
        orderCustomerId: found.customer_id,
        downloadsRemaining: found.downloads_remaining,
        accessExpires: found.access_expires,
      },
      ctx.session.uid,
      now,
    );
    // Continuing a download already counted needs no download left: it is the same download.
    if (reason === "used_up" && resuming) reason = null;
    if (reason) return { ok: false as const, reason };
    if (resuming || intent.kind === "look") return { ok: true as const, file, counted: false, permissionId: found.id };
    // One statement decides: of two downloads racing for the last one, one counts and the other finds none left.
    const counted = await db
      .updateTable("download_permissions")
      .set((eb) => ({
        download_count: eb("download_count", "+", 1),
        // A new download: its continuations start from what this one's sending reaches.
        resume_reached: 0,
        downloads_remaining: eb
          .case()
          .when("downloads_remaining", "is", null)
          .then(null)
          .else(eb("downloads_remaining", "-", 1))
          .end(),
      }))
      .where("id", "=", found.id)
      .where((eb) => eb.or([eb("downloads_remaining", "is", null), eb("downloads_remaining", ">", 0)]))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) return { ok: false as const, reason: "used_up" as const };
    await db
      .insertInto("download_log")
      .values({ permission_id: found.id, at: now, ip: shortenedAddress(ip) })
      .execute();
    return { ok: true as const, file, counted: true, permissionId: found.id };
  });
}

/** How many chunks a download sends between two notes of how far it reached (one write per MiB of 256 KiB chunks). */
const REACH_NOTE_EVERY = 4;

/**
 * The bytes `start`..`end` (inclusive) of a file as a stream that reads one chunk row when the
 * one before has been taken (decision 0100): a slow client holds one chunk of memory, not the
 * file. A file removed while it is sent ends the stream with an error (the client sees a cut).
 * `reached` hears, every few chunks and when the stream ends or is cut, the offset after the last
 * chunk handed on: how far a continuation may start (decision 0100, amended).
 */
export function fileBytes(db: Db, file: DownloadedFile, start: number, end: number, reached?: (offset: number) => Promise<void>): Readable {
  async function* chunks() {
    const first = Math.floor(start / file.chunkBytes);
    const last = Math.floor(end / file.chunkBytes);
    let handed = start;
    try {
      for (let seq = first; seq <= last; seq++) {
        const row = await chunkQuery(db, file.id, seq).executeTakeFirst();
        if (!row) throw new Error(`download file ${file.id} lost its chunk ${seq} while being sent`);
        const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
        const from = seq === first ? start - seq * file.chunkBytes : 0;
        const to = seq === last ? end - seq * file.chunkBytes + 1 : data.length;
        yield data.subarray(from, to);
        // The stream asked for more: the chunk before was taken.
        handed = seq * file.chunkBytes + to;
        if (reached && (seq - first + 1) % REACH_NOTE_EVERY === 0) await reached(handed);
      }
    } finally {
      // Ended or cut (a destroyed stream returns the generator here); the last chunk handed on counts as reached.
      if (reached) await reached(handed).catch(() => {});
    }
  }
  // Not object mode, and a high-water mark of one chunk: the next row is read only once the socket took the last.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: file.chunkBytes });
}

/** Notes that the sending of a link's download reached `offset` (only ever further). */
export async function noteReached(db: Db, permissionId: number, offset: number): Promise<void> {
  await db
    .updateTable("download_permissions")
    .set({ resume_reached: offset })
    .where("id", "=", permissionId)
    .where((eb) => eb.or([eb("resume_reached", "is", null), eb("resume_reached", "<", offset)]))
    .execute();
}

const chunkQuery = (db: Db, fileId: number, seq: number) =>
  db.selectFrom("download_file_chunks").select("data").where("file_id", "=", fileId).where("seq", "=", seq);
