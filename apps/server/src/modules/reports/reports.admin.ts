/**
 * The owner's figures (issue 18, read-only): today's and this month's sales, orders by status, a
 * 30-day daily series with every day present, top products and orders by origin. "Sales" sums the
 * totals (tax and shipping in) of paid orders (processing, completed) by the day they were placed,
 * less what was refunded of them (`total_refunded`, as the order list's rows say): a partly refunded
 * order stays paid and counts what it kept, a wholly refunded one becomes "refunded" and leaves the
 * paid statuses. Top products take off their lines' refunds. Orders by status count order totals, as the list's tabs do. Days are the shop's time zone's
 * (Settings → General, decision 0086): each day's bounds are worked out here as UTC instants. Every figure is the order list's for the same filters
 * (reports.list-agree.http.test.ts checks them against each other).
 */
import { NO_VALUE, refundedBeforeTax } from "@cartwright/commerce";
import { addDays, dayIn, dayStart } from "@cartwright/commerce/time-zone";
import { sql } from "kysely";
import type { RequestContext } from "../../http/context.ts";
import { paramDetail, StoreError } from "../../http/errors.ts";
import { originLabel } from "../attribution/index.ts";
import { PAID_STATUSES } from "../orders/index.ts";
import { ownerCurrency } from "../settings/index.ts";

/** Days the daily series shows, ending on the range's last day. */
export const SERIES_DAYS = 30;
/** The longest range one call reads (a year and a day), so a figure never scans the whole history. */
const MAX_RANGE_DAYS = 366;
const TOP_PRODUCTS = 5;

function invalidParam(name: string, message: string): StoreError {
  return new StoreError("rest_invalid_param", `Invalid parameter(s): ${name}`, 400, {
    params: { [name]: message },
    details: { [name]: paramDetail("rest_invalid_param", message) },
  });
}

/** Days from one to another, as the calendar counts them (DST days have 23 or 25 hours). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface OverviewQuery {
  /** First day (YYYY-MM-DD), included; 29 days before `to` unless told. */
  from?: string;
  /** Last day (YYYY-MM-DD), included; today unless told. */
  to?: string;
}

/** Sales of the orders summed: a partial refund keeps the order paid, so its refunded part is taken off here. */
const netSales = (table: "orders" | "o") =>
  sql<number | string | null>`sum(${sql.ref(`${table}.total`)} - ${sql.ref(`${table}.total_refunded`)})`;

/** Paid orders' count and sales from a moment (included) to another (excluded). */
async function paidBetween(ctx: RequestContext, currency: string, from: string, to: string) {
  const row = await ctx.db
    .selectFrom("orders")
    .select((eb) => [eb.fn.countAll<number | string>().as("orders"), netSales("orders").as("sales")])
    .where("status", "in", PAID_STATUSES)
    .where("currency", "=", currency)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), sales: Number(row.sales ?? 0) };
}

async function ordersByStatus(ctx: RequestContext, currency: string, from: string, to: string) {
  const rows = await ctx.db
    .selectFrom("orders")
    .select("status")
    .select((eb) => [eb.fn.countAll<number | string>().as("orders"), eb.fn.sum<number | string>("total").as("total")])
    .where("status", "!=", "checkout-draft")
    .where("currency", "=", currency)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy("status")
    .orderBy("status")
    .execute();
  return rows.map((row) => ({ status: row.status, orders: Number(row.orders), total: Number(row.total) }));
}

async function dailySales(ctx: RequestContext, currency: string, lastDay: string, zone: string) {
  const days = Array.from({ length: SERIES_DAYS }, (_, index) => addDays(lastDay, index + 1 - SERIES_DAYS));
  // Each day's first instant in the zone: the series' bounds, then the bucket an order falls in, on either database.
  const starts = [...days, addDays(lastDay, 1)].map((day) => dayStart(day, zone).toISOString());
  const bucket = sql<number | string>`case ${sql.join(
    // Literals, not parameters: PostgreSQL groups by the same expression only when its text is the select's.
    starts.slice(1, -1).map((start, index) => sql`when created_at < ${sql.lit(start)} then ${sql.lit(index)}`),
    sql` `,
  )} else ${sql.lit(SERIES_DAYS - 1)} end`;
  const rows = await ctx.db
    .selectFrom("orders")
    .select(bucket.as("day"))
    .select((eb) => [eb.fn.countAll<number | string>().as("orders"), netSales("orders").as("sales")])
    .where("status", "in", PAID_STATUSES)
    .where("currency", "=", currency)
    .where("created_at", ">=", starts[0] as string)
    .where("created_at", "<", starts[SERIES_DAYS] as string)
    .groupBy(bucket)
    .execute();
  const byDay = new Map(rows.map((row) => [Number(row.day), row]));
  return days.map((date, index) => {
    const row = byDay.get(index);
    return { date, orders: Number(row?.orders ?? 0), sales: Number(row?.sales ?? 0) };
  });
}

/**
 * Products of paid orders, most sold first by quantity or by revenue (line totals after discounts,
 * before tax), net of what was refunded of their lines: the units given back and the refunds' part
 * before tax (refundedBeforeTax), as WooCommerce's products report counts refunds. A product whose
 * lines came back whole sold nothing. A refund of an amount alone (no lines) leaves products as they were.
 */
