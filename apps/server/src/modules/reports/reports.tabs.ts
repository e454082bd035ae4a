/**
 * The reports tabs (decision 0104): products, coupons, taxes and customers of the paid orders
 * (processing, completed) placed in a range of the shop's days, each figure the overview's and the
 * order list's for the same days (reports.admin.ts's header says what "sales" means;
 * reports.tabs-agree.http.test.ts checks them against the list). Each tab's rows are summed by the
 * database, then searched, sorted and paged here (report-table.ts): a range holds at most 366 days,
 * so a tab holds at most one row per product, code, rate or customer that sold in them.
 */
import { csvLine, refundedBeforeTax } from "@cartwright/commerce";
import { sql } from "kysely";
import type { RequestContext } from "../../http/context.ts";
import { shopDateCell } from "../customers/index.ts";
import { minorUnitOf, PAID_STATUSES, readTaxRates } from "../orders/index.ts";
import { ownerCurrency } from "../settings/index.ts";
import {
  arrange,
  type CouponRow,
  CSV_TABS,
  type CustomerRow,
  type ProductRow,
  pageOf,
  type SortOrder,
  shippingTaxShares,
  sumOf,
  type TableShape,
  type TaxRow,
  taxLabel,
} from "./report-table.ts";
import { type OverviewQuery, paidInOtherCurrencies, reportRange } from "./reports.admin.ts";

export const TAB_SORTS = {
  products: ["name", "items_sold", "net_sales", "orders"],
  coupons: ["code", "orders", "discount"],
  taxes: ["label", "order_tax", "shipping_tax", "total_tax", "orders"],
  customers: ["name", "orders", "spend", "average", "last_order"],
} as const;
export type ReportTab = keyof typeof TAB_SORTS;
export type TabSort<T extends ReportTab> = (typeof TAB_SORTS)[T][number];

/** What a tab shows first: the most sold, used or charged, the biggest spenders. */
export const DEFAULT_SORT: { [T in ReportTab]: TabSort<T> } = {
  products: "items_sold",
  coupons: "orders",
  taxes: "total_tax",
  customers: "spend",
};

export interface TabQuery<T extends ReportTab> extends OverviewQuery {
  search?: string;
  sort?: TabSort<T>;
  order?: SortOrder;
  page?: number;
  per_page?: number;
}

type Bounds = { currency: string; from: string; to: string };

/** Orders a tab counts: paid in the shop's currency, placed within the bounds (instants, the end excluded). */
const paidOrders = (ctx: RequestContext, { currency, from, to }: Bounds) =>
  ctx.db
    .selectFrom("orders as o")
    .where("o.status", "in", PAID_STATUSES)
    .where("o.currency", "=", currency)
    .where("o.created_at", ">=", from)
    .where("o.created_at", "<", to);

const variationText = (json: string | null): string => {
  try {
    const pairs = JSON.parse(json ?? "[]") as { attribute: string; value: string }[];
    return Array.isArray(pairs) ? pairs.map((pair) => `${pair.attribute}: ${pair.value}`).join(", ") : "";
  } catch {
    return "";
  }
};

const lineKey = (productId: number, variationId: number | null) => `${productId}/${variationId ?? 0}`;

/**
 * Each product and variation sold: units less those refunded, line totals (after discounts, before
 * tax) less their refunds' part before tax, and the orders holding it, as the overview's top
 * products count them. A product whose lines all came back sold nothing and is left out, as there.
 */
async function productRows(ctx: RequestContext, bounds: Bounds): Promise<ProductRow[]> {
  const lines = () => paidOrders(ctx, bounds).innerJoin("order_items as i", "i.order_id", "o.id");
  const [sold, refundedLines] = await Promise.all([
    lines()
      .select(["i.product_id", "i.variation_id"])
      .select((eb) => [
        eb.fn.max("i.name").as("name"),
        eb.fn.max("i.sku").as("sku"),
        eb.fn.max("i.variation").as("variation"),
        sql<number | string>`sum(i.quantity - i.refunded_quantity)`.as("items_sold"),
        eb.fn.sum<number | string>("i.total").as("total"),
        sql<number | string>`count(distinct i.order_id)`.as("orders"),
      ])
      .groupBy(["i.product_id", "i.variation_id"])
      .execute(),
    lines()
      .select(["i.product_id", "i.variation_id", "i.total", "i.total_tax", "i.refunded_total"])
      .where("i.refunded_total", ">", 0)
      .execute(),
  ]);
  const refunded = new Map<string, number>();
  for (const line of refundedLines) {
    const key = lineKey(line.product_id, line.variation_id);
    refunded.set(key, (refunded.get(key) ?? 0) + refundedBeforeTax(line));
  }
  return sold
    .map((row) => ({
      product_id: row.product_id,
      variation_id: row.variation_id,
      name: row.name,
      variation: variationText(row.variation),
      sku: row.sku,
      items_sold: Number(row.items_sold),
      net_sales: Number(row.total) - (refunded.get(lineKey(row.product_id, row.variation_id)) ?? 0),
      orders: Number(row.orders),
    }))
    .filter((row) => row.items_sold > 0 || row.net_sales > 0);
}

