/**
 * The owner's order list (issue 18 "owner API", read-only): status tabs with their counts, search,
 * filters (dates, payment method, origin), sorting by date or total and pages. The list walks the
 * indexes of migration 017 (status, created_at | total, id) in the order asked; the tab counts are
 * one GROUP BY status answered from the status index alone. The order view: one order as the owner
 * reads it, with a timeline built from what is stored (placed, payment attempts, paid, owner changes, status).
 */
import { NO_VALUE } from "@cartwright/commerce";
import { addDays, dayStart } from "@cartwright/commerce/time-zone";
import { sql } from "kysely";
import { isStoredId } from "../../db/ids.ts";
import type { Db } from "../../db/index.ts";
import { PREFIX_END, searchWords } from "../../db/order-search.ts";
import type { OrderActorType, OrderStatus } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { pagingOf } from "../../http/paging.ts";
import { orderAttribution, originLabel } from "../attribution/index.ts";
import { getCustomer } from "../customers/index.ts";
import { listTaxClasses } from "../taxes/index.ts";
import { type OrderEventData, type OrderEventType, orderEvents, type StoredOrderEvent } from "./events.ts";
import { minorUnitOf, type ShopCurrency } from "./export-rows.ts";
import { readFeeLines, readTaxRates, shownTaxLines } from "./order-rows.ts";
import { ORDER_STATUSES } from "./orders.admin.schemas.ts";
import * as repo from "./orders.repo.ts";
import { refundFacts } from "./refunds.ts";

/** What narrows the order list: the list, its CSV export and nothing else build their WHERE from it (filteredOrders). */
export interface OrderFilters {
  status?: "all" | OrderStatus;
  search?: string;
  /** Days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  /** The shop's time zone, which the caller sets from the settings (decision 0086); UTC when left out. */
  timeZone?: string;
  payment_method?: string;
  source_type?: "utm" | "organic" | "referral" | "typein" | "admin" | "unknown";
  source?: string;
}

export interface OrderListQuery extends OrderFilters {
  orderby?: "date" | "total";
  order?: "asc" | "desc";
  page: number;
  perPage: number;
}

/** The working draft of a cart at checkout is not an order the owner handles: "all" leaves it out, as its own tab shows it. */
const NOT_IN_ALL: OrderStatus = "checkout-draft";

/** True when only the status tab narrows the list: its size is then the tab's count, not another count. */
const onlyStatus = (query: OrderFilters) =>
  !query.search?.trim() && !query.from && !query.to && !query.payment_method && !query.source_type && !query.source;

/**
 * How a word search is read (decision 0039). "terms": the words' ranges of the term index first, then
 * each order they name by its primary key, sorted (few matches). "sort": the sort's own index walked,
 * each order checked by one seek per word in its own terms (many matches: a page fills long before the end).
 */
export type SearchDrive = "terms" | "sort";

