/**
 * The owner moves an order between statuses (issue 18, decision 0037), one order per transaction
 * with its `status` event and change_log row. Cancelled and failed orders hold nothing: reaching
 * them gives back the stock and coupon uses (claim-once, stock.ts); a live status holds them, so
 * leaving cancelled or failed takes them again or answers 409 with the lines the shelf lacks.
 * Refunded is reached through refunds only; a completed order mails the shopper.
 */
import type { Db } from "../../db/index.ts";
import type { OrderStatus } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { grantOrderDownloads, revokeOrderDownloads } from "../downloads/index.ts";
import { recordOrderEvent } from "./events.ts";
import { type OrderEmailName, orderMailSender } from "./order-mail.ts";
import { orderNotFound } from "./orders.admin.ts";
import * as repo from "./orders.repo.ts";
import { PAID_STATUSES } from "./orders.repo.ts";
import { statusEvent } from "./orders.service.ts";
import { laterThan, logOrderChange, nowOf, staffActor } from "./staff-writes.ts";
import { type Released, releaseOrder, retakeOrder } from "./stock.ts";

/** Statuses in which an order holds no stock and no coupon use. */
const RELEASED_STATUSES: OrderStatus[] = ["cancelled", "failed"];
/** Statuses in which an order holds its stock and coupon uses (refunded keeps what it holds: its refunds restock). */
const LIVE_STATUSES: OrderStatus[] = ["pending", "processing", "on-hold", "completed"];
/** Statuses of an order still waiting for its payment. */
const AWAITING_STATUSES: OrderStatus[] = ["pending", "on-hold"];
/** Statuses of an order the shop is to send (paid, or accepted before its payment): cancelling one is news to the owner. */
const TO_SEND_STATUSES: OrderStatus[] = ["processing", "on-hold"];
/** Statuses of an order the shopper was told is coming or awaits their payment: cancelling one is news to them (decision 0084). */
export const SHOPPER_TOLD_STATUSES: OrderStatus[] = ["pending", "processing", "on-hold"];

export const statusErrors = {
  unchanged: (status: OrderStatus) => new StoreError("cw_rest_order_status_unchanged", `The order is already ${status}.`, 409),
  refund: () =>
    new StoreError("cw_rest_order_status_refund", "Use a refund to refund an order: it becomes refunded once fully refunded.", 409),
  draft: () => new StoreError("cw_rest_order_status_draft", "An order cannot be made a checkout draft.", 400),
  isDraft: () =>
    new StoreError(
      "cw_rest_order_is_draft",
      "This is a shopper's checkout still being filled in, not an order: its status cannot be changed.",
      409,
    ),
  changed: (status: OrderStatus, current: string) =>
    new StoreError(
      "cw_rest_order_changed",
      `This order was changed by someone else since you opened it and is now ${status}: nothing was changed. Look at it as it is now, then change its status again if you still mean to.`,
      409,
      { date_modified: current, order_status: status },
    ),
  refundedInBulk: () =>
    new StoreError(
      "cw_rest_order_refunded",
      "This order is fully refunded, so a bulk change leaves it as it is: open the order to change its status on its own.",
      409,
    ),
};

/**
 * Changes one order's status in its own transaction (the order locked first, the status claimed
 * from what was read, so racing changes never both give stock back); then mails the shopper when
 * it became completed, or processing once its payment arrived, and the owner when one awaiting its
 * payment failed or one to send was cancelled (WooCommerce's failed and cancelled order e-mails),
 * and the shopper when one they were told of (pending, processing, on hold) was cancelled.
 * `dateModified`, when sent, is the order's as the page or list read it: an order changed since is refused
 * (409 cw_rest_order_changed), as an edit of its items is. Answers the move made.
 */