/** Each coupon code used on paid orders: the orders and the discount it gave (before tax), codes matched in any case. */
async function couponRows(ctx: RequestContext, bounds: Bounds): Promise<CouponRow[]> {
  const code = sql<string>`lower(oc.code)`;
  const rows = await paidOrders(ctx, bounds)
    .innerJoin("order_coupons as oc", "oc.order_id", "o.id")
    .select(code.as("code"))
    .select((eb) => [
      sql<number | string>`count(distinct oc.order_id)`.as("orders"),
      eb.fn.sum<number | string>("oc.discount").as("discount"),
    ])
    .groupBy(code)
    .execute();
  const codes = rows.map((row) => row.code);
  const existing = codes.length
    ? new Map((await ctx.db.selectFrom("coupons").select(["id", "code"]).where("code", "in", codes).execute()).map((c) => [c.code, c.id]))
    : new Map<string, number>();
  return rows.map((row) => ({
    code: row.code,
    coupon_id: existing.get(row.code) ?? null,
    orders: Number(row.orders),
    discount: Number(row.discount),
  }));
}

/** Orders read at once for the taxes (their totals are JSON). */
const TAX_PAGE = 1000;

const minor = (value: unknown) => {
  const amount = Number(value);
  return Number.isFinite(amount) ? Math.round(amount) : 0;
};

/** What an order's totals may hold of its taxes: by rate since decision 0152, else the lines shown. */
type KeptTotals = { taxes_by_rate?: unknown; tax_lines?: { name: string; rate: string; price: string }[]; total_shipping_tax?: unknown };

/**
 * An order's tax by rate, each line's total and shipping tax. An order keeps its taxes by rate, shipping
 * tax included, whatever the shop shows (decision 0152). One placed before kept the lines the shopper saw:
 * its shipping tax is shared over them (shippingTaxShares), and when the shop did not itemise taxes its
 * whole tax is one "Tax" line, as the order's page shows it.
 */
export function orderTaxLines(totals: KeptTotals, totalTax: number): { name: string; rate: string; amount: number; shipping: number }[] {
  const byRate = readTaxRates(totals);
  if (byRate) {
    return byRate.map((line) => ({
      name: line.name,
      rate: line.rate,
      amount: line.tax_total + line.shipping_tax_total,
      shipping: line.shipping_tax_total,
    }));
  }
  const kept = (totals.tax_lines ?? []).map((line) => ({ name: line.name, rate: line.rate, amount: minor(line.price) }));
  const lines = kept.length || !totalTax ? kept : [{ name: "Tax", rate: "", amount: totalTax }];
  const shares = shippingTaxShares(
    lines.map((line) => line.amount),
    minor(totals.total_shipping_tax),
  );
  return lines.map((line, index) => ({ ...line, shipping: shares[index] ?? 0 }));
}

/**
 * Each tax line (name and rate) charged on paid orders, as the orders keep them (`orderTaxLines`): the
 * total tax, the shipping tax, the rest as order tax, and the orders. Refunds record an amount, not tax
 * by rate: a partial refund leaves the tax charged as it was; a wholly refunded order leaves the paid
 * statuses and this tab.
 */
async function taxRows(ctx: RequestContext, bounds: Bounds): Promise<TaxRow[]> {
  const byLabel = new Map<string, TaxRow & { orderIds: Set<number> }>();
  let afterId = 0;
  for (;;) {
    const orders = await paidOrders(ctx, bounds)
      .select(["o.id", "o.total_tax", "o.totals"])
      .where("o.id", ">", afterId)
      .orderBy("o.id")
      .limit(TAX_PAGE)
      .execute();
    for (const order of orders) {
      const lines = orderTaxLines(JSON.parse(order.totals) as KeptTotals, order.total_tax);
      for (const line of lines) {
        const key = `${line.name}\u0000${line.rate}`;
        const row = byLabel.get(key) ?? {
          name: line.name,
          rate: line.rate,
          label: taxLabel(line.name, line.rate),
          order_tax: 0,
          shipping_tax: 0,
          total_tax: 0,
          orders: 0,
          orderIds: new Set<number>(),
        };
        row.shipping_tax += line.shipping;
        row.order_tax += line.amount - line.shipping;
        row.total_tax += line.amount;
        row.orderIds.add(order.id);
        byLabel.set(key, row);
      }
    }
    if (orders.length < TAX_PAGE) break;
    afterId = (orders[orders.length - 1] as { id: number }).id;
  }
  return [...byLabel.values()].map(({ orderIds, ...row }) => ({ ...row, orders: orderIds.size }));
}

