/**
 * Order rows. Stock and coupon usage move only through conditional updates, never read-then-write.
 * Every write of an order's billing e-mail, billing address or lines passes here and rewrites its
 * search terms in the same transaction (decision 0039).
 */
import { type Compilable, type CompiledQuery, sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import { newOrderSearchTermsQueries, writeOrderSearchTerms } from "../../db/order-search.ts";
import { compiled } from "../../db/prepared.ts";
import type { OrderItemsTable, OrderStatus, OrdersTable } from "../../db/schema.ts";
import { noteStockAlerts, STOCK_MOVE_RETURNING } from "../../db/stock-alerts.ts";
import { stockStatusAfter } from "../../db/stock-status.ts";
import { rows, run, runSteps, runWork, statementRows, type Work } from "../../db/unit-of-work.ts";

export type OrderRow = OrdersTable & { id: number };
export type OrderItemRow = OrderItemsTable & { id: number };
/** A new order or line starts with nothing refunded (the columns' defaults). */
/** An order as written: its refunds and whether staff changed it start at 0 (the table's defaults). */
export type NewOrder = Omit<OrdersTable, "id" | "total_refunded" | "staff_edited">;
export type NewOrderItem = Omit<OrderItemsTable, "id" | "order_id" | "refunded_quantity" | "refunded_total" | "restocked_quantity">;

export { PLACED_STATUSES } from "../../db/placed-orders.ts";

/** The cart id of an order the owner made by hand (by-hand.ts): it came from no shopper's cart. */
export const BY_HAND_CART_PREFIX = "by-hand-";

/** Statuses of orders whose money the shop holds (what the owner's sales and spend count); a refunded order leaves them. */
export const PAID_STATUSES: OrderStatus[] = ["processing", "completed"];

const orderById = compiled((db, id: number) => db.selectFrom("orders").selectAll().where("id", "=", id));

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return (await db.executeQuery(orderById(db, id))).rows[0] as OrderRow | undefined;
}

/**
 * When the order was placed: its first move out of checkout-draft (a draft keeps the time the
 * shopper opened the checkout as its creation), else its creation (placed without a draft).
 */
export async function placedAt(db: Db, order: OrderRow): Promise<string> {
  const moves = await db
    .selectFrom("order_events")
    .select(["data", "created_at"])
    .where("order_id", "=", order.id)
    .where("type", "=", "status")
    .orderBy("id")
    .execute();
  const placed = moves.find((move) => (JSON.parse(move.data) as { from?: string }).from === "checkout-draft");
  return placed?.created_at ?? order.created_at;
}

/**
 * Whether the order was placed before: a draft records no status event until it is placed, so one that
 * has any went back to a draft after it was placed (a declined payment, the checkout opened again).
 */
export function* placedBefore(db: Db, id: number): Work<boolean> {
  return (yield* rows(statusEventOf(db, id))).length > 0;
}
const statusEventOf = compiled((db, id: number) =>
  db.selectFrom("order_events").select("id").where("order_id", "=", id).where("type", "=", "status").limit(1),
);

/** `findOrder` as a step of a unit of work (db/unit-of-work.ts); the same query. */
export function* orderOf(db: Db, id: number): Work<OrderRow | undefined> {
  return (yield* rows(orderById(db, id)))[0] as OrderRow | undefined;
}

/**
 * The orders made from a cart in one of the given statuses, unordered: a cart has a handful, and on
 * SQLite an `order by id desc limit 1` here cost five times the search itself (decision 0060).
 * Compiled once per list of statuses (a handful, all from code): the SQL differs only by it.
 */
const ofCartByStatuses = new Map<string, (db: Db, cartId: string) => CompiledQuery<OrderRow>>();
function cartOrdersQuery(db: Db, cartId: string, statuses: OrderStatus[]): CompiledQuery<OrderRow> {
  const key = statuses.join(",");
  let query = ofCartByStatuses.get(key);
  if (!query) {
    const list = [...statuses];
    query = compiled(
      (db: Db, cartId: string) =>
        db.selectFrom("orders").selectAll().where("cart_id", "=", cartId).where("status", "in", list) as unknown as Compilable<OrderRow>,
    );
    ofCartByStatuses.set(key, query);
  }
  return query(db, cartId);
}