/** The orders matching the filters, as a query to select from: the one WHERE of the list and the export. */
export function filteredOrders(db: Db, query: OrderFilters, drive: SearchDrive = "terms") {
  let q = db.selectFrom("orders");
  q = !query.status || query.status === "all" ? q.where("orders.status", "<>", NOT_IN_ALL) : q.where("orders.status", "=", query.status);
  // Dates are stored as ISO text in UTC: comparing the text orders them on both databases; the days' bounds are the zone's.
  const zone = query.timeZone ?? "UTC";
  if (query.from) q = q.where("orders.created_at", ">=", dayStart(query.from, zone).toISOString());
  if (query.to) q = q.where("orders.created_at", "<", dayStart(addDays(query.to, 1), zone).toISOString());
  if (query.payment_method) q = q.where("orders.payment_method", "=", query.payment_method);
  if (query.source_type === "unknown")
    // As the origin label and the dashboard read it: a row kept without a source type (the checkout dropped it) is unknown too.
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("order_attribution as a")
            .select("a.order_id")
            .whereRef("a.order_id", "=", "orders.id")
            .where("a.source_type", "is not", null),
        ),
      ),
    );
  else if (query.source_type || query.source) {
    const { source_type: type, source } = query;
    q = q.where((eb) => {
      let origin = eb.selectFrom("order_attribution as a").select("a.order_id").whereRef("a.order_id", "=", "orders.id");
      if (type) origin = origin.where("a.source_type", "=", type);
      // "(none)" is never stored (the checkout drops it), so it names the orders whose origin kept no source.
      if (source === NO_VALUE) origin = origin.where("a.utm_source", "is", null);
      else if (source) origin = origin.where("a.utm_source", "=", source);
      return eb.exists(origin);
    });
  }
  const search = (query.search ?? "").trim();
  if (search) {
    const digits = /^#?(\d{1,15})$/.exec(search)?.[1];
    // A number past the largest id names no order (and PostgreSQL would refuse comparing it with one).
    const number = digits && isStoredId(Number(digits)) ? Number(digits) : null;
    // "#12" names an order number and nothing else: found on the primary key, no scan.
    if (digits && search.startsWith("#")) return number ? q.where("orders.id", "=", number) : q.where(sql<boolean>`1 = 0`);
    const words = searchWords(search);
    // Nothing searchable left (only quotes or commas): nothing is found, as no order has an empty word.
    if (!words.length) return q.where(sql<boolean>`1 = 0`);
    q = q.where((eb) => {
      const range = (word: string) =>
        eb
          .selectFrom("order_search_terms as t")
          .select("t.order_id")
          .where("t.term", ">=", word)
          .where("t.term", "<", word + PREFIX_END);
      if (drive === "sort") {
        // Per order walked, one seek per word in the (order_id, term) key; every word required.
        const all = eb.and(words.map((word) => eb.exists(range(word).whereRef("t.order_id", "=", "orders.id"))));
        return number ? eb.or([eb("orders.id", "=", number), all]) : all;
      }
      // The words' ranges of the (term, order_id) index, intersected; a bare number (one word) adds its order to its range.
      const ranges = words.map(range).reduce((all, next) => all.intersect(next));
      return eb("orders.id", "in", number ? ranges.union(db.selectNoFrom(sql<number>`${number}`.as("order_id"))) : ranges);
    });
  }
  return q;
}

/** Orders per status, every status present (0 when none), and "all" as the list's default tab counts them. */
/** The columns of a list row (OrderRow), added to a query over orders. */
export function rowColumns(query: ReturnType<typeof filteredOrders>) {
  return query
    .leftJoin("order_attribution as a", "a.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.status",
      "orders.created_at",
      "orders.customer_id",
      "orders.billing_email",
      "orders.billing_address",
      "orders.total",
      "orders.total_refunded",
      "orders.currency",
      "orders.payment_method",
      "orders.payment_method_title",
      "orders.updated_at",
      "a.source_type",
      "a.utm_source",
    ])
    .select(sql<number>`coalesce((select sum(i.quantity) from order_items i where i.order_id = orders.id), 0)`.as("item_count"));
}

/** A row selected by rowColumns as the list answers it, its amounts in its currency's decimals as the shop keeps them. */
export function orderRow(row: Awaited<ReturnType<ReturnType<typeof rowColumns>["execute"]>>[number], shop: ShopCurrency) {
  const billing = JSON.parse(row.billing_address) as Record<string, string>;
  return {
    id: row.id,
    number: String(row.id),
    status: row.status,
    date_created: row.created_at,
    customer: {
      id: row.customer_id,
      guest: row.customer_id === null,
      name: [billing.first_name, billing.last_name].filter(Boolean).join(" "),
      email: row.billing_email,
    },
    item_count: Number(row.item_count),
    total: Number(row.total),
    refunded: Number(row.total_refunded),
    currency: row.currency,
    currency_minor_unit: minorUnitOf(row.currency, shop),
    payment_method: row.payment_method,
    payment_method_title: row.payment_method_title,
    origin: originLabel(row.source_type, row.utm_source),
    date_modified: row.updated_at,
  };
}

