/**
 * Owner API writes sent with an `Idempotency-Key` header (decision 0169): the first answer is kept, by
 * who sent it and the key, so that a retry of the same request is answered it again instead of making
 * the change twice (a refund, an order by hand). Kept a day; the sweep deletes older ones.
 */
import type { Kysely } from "kysely";
import { notNull } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotent_replies")
    // "key:{api key id}" or "staff:{customer id}": one caller's keys never answer another's requests.
    .addColumn("caller", "text", notNull)
    .addColumn("idempotency_key", "text", notNull)
    // SHA-256 of the method, path and body: the same key sent with another request is refused.
    .addColumn("fingerprint", "text", notNull)
    // Null while the first request is being answered.
    .addColumn("status_code", "integer")
    .addColumn("reply", "text")
    .addColumn("created_at", "text", notNull)
    .addPrimaryKeyConstraint("idempotent_replies_pk", ["caller", "idempotency_key"])
    .execute();
  await db.schema.createIndex("idempotent_replies_created").on("idempotent_replies").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotent_replies").ifExists().execute();
}
