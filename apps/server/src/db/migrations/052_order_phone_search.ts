/**
 * The owner's order search finds an order by its billing phone (decision 0039, amended): the orders
 * placed before it have their terms written again, a batch at a time, so they gain their phone's.
 * `writeOrderSearchTerms` writes only the difference: an order without a phone is left as it is.
 */
import type { Kysely } from "kysely";
import { writeOrderSearchTerms } from "../order-search.ts";
import type { Database } from "../schema.ts";
import { FILL_BATCH } from "./022_order_search_terms.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const orders = db as Kysely<Database>;
  for (let after = 0; ; ) {
    const ids = (await orders.selectFrom("orders").select("id").where("id", ">", after).orderBy("id").limit(FILL_BATCH).execute()).map(
      (r) => r.id,
    );
    if (!ids.length) return;
    await writeOrderSearchTerms(orders, ids, { lock: false });
    after = ids[ids.length - 1] as number;
  }
}

/** Nothing to undo: a phone's terms only widen what a search finds, and the next write of the order drops them. */
export async function down(): Promise<void> {}