async function topProducts(ctx: RequestContext, currency: string, from: string, to: string) {
  const paidLines = () =>
    ctx.db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .where("o.status", "in", PAID_STATUSES)
      .where("o.currency", "=", currency)
      .where("o.created_at", ">=", from)
      .where("o.created_at", "<", to);
  const [products, refundedLines] = await Promise.all([
    paidLines()
      .select("i.product_id")
      .select((eb) => [
        eb.fn.max("i.name").as("name"),
        sql<number | string>`sum(i.quantity - i.refunded_quantity)`.as("quantity"),
        eb.fn.sum<number | string>("i.total").as("revenue"),
      ])
      .groupBy("i.product_id")
      .execute(),
    // Few lines have refunds: each one's price part is worked out apart, the line's own tax share.
    paidLines().select(["i.product_id", "i.total", "i.total_tax", "i.refunded_total"]).where("i.refunded_total", ">", 0).execute(),
  ]);
  const refunded = new Map<number, number>();
  for (const line of refundedLines) refunded.set(line.product_id, (refunded.get(line.product_id) ?? 0) + refundedBeforeTax(line));
  const sold = products
    .map((row) => ({
      product_id: row.product_id,
      name: row.name,
      quantity: Number(row.quantity),
      revenue: Number(row.revenue) - (refunded.get(row.product_id) ?? 0),
    }))
    .filter((row) => row.quantity > 0 || row.revenue > 0);
  const top = (by: "quantity" | "revenue") => [...sold].sort((a, b) => b[by] - a[by] || a.product_id - b.product_id).slice(0, TOP_PRODUCTS);
  return { by_quantity: top("quantity"), by_revenue: top("revenue") };
}

/**
 * Paid orders per source type and source (decision 0014), each line the order list's filter of the
 * same name: orders without a source type (none sent, or the checkout dropped it) are one "unknown"
 * line whatever source they kept, and a source type without a source has the source "(none)".
 */
async function ordersByOrigin(ctx: RequestContext, currency: string, from: string, to: string) {
  // The label reads "Unknown" without a type, so a kept source would split one origin into lines the list cannot tell apart.
  const source = sql<string | null>`case when a.source_type is null then null else coalesce(a.utm_source, ${sql.lit(NO_VALUE)}) end`;
  const rows = await ctx.db
    .selectFrom("orders as o")
    .leftJoin("order_attribution as a", "a.order_id", "o.id")
    .select(["a.source_type as source_type", source.as("source")])
    .select((eb) => [eb.fn.countAll<number | string>().as("orders"), netSales("o").as("sales")])
    .where("o.status", "in", PAID_STATUSES)
    .where("o.currency", "=", currency)
    .where("o.created_at", ">=", from)
    .where("o.created_at", "<", to)
    .groupBy(["a.source_type", source])
    .execute();
  const lines = rows.map((row) => ({
    source_type: row.source_type ?? "unknown",
    source: row.source ?? "",
    origin: originLabel(row.source_type, row.source),
    orders: Number(row.orders),
    sales: Number(row.sales),
  }));
  return lines.sort((a, b) => b.orders - a.orders || a.source_type.localeCompare(b.source_type) || a.source.localeCompare(b.source));
}

/**
 * A report's days (the overview's and the reports tabs'): `from` and `to` in the shop's zone, the
 * last 30 days unless told, checked (400 naming the parameter), with their bounds as UTC instants.
 */
export async function reportRange(ctx: RequestContext, query: OverviewQuery) {
  const settings = await ctx.shopSettings();
  const zone = settings.timeZone;
  const startOf = (day: string) => dayStart(day, zone).toISOString();
  const today = dayIn(ctx.now ?? new Date(), zone);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - SERIES_DAYS);
  if (to < from) throw invalidParam("to", "to is earlier than from.");
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) throw invalidParam("from", `The range is longer than ${MAX_RANGE_DAYS} days.`);
  const currency = settings.currency.code;
  return { settings, zone, currency, today, from, to, startOf, rangeFrom: startOf(from), rangeTo: startOf(addDays(to, 1)) };
}

/**
 * The paid orders of the range kept in another currency than the shop's (placed before its currency changed), per
 * currency: the figures leave them out, as cents of one currency added to another's mean nothing, and say so.
 */
export async function paidInOtherCurrencies(ctx: RequestContext, currency: string, from: string, to: string) {
  const rows = await ctx.db
    .selectFrom("orders")
    .select("currency")
    .select((eb) => eb.fn.countAll<number | string>().as("orders"))
    .where("status", "in", PAID_STATUSES)
    .where("currency", "!=", currency)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  return rows.map((row) => ({ currency: row.currency, orders: Number(row.orders) }));
}

export async function salesOverview(ctx: RequestContext, query: OverviewQuery) {
  const { zone, currency, today, from, to, startOf, rangeFrom, rangeTo } = await reportRange(ctx, query);
  const monthStart = `${today.slice(0, 7)}-01`;
  const tomorrow = startOf(addDays(today, 1));
  return {
    from,
    to,
    time_zone: zone,
    ...(await ownerCurrency(ctx)),
    paid_statuses: PAID_STATUSES,
    today: { date: today, ...(await paidBetween(ctx, currency, startOf(today), tomorrow)) },
    month: { from: monthStart, to: today, ...(await paidBetween(ctx, currency, startOf(monthStart), tomorrow)) },
    orders_by_status: await ordersByStatus(ctx, currency, rangeFrom, rangeTo),
    daily_sales: await dailySales(ctx, currency, to, zone),
    top_products: await topProducts(ctx, currency, rangeFrom, rangeTo),
    orders_by_origin: await ordersByOrigin(ctx, currency, rangeFrom, rangeTo),
    other_currencies: await paidInOtherCurrencies(ctx, currency, rangeFrom, rangeTo),
  };
}
