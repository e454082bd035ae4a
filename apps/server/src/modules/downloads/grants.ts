/**
 * Granting and revoking download permissions (decision 0094). Granting runs in the transaction
 * that marks an order paid (the checkout's payment outcome, the owner's status change, an order
 * made by hand as paid) and is idempotent: one permission per line and file, a second grant
 * inserts nothing. Cancelling, failing or refunding an order revokes all; a line refunded in full
 * loses its own.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/index.ts";
import { compiled } from "../../db/prepared.ts";
import { awaited, rows, type Work } from "../../db/unit-of-work.ts";
import { accessExpires, downloadsGranted } from "./rules.ts";

/** A random key for a download link: 128 bits, hex. */
export const newDownloadKey = () => randomBytes(16).toString("hex");

/** The downloadable product of each line (its variation when it has one) with the facts a grant needs. */
async function linesWithFiles(db: Db, orderId: number, onlyProductId?: number) {
  let query = db
    .selectFrom("order_items as i")
    .innerJoin("products as p", (join) => join.on((eb) => eb("p.id", "=", eb.fn.coalesce("i.variation_id", "i.product_id"))))
    .innerJoin("download_files as f", "f.product_id", "p.id")
    .select([
      "i.id as item_id",
      "i.quantity",
      "i.refunded_quantity",
      "p.id as product_id",
      "p.downloadable",
      "p.download_limit",
      "p.download_expiry_days",
      "f.id as file_id",
    ])
    .where("i.order_id", "=", orderId)
    .where("p.downloadable", "=", 1);
  if (onlyProductId !== undefined) query = query.where("p.id", "=", onlyProductId);
  return query.orderBy("i.position").orderBy("f.position").orderBy("f.id").execute();
}

/**
 * Grants the order's downloadable lines their files, once: lines refunded in full get none, a
 * permission already there is kept as it is. Answers how many were added.
 */
export async function grantOrderDownloads(db: Db, orderId: number, now: string, onlyProductId?: number): Promise<number> {
  const order = await db.selectFrom("orders").select(["customer_id", "billing_email"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return 0;
  let added = 0;
  for (const line of await linesWithFiles(db, orderId, onlyProductId)) {
    const quantity = line.quantity - line.refunded_quantity;
    if (quantity <= 0) continue;
    const result = await db
      .insertInto("download_permissions")
      .values({
        download_key: newDownloadKey(),
        order_id: orderId,
        order_item_id: line.item_id,
        file_id: line.file_id,
        product_id: line.product_id,
        customer_id: order.customer_id || null,
        email: order.billing_email,
        downloads_remaining: downloadsGranted(line.download_limit, quantity),
        access_expires: accessExpires(line.download_expiry_days, now),
        granted_at: now,
      })
      .onConflict((oc) => oc.columns(["order_item_id", "file_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (result) added += 1;
  }
  return added;
}

/** Takes back every download of an order (cancelled, failed, refunded). Answers how many went. */
export async function revokeOrderDownloads(db: Db, orderId: number): Promise<number> {
  const result = await db.deleteFrom("download_permissions").where("order_id", "=", orderId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Takes back the downloads of the order's lines refunded in full. */
export async function revokeRefundedLines(db: Db, orderId: number): Promise<number> {
  const refunded = db
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", orderId)
    .whereRef("refunded_quantity", ">=", "quantity");
  const result = await db
    .deleteFrom("download_permissions")
    .where("order_id", "=", orderId)
    .where("order_item_id", "in", refunded)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether every line of the order is a virtual, downloadable product (its variation when it has
 * one): such an order has nothing to send and completes itself once paid, as WooCommerce's do.
 */
export async function allLinesDownloadOnly(db: Db, orderId: number): Promise<boolean> {
  const lines = await db
    .selectFrom("order_items as i")
    .leftJoin("products as p", (join) => join.on((eb) => eb("p.id", "=", eb.fn.coalesce("i.variation_id", "i.product_id"))))
    .select(["p.virtual", "p.downloadable"])
    .where("i.order_id", "=", orderId)
    .execute();
  return lines.length > 0 && lines.every((line) => line.virtual === 1 && line.downloadable === 1);
}

const lineFacts = compiled((db, orderId: number) =>
  db
    .selectFrom("order_items as i")
    .leftJoin("products as p", (join) => join.on((eb) => eb("p.id", "=", eb.fn.coalesce("i.variation_id", "i.product_id"))))
    .select((eb) => [
      "p.virtual",
      "p.downloadable",
      eb.selectFrom("download_files as f").select("f.id").whereRef("f.product_id", "=", "p.id").limit(1).as("a_file"),
    ])
    .where("i.order_id", "=", orderId),
);

/** What a paid order's lines say of its downloads: read once by `downloadLinesOf$`, judged by the two below. */
export type DownloadLineFacts = { virtual: number | null; downloadable: number | null; a_file: number | null }[];

/** The order's lines as downloads see them (a step of the unit of work that marks it paid). */
export function* downloadLinesOf$(db: Db, orderId: number): Work<DownloadLineFacts> {
  return (yield* rows(lineFacts(db, orderId))) as DownloadLineFacts;
}

/** Whether every line is a virtual, downloadable product: `allLinesDownloadOnly` on lines already read. */
export const downloadOnlyLines = (lines: DownloadLineFacts): boolean =>
  lines.length > 0 && lines.every((line) => line.virtual === 1 && line.downloadable === 1);

/**
 * Steps of the unit of work that marks an order paid (the checkout's): grants its downloads when its
 * lines (`downloadLinesOf$`, read once for this and `downloadOnlyLines`) have any; only then does the
 * unit wait on a promise, so other orders stay synchronous on SQLite.
 */
export function* downloadsGranted$(orderId: number, now: string, lines: DownloadLineFacts): Work<number> {
  if (!lines.some((line) => line.downloadable === 1 && line.a_file !== null)) return 0;
  return yield* awaited((tx) => grantOrderDownloads(tx, orderId, now));
}
