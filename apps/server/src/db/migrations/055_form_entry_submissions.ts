/**
 * A form entry keeps the key the visitor's page sent it under (`forms[submission]`, a new one for each send the
 * server answered), unique per form: a send repeated after its answer was lost, or replayed, finds the entry it
 * made instead of storing and charging a second one (decision 0184). '' for entries sent without a key.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("form_entries")
    .addColumn("submission_key", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("form_entries_submission")
    .unique()
    .on("form_entries")
    .columns(["form_id", "submission_key"])
    .where(sql.ref("submission_key"), "<>", "")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("form_entries_submission").ifExists().execute();
  await db.schema.alterTable("form_entries").dropColumn("submission_key").execute();
}
