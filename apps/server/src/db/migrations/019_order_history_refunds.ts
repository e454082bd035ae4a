/**
 * The order's own history and its refunds (issue 18). `order_events` is what the owner's timeline
 * reads (status changes, notes, e-mails sent, address edits, refunds, each with who did it);
 * refunds are rows of their own, and the running refunded amounts sit on the order and its lines so
 * that one conditional update refuses a refund beyond what was paid, however many race.
 */
import { type Kysely, sql } from "kysely";
import { withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("order_events"))
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "id"]).execute();

  await db.schema
    .alterTable("orders")
    .addColumn("total_refunded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("refunded_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("refunded_total", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("order_refunds"))
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("restocked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gateway_refund_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_refunds_order").on("order_refunds").columns(["order_id", "id"]).execute();
  await db.schema
    .createTable("order_refund_items")
    .addColumn("refund_id", "integer", (c) => c.notNull())
    .addColumn("order_item_id", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_refund_items_pk", ["refund_id", "order_item_id"])
    .execute();
  // A refunded order keeps what it was refunded; orders refunded before this migration were refunded whole.
  await sql`update orders set total_refunded = total where status = 'refunded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_refund_items").ifExists().execute();
  await db.schema.dropTable("order_refunds").ifExists().execute();
  await db.schema.alterTable("order_items").dropColumn("refunded_total").execute();
  await db.schema.alterTable("order_items").dropColumn("refunded_quantity").execute();
  await db.schema.alterTable("orders").dropColumn("total_refunded").execute();
  await db.schema.dropTable("order_events").ifExists().execute();
}
