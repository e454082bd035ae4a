/** The owner API's figures (under /api/admin/v1, behind requireOwner; issue 18 and decision 0104, read-only). */
import { Readable } from "node:stream";
import type { CouponReportRow, CustomerReportRow, ProductReportRow, TaxReportRow } from "@cartwright/commerce/admin";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TSchema, Type } from "typebox";
import { nullable, OwnerCurrencyFields } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import { salesOverview } from "./reports.admin.ts";
import { DEFAULT_SORT, type ReportTab, reportCsv, reportTab, TAB_SORTS } from "./reports.tabs.ts";

const tags = ["owner"];
const Range = {
  from: Type.Optional(
    Type.String({ format: "date", description: "First day (in the shop's time zone), included; 29 days before `to` unless told" }),
  ),
  to: Type.Optional(Type.String({ format: "date", description: "Last day (in the shop's time zone), included; today unless told" })),
};
const OverviewQuery = Type.Object(Range);

// The overview's reply, documented only (decision 0173). Money in minor units: paid orders' totals less refunds.
const Day = Type.String({ format: "date" });
const Sold = { orders: Type.Integer(), sales: Type.Integer() };
const TopProduct = Type.Object({ product_id: Type.Integer(), name: Type.String(), quantity: Type.Integer(), revenue: Type.Integer() });
const OtherCurrencies = Type.Array(Type.Object({ currency: Type.String(), orders: Type.Integer() }), {
  description: "Paid orders of the range kept in another currency than the shop's (placed before it changed): not counted in the figures",
});
const OverviewReply = Type.Object({
  from: Day,
  to: Day,
  time_zone: Type.String({ description: "The shop's, which the days are counted in" }),
  ...OwnerCurrencyFields,
  paid_statuses: Type.Array(Type.String(), { description: "The statuses counted as paid" }),
  other_currencies: OtherCurrencies,
  today: Type.Object({ date: Day, ...Sold }),
  month: Type.Object({ from: Day, to: Day, ...Sold }),
  orders_by_status: Type.Array(Type.Object({ status: Type.String(), orders: Type.Integer(), total: Type.Integer() })),
  daily_sales: Type.Array(Type.Object({ date: Day, ...Sold }), { description: "The 30 days up to `to`" }),
  top_products: Type.Object({ by_quantity: Type.Array(TopProduct), by_revenue: Type.Array(TopProduct) }),
  orders_by_origin: Type.Array(
    Type.Object({
      source_type: Type.String({ description: "As the order list's filter: unknown for orders without one" }),
      source: Type.String(),
      origin: Type.String({ description: "The origin as the console shows it" }),
      ...Sold,
    }),
  ),
});

const SUMMARIES: Record<ReportTab, string> = {
  products:
    "Each product and variation of paid orders in the range: items sold and net sales (after discounts, before tax) less line refunds, orders",
  coupons: "Each coupon code used on paid orders in the range: orders and the amount discounted (before tax)",
  taxes: "Each tax rate charged on paid orders in the range: order tax, shipping tax, total tax and orders",
  customers:
    "Each customer (account, or guest by e-mail) of paid orders in the range: orders, spend less refunds, average order value, last order",
};

/** A tab's filters: the range, a search, a sort of its own; `paged` adds the page. */
function tabQuery(tab: ReportTab, paged: boolean): TSchema {
  return Type.Object({
    ...Range,
    search: Type.Optional(Type.String({ maxLength: 200, description: "Words in the row's name (case ignored), all of them" })),
    sort: Type.Optional(
      Type.Union(
        TAB_SORTS[tab].map((sort) => Type.Literal(sort)),
        { description: `${DEFAULT_SORT[tab]} unless told` },
      ),
    ),
    order: Type.Optional(
      Type.Union([Type.Literal("asc"), Type.Literal("desc")], { description: "desc for figures, asc for names unless told" }),
    ),
    ...(paged ? pagingQuery(20) : {}),
  });
}

