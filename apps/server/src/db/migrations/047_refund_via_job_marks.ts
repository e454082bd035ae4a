/**
 * - A refund keeps `via`, the API key it was asked with (decisions 0098 and 0031): a gateway refund that
 *   did not complete in its request is completed later by the sweep, which has no request to ask, and
 *   its order event, e-mail event and change-log row must still name the key. Null for the console's
 *   refunds and every refund made before.
 * - `job_marks`: how far a job driven by the clock alone has done its work, one row per job, moved by a
 *   conditional update so that of several processes one does each stretch of time. The first is the
 *   announcement of scheduled sales to webhooks (decision 0097's amendment): `sale_webhooks`, the instant
 *   up to which sales that started or ended were queued as `product.updated`.
 */
import type { Kysely } from "kysely";
import { notNull } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("order_refunds").addColumn("via", "text").execute();
  await db.schema
    .createTable("job_marks")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("at", "text", notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_marks").ifExists().execute();
  await db.schema.alterTable("order_refunds").dropColumn("via").execute();
}
