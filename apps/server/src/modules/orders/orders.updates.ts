/**
 * New orders without a reload (issue 18; decision 0033): the console polls with the newest id it
 * has shown and gets what was placed since, newest first, with the tabs' counts. One range read
 * on the primary key (`id > N`) and the status GROUP BY: cheap enough every 15 s per open console.
 */
import type { RequestContext } from "../../http/context.ts";
import { filteredOrders, orderRow, rowColumns, statusCounts } from "./orders.admin.ts";

/** The most rows one poll answers: the console shows them as a notice, not as a page. */
export const UPDATES_LIMIT = 20;

/**
 * Orders after `afterId` (every status but checkout drafts), newest first, at most UPDATES_LIMIT;
 * `latest_id` is the newest of them (or `afterId` when none), the console's next `after_id`.
 */
export async function orderUpdates(ctx: RequestContext, afterId: number) {
  const [rows, counts, settings] = await Promise.all([
    rowColumns(filteredOrders(ctx.db, {}).where("orders.id", ">", afterId))
      .orderBy("orders.id", "desc")
      .limit(UPDATES_LIMIT)
      .execute(),
    statusCounts(ctx.db),
    ctx.shopSettings(),
  ]);
  return { latest_id: rows[0]?.id ?? afterId, orders: rows.map((row) => orderRow(row, settings.currency)), counts };
}
