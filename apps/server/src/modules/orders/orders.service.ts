/** Reading orders: the Store API order shape (who may see one: access.ts). */
import type { CurrencyFields, CustomerOrderPage, CustomerOrderSummary, OrderView } from "@cartwright/commerce";
import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { OrderStatus } from "../../db/schema.ts";
import { type Cached, cached, runWork } from "../../db/unit-of-work.ts";
import { StoreError } from "../../http/errors.ts";
import { orderAttribution, orderAttributionOf } from "../attribution/index.ts";
import { getSettings, type ShopSettings } from "../settings/index.ts";
import { type OrderEventData, recordOrderEvent } from "./events.ts";
import { orderMailSender } from "./order-mail.ts";
import { readFeeLines, shownTaxLines } from "./order-rows.ts";
import * as repo from "./orders.repo.ts";
import { type Released, releaseOrder } from "./stock.ts";

export const orderErrors = {
  invalidOrder: () => new StoreError("cw_rest_invalid_order", "Invalid order ID or key provided.", 401),
  invalidBillingEmail: () => new StoreError("cw_rest_invalid_billing_email", "Invalid billing email provided.", 401),
  invalidUser: () => new StoreError("cw_rest_invalid_user", "This order belongs to a different customer.", 403),
};

/**
 * The order as the Store API shows it: lines, coupons, shipping and fee lines, totals, addresses,
 * and where it came from (the origin; every attribution field for the shop owner).
 */
export async function orderView(db: Db, order: repo.OrderRow, options: { ownerView?: boolean } = {}): Promise<OrderView> {
  const [items, coupons, refunds, attribution, settings] = await Promise.all([
    repo.orderItems(db, order.id),
    repo.orderCoupons(db, order.id),
    refundsOf(db, order),
    orderAttribution(db, order.id, options.ownerView === true),
    getSettings(db),
  ]);
  return viewOf(order, items, coupons, refunds, attribution, settings.displayItemizedTaxes);
}

/** The shop's settings in a unit of work: how it shows taxes now decides the order's tax lines (decision 0152). */
const settingsNow: Cached<ShopSettings> = { peek: (db, revisions) => getSettings.peek(db, revisions), load: (db) => getSettings(db) };

/** An order's refunds that are done; none to read while nothing was refunded or reserved (`total_refunded` counts both). */
const refundsOf = async (db: Db, order: repo.OrderRow) => (order.total_refunded > 0 ? repo.orderRefunds(db, order.id) : []);

/**
 * An order's row and its shopper's view (as `orderView`) read as one unit of work: synchronous on
 * SQLite when the connection is free, with no Kysely promise chain. What its e-mails are written
 * from (decision 0065); undefined when there is no such order.
 */
export function orderWithView(db: Db, id: number): Promise<{ row: repo.OrderRow; view: OrderView } | undefined> {
  return runWork(db, () => orderWithViewSteps(db, id), { write: false });
}

/** `orderWithView`'s unit of work (a module-level generator, decision 0126). */
function* orderWithViewSteps(db: Db, id: number) {
  const row = yield* repo.orderOf(db, id);
  if (!row) return undefined;
  const items = yield* repo.orderItemsOf(db, id);
  const coupons = yield* repo.orderCouponsOf(db, id);
  // Nothing refunded or reserved: no query (a placed order's e-mails are written from here).
  const refunds = row.total_refunded > 0 ? yield* repo.orderRefundsOf(db, id) : [];
  const attribution = yield* orderAttributionOf(db, id, false);
  const settings = yield* cached(settingsNow);
  return { row, view: viewOf(row, items, coupons, refunds, attribution, settings.displayItemizedTaxes) };
}

