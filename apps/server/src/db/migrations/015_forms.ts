/**
 * Public forms (issue 17, decisions 0024 and 0025): each form's definition as one JSON document,
 * the entries visitors send (values of visible fields only, the payment computed by the server),
 * one row per field value (search and CSV), and the entries' files kept in the database as the
 * contact messages' files are. Forms get a revision counter (decision 0009) so every process's
 * cached definition follows an owner's change on its next request.
 */
import type { Kysely } from "kysely";
import { addRevisionCounter, binaryType, dropRevisionCounter, notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("forms"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", notNull)
    .addColumn("definition", "text", notNull)
    // 'published' | 'draft'
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withId(db, db.schema.createTable("form_entries"))
    .addColumn("form_id", "integer", (c) => c.notNull().references("forms.id").onDelete("cascade"))
    // 'complete' | 'spam'
    .addColumn("status", "text", notNull)
    .addColumn("values", "text", notNull)
    .addColumn("payment_total", "integer", (c) => c.notNull().defaultTo(0))
    // '' (nothing to pay) | 'pending' | 'paid' | 'failed'
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo(""))
    // The gateway, the idempotency key the charge is made under, and its transaction id once paid.
    .addColumn("payment_gateway", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payment_key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payment_reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("visitor_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("start_timestamp", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("end_timestamp", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("page_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("form_entries_form").on("form_entries").columns(["form_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("form_entry_values")
    .addColumn("entry_id", "integer", (c) => c.notNull().references("form_entries.id").onDelete("cascade"))
    .addColumn("field_id", "integer", notNull)
    .addColumn("value", "text", notNull)
    .addPrimaryKeyConstraint("form_entry_values_pk", ["entry_id", "field_id"])
    .execute();

  await withId(db, db.schema.createTable("form_files"))
    .addColumn("entry_id", "integer", (c) => c.notNull().references("form_entries.id").onDelete("cascade"))
    .addColumn("field_id", "integer", notNull)
    // The visitor's file name, shown to the owner only; a download's name is generated from the id.
    .addColumn("file_name", "text", notNull)
    .addColumn("content_type", "text", notNull)
    .addColumn("size", "integer", notNull)
    .addColumn("data", binaryType(db), notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("form_files_entry").on("form_files").column("entry_id").execute();

  await addRevisionCounter(db, "forms", "forms");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRevisionCounter(db, "forms", "forms");
  for (const table of ["form_files", "form_entry_values", "form_entries", "forms"]) await db.schema.dropTable(table).ifExists().execute();
}