// Each tab's row, money in minor units.
const ROWS: Record<ReportTab, TSchema> = {
  products: Type.Object({
    product_id: Type.Integer(),
    variation_id: nullable(Type.Integer()),
    name: Type.String(),
    variation: Type.String({ description: "A variation's options (Colour: Red, Size: M), else empty" }),
    sku: Type.String(),
    items_sold: Type.Integer({ description: "Less those refunded" }),
    net_sales: Type.Integer({ description: "After discounts, before tax, less refunds" }),
    orders: Type.Integer(),
  } satisfies Record<keyof ProductReportRow, TSchema>),
  coupons: Type.Object({
    code: Type.String(),
    coupon_id: nullable(Type.Integer({ description: "The coupon's when one still has this code" })),
    orders: Type.Integer(),
    discount: Type.Integer({ description: "Before tax" }),
  } satisfies Record<keyof CouponReportRow, TSchema>),
  taxes: Type.Object({
    name: Type.String(),
    rate: Type.String({ description: "The percentage as decimal text" }),
    label: Type.String(),
    order_tax: Type.Integer(),
    shipping_tax: Type.Integer(),
    total_tax: Type.Integer(),
    orders: Type.Integer(),
  } satisfies Record<keyof TaxReportRow, TSchema>),
  customers: Type.Object({
    customer_id: nullable(Type.Integer({ description: "The account's; null for a guest, known by e-mail" })),
    type: Type.Union([Type.Literal("registered"), Type.Literal("guest")]),
    name: Type.String(),
    email: Type.String(),
    orders: Type.Integer(),
    spend: Type.Integer({ description: "Paid orders' totals less refunds" }),
    average: Type.Integer(),
    last_order_at: Type.String(),
  } satisfies Record<keyof CustomerReportRow, TSchema>),
};

/** A tab's page as the document shows it: the range and sort it was read with, the totals of every row found, its rows. */
const tabReply = (tab: ReportTab) =>
  pagedListReply({
    from: Type.String({ format: "date" }),
    to: Type.String({ format: "date" }),
    time_zone: Type.String(),
    ...OwnerCurrencyFields,
    paid_statuses: Type.Array(Type.String(), { description: "The statuses counted as paid" }),
    other_currencies: OtherCurrencies,
    search: Type.String(),
    sort: Type.String(),
    order: Type.Union([Type.Literal("asc"), Type.Literal("desc")]),
    totals: Type.Record(Type.String(), Type.Integer(), { description: "Each figure summed over every row found, not only this page's" }),
    [tab]: Type.Array(ROWS[tab], { description: "The page's rows" }),
  });

export const reportsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/reports/overview",
    {
      schema: {
        operationId: "getSalesOverview",
        tags,
        summary: "Today's and this month's sales (paid orders), orders by status, 30 days of daily sales, top products, orders by origin",
        querystring: OverviewQuery,
        replies: { 200: OverviewReply },
      },
    },
    async (request) => salesOverview(request.ctx, request.query),
  );
  for (const tab of Object.keys(TAB_SORTS) as ReportTab[]) {
    const report = `${tab.charAt(0).toUpperCase()}${tab.slice(1)}Report`;
    app.get(
      `/reports/${tab}`,
      {
        schema: {
          operationId: `get${report}`,
          tags,
          summary: SUMMARIES[tab],
          querystring: tabQuery(tab, true),
          replies: { 200: tabReply(tab) },
        },
      },
      async (request, reply) => pagedReply(reply, request.url, await reportTab(request.ctx, tab, request.query as never)),
    );
    app.get(
      `/reports/${tab}.csv`,
      {
        schema: {
          operationId: `export${report}Csv`,
          tags,
          summary: `${SUMMARIES[tab]}, as CSV: every row the filters find, in their order (cells that could start a formula are neutralised)`,
          description: "Money in the shop's currency as decimal text; dates in the shop's time zone.",
          querystring: tabQuery(tab, false),
        },
      },
      async (request, reply) => {
        const file = await reportCsv(request.ctx, tab, request.query as never);
        return reply
          .headers({
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="${tab}-report-${file.from}-to-${file.to}.csv"`,
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "sandbox",
            "Cache-Control": "private, no-store",
          })
          .send(Readable.from(file.chunks));
      },
    );
  }
};