function viewOf(
  order: repo.OrderRow,
  items: repo.OrderItemRow[],
  coupons: Awaited<ReturnType<typeof repo.orderCoupons>>,
  refunds: repo.OrderRefundRow[],
  attribution: OrderView["attribution"],
  itemisedTaxes: boolean,
): OrderView {
  const kept = JSON.parse(order.totals) as Record<string, unknown>;
  // The Store API's totals: lines by rate only while the shop itemises taxes; the rates as kept are the owner's (decision 0152).
  const { taxes_by_rate: _byRate, ...totals } = kept;
  totals.tax_lines = shownTaxLines(kept, itemisedTaxes).map((line) => ({ name: line.name, rate: line.rate, price: String(line.amount) }));
  const currency = Object.fromEntries(Object.entries(totals).filter(([key]) => key.startsWith("currency_")));
  const money = (amount: number) => String(amount);
  return {
    id: order.id,
    order_number: String(order.id),
    status: order.status,
    customer_id: order.customer_id ?? 0,
    customer_note: order.customer_note,
    /** The shop's additional contact and order fields, by field id (address fields live in the addresses). */
    additional_fields: JSON.parse(order.additional_fields) as Record<string, string | boolean>,
    date_created: order.created_at,
    date_paid: order.paid_at,
    billing_address: JSON.parse(order.billing_address) as Record<string, string>,
    shipping_address: JSON.parse(order.shipping_address) as Record<string, string>,
    payment_method: order.payment_method,
    payment_method_title: order.payment_method_title,
    payment_details: JSON.parse(order.payment_details) as { key: string; value: string }[],
    items: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      variation_id: item.variation_id ?? 0,
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      variation: JSON.parse(item.variation) as { attribute: string; value: string }[],
      totals: {
        line_subtotal: money(item.subtotal),
        line_subtotal_tax: money(item.subtotal_tax),
        line_total: money(item.total),
        line_total_tax: money(item.total_tax),
        ...currency,
      },
    })),
    coupons: coupons.map((c) => ({
      code: c.code,
      totals: { total_discount: money(c.discount), total_discount_tax: money(c.discount_tax), ...currency },
    })),
    shipping_lines: JSON.parse(order.shipping_lines) as unknown[],
    // The shopper's order keeps the Store API's fee shape; how each fee was taxed is the owner's (decision 0101).
    fees: readFeeLines(order.fee_lines).map((fee) => ({ name: fee.name, total: fee.total, total_tax: fee.total_tax })),
    totals,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      total: money(refund.amount),
      reason: refund.reason,
      date_created: refund.created_at,
      ...currency,
    })),
    attribution,
  };
}

export type { CustomerOrderPage, CustomerOrderSummary, OrderView };

/** Statuses an order may be cancelled from: it was never paid. */
const CANCELLABLE: OrderStatus[] = ["pending", "on-hold", "failed"];

/** The shop itself acting (a sweep, a checkout step). */
const SHOP = { type: "shop" } as const;

/**
 * Cancels an unpaid order, returning its stock and coupon uses; false when it cannot be cancelled.
 * The order is locked and its status claimed first, so a racing cancel (the owner's) gives nothing back twice;
 * `stillDue` is the caller's own condition (the sweep's), checked again under the lock.
 */
export async function cancelOrder(
  db: Db,
  id: number,
  now = new Date(),
  stillDue: (order: repo.OrderRow) => boolean = () => true,
): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const order = await repo.findOrderForUpdate(tx, id);
    if (!order || !CANCELLABLE.includes(order.status) || order.paid_at || !stillDue(order)) return false;
    if (!(await repo.claimStatus(tx, id, order.status, "cancelled", at))) return false;
    const released = await releaseOrder(tx, order, at);
    await recordOrderEvent(tx, id, SHOP, statusEvent(order.status, "cancelled", released), at);
    return true;
  });
}

