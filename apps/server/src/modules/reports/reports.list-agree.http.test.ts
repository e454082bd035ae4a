/**
 * The owner's figures agree with the owner's order list (issue 18: "all from the same numbers as the
 * order list"), on SQLite and PostgreSQL. Orders are placed through the real checkout with several
 * payment methods and origins, moved by the owner API (completed, cancelled, refunded in part and in
 * whole); then each figure of /reports/overview is recomputed from /orders answers alone: statuses
 * from the tabs' `total` and `counts`, sales from the rows' totals less what they refunded (paged
 * through), origins from the list filtered by `source_type` and `source`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS } from "../../../../../test/store-client.ts";
import { SERIES_DAYS } from "./index.ts";

const ADMIN = "/api/admin/v1";
const PAID = ["processing", "completed"] as const;
/** The list's tabs of placed orders: its "all" tab and the overview both leave out checkout drafts. */
const STATUSES = ["pending", "processing", "on-hold", "completed", "cancelled", "refunded", "failed"] as const;
const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => dayOf(new Date(Date.now() - days * DAY_MS));

let shop: TestShop;
let owner: StoreClient;

type Row = { id: number; status: string; total: number; refunded: number; date_created: string };
type ListReply = { orders: Row[]; counts: Record<string, number>; total: number; pages: number };
type Overview = {
  today: { date: string; orders: number; sales: number };
  month: { from: string; to: string; orders: number; sales: number };
  orders_by_status: { status: string; orders: number; total: number }[];
  daily_sales: { date: string; orders: number; sales: number }[];
  orders_by_origin: { source_type: string; source: string; origin: string; orders: number; sales: number }[];
};

const card = (number: string) => [
  { key: "cw-test-card-number", value: number },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

/** Places an order through the checkout; answers its id (a declined card leaves a failed order). */
async function place(lines: [string, number][], method: string, attribution?: Record<string, string>, cardNumber = "4242424242424242") {
  const shopper = new StoreClient(shop.app);
  for (const [slug, quantity] of lines) await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, slug), quantity });
  const response = await shopper.post("/checkout", {
    billing_address: { ...TEST_ADDRESS, email: `shopper-${lines[0]?.[0]}-${method}@agree.test` },
    payment_method: method,
    ...(method === "test_card" ? { payment_data: card(cardNumber) } : {}),
    extensions: attribution ? { "cw/order-attribution": attribution } : {},
  });
  expect([200, 400]).toContain(response.statusCode);
  return (response.statusCode === 200 ? response.json().order_id : response.json().data.order_id) as number;
}

