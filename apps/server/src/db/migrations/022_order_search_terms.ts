/**
 * The owner's order search on an index (issue 18, decision 0039): the words each order is found by,
 * one row per (order, term), searched by prefix over the (term, order_id) index. The terms compare
 * by code point on both databases (SQLite's BINARY, PostgreSQL's "C" collation), so a prefix's
 * range holds exactly the terms starting with it. Existing orders are filled here, a batch at a time.
 */
import { type Kysely, sql } from "kysely";
import { writeOrderSearchTerms } from "../order-search.ts";
import type { Database } from "../schema.ts";
import { isPostgres, notNull } from "./helpers.ts";

/** Orders read and written per batch: a big shop is filled without holding its orders in memory. */
export const FILL_BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL runs a migration in a transaction already; on SQLite one is opened here, so a failed fill leaves no table.
  if (isPostgres(db)) await create(db as Kysely<Database>, true);
  else await (db as Kysely<Database>).transaction().execute((trx) => create(trx, false));
}

async function create(db: Kysely<Database>, postgres: boolean): Promise<void> {
  await db.schema
    .createTable("order_search_terms")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("term", postgres ? sql`text collate "C"` : "text", notNull)
    .addPrimaryKeyConstraint("order_search_terms_pk", ["order_id", "term"])
    // SQLite keeps the rows in their primary key's b-tree, not beside a rowid one.
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema.createIndex("order_search_terms_term").on("order_search_terms").columns(["term", "order_id"]).execute();
  await fill(db);
}

async function fill(db: Kysely<Database>): Promise<void> {
  for (let after = 0; ; ) {
    const ids = (await db.selectFrom("orders").select("id").where("id", ">", after).orderBy("id").limit(FILL_BATCH).execute()).map(
      (r) => r.id,
    );
    if (!ids.length) return;
    await writeOrderSearchTerms(db, ids, { lock: false });
    after = ids[ids.length - 1] as number;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_search_terms").ifExists().execute();
}
