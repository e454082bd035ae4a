/**
 * Scheduled sales told to webhooks (decision 0097, amended). A sale's start and end change a product's
 * price by the clock alone (decision 0047): nothing is written then, so no owner write queues
 * `product.updated`. The sweep calls `queueSaleChanges`, which moves the `sale_webhooks` job mark from
 * the last instant done to now by a conditional update and, in the same transaction, queues
 * `product.updated` for every product a sale of which started or ended in between (a variation's
 * product, whose owner API reply carries its variations): of several processes one does each stretch,
 * and a mark moved is never without its events. A shop that was stopped catches up when it starts; the
 * first run only sets the mark (no sale before it is told).
 */
import type { ExpressionBuilder } from "kysely";
import type { Database, Db } from "../../db/index.ts";
import { queueWebhookEvent } from "../../db/webhook-events.ts";
import { saleActive } from "./sale-schedule.ts";

const MARK = "sale_webhooks";

/** Queues `product.updated` for each product whose sale price started or stopped holding after the last run, up to `now`; answers how many. */
export async function queueSaleChanges(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const mark = await db.selectFrom("job_marks").select("at").where("name", "=", MARK).executeTakeFirst();
  if (!mark) {
    await db
      .insertInto("job_marks")
      .values({ name: MARK, at })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    return 0;
  }
  if (mark.at >= at) return 0;
  return db.transaction().execute(async (trx) => {
    // The transaction's first statement writes: it waits its turn rather than read and then fail to write (SQLite).
    const moved = await trx.updateTable("job_marks").set({ at }).where("name", "=", MARK).where("at", "=", mark.at).executeTakeFirst();
    // Another process did this stretch (or a later one) meanwhile.
    if (Number(moved.numUpdatedRows) === 0) return 0;
    const passed = (column: "sale_starts_at" | "sale_ends_at") => (eb: ExpressionBuilder<Database, "products">) =>
      eb.and([eb(column, ">", mark.at), eb(column, "<=", at)]);
    const rows = await trx
      .selectFrom("products")
      .select(["id", "parent_id", "regular_price", "sale_price", "sale_starts_at", "sale_ends_at"])
      .where("sale_price", "is not", null)
      .where((eb) => eb.or([passed("sale_starts_at")(eb), passed("sale_ends_at")(eb)]))
      .execute();
    const since = new Date(mark.at);
    // Only a price that changed: a sale price at or above the regular one never held.
    const products = [
      ...new Set(rows.filter((row) => saleActive(row, since) !== saleActive(row, now)).map((row) => row.parent_id ?? row.id)),
    ].sort((a, b) => a - b);
    for (const id of products) await queueWebhookEvent(trx as unknown as Db, "product", "updated", id, at);
    return products.length;
  });
}