export async function changeOrderStatus(
  ctx: RequestContext,
  id: number,
  to: OrderStatus,
  { note, dateModified, leaveRefunded = false }: { note?: string; dateModified?: string; leaveRefunded?: boolean } = {},
) {
  const now = nowOf(ctx);
  const actor = staffActor(ctx);
  const text = note?.trim() ?? "";
  const from = await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const order = await repo.findOrderForUpdate(db, id);
    if (!order) throw orderNotFound();
    // A draft has no lines or address yet (the checkout writes them when it places the order): moving it would make an empty order.
    if (order.status === "checkout-draft") throw statusErrors.isDraft();
    // Read from a copy older than the order (another tab moved it, its payment came): the change was chosen on what no longer is.
    if (dateModified !== undefined && dateModified !== order.updated_at) throw statusErrors.changed(order.status, order.updated_at);
    if (order.status === to) throw statusErrors.unchanged(to);
    if (leaveRefunded && order.status === "refunded") throw statusErrors.refundedInBulk();
    if (to === "refunded") throw statusErrors.refund();
    if (to === "checkout-draft") throw statusErrors.draft();
    // Its own date_modified, however close the clock: a page read just before this change is told it is stale.
    const stamp = laterThan(order.updated_at, now);
    if (!(await repo.claimStatus(db, id, order.status, to, stamp))) throw new Error("an order changed status under its lock");
    // Staff moved it: the shopper's next checkout makes a new order rather than rewrite this one (decision 0101).
    await repo.markStaffEdited(db, id);
    let released: Released | undefined;
    if (RELEASED_STATUSES.includes(to)) released = await releaseOrder(db, order, stamp);
    else if (LIVE_STATUSES.includes(to)) await retakeOrder(db, order, stamp);
    // Marked paid by hand (a bank transfer arrived): the order keeps when.
    if (PAID_STATUSES.includes(to) && !order.paid_at) await repo.updateOrder(db, id, { paid_at: now });
    // Paid: its downloads are granted (once); cancelled, failed or refunded: taken back (decision 0094).
    if (PAID_STATUSES.includes(to)) await grantOrderDownloads(db, id, now);
    else if (RELEASED_STATUSES.includes(to)) await revokeOrderDownloads(db, id);
    await recordOrderEvent(db, id, actor, statusEvent(order.status, to, released, text), now);
    await logOrderChange(db, ctx, "order", id, { status: order.status }, { status: to, ...(text ? { note: text } : {}) });
    return order.status;
  });
  if (to === "completed") await mailQuietly(ctx, id, "customer_completed");
  // The payment a transfer or check waited for has arrived: the shopper hears it (WooCommerce's processing email).
  else if (to === "processing" && AWAITING_STATUSES.includes(from)) await mailQuietly(ctx, id, "customer_processing");
  else if (to === "failed" && AWAITING_STATUSES.includes(from)) {
    await mailQuietly(ctx, id, "owner_failed");
    // The shopper did not see this failure: they hear of it with the link to pay (WooCommerce 9's customer failed-order e-mail).
    await mailQuietly(ctx, id, "customer_failed");
  } else if (to === "cancelled") {
    if (SHOPPER_TOLD_STATUSES.includes(from)) await mailQuietly(ctx, id, "customer_cancelled");
    if (TO_SEND_STATUSES.includes(from)) await mailQuietly(ctx, id, "owner_cancelled");
  }
  return { from, to };
}

/** Sends an e-mail a change entails; the change stands whatever happens to it (the sender logs a failure). */
async function mailQuietly(ctx: RequestContext, id: number, email: OrderEmailName) {
  const sender = orderMailSender(ctx.db);
  if (!sender) return;
  await sender.send(id, email, { actor: staffActor(ctx) }).catch(() => {});
}

/**
 * Several orders, each in its own transaction under the same rules: what moved, and why the others did not. A fully
 * refunded order is left out: ticked among others and marked completed, it would mail its shopper for money they
 * got back; the order's own page still changes it on purpose. `shown` is each order's date_modified as the list showed
 * it: an order changed since (cancelled meanwhile, its total edited) is left as it is, cw_rest_order_changed.
 */
export async function changeOrdersStatus(ctx: RequestContext, ids: number[], to: OrderStatus, shown: Record<string, string> = {}) {
  const updated: number[] = [];
  const failed: { id: number; code: string; message: string }[] = [];
  for (const id of new Set(ids)) {
    try {
      await changeOrderStatus(ctx, id, to, { dateModified: shown[String(id)], leaveRefunded: true });
      updated.push(id);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      failed.push({ id, code: error.code, message: error.message });
    }
  }
  return { updated, failed };
}
