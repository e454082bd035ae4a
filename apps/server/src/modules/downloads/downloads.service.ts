/**
 * Downloads for shoppers (decision 0094): the links an order or an account lists, and taking one
 * download: the permission checked (signed in as the order's account when it has one, paid, in
 * time, downloads left), counted in one conditional update (two clicks at once never pass the
 * limit), logged with the address shortened, and the file's bytes answered.
 */
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { DOWNLOADABLE_STATUSES, type DownloadRefusal, refusalOf, shortenedAddress } from "./rules.ts";

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
    .innerJoin("order_items as i", "i.id", "d.order_item_id")
    .innerJoin("download_files as f", "f.id", "d.file_id")
    .select([
      "d.id",
      "d.order_id",
      "d.product_id",
      "d.download_key",
      "d.downloads_remaining",
      "d.access_expires",
      "i.name as product_name",
      "f.name as file_name",
    ])
    .where("o.status", "in", DOWNLOADABLE_STATUSES as ("processing" | "completed")[]);

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

/** The downloads one paid order grants, in the order's line and file order. */
export async function orderDownloads(db: Db, orderId: number): Promise<ShopperDownload[]> {
  const rows = await listQuery(db).where("d.order_id", "=", orderId).orderBy("i.position").orderBy("f.position").orderBy("d.id").execute();
  return rows.map(shopperDownload);
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
    .orderBy("i.position")
    .orderBy("f.position")
    .orderBy("d.id")
    .execute();
  return rows.map(shopperDownload);
}

/** A file to send. */
export interface DownloadedFile {
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

export type DownloadResult = { ok: true; file: DownloadedFile } | { ok: false; reason: DownloadRefusal };

/** Takes one download through its link's key, for the request's session, from `ip`. */
export async function takeDownload(ctx: RequestContext, key: string, ip: string): Promise<DownloadResult> {
  if (!/^[0-9a-f]{32}$/.test(key)) return { ok: false, reason: "not_found" };
  const now = (ctx.now ?? new Date()).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const found = await db
      .selectFrom("download_permissions as d")
      .innerJoin("orders as o", "o.id", "d.order_id")
      .select(["d.id", "d.file_id", "d.downloads_remaining", "d.access_expires", "o.status", "o.customer_id"])
      .where("d.download_key", "=", key)
      .executeTakeFirst();
    if (!found) return { ok: false as const, reason: "not_found" as const };
    const reason = refusalOf(
      {
        orderStatus: found.status,
        orderCustomerId: found.customer_id,
        downloadsRemaining: found.downloads_remaining,
        accessExpires: found.access_expires,
      },
      ctx.session.uid,
      now,
    );
    if (reason) return { ok: false as const, reason };
    // One statement decides: of two downloads racing for the last one, one counts and the other finds none left.
    const counted = await db
      .updateTable("download_permissions")
      .set((eb) => ({
        download_count: eb("download_count", "+", 1),
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
    const file = await db
      .selectFrom("download_files")
      .select(["file_name", "content_type", "data"])
      .where("id", "=", found.file_id)
      .executeTakeFirstOrThrow();
    return { ok: true as const, file: { fileName: file.file_name, contentType: file.content_type, data: file.data } };
  });
}