/** The newest of a cart's orders (the highest id), among those in `statuses` when given, or undefined. */
export function newest(orders: readonly OrderRow[], statuses?: readonly OrderStatus[]): OrderRow | undefined {
  let found: OrderRow | undefined;
  for (const order of orders) if ((!statuses || statuses.includes(order.status)) && (!found || order.id > found.id)) found = order;
  return found;
}

/** A cart's orders in one of the given statuses, as a step: a caller wanting the newest of two kinds reads once. */
export function* ordersOfCart(db: Db, cartId: string, statuses: OrderStatus[]): Work<OrderRow[]> {
  return yield* rows(cartOrdersQuery(db, cartId, statuses));
}

/** The newest order made from a cart, in one of the given statuses. */
export async function latestCartOrder(db: Db, cartId: string, statuses: OrderStatus[]): Promise<OrderRow | undefined> {
  // Before the checkout's transaction, on every order: synchronous on SQLite when the connection is free.
  return newest(await statementRows(db, cartOrdersQuery(db, cartId, statuses)));
}

/** The order locked for a change (PostgreSQL; SQLite serialises write transactions): racing changes take turns. */
export async function findOrderForUpdate(db: Db, id: number): Promise<OrderRow | undefined> {
  let query = db.selectFrom("orders").selectAll().where("id", "=", id);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.executeTakeFirst()) as OrderRow | undefined;
}

/** Moves an order from one status to another only if it still has the first: of racing changes, one wins. */
export async function claimStatus(db: Db, id: number, from: OrderStatus, to: OrderStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ status: to, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims an order for one payment by its shopper (the pay-for-order call): pending from `from`
 * (pending or failed) only if no payment is in flight for it, so of racing calls one wins.
 */
export async function claimPaymentStart(db: Db, id: number, from: OrderStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ status: "pending", updated_at: now })
    .where("id", "=", id)
    .where("status", "=", from)
    .where("payment_attempt", "=", "")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Each coupon's limit of uses per shopper (null: none), by id. */
export async function couponLimitsPerUser(db: Db, couponIds: number[]): Promise<Map<number, number | null>> {
  if (!couponIds.length) return new Map();
  const rows = await db.selectFrom("coupons").select(["id", "usage_limit_per_user"]).where("id", "in", couponIds).execute();
  return new Map(rows.map((row) => [row.id, row.usage_limit_per_user]));
}

