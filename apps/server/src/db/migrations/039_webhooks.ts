/**
 * Webhooks (decision 0097): the owner's subscriptions (a topic such as order.updated, a delivery URL,
 * a signing secret, a status) and their deliveries, a durable queue in the database that every server
 * process over it shares. A delivery is queued in the transaction of the change it tells of; a process
 * claims it with a conditional update (locked_until), sends it, and records the answer or the next try.
 */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("webhooks"))
    .addColumn("name", "text", notNull)
    .addColumn("topic", "text", notNull)
    .addColumn("delivery_url", "text", notNull)
    .addColumn("secret", "text", notNull)
    // active | paused | disabled (by failures, disabled_reason saying why)
    .addColumn("status", "text", notNull)
    .addColumn("api_version", "text", (c) => c.notNull().defaultTo("v1"))
    .addColumn("failure_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled_reason", "text")
    .addColumn("created_by", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("updated_by", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  // Queuing an event reads the active webhooks of its topic.
  await db.schema.createIndex("webhooks_topic").on("webhooks").columns(["status", "topic"]).execute();

  await withId(db, db.schema.createTable("webhook_deliveries"))
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    // order.created, product.deleted, ... or ping
    .addColumn("topic", "text", notNull)
    .addColumn("resource", "text", notNull)
    .addColumn("event", "text", notNull)
    .addColumn("resource_id", "integer")
    // The body sent: null until the first attempt builds it from the resource as it then is (deletions carry theirs from the start).
    .addColumn("payload", "text")
    // pending (waiting for its next attempt) | delivered | failed (no attempt left, or its webhook gone)
    .addColumn("status", "text", notNull)
    // 1: asked for by the owner (a test, a redelivery), sent whatever the webhook's status.
    .addColumn("by_owner", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    // A process's claim: no other process takes the delivery before this time.
    .addColumn("locked_until", "text")
    .addColumn("request_headers", "text")
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("error", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("attempted_at", "text")
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_webhook").on("webhook_deliveries").columns(["webhook_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhooks").ifExists().execute();
}