/** A `status` event, naming what went back on the shelf when something did. */
export function statusEvent(from: OrderStatus, to: OrderStatus, released?: Released, note?: string): OrderEventData {
  return {
    type: "status",
    from,
    to,
    ...(released?.stockReturned ? { stock_returned: true } : {}),
    ...(released?.couponsReturned.length ? { coupons_returned: released.couponsReturned } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * Part of the sweep: checkout orders left waiting for a payment longer than the shop holds stock are
 * cancelled (their stock goes back on the shelf) and the shopper, who was sent its confirmation,
 * told so (decision 0084); lapsed draft holds are deleted. An order whose
 * payment was asked for and never recorded is not touched: only its gateway can say whether it
 * was paid (the checkout's sweepUnpaidOrders asks it first).
 */
export async function cancelUnpaidOrders(db: Db, holdMinutes: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - holdMinutes * 60 * 1000).toISOString();
  const stale = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending")
    .where("paid_at", "is", null)
    .where("payment_attempt", "=", "")
    .where("updated_at", "<", before)
    // An order the owner made by hand waits for its customer as long as it takes (WooCommerce cancels only the checkout's).
    .where("cart_id", "not like", `${repo.BY_HAND_CART_PREFIX}%`)
    .execute();
  let cancelled = 0;
  // Checked again under the lock: the owner may have moved the order since it was listed.
  const stillStale = (order: repo.OrderRow) => order.status === "pending" && order.payment_attempt === "" && order.updated_at < before;
  for (const { id } of stale) {
    if (!(await cancelOrder(db, id, now, stillStale))) continue;
    cancelled++;
    // The cancellation stands whatever becomes of its e-mail (the sender logs a failure).
    await orderMailSender(db)
      ?.send(id, "customer_cancelled", { actor: SHOP })
      .catch(() => {});
  }
  await db.deleteFrom("stock_holds").where("expires_at", "<", now.toISOString()).execute();
  return cancelled;
}

/** Statuses a customer never sees in their list: the cart's working draft (a failed order is listed, to be paid: decision 0085). */
const UNLISTED_STATUSES: OrderStatus[] = ["checkout-draft"];

/** Orders on one page of my account's list (WooCommerce's default posts_per_page). */
export const CUSTOMER_ORDERS_PER_PAGE = 10;

/**
 * One page of a customer's orders, newest first, without drafts and failed attempts, and how many
 * pages there are; a page past the last holds no orders. Only that page's rows are read.
 */
export async function listCustomerOrders(
  db: Db,
  customerId: number,
  page = 1,
  perPage = CUSTOMER_ORDERS_PER_PAGE,
): Promise<CustomerOrderPage> {
  if (!Number.isSafeInteger(customerId) || customerId <= 0 || !Number.isSafeInteger(page) || page < 1) {
    return { orders: [], page: 1, pages: 0, total: 0 };
  }
  const listed = db.selectFrom("orders").where("customer_id", "=", customerId).where("status", "not in", UNLISTED_STATUSES);
  const counted = await listed.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  const pages = Math.ceil(total / perPage);
  if (page > pages) return { orders: [], page, pages, total };
  const rows = await listed
    .select(["id", "status", "created_at", "total", "totals"])
    .select(sql<number>`coalesce((select sum(i.quantity) from order_items i where i.order_id = orders.id), 0)`.as("item_count"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { orders: rows.map(orderSummary), page, pages, total };
}

type SummaryRow = { id: number; status: OrderStatus; created_at: string; total: number | string; totals: string; item_count: number };

function orderSummary(row: SummaryRow): CustomerOrderSummary {
  const totals = JSON.parse(row.totals) as Partial<CurrencyFields>;
  return {
    id: row.id,
    order_number: String(row.id),
    status: row.status,
    date_created: row.created_at,
    total: String(row.total),
    item_count: Number(row.item_count),
    currency: {
      currency_code: totals.currency_code ?? "",
      currency_symbol: totals.currency_symbol ?? "",
      currency_minor_unit: totals.currency_minor_unit ?? 2,
      currency_decimal_separator: totals.currency_decimal_separator ?? ".",
      currency_thousand_separator: totals.currency_thousand_separator ?? ",",
      currency_prefix: totals.currency_prefix ?? "",
      currency_suffix: totals.currency_suffix ?? "",
    },
  };
}