async function setStatus(id: number, status: string) {
  const response = await owner.post(`${ADMIN}/orders/${id}/status`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function refund(id: number, body: Record<string, unknown>) {
  const response = await owner.post(`${ADMIN}/orders/${id}/refunds`, { method: "manual", restock: true, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as { status: string; totals: { total: number; refunded: number } };
}

/** Moves an order to another day: the checkout stamps the clock's time, the figures read the day. */
const placedOn = (id: number, daysBack: number) =>
  shop.db
    .updateTable("orders")
    .set({ created_at: new Date(Date.now() - daysBack * DAY_MS).toISOString() })
    .where("id", "=", id)
    .execute();

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);

  await place([["classic-t-shirt", 2]], "cod", { source_type: "utm", utm_source: "google", utm_medium: "cpc" });
  await place([["beanie", 1]], "bacs", { source_type: "typein", utm_source: "(direct)" });
  await place([["leather-wallet", 1]], "test_card", { source_type: "organic", utm_source: "bing" });
  await place([["classic-t-shirt", 1]], "test_card", undefined, "4000000000000002");
  await setStatus(await place([["beanie", 2]], "cheque", { source_type: "referral", utm_source: "blog.example" }), "completed");
  await setStatus(await place([["leather-wallet", 1]], "cod"), "cancelled");

  // Completed, then one unit of its first line refunded: still a paid order, worth less.
  const partly = await place(
    [
      ["classic-t-shirt", 2],
      ["beanie", 1],
    ],
    "cod",
    { source_type: "utm", utm_source: "google" },
  );
  await setStatus(partly, "completed");
  const partlyLines = (await owner.get(`${ADMIN}/orders/${partly}`)).json().lines as { id: number; total: number; total_tax: number }[];
  const shirtLine = partlyLines[0] as { id: number; total: number; total_tax: number };
  const unit = Math.round((shirtLine.total + shirtLine.total_tax) / 2);
  const afterPartial = await refund(partly, { amount: unit, lines: [{ line_id: shirtLine.id, quantity: 1 }] });
  expect(afterPartial).toMatchObject({ status: "completed", totals: { refunded: unit } });

  // Refunded whole: it leaves the paid statuses.
  const whole = await place([["beanie", 1]], "test_card", { source_type: "utm", utm_source: "newsletter" });
  const wholeTotal = (await owner.get(`${ADMIN}/orders/${whole}`)).json().totals.total as number;
  expect((await refund(whole, { amount: wholeTotal })).status).toBe("refunded");

  // What a browser's cookies may leave after the checkout drops "(none)" and unknown source types.
  await place([["beanie", 1]], "cod", { source_type: "utm", utm_source: "(none)", utm_medium: "email", utm_campaign: "spring" });
  await place([["classic-t-shirt", 1]], "cod", { source_type: "email", utm_source: "newsletter", session_pages: "3" });
  await place([["beanie", 3]], "cod", { user_agent: "Mozilla/5.0 (X11; Linux x86_64)" });
  await place([["leather-wallet", 2]], "cod");

  // Other days: three days ago (in every range below), forty days ago (outside the default 30).
  await placedOn(await place([["canvas-tote-bag", 1]], "cod", { source_type: "referral", utm_source: "blog.example" }), 3);
  await placedOn(await place([["classic-t-shirt", 1]], "bacs"), 3);
  await placedOn(await place([["canvas-tote-bag", 2]], "cod", { source_type: "utm", utm_source: "google" }), 40);

  // A cart's working draft at checkout: neither the list's "all" nor the overview counts it.
  const drafting = new StoreClient(shop.app);
  await drafting.cart("POST", "/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 });
  await drafting.get("/checkout");
}, 60_000);
afterAll(() => shop?.close());

async function list(query: Record<string, string>): Promise<ListReply> {
  const response = await owner.get(`${ADMIN}/orders?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every row the list answers for a query, page after page of 100. */
async function allRows(query: Record<string, string>): Promise<{ rows: Row[]; total: number }> {
  const first = await list({ ...query, per_page: "100" });
  const rows = [...first.orders];
  for (let page = 2; page <= first.pages; page++) rows.push(...(await list({ ...query, per_page: "100", page: String(page) })).orders);
  expect(rows).toHaveLength(first.total);
  return { rows, total: first.total };
}

/** Paid orders as the list finds them for these filters: their count and sales (totals less what was refunded). */
async function paidFromList(filters: Record<string, string>) {
  let orders = 0;
  let sales = 0;
  for (const status of PAID) {
    const { rows, total } = await allRows({ ...filters, status });
    orders += total;
    sales += rows.reduce((sum, row) => sum + row.total - row.refunded, 0);
  }
  return { orders, sales };
}

async function overview(from: string, to: string): Promise<Overview> {
  const response = await owner.get(`${ADMIN}/reports/overview?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the overview and the order list", () => {
  it("count the same orders per status: each tab's total for the period, and the tabs' counts when the period holds every order", async () => {
    for (const [from, to] of [
      [daysAgo(SERIES_DAYS - 1), daysAgo(0)],
      [daysAgo(45), daysAgo(0)],
      [daysAgo(5), daysAgo(1)],
    ] as const) {
      const body = await overview(from, to);
      for (const status of STATUSES) {
        const { rows, total } = await allRows({ status, from, to });
        const line = body.orders_by_status.find((entry) => entry.status === status);
        expect({ status, orders: line?.orders ?? 0, total: line?.total ?? 0 }).toEqual({
          status,
          orders: total,
          total: rows.reduce((sum, row) => sum + row.total, 0),
        });
      }
      const all = await list({ from, to });
      expect(body.orders_by_status.reduce((sum, line) => sum + line.orders, 0)).toBe(all.total);
    }

    // Every order lies within the last 45 days: the tabs' counts (whatever the filters) are the overview's statuses.
    const body = await overview(daysAgo(45), daysAgo(0));
    const { counts } = await list({});
    for (const status of STATUSES)
      expect([status, counts[status]]).toEqual([status, body.orders_by_status.find((line) => line.status === status)?.orders ?? 0]);
    expect(counts.all).toBe(body.orders_by_status.reduce((sum, line) => sum + line.orders, 0));
    expect(counts["checkout-draft"]).toBe(1);
    // The set is varied: every status but pending holds an order.
    expect(body.orders_by_status.map((line) => line.status)).toEqual([
      "cancelled",
      "completed",
      "failed",
      "on-hold",
      "processing",
      "refunded",
    ]);
  });

  it("sum the same sales: today, this month and each of the 30 days, paid orders less what was refunded", async () => {
    const today = daysAgo(0);
    const body = await overview(daysAgo(SERIES_DAYS - 1), today);
    expect(body.today).toEqual({ date: today, ...(await paidFromList({ from: today, to: today })) });
    expect(body.month).toEqual({
      from: `${today.slice(0, 7)}-01`,
      to: today,
      ...(await paidFromList({ from: body.month.from, to: today })),
    });
    expect(body.daily_sales).toHaveLength(SERIES_DAYS);
    for (const day of body.daily_sales) expect(day).toEqual({ date: day.date, ...(await paidFromList({ from: day.date, to: day.date })) });
    // The partly refunded order counts, less its refund; the wholly refunded one does not.
    const { rows } = await allRows({ status: "completed", from: today, to: today });
    expect(rows.some((row) => row.refunded > 0 && row.refunded < row.total)).toBe(true);
    expect(body.daily_sales.filter((day) => day.orders > 0).map((day) => day.date)).toEqual([daysAgo(3), today]);
  });

  it("find the same orders per origin: each line's count and sales in the list filtered by its source type and source", async () => {
    for (const [from, to] of [
      [daysAgo(SERIES_DAYS - 1), daysAgo(0)],
      [daysAgo(45), daysAgo(0)],
    ] as const) {
      const body = await overview(from, to);
      for (const line of body.orders_by_origin) {
        const filters = { from, to, source_type: line.source_type, ...(line.source ? { source: line.source } : {}) };
        expect({ origin: line.origin, ...(await paidFromList(filters)) }).toEqual({
          origin: line.origin,
          orders: line.orders,
          sales: line.sales,
        });
      }
      // The lines share out every paid order of the period, each once.
      const paid = await paidFromList({ from, to });
      expect(body.orders_by_origin.reduce((sum, line) => sum + line.orders, 0)).toBe(paid.orders);
      expect(body.orders_by_origin.reduce((sum, line) => sum + line.sales, 0)).toBe(paid.sales);
      expect(new Set(body.orders_by_origin.map((line) => `${line.source_type}/${line.source}`)).size).toBe(body.orders_by_origin.length);
    }
    // Kept without a source type (dropped by the checkout, or never sent), an order is one "Unknown"; a type without a source is "(none)".
    const lines = (await overview(daysAgo(SERIES_DAYS - 1), daysAgo(0))).orders_by_origin;
    expect(lines.map(({ source_type, source, origin, orders }) => [source_type, source, origin, orders])).toEqual([
      ["unknown", "", "Unknown", 3],
      ["referral", "blog.example", "Referral: Blog.example", 2],
      ["utm", "google", "Source: Google", 2],
      ["organic", "bing", "Organic: Bing", 1],
      ["utm", "(none)", "Source: None", 1],
    ]);
  });
});
