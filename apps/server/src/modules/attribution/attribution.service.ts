/**
 * Order attribution on the server (issue 7; decision 0014): storing what the checkout sent, the
 * origin on the order view, and the owner's report of orders per source. The data is never used
 * for anything but showing and reporting it.
 */
import type { Db } from "../../db/index.ts";
import type { Work } from "../../db/unit-of-work.ts";
import type { RequestContext } from "../../http/context.ts";
import { paramDetail, StoreError } from "../../http/errors.ts";
import { isOwner } from "../customers/index.ts";
import {
  attributionOf,
  type OrderAttributionRow,
  ordersBySource,
  findAttribution as readRow,
  saveAttribution,
} from "./attribution.repo.ts";
import { type PageRequest, pageViewCookies } from "./tracking/page-view.ts";
import { type OrderAttributionValues, originLabel } from "./values.ts";

export { saveAttribution as saveOrderAttribution };

/** The owner's view of where an order came from: the origin and every stored field. */
export type OrderAttributionDetail = { origin: string } & Omit<OrderAttributionRow, "order_id">;

/**
 * Where an order came from, for the order view: the shopper sees the origin only, the owner
 * every field. "Unknown" when the checkout sent nothing.
 */
export async function orderAttribution(db: Db, orderId: number, detail: boolean): Promise<{ origin: string } | OrderAttributionDetail> {
  return attributionView(await readRow(db, orderId), detail);
}

/** `orderAttribution` as a step of a unit of work; the same query. */
export function* orderAttributionOf(db: Db, orderId: number, detail: boolean): Work<{ origin: string } | OrderAttributionDetail> {
  return attributionView(yield* attributionOf(db, orderId), detail);
}

function attributionView(row: OrderAttributionRow | undefined, detail: boolean): { origin: string } | OrderAttributionDetail {
  const origin = originLabel(row?.source_type, row?.utm_source);
  if (!detail || !row) return { origin };
  const { order_id: _id, ...fields } = row;
  return { origin, ...fields };
}

export const attributionErrors = {
  cannotView: (status: 401 | 403) => new StoreError("cw_rest_cannot_view", "Sorry, only the shop owner can see this report.", status),
  badRange: () => invalidParam("before", "before is earlier than after."),
  notOurPage: () => invalidParam("url", "url is not a page of this shop."),
};

function invalidParam(name: string, message: string): StoreError {
  return new StoreError("rest_invalid_param", `Invalid parameter(s): ${name}`, 400, {
    params: { [name]: message },
    details: { [name]: paramDetail("rest_invalid_param", message) },
  });
}

const isPageOf = (address: string, origin: string) => URL.parse(address)?.origin === origin;

/**
 * The page on which the visitor just gave consent, tracked as a page view with its own referrer
 * (the server could not track it without consent, and the landing page's source would be lost).
 * Answers the Set-Cookie headers; none without consent.
 */
export async function consentedPageView(ctx: RequestContext, page: Omit<PageRequest, "inApp"> & { origin: string }): Promise<string[]> {
  const settings = await ctx.shopSettings();
  if (!isPageOf(page.url, page.origin)) throw attributionErrors.notOurPage();
  return pageViewCookies(settings, { ...page, inApp: false });
}

export interface ReportQuery {
  /** First day, YYYY-MM-DD (UTC), included. */
  after: string;
  /** Last day, YYYY-MM-DD (UTC), included. */
  before: string;
}

export interface AttributionReportLine {
  source_type: string;
  source: string;
  origin: string;
  orders: number;
  /** Minor units, as a string like every amount of the API. */
  total: string;
  currency_code: string;
}

/** Placed orders (not drafts, failed or cancelled attempts) per source type and source, most orders first. */
export async function attributionReport(
  ctx: RequestContext,
  query: ReportQuery,
  statuses: Parameters<typeof ordersBySource>[2],
): Promise<{ after: string; before: string; lines: AttributionReportLine[] }> {
  const { db, session } = ctx;
  const customerId = session.uid;
  if (!customerId) throw attributionErrors.cannotView(401);
  if (!(await isOwner(db, customerId))) throw attributionErrors.cannotView(403);
  if (query.before < query.after) throw attributionErrors.badRange();
  const to = new Date(`${query.before}T00:00:00.000Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  const rows = await ordersBySource(db, { from: `${query.after}T00:00:00.000Z`, to: to.toISOString() }, statuses);
  const lines = rows.map((row) => ({
    source_type: row.source_type ?? "unknown",
    source: row.source ?? "",
    origin: originLabel(row.source_type, row.source),
    orders: row.orders,
    total: String(row.total),
    currency_code: row.currency,
  }));
  lines.sort((a, b) => b.orders - a.orders || a.source_type.localeCompare(b.source_type) || a.source.localeCompare(b.source));
  return { after: query.after, before: query.before, lines };
}

export type { OrderAttributionValues };
