/**
 * The calls the checkout places, pays and sweeps orders with. Each takes the database or the
 * transaction its caller opened, so an order, its stock and its coupon uses are written in the
 * checkout's one transaction (decision 0011). Stock and coupon usage move only by conditional updates.
 */

import type { Db } from "../../db/index.ts";
import { couponUsesBy } from "../../db/placed-orders.ts";
import type { OrderStatus } from "../../db/schema.ts";
import { awaited, runSteps, type Work } from "../../db/unit-of-work.ts";
import { webhookEventQueued, webhookTopicsHeard } from "../../db/webhook-events.ts";
import { type DownloadLineFacts, downloadLinesOf$, downloadOnlyLines, downloadsGranted$ } from "../downloads/index.ts";
import { type OrderActor, orderEventRecorded, recordOrderEvent } from "./events.ts";
import * as repo from "./orders.repo.ts";
import { statusEvent } from "./orders.service.ts";
import { type RetakeRefusal, releaseOrder, retakeForPayment } from "./stock.ts";

/** The shop itself acting: the checkout's own moves. */
const SHOP: OrderActor = { type: "shop" };

export function findOrder(db: Db, id: number): Promise<repo.OrderRow | undefined> {
  return repo.findOrder(db, id);
}

/**
 * The same calls as steps of the checkout's unit of work (db/unit-of-work.ts), with the same SQL:
 * run synchronously on SQLite when nothing in them needs a promise.
 */
export { orderOf, stockTaken, takeStock } from "./orders.repo.ts";

/** The newest order made from a cart, in one of the given statuses. */
export function latestCartOrder(db: Db, cartId: string, statuses: OrderStatus[]): Promise<repo.OrderRow | undefined> {
  return repo.latestCartOrder(db, cartId, statuses);
}

/** A cart's orders in the given statuses, as a step; `newestOrder` picks among them. */
export { newest as newestOrder, ordersOfCart } from "./orders.repo.ts";

/** Writes a new order (a draft or an attempt being placed); answers its id. */
export function createOrder(db: Db, order: repo.NewOrder): Promise<number> {
  return repo.insertOrder(db, order);
}

/**
 * Rewrites fields of an order the checkout is still writing: a draft, or an attempt that is reused.
 * A status it moves (a failed attempt back to a draft or placed again) is recorded, by the shop.
 */
export async function updateOrder(db: Db, id: number, fields: Partial<repo.NewOrder>): Promise<void> {
  const before = fields.status ? await repo.findOrder(db, id) : undefined;
  await repo.updateOrder(db, id, fields);
  if (before?.status === "checkout-draft" && fields.status && fields.status !== "checkout-draft")
    await runSteps(db, draftPlacedQueued(db, id, fields.updated_at ?? new Date().toISOString()));
  if (before && fields.status && before.status !== fields.status)
    await recordOrderEvent(db, id, SHOP, statusEvent(before.status, fields.status), fields.updated_at ?? new Date().toISOString());
}

/**
 * Writes an attempt being placed with its lines and coupons: `reused` (the cart's draft or failed
 * attempt) rewritten, keeping its key and creation time, or a new order. The status it moves is
 * recorded, by the shop; the search terms are written once, with the lines. Answers the order's id.
 */
