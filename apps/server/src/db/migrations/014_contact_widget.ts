/**
 * The contact widget (spec visitor-widget-forms-attribution §3): widgets with their settings,
 * triggers and channels as JSON (one document the owner edits as a whole), view and click counts
 * per widget, channel, day and device, contact-us messages with their files (kept in the
 * database, so every process serves them), spent captcha solutions, and the log of owner changes
 * (DESIGN.md §9: who, when, what, before and after). Widgets get a revision counter (decision 0009)
 * so every process's page payload follows an owner's change on its next request.
 */
import type { Kysely } from "kysely";
import { addRevisionCounter, binaryType, dropRevisionCounter, isPostgres, notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await withId(db, db.schema.createTable("contact_widgets"))
    .addColumn("identifier", "text", notNull)
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("allowed_origins", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("settings", "text", notNull)
    .addColumn("triggers", "text", notNull)
    .addColumn("channels", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  // channel '' is the widget itself; device 'desktop' or 'mobile'; day 'YYYY-MM-DD' (UTC).
  await db.schema
    .createTable("contact_widget_stats")
    .addColumn("widget_id", "integer", (c) => c.notNull().references("contact_widgets.id").onDelete("cascade"))
    .addColumn("channel", "text", notNull)
    .addColumn("day", "text", notNull)
    .addColumn("device", "text", notNull)
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("contact_widget_stats_pk", ["widget_id", "day", "channel", "device"])
    .execute();

  await withId(db, db.schema.createTable("contact_messages"))
    // Kept when the widget is deleted: a message is the visitor's, not the widget's.
    .addColumn("widget_id", "integer", notNull)
    .addColumn("channel_index", "integer", notNull)
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    // JSON [{slug, label, type, value}] of the custom fields, files named by their file ids.
    .addColumn("custom_fields", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("ref_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("page_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("page_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", notNull)
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("contact_messages_created").on("contact_messages").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("contact_messages_widget").on("contact_messages").columns(["widget_id", "created_at"]).execute();

  await withId(db, db.schema.createTable("contact_message_files"))
    .addColumn("message_id", "integer", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("field", "text", notNull)
    // The visitor's file name, shown to the owner only; the download's name is generated from the id.
    .addColumn("file_name", "text", notNull)
    .addColumn("content_type", "text", notNull)
    .addColumn("size", "integer", notNull)
    .addColumn("data", binaryType(db), notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("contact_message_files_message").on("contact_message_files").column("message_id").execute();

  // A proof-of-work or provider solution is good once: kept until it would expire anyway.
  await db.schema
    .createTable("captcha_solutions")
    .addColumn("signature", "text", (c) => c.primaryKey())
    .addColumn("expires_ms", postgres ? "bigint" : "integer", notNull)
    .execute();
  await db.schema.createIndex("captcha_solutions_expires").on("captcha_solutions").column("expires_ms").execute();

  await withId(db, db.schema.createTable("change_log"))
    .addColumn("actor_id", "integer", notNull)
    // e.g. 'contact_widget'
    .addColumn("entity", "text", notNull)
    .addColumn("entity_id", "text", notNull)
    // 'create' | 'update' | 'delete'
    .addColumn("action", "text", notNull)
    // JSON documents, null on the side that does not exist (before a create, after a delete).
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("change_log_entity").on("change_log").columns(["entity", "entity_id", "id"]).execute();

  await addRevisionCounter(db, "widgets", "contact_widgets");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRevisionCounter(db, "widgets", "contact_widgets");
  for (const table of [
    "change_log",
    "captcha_solutions",
    "contact_message_files",
    "contact_messages",
    "contact_widget_stats",
    "contact_widgets",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
