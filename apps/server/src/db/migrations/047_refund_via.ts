/**
 * A refund keeps `via`, the API key it was asked with (decisions 0098 and 0031): a gateway refund that
 * did not complete in its request is completed later by the sweep, which has no request to ask, and
 * its order event, e-mail event and change-log row must still name the key. Null for the console's
 * refunds and every refund made before.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("order_refunds").addColumn("via", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("order_refunds").dropColumn("via").execute();
}