export function writeOrderAttempt(
  db: Db,
  reused: repo.OrderRow | undefined,
  order: repo.NewOrder,
  items: repo.NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Promise<number> {
  return runSteps(db, orderAttemptWritten(db, reused, order, items, coupons));
}

/** `writeOrderAttempt` as a step: a new order's writes are steps, a reused one's run async. */
export function* orderAttemptWritten(
  db: Db,
  reused: repo.OrderRow | undefined,
  order: repo.NewOrder,
  items: repo.NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Work<number> {
  if (!reused) {
    const id = yield* repo.newOrderWithLines(db, order, items, coupons);
    // Placed at once (not the cart's draft): webhooks hear of a new order (decision 0097).
    if (order.status !== "checkout-draft") yield* webhookEventQueued(db, "order", "created", id, order.updated_at);
    return id;
  }
  return yield* awaited((tx) => rewriteOrderAttempt(tx, reused, order, items, coupons));
}

async function rewriteOrderAttempt(
  db: Db,
  reused: repo.OrderRow,
  order: repo.NewOrder,
  items: repo.NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Promise<number> {
  const { order_key: _keep, created_at: _created, ...fields } = order;
  // Only while no member of staff changed it since it was read (decision 0101): an owner's edit
  // committed meanwhile (PostgreSQL re-reads the row it waited for) leaves it as the owner made it,
  // and this attempt becomes an order of its own.
  const claimed = await db
    .updateTable("orders")
    .set(fields)
    .where("id", "=", reused.id)
    .where("staff_edited", "=", 0)
    .where("status", "=", reused.status)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return runSteps(db, orderAttemptWritten(db, undefined, order, items, coupons));
  // The cart's draft placed: from here on an order webhooks hear of (a failed attempt placed again is an update, its status event's).
  if (reused.status === "checkout-draft" && fields.status !== "checkout-draft")
    await runSteps(db, draftPlacedQueued(db, reused.id, fields.updated_at ?? new Date().toISOString()));
  if (reused.status !== fields.status)
    await recordOrderEvent(db, reused.id, SHOP, statusEvent(reused.status, fields.status), fields.updated_at);
  await repo.replaceLines(db, reused.id, items, coupons);
  return reused.id;
}

/**
 * A draft placed: order.created, unless the order was placed before and went back to a draft (a declined
 * payment, the checkout opened again): webhooks heard of it then, so its placing again is an update (decision 0170).
 * Asked only when a webhook listens to orders: a checkout costs no statement for it otherwise.
 */
function* draftPlacedQueued(db: Db, id: number, at: string): Work<void> {
  if (!(yield* webhookTopicsHeard(["order.created", "order.updated"]))) return;
  yield* webhookEventQueued(db, "order", (yield* repo.placedBefore(db, id)) ? "updated" : "created", id, at);
}

/** Replaces the order's lines and coupons with those of the cart as priced. */
export function setOrderLines(
  db: Db,
  orderId: number,
  items: repo.NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Promise<void> {
  return repo.replaceLines(db, orderId, items, coupons);
}

/**
 * A draft order holds its lines' stock until `expiresAt`, so others see it as taken meanwhile; but
 * only when the shelf, less what other orders hold, has all of it: a hold it cannot meet would only
 * keep the last units from shoppers who can buy them (the draft then holds nothing).
 */
export async function holdDraftStock(
  db: Db,
  orderId: number,
  lines: { product_id: number; quantity: number }[],
  now: string,
  expiresAt: string,
): Promise<void> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.product_id, (wanted.get(line.product_id) ?? 0) + line.quantity);
  const shelf = await repo.shelfLessHolds(db, [...wanted.keys()], orderId, now);
  const short = [...wanted].some(([id, quantity]) => {
    const product = shelf.get(id);
    return product?.limited === true && product.available < quantity;
  });
  const holds = short ? [] : [...wanted].map(([product_id, quantity]) => ({ product_id, quantity }));
  await repo.replaceHolds(db, orderId, holds, expiresAt);
}

/** A cart's attempt that failed gives back what its draft held. */
export function releaseCartHolds(db: Db, cartId: string): Promise<void> {
  return repo.releaseCartHolds(db, cartId);
}

/**
 * Takes stock for one line if the shelf (less what other orders hold) has it, or the product
 * allows backorders. False when it does not: nothing was changed.
 */

/**
 * Counts one use of a coupon for this order, unless the shopper (by e-mail or account) used up
 * their own limit in other placed orders, or the coupon its overall limit. False: nothing counted.
 */
export function useCoupon(
  db: Db,
  orderId: number,
  coupon: { id: number; usageLimitPerUser: number | null },
  shopper: { email: string; customerId: number },
): Promise<boolean> {
  return runSteps(db, couponUsed(db, orderId, coupon, shopper));
}

/** `useCoupon` as a step; the shopper's own uses, for a coupon limiting them, are counted async. */
export function* couponUsed(
  db: Db,
  orderId: number,
  coupon: { id: number; usageLimitPerUser: number | null },
  shopper: { email: string; customerId: number },
): Work<boolean> {
  if (!(yield* repo.couponUseCounted(db, coupon.id))) return false;
  const limit = coupon.usageLimitPerUser;
  if (limit === null) return true;
  // Counted once the coupon's row is taken: a racing order of the same shopper has committed by then (PostgreSQL takes turns on the row).
  const uses = yield* awaited(async (tx) => (await couponUsesBy(tx, [coupon.id], shopper, orderId)).get(coupon.id) ?? 0);
  if (uses < limit) return true;
  yield* repo.couponUseUncounted(db, coupon.id);
  return false;
}

/**
 * An order being placed, with what its writer knows of it: an order inserted by this transaction
 * holds no stock (holds belong to drafts), and one written without coupons has no use to count.
 * Each saves the placing a statement (decision 0134); an order read back from the database may have both.
 */
export interface OrderBeingPlaced {
  id: number;
  mayHoldStock: boolean;
  hasCoupons: boolean;
  /** Its lines as downloads see them, when the transaction priced them and none is downloadable: nothing to read. */
  downloadFacts?: DownloadLineFacts;
  /** False when the cart it came from, locked by this transaction, has no coupon rows to clear. */
  cartHasCoupons?: boolean;
}

/** An order known only by its id. */
export const orderKnownById = (id: number): OrderBeingPlaced => ({ id, mayHoldStock: true, hasCoupons: true });

/**
 * Once its stock and coupon uses are taken: the order, written pending by the same transaction,
 * counts them as its own, drops its draft holds and waits for its payment under `paymentAttempt`
 * (empty: settled in this transaction). Answers the order as it now stands (undefined: not pending).
 */
export function* orderPlaced(db: Db, order: OrderBeingPlaced, paymentAttempt: string, now: string): Work<repo.OrderRow | undefined> {
  if (order.hasCoupons) yield* repo.couponsCounted(db, order.id, 1);
  if (order.mayHoldStock) yield* repo.holdsReplaced(db, order.id, [], now);
  return yield* repo.placedReturning(db, order.id, paymentAttempt, now);
}

/** What an order keeps of a payment's outcome. */
export type PaymentOutcomeFields = Pick<repo.NewOrder, "status" | "updated_at"> &
  Partial<Pick<repo.NewOrder, "payment_details" | "transaction_id" | "paid_at" | "emails_due">>;

/** Outcomes that leave an order unpaid: it gives back its stock and coupon uses. */
const UNPAID_OUTCOMES: OrderStatus[] = ["failed", "cancelled"];

/**
 * Records a payment's outcome if the order still waits for that very attempt: of the calls racing
 * to record it (the first call, a retry, the sweep), exactly one gets true. A failed or cancelled
 * outcome also gives back the order's stock and coupon uses, in the caller's transaction. The
 * status event names the gateway as the actor (the shop for a free order, or when `by` says so).
 */
export async function recordPaymentOutcome(
  db: Db,
  order: repo.OrderRow,
  fields: PaymentOutcomeFields,
  by: "gateway" | "shop" = "gateway",
): Promise<boolean> {
  return (await runSteps(db, paymentOutcomeRecorded(db, order, fields, by))) !== undefined;
}

/** What the recorder of an outcome knows: the order's lines as downloads see them, and whether it is the placing's own call (decision 0170). */
export interface OutcomeKnown {
  lines?: DownloadLineFacts;
  /** Recorded by the call that placed the order: its order.created tells the outcome, no order.updated does. */
  placing?: boolean;
}

/**
 * `recordPaymentOutcome` as a step; giving back stock and coupon uses runs async. Answers the order's
 * row as the claim wrote it (undefined: not this call's to record); an unpaid outcome's release of stock
 * and coupon uses changes the row after that.
 */
export function* paymentOutcomeRecorded(
  db: Db,
  order: repo.OrderRow,
  fields: PaymentOutcomeFields,
  by: "gateway" | "shop" = "gateway",
  { lines: knownLines, placing = false }: OutcomeKnown = {},
): Work<repo.OrderRow | undefined> {
  const paid = fields.status === "processing" || fields.status === "completed";
  // One read of the lines serves both questions below (the claim in between writes the order's row only).
  const lines: DownloadLineFacts = paid ? (knownLines ?? (yield* downloadLinesOf$(db, order.id))) : [];
  // An order of downloads only has nothing to send: paid, it is complete (decision 0094).
  if (fields.status === "processing" && downloadOnlyLines(lines)) fields = { ...fields, status: "completed" };
  const claimed = yield* repo.paymentOutcomeClaimed(db, order.id, order.payment_attempt, fields);
  if (!claimed) return undefined;
  // Paid: its buyer may download its files from now on, once granted however many calls get here.
  if (paid) yield* downloadsGranted$(order.id, fields.updated_at, lines);
  const released = UNPAID_OUTCOMES.includes(fields.status) ? yield* awaited((tx) => releaseOrder(tx, order, fields.updated_at)) : undefined;
  const actor: OrderActor = by === "gateway" && order.payment_method ? { type: "gateway" } : SHOP;
  // The claim matched a pending order: that is the status left, whatever the row read earlier said.
  if (fields.status !== "pending")
    yield* orderEventRecorded(db, order.id, actor, statusEvent("pending", fields.status, released), fields.updated_at, { placing });
  return claimed;
}

/** Pending orders whose payment was asked for and never recorded, last touched before the given time. */
export function unrecordedPayments(db: Db, before: string): Promise<repo.OrderRow[]> {
  return repo.unrecordedPayments(db, before);
}

/** Takes on sending settled orders' e-mails: the ids of those this caller should send, each claimed by one caller. */
export function claimOrdersEmails(db: Db, ids: number[]): Promise<Set<number>> {
  return repo.claimOrdersEmails(db, ids);
}

/** Orders whose e-mails nobody claimed since they settled before the given time (the process settling them died). */
export function ordersWithEmailsDue(db: Db, before: string): Promise<number[]> {
  return repo.ordersWithEmailsDue(db, before);
}

/** The order, locked for the caller's transaction on PostgreSQL (SQLite's writers take turns): the pay-for-order call reads it so. */
export function lockOrder(db: Db, id: number): Promise<repo.OrderRow | undefined> {
  return repo.findOrderForUpdate(db, id);
}

/**
 * A pending or failed order its shopper pays (the pay-for-order call), inside the caller's
 * transaction: claimed for this one payment (still `order.status`, no payment in flight), moved
 * back from failed with its event by the shopper, and its stock and coupon uses taken again.
 * Answers why not: "taken" (another call, the sweep or the owner moved it first), or what it
 * could not take back; the caller then undoes its transaction.
 */
export async function reopenForPayment(
  db: Db,
  order: repo.OrderRow,
  actor: OrderActor,
  now: string,
): Promise<"taken" | RetakeRefusal | null> {
  if (!(await repo.claimPaymentStart(db, order.id, order.status, now))) return "taken";
  if (order.status !== "pending") await recordOrderEvent(db, order.id, actor, statusEvent(order.status, "pending"), now);
  return retakeForPayment(db, order, now);
}