/** Registered customers read at once for their names. */
const NAMES_PAGE = 500;

/** The billing first and last names an order kept ("" when it kept none). */
function billingName(json: string): string {
  try {
    const address = JSON.parse(json) as { first_name?: unknown; last_name?: unknown } | null;
    const part = (value: unknown) => (typeof value === "string" ? value.trim() : "");
    return `${part(address?.first_name)} ${part(address?.last_name)}`.trim();
  } catch {
    return "";
  }
}

/** Whose orders a customer row sums: an account's id, else a guest's lower-cased e-mail ("" for an account). */
const guestEmail = sql<string>`case when o.customer_id is null then lower(o.billing_email) else '' end`;
const ownerKey = (customerId: number | null, email: string) => `${customerId ?? ""}/${email}`;

/**
 * The billing first and last names of the newest order counted (the row's last order) of each guest,
 * and of each account in `accounts` (those whose own names are empty), keyed by `ownerKey`; "" when
 * that order kept neither. Ranked by `row_number()`, which both databases have.
 */
async function newestOrderNames(ctx: RequestContext, bounds: Bounds, guests: boolean, accounts: number[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const read = async (whose: "guests" | number[]) => {
    const orders = paidOrders(ctx, bounds);
    const ranked = (whose === "guests" ? orders.where("o.customer_id", "is", null) : orders.where("o.customer_id", "in", whose)).select([
      "o.customer_id",
      guestEmail.as("email"),
      "o.billing_address",
      sql<number | string>`row_number() over (partition by o.customer_id, ${guestEmail} order by o.created_at desc, o.id desc)`.as("place"),
    ]);
    const newest = await ctx.db
      .selectFrom(ranked.as("n"))
      .select(["n.customer_id", "n.email", "n.billing_address"])
      .where("n.place", "=", 1)
      .execute();
    for (const row of newest) names.set(ownerKey(row.customer_id, row.email), billingName(row.billing_address));
  };
  if (guests) await read("guests");
  for (let start = 0; start < accounts.length; start += NAMES_PAGE) await read(accounts.slice(start, start + NAMES_PAGE));
  return names;
}

/**
 * Each customer of paid orders: an account by its id, a guest by the e-mail of their orders (any
 * case), with their orders, spend (totals less refunds, as "sales"), average and newest order. An
 * account is named as it is now; a guest, or an account whose first and last names are empty, by
 * their newest order's billing name, else by their e-mail (so the page, the API and the CSV show,
 * search and sort the same name).
 */
async function customerRows(ctx: RequestContext, bounds: Bounds): Promise<CustomerRow[]> {
  const rows = await paidOrders(ctx, bounds)
    .select("o.customer_id")
    .select(guestEmail.as("guest_email"))
    .select((eb) => [
      eb.fn.countAll<number | string>().as("orders"),
      sql<number | string>`sum(o.total - o.total_refunded)`.as("spend"),
      eb.fn.max("o.created_at").as("last_order_at"),
    ])
    .groupBy(["o.customer_id", guestEmail])
    .execute();
  const ids = rows.flatMap((row) => (row.customer_id === null ? [] : [row.customer_id]));
  const accounts = new Map<number, { email: string; name: string }>();
  for (let start = 0; start < ids.length; start += NAMES_PAGE) {
    const found = await ctx.db
      .selectFrom("customers")
      .select(["id", "email", "first_name", "last_name"])
      .where("id", "in", ids.slice(start, start + NAMES_PAGE))
      .execute();
    for (const account of found)
      accounts.set(account.id, { email: account.email, name: `${account.first_name} ${account.last_name}`.trim() });
  }
  const nameless = ids.filter((id) => !accounts.get(id)?.name);
  const guests = rows.some((row) => row.customer_id === null);
  const newest = guests || nameless.length ? await newestOrderNames(ctx, bounds, guests, nameless) : new Map<string, string>();
  return rows.map((row) => {
    const account = row.customer_id === null ? undefined : accounts.get(row.customer_id);
    const email = account?.email ?? row.guest_email;
    const orders = Number(row.orders);
    const spend = Number(row.spend);
    return {
      customer_id: row.customer_id,
      type: row.customer_id === null ? "guest" : "registered",
      name: account?.name || newest.get(ownerKey(row.customer_id, row.guest_email)) || email,
      email,
      orders,
      spend,
      average: orders ? Math.round(spend / orders) : 0,
      last_order_at: row.last_order_at,
    };
  });
}

const SHAPES: { [T in ReportTab]: TableShape<TabRow<T>, TabSort<T>> } = {
  products: {
    text: (row) => `${row.name} ${row.variation} ${row.sku}`,
    sorts: { name: (row) => row.name, items_sold: (row) => row.items_sold, net_sales: (row) => row.net_sales, orders: (row) => row.orders },
    key: (row) => `${String(row.product_id).padStart(12, "0")}/${String(row.variation_id ?? 0).padStart(12, "0")}`,
  },
  coupons: {
    text: (row) => row.code,
    sorts: { code: (row) => row.code, orders: (row) => row.orders, discount: (row) => row.discount },
    key: (row) => row.code,
  },
  taxes: {
    text: (row) => row.label,
    sorts: {
      label: (row) => row.label,
      order_tax: (row) => row.order_tax,
      shipping_tax: (row) => row.shipping_tax,
      total_tax: (row) => row.total_tax,
      orders: (row) => row.orders,
    },
    key: (row) => `${row.name}\u0000${row.rate}`,
  },
  customers: {
    text: (row) => `${row.name} ${row.email}`,
    sorts: {
      name: (row) => row.name || row.email,
      orders: (row) => row.orders,
      spend: (row) => row.spend,
      average: (row) => row.average,
      last_order: (row) => Date.parse(row.last_order_at),
    },
    key: (row) => `${row.type}/${row.email}/${row.customer_id ?? ""}`,
  },
};

type TabRows = { products: ProductRow; coupons: CouponRow; taxes: TaxRow; customers: CustomerRow };
type TabRow<T extends ReportTab> = TabRows[T];

const READERS: { [T in ReportTab]: (ctx: RequestContext, bounds: Bounds) => Promise<TabRow<T>[]> } = {
  products: productRows,
  coupons: couponRows,
  taxes: taxRows,
  customers: customerRows,
};

/** The figures a tab's footer sums, over every row the search finds. */
const TOTALS = {
  products: ["items_sold", "net_sales"],
  coupons: ["discount"],
  taxes: ["order_tax", "shipping_tax", "total_tax"],
  customers: ["spend"],
} as const;

/** A tab's rows for the range and search, in the order asked. */
async function arranged<T extends ReportTab>(ctx: RequestContext, tab: T, query: TabQuery<T>) {
  const range = await reportRange(ctx, query);
  const rows = await READERS[tab](ctx, { currency: range.currency, from: range.rangeFrom, to: range.rangeTo });
  const sort = query.sort ?? DEFAULT_SORT[tab];
  const order = query.order ?? (sort === "name" || sort === "code" || sort === "label" ? "asc" : "desc");
  const found = arrange(rows, { search: query.search, sort, order }, SHAPES[tab] as TableShape<TabRow<T>, TabSort<T>>);
  return { range, sort, order, found };
}

/** One page of a tab, with the range, the currency, the sort and the totals of every row found. */
export async function reportTab<T extends ReportTab>(ctx: RequestContext, tab: T, query: TabQuery<T>) {
  const { range, sort, order, found } = await arranged(ctx, tab, query);
  const { rows, ...paging } = pageOf(found, query.page ?? 1, query.per_page ?? 20);
  return {
    from: range.from,
    to: range.to,
    time_zone: range.zone,
    ...(await ownerCurrency(ctx)),
    paid_statuses: PAID_STATUSES,
    other_currencies: await paidInOtherCurrencies(ctx, range.currency, range.rangeFrom, range.rangeTo),
    search: (query.search ?? "").trim(),
    sort,
    order,
    ...paging,
    totals: sumOf(found, TOTALS[tab]),
    [tab]: rows,
  };
}

/** Rows written per chunk of the CSV. */
const CSV_CHUNK = 500;

/** A tab as CSV chunks: every row the search finds, in the order asked (worked out before answering, so a failing query is an error reply). */
export async function reportCsv<T extends ReportTab>(ctx: RequestContext, tab: T, query: TabQuery<T>) {
  const { range, found } = await arranged(ctx, tab, query);
  const { currency } = range.settings;
  const unit = minorUnitOf(currency.code, currency);
  const csv = CSV_TABS[tab] as unknown as {
    columns(code: string, zone: string): string[];
    cells(row: TabRow<T>, unit: number, date: (iso: string) => string): unknown[];
  };
  const dateCell = (iso: string) => shopDateCell(iso, range.zone);
  async function* chunks() {
    // The byte order mark makes Excel read the file as UTF-8, as the other exports do.
    yield `\uFEFF${csvLine(csv.columns(currency.code, range.zone))}`;
    for (let start = 0; start < found.length; start += CSV_CHUNK)
      yield found
        .slice(start, start + CSV_CHUNK)
        .map((row) => csvLine(csv.cells(row, unit, dateCell)))
        .join("");
  }
  return { from: range.from, to: range.to, chunks: chunks() };
}