/** How many orders have one status (the console's navigation shows those to fulfil), on the status index. */
export async function countWithStatus(db: Db, status: OrderStatus): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .where("status", "=", status)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function statusCounts(db: Db): Promise<Record<"all" | OrderStatus, number>> {
  const rows = await db
    .selectFrom("orders")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  const all = ORDER_STATUSES.filter((status) => status !== NOT_IN_ALL).reduce((sum, status) => sum + counts[status], 0);
  return { all, ...counts };
}

export async function listOrders(ctx: RequestContext, asked: OrderListQuery) {
  const query = { ...asked, timeZone: (await ctx.shopSettings()).timeZone };
  const base = filteredOrders(ctx.db, query);
  const counts = await statusCounts(ctx.db);
  const total = onlyStatus(query)
    ? counts[query.status ?? "all"]
    : Number((await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  const direction = query.order === "asc" ? "asc" : "desc";
  const sortColumn = query.orderby === "total" ? "orders.total" : "orders.created_at";
  const offset = (query.page - 1) * query.perPage;
  // Walking the sort reads about (offset + perPage) × tab / total orders; the terms first read and sort all `total`.
  const walk = total > 0 && (offset + query.perPage) * counts[query.status ?? "all"] < total * total;
  // The page's ids first, from the sort's index alone; then only its rows are read whole, so a deep
  // page skips index entries rather than orders (page 2,000 by total: 162 ms to a few at 100,000).
  const ids = (
    await (walk ? filteredOrders(ctx.db, query, "sort") : base)
      .select("orders.id")
      .orderBy(sortColumn, direction)
      .orderBy("orders.id", direction)
      .limit(query.perPage)
      .offset(offset)
      .execute()
  ).map((row) => row.id);
  const rows = ids.length
    ? await rowColumns(ctx.db.selectFrom("orders").where("orders.id", "in", ids))
        .orderBy(sortColumn, direction)
        .orderBy("orders.id", direction)
        .execute()
    : [];
  const shop = (await ctx.shopSettings()).currency;
  return {
    orders: rows.map((row) => orderRow(row, shop)),
    counts,
    ...pagingOf(total, query.page, query.perPage),
  };
}

/** Statuses in which the customer's payment page takes a payment (the pay-for-order call's). */
const PAYABLE_STATUSES: OrderStatus[] = ["pending", "failed"];

export const orderNotFound = () => new StoreError("cw_rest_order_not_found", "No order has this id.", 404);

type Actor = { type: OrderActorType; id?: number | string; email?: string; via?: string };
/** One line of the owner's timeline: what the order keeps (placed, attempts, paid) and its recorded events. */
type TimelineEvent = {
  at: string;
  type: "placed" | "payment_attempt" | "paid" | OrderEventType;
  actor: Actor | null;
  status?: string;
  amount?: number;
  message?: string;
} & Record<string, unknown>;

/** A text of 12 to 19 digits (spaces or dashes between) is a card number: never shown, whatever a gateway left. */
const CARD_NUMBER = /\d(?:[ -]?\d){11,18}/;

const minor = (value: unknown, fallback = 0) => {
  const amount = Number(value);
  return Number.isFinite(amount) ? Math.round(amount) : fallback;
};

/** One order as the owner reads it: lines, totals, addresses, shipping, payment, fields, origin, customer and timeline. */
export async function readOrder(ctx: RequestContext, id: number) {
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw orderNotFound();
  const [items, coupons, origin, account, charges, events, refunds] = await Promise.all([
    repo.orderItems(ctx.db, id),
    repo.orderCoupons(ctx.db, id),
    orderAttribution(ctx.db, id, true),
    order.customer_id ? getCustomer(ctx.db, order.customer_id) : null,
    // A paid form entry's charge is kept under its entry's id as the order reference, its key
    // `form-entry-…` (modules/forms/payment.ts): not this order's, whatever the numbers.
    ctx.db
      .selectFrom("gateway_charges")
      .selectAll()
      .where("order_id", "=", id)
      .where("idempotency_key", "not like", "form-entry-%")
      .orderBy("created_at")
      .execute(),
    orderEvents(ctx.db, id),
    refundFacts(ctx.db, order),
  ]);
  const billing = JSON.parse(order.billing_address) as Record<string, string>;
  const totals = JSON.parse(order.totals) as Record<string, unknown>;
  const shippingLines = (JSON.parse(order.shipping_lines) as { method_id: string; instance_id: number; name: string; total: string }[]).map(
    (line) => ({ method_id: line.method_id, instance_id: Number(line.instance_id) || 0, name: line.name, total: minor(line.total) }),
  );
  const kept = readFeeLines(order.fee_lines);
  // Each fee's class by the name the shop gives it now (decision 0101); read only when a fee has a class of the owner's.
  const classNames = new Map(
    kept.some((fee) => fee.tax_class)
      ? (await listTaxClasses(ctx.db)).map((taxClass) => [taxClass.slug === "standard" ? "" : taxClass.slug, taxClass.name])
      : [["", "Standard rate"]],
  );
  const fees = kept.map((fee) => ({
    ...fee,
    total: minor(fee.total),
    total_tax: minor(fee.total_tax),
    tax_class_name: fee.tax_status === "none" ? "" : (classNames.get(fee.tax_class) ?? (fee.tax_class || "Standard rate")),
  }));
  const byRate = shownTaxLines(totals, (await ctx.shopSettings()).displayItemizedTaxes);
  // A shop that does not itemise taxes shows no lines by rate: the whole tax is one line without a rate.
  const taxLines = byRate.length || !order.total_tax ? byRate : [{ name: "Tax", rate: "", amount: order.total_tax }];
  const shopper: Actor = order.customer_id ? { type: "customer", id: order.customer_id } : { type: "guest", email: order.billing_email };
  // An order made by hand was placed by the member of staff whose event it starts with.
  const maker = order.cart_id.startsWith(repo.BY_HAND_CART_PREFIX) ? events[0]?.actor : undefined;
  const timeline: TimelineEvent[] = [{ at: order.created_at, type: "placed", actor: maker ? timelineActor(maker) : shopper }];
  for (const charge of charges) {
    const outcome = JSON.parse(charge.outcome) as { status?: string; message?: string };
    timeline.push({
      at: charge.created_at,
      type: "payment_attempt",
      actor: { type: "gateway", id: charge.gateway },
      status: outcome.status ?? "",
      amount: charge.amount,
      ...(outcome.status === "failure" && outcome.message ? { message: outcome.message } : {}),
    });
  }
  if (order.paid_at) {
    // Marked paid by a status change made at that moment (an owner who saw the transfer arrive): theirs; else the gateway's.
    const marker = events.find((event) => event.at === order.paid_at && event.type === "status")?.actor;
    const payer = marker && (marker.type === "owner" || marker.type === "manager") ? timelineActor(marker) : null;
    timeline.push({ at: order.paid_at, type: "paid", actor: payer ?? { type: "gateway", id: order.payment_method }, amount: order.total });
  }
  for (const { id: _id, at, actor, ...event } of events) timeline.push(eventLine(at, actor, event));
  // Orders from before migration 019 kept no status changes: their status now stands for them.
  if (!events.some((event) => event.type === "status"))
    timeline.push({ at: order.updated_at, type: "status", actor: null, status: order.status });
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const pickup = shippingLines.find((line) => line.method_id === "pickup_location");
  return {
    id: order.id,
    number: String(order.id),
    status: order.status,
    date_created: order.created_at,
    date_modified: order.updated_at,
    date_paid: order.paid_at,
    // The link the invoice e-mail carries (decision 0085), while the order can still be paid.
    payment_url:
      PAYABLE_STATUSES.includes(order.status) && !order.paid_at
        ? `/checkout/order-pay/${order.id}?key=${encodeURIComponent(order.order_key)}`
        : null,
    customer_note: order.customer_note,
    customer: {
      id: order.customer_id,
      guest: order.customer_id === null,
      email: order.billing_email,
      name: [billing.first_name, billing.last_name].filter(Boolean).join(" "),
      account: account
        ? {
            id: account.id,
            email: account.email,
            first_name: account.firstName,
            last_name: account.lastName,
            created_at: account.createdAt,
          }
        : null,
    },
    lines: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      variation_id: item.variation_id,
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      price: Math.round(item.subtotal / item.quantity),
      subtotal: item.subtotal,
      subtotal_tax: item.subtotal_tax,
      total: item.total,
      total_tax: item.total_tax,
      variation: JSON.parse(item.variation) as { attribute: string; value: string }[],
      refunded_quantity: item.refunded_quantity,
      refunded_total: item.refunded_total,
    })),
    totals: {
      currency: order.currency,
      // The decimals the order was placed in (kept with its totals), else the shop's for its currency.
      currency_minor_unit:
        typeof totals.currency_minor_unit === "number"
          ? totals.currency_minor_unit
          : minorUnitOf(order.currency, (await ctx.shopSettings()).currency),
      items: items.reduce((sum, item) => sum + item.subtotal, 0),
      items_tax: items.reduce((sum, item) => sum + item.subtotal_tax, 0),
      discount: order.total_discount,
      discount_tax: minor(totals.total_discount_tax),
      coupons: coupons.map((coupon) => ({ code: coupon.code, discount: coupon.discount, discount_tax: coupon.discount_tax })),
      shipping: order.total_shipping,
      shipping_tax: minor(totals.total_shipping_tax),
      fees,
      tax: order.total_tax,
      tax_lines: taxLines,
      taxes_by_rate: readTaxRates(totals) ?? [],
      total: order.total,
      refunded: order.total_refunded,
    },
    billing_address: billing,
    shipping_address: JSON.parse(order.shipping_address) as Record<string, string | boolean>,
    shipping: { lines: shippingLines, pickup_location: pickup ? pickup.name : null },
    payment: {
      method: order.payment_method,
      title: order.payment_method_title,
      transaction_id: order.transaction_id,
      details: (JSON.parse(order.payment_details) as { key: string; value: string }[]).filter(
        (detail) => !CARD_NUMBER.test(String(detail.value)),
      ),
    },
    additional_fields: JSON.parse(order.additional_fields) as Record<string, string | boolean>,
    origin,
    timeline,
    ...refunds,
  };
}

/** A recorded event as a timeline line: status events name the status reached, notes and refund reasons are its message. */
/** A stored event's actor as the timeline names it: the id or e-mail it has. */
const timelineActor = (actor: StoredOrderEvent["actor"]) => ({
  type: actor.type,
  ...(actor.id ? { id: actor.id } : {}),
  ...(actor.email ? { email: actor.email } : {}),
  ...(actor.via ? { via: actor.via } : {}),
});

function eventLine(at: string, actor: StoredOrderEvent["actor"], event: OrderEventData): TimelineEvent {
  const who = timelineActor(actor);
  switch (event.type) {
    case "status":
      return { ...event, at, actor: who, status: event.to, ...(event.note ? { message: event.note } : {}) };
    case "note":
      return { ...event, at, actor: who, message: event.note };
    case "refund":
      return { ...event, at, actor: who, ...(event.reason ? { message: event.reason } : {}) };
    default:
      return { ...event, at, actor: who };
  }
}