/** Claims giving an order's stock back: true for the one caller that flips `stock_taken` from 1 to 0. */
export async function claimStockRelease(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ stock_taken: 0, updated_at: now })
    .where("id", "=", id)
    .where("stock_taken", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims taking an order's stock again: true for the one caller that flips `stock_taken` from 0 to 1. */
export async function claimStockTake(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ stock_taken: 1 })
    .where("id", "=", id)
    .where("stock_taken", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Flips one coupon's `usage_counted` on an order if it is not already so: true for the one caller that changed it. */
export async function claimCouponCounted(db: Db, orderId: number, couponId: number, counted: 0 | 1): Promise<boolean> {
  const result = await db
    .updateTable("order_coupons")
    .set({ usage_counted: counted })
    .where("order_id", "=", orderId)
    .where("coupon_id", "=", couponId)
    .where("usage_counted", "=", counted === 1 ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which of these products keep stock, with what is on the shelf. */
export async function stockOf(db: Db, productIds: number[]): Promise<Map<number, { managed: boolean; inStock: number | null }>> {
  if (!productIds.length) return new Map();
  const rows = await db.selectFrom("products").select(["id", "manage_stock", "stock_quantity"]).where("id", "in", productIds).execute();
  return new Map(rows.map((row) => [row.id, { managed: row.manage_stock === 1, inStock: row.stock_quantity }]));
}

/** `searchTerms: false` only for a caller that writes the lines next, which writes the terms (insertLines, replaceLines). */
interface TermsOption {
  searchTerms?: boolean;
}

const ORDER_COLUMNS = [
  "cart_id",
  "status",
  "order_key",
  "customer_id",
  "billing_email",
  "billing_address",
  "shipping_address",
  "customer_note",
  "payment_method",
  "payment_method_title",
  "payment_details",
  "transaction_id",
  "currency",
  "total",
  "total_tax",
  "total_shipping",
  "total_discount",
  "totals",
  "shipping_lines",
  "fee_lines",
  "additional_fields",
  "extensions",
  "stock_taken",
  "created_at",
  "updated_at",
  "paid_at",
  "payment_attempt",
  "emails_due",
] as const satisfies readonly (keyof NewOrder)[];
// Fails to compile when the table gains a column this list lacks.
const everyOrderColumn: Exclude<keyof NewOrder, (typeof ORDER_COLUMNS)[number]> extends never ? true : never = true;
void everyOrderColumn;
// Built once: an order's insert is the same SQL for every order.
const insertOrderCompiled = compiled((db, ...values: unknown[]) =>
  db
    .insertInto("orders")
    .values({
      ...(Object.fromEntries(ORDER_COLUMNS.map((column, i) => [column, values[i]])) as unknown as NewOrder),
      total_refunded: 0,
      staff_edited: 0,
    })
    .returning("id"),
);
const insertOrderQuery = (db: Db, order: NewOrder) => insertOrderCompiled(db, ...ORDER_COLUMNS.map((column) => order[column]));

export async function insertOrder(db: Db, order: NewOrder, { searchTerms = true }: TermsOption = {}): Promise<number> {
  const [row] = (await db.executeQuery(insertOrderQuery(db, order))).rows;
  if (!row) throw new Error("the order's insert answered no id");
  if (searchTerms) await writeOrderSearchTerms(db, [Number(row.id)]);
  return Number(row.id);
}

export async function updateOrder(db: Db, id: number, fields: Partial<NewOrder>, { searchTerms = true }: TermsOption = {}): Promise<void> {
  await db.updateTable("orders").set(fields).where("id", "=", id).execute();
  if (searchTerms && (fields.billing_email !== undefined || fields.billing_address !== undefined)) await writeOrderSearchTerms(db, [id]);
}

/** Marks the order changed by staff (decision 0101): the checkout then never reuses it for its cart's next attempt. */
export async function markStaffEdited(db: Db, id: number): Promise<void> {
  await db.updateTable("orders").set({ staff_edited: 1 }).where("id", "=", id).where("staff_edited", "=", 0).execute();
}

/**
 * Marks a pending order placed, answering it as it then stands, or undefined when it is not
 * pending (a step; built once). The status is matched, not written: writing it would rewrite the
 * eight indexes that hold it for nothing.
 */
export function* placedReturning(db: Db, id: number, paymentAttempt: string, now: string): Work<OrderRow | undefined> {
  return (yield* rows(markPlacedQuery(db, id, paymentAttempt, now)))[0] as OrderRow | undefined;
}
const markPlacedQuery = compiled((db, id: number, paymentAttempt: string, now: string) =>
  db
    .updateTable("orders")
    .set({ stock_taken: 1, payment_attempt: paymentAttempt, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll(),
);

/**
 * Writes a payment's outcome only if the order still waits for that very attempt (pending, stock
 * taken, the same idempotency key): of the calls racing to record it, exactly one wins. Answers the
 * order as written (undefined: another call recorded it first), so the winner needs no read after it.
 */
export function* paymentOutcomeClaimed(db: Db, id: number, attempt: string, fields: Partial<NewOrder>): Work<OrderRow | undefined> {
  const names = (Object.keys(fields) as (keyof NewOrder)[]).sort();
  const query = claimQueryFor(names)(db, id, attempt, ...names.map((name) => fields[name]));
  return (yield* rows(query))[0] as OrderRow | undefined;
}

/** One compiled claim per set of fields an outcome writes (a paid, a failed, a cancelled order's). */
const claimQueries = new Map<string, ReturnType<typeof compileClaim>>();
function claimQueryFor(names: (keyof NewOrder)[]) {
  const key = names.join(",");
  let query = claimQueries.get(key);
  if (!query) {
    query = compileClaim(names);
    claimQueries.set(key, query);
  }
  return query;
}
const compileClaim = (names: (keyof NewOrder)[]) =>
  compiled((db, id: number, attempt: string, ...values: unknown[]) =>
    db
      .updateTable("orders")
      .set({ ...(Object.fromEntries(names.map((name, i) => [name, values[i]])) as Partial<NewOrder>), payment_attempt: "" })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("stock_taken", "=", 1)
      .where("payment_attempt", "=", attempt)
      .returningAll(),
  );

/**
 * Takes on sending settled orders' e-mails: the ids of those this caller should send, each claimed
 * by exactly one caller. One statement for several orders (the orders placed in one turn of the
 * event loop, decision 0060), synchronous on SQLite when the connection is free.
 */
export function claimOrdersEmails(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return Promise.resolve(new Set());
  // The id list varies with each call: built here, not compiled once.
  const claim = db
    .updateTable("orders")
    .set({ emails_due: 0 })
    .where("id", "in", ids)
    .where("emails_due", "=", 1)
    .returning("id")
    .compile();
  return runWork(db, () => claimedIds(claim), { write: true, oneStatement: true });
}

/** `claimOrdersEmails`' unit of work (a module-level generator, decision 0126). */
function* claimedIds(claim: CompiledQuery<{ id: number }>): Work<Set<number>> {
  return new Set((yield* rows(claim)).map((row) => Number(row.id)));
}

/** Orders whose e-mails nobody claimed since they settled before the given time (the process settling them died). */
export async function ordersWithEmailsDue(db: Db, before: string): Promise<number[]> {
  const rows = await db
    .selectFrom("orders")
    .select("id")
    .where("emails_due", "=", 1)
    .where("updated_at", "<", before)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Pending orders whose payment was asked for and never recorded, last touched before the given time. */
export async function unrecordedPayments(db: Db, before: string): Promise<OrderRow[]> {
  return (await db
    .selectFrom("orders")
    .selectAll()
    .where("status", "=", "pending")
    .where("payment_attempt", "<>", "")
    .where("updated_at", "<", before)
    .orderBy("id")
    .execute()) as OrderRow[];
}

/** Replaces an order's lines and coupons (a draft or a failed attempt is rewritten from the cart). */
export async function replaceLines(
  db: Db,
  orderId: number,
  items: NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Promise<void> {
  await db.deleteFrom("order_items").where("order_id", "=", orderId).execute();
  await db.deleteFrom("order_coupons").where("order_id", "=", orderId).execute();
  await insertLines(db, orderId, items, coupons);
}

/** Writes a new order with its lines and coupons, and its search terms from the same values (none to read back): a step. */
export function* newOrderWithLines(
  db: Db,
  order: NewOrder,
  items: NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Work<number> {
  const [row] = yield* rows(insertOrderQuery(db, order));
  const id = Number(row?.id);
  for (const query of linesQueries(db, id, items, coupons)) yield* run(query);
  const productNames = items.map((item) => item.name);
  const searched = { billingEmail: order.billing_email, billingAddress: order.billing_address, productNames };
  for (const query of newOrderSearchTermsQueries(db, id, searched)) yield* run(query);
  return id;
}

/** Writes a new order's lines and coupons (each kind in one statement), then its search terms. */
export async function insertLines(
  db: Db,
  orderId: number,
  items: NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Promise<void> {
  await writeLines(db, orderId, items, coupons);
  await writeOrderSearchTerms(db, [orderId]);
}

async function writeLines(
  db: Db,
  orderId: number,
  items: NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): Promise<void> {
  for (const query of linesQueries(db, orderId, items, coupons)) await db.executeQuery(query);
}

/** The inserts of an order's lines and of its coupons, each kind in one statement. */
function linesQueries(
  db: Db,
  orderId: number,
  items: NewOrderItem[],
  coupons: { coupon_id: number; code: string; discount: number; discount_tax: number }[],
): CompiledQuery[] {
  const queries: CompiledQuery[] = [];
  if (items.length)
    queries.push(
      db
        .insertInto("order_items")
        .values(items.map((i) => ({ ...i, order_id: orderId, refunded_quantity: 0, refunded_total: 0, restocked_quantity: 0 })))
        .compile(),
    );
  if (coupons.length)
    queries.push(
      db
        .insertInto("order_coupons")
        .values(coupons.map((c) => ({ ...c, order_id: orderId, usage_counted: 0 as const })))
        .compile(),
    );
  return queries;
}

const orderItemsQuery = compiled((db, orderId: number) =>
  db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("position"),
);
const orderCouponsQuery = compiled((db, orderId: number) =>
  db.selectFrom("order_coupons").selectAll().where("order_id", "=", orderId).orderBy("code"),
);

/** An order's refunds that are done, oldest first: what its shopper is shown (a reservation still waiting for its gateway is not one yet). */
const orderRefundsQuery = compiled((db, orderId: number) =>
  db
    .selectFrom("order_refunds")
    .select(["id", "amount", "reason", "created_at"])
    .where("order_id", "=", orderId)
    .where("status", "=", "done")
    .orderBy("id"),
);
export type OrderRefundRow = { id: number; amount: number; reason: string; created_at: string };

export async function orderRefunds(db: Db, orderId: number): Promise<OrderRefundRow[]> {
  return (await db.executeQuery(orderRefundsQuery(db, orderId))).rows as OrderRefundRow[];
}

/** `orderRefunds` as a step of a unit of work; the same query. */
export function* orderRefundsOf(db: Db, orderId: number): Work<OrderRefundRow[]> {
  return (yield* rows(orderRefundsQuery(db, orderId))) as OrderRefundRow[];
}

export async function orderItems(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return (await db.executeQuery(orderItemsQuery(db, orderId))).rows as OrderItemRow[];
}

/** `orderItems` as a step of a unit of work; the same query. */
export function* orderItemsOf(db: Db, orderId: number): Work<OrderItemRow[]> {
  return (yield* rows(orderItemsQuery(db, orderId))) as OrderItemRow[];
}

export async function orderCoupons(db: Db, orderId: number) {
  return (await db.executeQuery(orderCouponsQuery(db, orderId))).rows;
}

/** `orderCoupons` as a step of a unit of work; the same query. */
export function* orderCouponsOf(db: Db, orderId: number) {
  return yield* rows(orderCouponsQuery(db, orderId));
}

/**
 * Takes stock for one line if the shelf (less what other orders hold) has it, or the product
 * allows backorders. False when it does not: nothing was changed.
 */
export function takeStock(db: Db, productId: number, quantity: number, orderId: number, now: string): Promise<boolean> {
  return runSteps(db, stockTaken(db, productId, quantity, orderId, now));
}

/** `takeStock` as a step. */
export function* stockTaken(db: Db, productId: number, quantity: number, orderId: number, now: string): Work<boolean> {
  // The update answers the row it moved (none: not taken), with what its crossings are judged by.
  const [moved] = yield* rows(takeStockQuery(db, productId, quantity, orderId, now));
  if (!moved) return false;
  // Every order path takes stock here: the notices its crossings owe the owner are noted with it (decision 0099).
  yield* noteStockAlerts(db, productId, quantity, orderId, now, moved);
  return true;
}

// Built once: the same SQL for every line, only the values change.
const takeStockQuery = compiled((db, productId: number, quantity: number, orderId: number, now: string) => {
  const held = sql<number>`coalesce((select sum(h.quantity) from stock_holds h
    where h.product_id = ${productId} and h.order_id <> ${orderId} and h.expires_at > ${now}), 0)`;
  return db
    .updateTable("products")
    .set({
      stock_quantity: sql`stock_quantity - ${quantity}`,
      stock_status: stockStatusAfter(sql`stock_quantity - ${quantity}`),
      updated_at: now,
    })
    .where("id", "=", productId)
    .where("manage_stock", "=", 1)
    .where((eb) => eb.or([eb("backorders", "<>", "no"), eb(sql`stock_quantity - ${held}`, ">=", quantity)]))
    .returning(STOCK_MOVE_RETURNING);
});

export async function returnStock(db: Db, productId: number, quantity: number, now: string): Promise<void> {
  await db
    .updateTable("products")
    .set({
      stock_quantity: sql`stock_quantity + ${quantity}`,
      stock_status: stockStatusAfter(sql`stock_quantity + ${quantity}`),
      updated_at: now,
    })
    .where("id", "=", productId)
    .where("manage_stock", "=", 1)
    .execute();
}

/** Raises a coupon's usage count unless that would pass its limit. */
export function countCouponUse(db: Db, couponId: number): Promise<boolean> {
  return runSteps(db, couponUseCounted(db, couponId));
}

/** `countCouponUse` as a step. */
export function* couponUseCounted(db: Db, couponId: number): Work<boolean> {
  return Number((yield* run(countCouponUseQuery(db, couponId))).numAffectedRows) === 1;
}

const countCouponUseQuery = compiled((db, couponId: number) =>
  db
    .updateTable("coupons")
    .set({ usage_count: sql`usage_count + 1` })
    .where("id", "=", couponId)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("usage_count", "<", eb.ref("usage_limit"))])),
);

export function uncountCouponUse(db: Db, couponId: number): Promise<void> {
  return runSteps(db, couponUseUncounted(db, couponId));
}

export function* couponUseUncounted(db: Db, couponId: number): Work<void> {
  yield* run(uncountCouponUseQuery(db, couponId));
}

const uncountCouponUseQuery = compiled((db, couponId: number) =>
  db.updateTable("coupons").set({ usage_count: sql`usage_count - 1` }).where("id", "=", couponId).where("usage_count", ">", 0),
);

/** How many placed orders of this shopper (by e-mail or account) used the coupon. */
export async function markCouponsCounted(db: Db, orderId: number, counted: 0 | 1): Promise<void> {
  await db.executeQuery(markCouponsCountedQuery(db, orderId, counted));
}

const markCouponsCountedQuery = compiled((db, orderId: number, counted: 0 | 1) =>
  db.updateTable("order_coupons").set({ usage_counted: counted }).where("order_id", "=", orderId),
);

/** `markCouponsCounted` as a step; the same query. */
export function* couponsCounted(db: Db, orderId: number, counted: 0 | 1): Work<void> {
  yield* run(markCouponsCountedQuery(db, orderId, counted));
}

/** Each stocked product's shelf less what other orders hold now; `limited` false where backorders let it go below. */
export async function shelfLessHolds(
  db: Db,
  productIds: number[],
  orderId: number,
  now: string,
): Promise<Map<number, { available: number; limited: boolean }>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom("products as p")
    .leftJoin("stock_holds as h", (join) =>
      join.onRef("h.product_id", "=", "p.id").on("h.order_id", "<>", orderId).on("h.expires_at", ">", now),
    )
    .select((eb) => ["p.id", "p.stock_quantity", "p.backorders", eb.fn.coalesce(eb.fn.sum<number>("h.quantity"), eb.lit(0)).as("held")])
    .where("p.id", "in", productIds)
    .where("p.manage_stock", "=", 1)
    .groupBy(["p.id", "p.stock_quantity", "p.backorders"])
    .execute();
  return new Map(
    rows.map((row) => [row.id, { available: (row.stock_quantity ?? 0) - Number(row.held), limited: row.backorders === "no" }]),
  );
}

/** Gives back what a cart's orders not yet placed hold: a failed attempt keeps nothing from other shoppers. */
export async function releaseCartHolds(db: Db, cartId: string): Promise<void> {
  await db
    .deleteFrom("stock_holds")
    .where("order_id", "in", (eb) => eb.selectFrom("orders").select("id").where("cart_id", "=", cartId).where("stock_taken", "=", 0))
    .execute();
}

export async function replaceHolds(
  db: Db,
  orderId: number,
  holds: { product_id: number; quantity: number }[],
  expiresAt: string,
): Promise<void> {
  for (const query of replaceHoldsQueries(db, orderId, holds, expiresAt)) await db.executeQuery(query);
}

/** `replaceHolds` as a step; the same queries. */
export function* holdsReplaced(db: Db, orderId: number, holds: { product_id: number; quantity: number }[], expiresAt: string): Work<void> {
  for (const query of replaceHoldsQueries(db, orderId, holds, expiresAt)) yield* run(query);
}

const deleteHoldsQuery = compiled((db, orderId: number) => db.deleteFrom("stock_holds").where("order_id", "=", orderId));

function replaceHoldsQueries(
  db: Db,
  orderId: number,
  holds: { product_id: number; quantity: number }[],
  expiresAt: string,
): CompiledQuery[] {
  const queries: CompiledQuery[] = [deleteHoldsQuery(db, orderId)];
  if (holds.length)
    queries.push(
      db
        .insertInto("stock_holds")
        .values(holds.map((h) => ({ ...h, order_id: orderId, expires_at: expiresAt })))
        .compile(),
    );
  return queries;
}
