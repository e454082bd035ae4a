/**
 * The owner's figures (/api/admin/v1/reports/overview) on SQLite and PostgreSQL (issue 18): orders
 * placed through the real checkout, the answer checked against sums computed here from the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { settingsGroups, signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";
import { SERIES_DAYS } from "./index.ts";

const ADMIN = "/api/admin/v1";
const PAID = ["processing", "completed"];
let shop: TestShop;
let owner: StoreClient;
const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => dayOf(new Date(Date.now() - days * DAY_MS));

async function placeOrder(lines: [string, number][], paymentMethod: "cod" | "bacs", attribution?: Record<string, string>) {
  const shopper = new StoreClient(shop.app);
  for (const [slug, quantity] of lines) await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, slug), quantity });
  const response = await shopper.post("/checkout", {
    billing_address: testBilling(),
    payment_method: paymentMethod,
    extensions: attribution ? { "cw/order-attribution": attribution } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json().order_id as number;
}

const setOrder = (id: number, fields: { status?: "completed" | "refunded"; created_at?: string }) =>
  shop.db.updateTable("orders").set(fields).where("id", "=", id).execute();

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
  await placeOrder([["classic-t-shirt", 2]], "cod", { source_type: "utm", utm_source: "google" });
  await placeOrder(
    [
      ["canvas-tote-bag", 1],
      ["leather-wallet", 1],
    ],
    "cod",
    { source_type: "typein", utm_source: "(direct)" },
  );
  await setOrder(await placeOrder([["leather-wallet", 3]], "cod"), { status: "completed" });
  await placeOrder([["classic-t-shirt", 1]], "bacs", { source_type: "utm", utm_source: "google" });
  await setOrder(await placeOrder([["ceramic-vase", 1]], "cod"), { status: "refunded" });
  await setOrder(await placeOrder([["canvas-tote-bag", 5]], "cod", { source_type: "referral", utm_source: "blog.example" }), {
    created_at: new Date(Date.now() - 3 * DAY_MS).toISOString(),
  });
  await setOrder(await placeOrder([["classic-t-shirt", 1]], "cod"), { created_at: new Date(Date.now() - 40 * DAY_MS).toISOString() });
});
afterAll(() => shop?.close());

/** Every placed order with its lines and origin, read straight from the tables. */
async function ordersInDatabase() {
  const orders = await shop.db
    .selectFrom("orders as o")
    .leftJoin("order_attribution as a", "a.order_id", "o.id")
    .select(["o.id", "o.status", "o.total", "o.total_refunded", "o.created_at", "a.source_type", "a.utm_source"])
    .where("o.status", "!=", "checkout-draft")
    .execute();
  const items = await shop.db.selectFrom("order_items").select(["order_id", "product_id", "quantity", "total"]).execute();
  return orders.map((order) => ({
    ...order,
    day: order.created_at.slice(0, 10),
    items: items.filter((item) => item.order_id === order.id),
  }));
}

type Placed = Awaited<ReturnType<typeof ordersInDatabase>>[number];
/** Sales: what paid orders kept, their totals less what was refunded. */
const sumOf = (orders: Placed[]) => ({
  orders: orders.length,
  sales: orders.reduce((sum, order) => sum + order.total - order.total_refunded, 0),
});

function expectedTop(paid: Placed[], by: "quantity" | "revenue") {
  const products = new Map<number, { product_id: number; quantity: number; revenue: number }>();
  for (const item of paid.flatMap((order) => order.items)) {
    const line = products.get(item.product_id) ?? { product_id: item.product_id, quantity: 0, revenue: 0 };
    line.quantity += item.quantity;
    line.revenue += item.total;
    products.set(item.product_id, line);
  }
  return [...products.values()].sort((a, b) => b[by] - a[by] || a.product_id - b.product_id).slice(0, 5);
}

describe("the overview", () => {
  it("agrees with the orders in the database: today, the month, statuses, the daily series, top products, origins", async () => {
    const response = await owner.get(`${ADMIN}/reports/overview`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const today = dayOf(new Date());
    const from = daysAgo(SERIES_DAYS - 1);
    expect(body).toMatchObject({ from, to: today, time_zone: "UTC", currency_code: "USD", paid_statuses: PAID });

    const placed = await ordersInDatabase();
    const paid = placed.filter((order) => PAID.includes(order.status));
    const inRange = (order: Placed) => order.day >= from && order.day <= today;
    expect(body.today).toEqual({ date: today, ...sumOf(paid.filter((order) => order.day === today)) });
    expect(body.month).toEqual({
      from: `${today.slice(0, 7)}-01`,
      to: today,
      ...sumOf(paid.filter((order) => order.day >= `${today.slice(0, 7)}-01` && order.day <= today)),
    });
    // The refunded order and the one waiting for a transfer are not sales.
    expect(body.today.orders).toBe(3);

    const statuses = new Map<string, { status: string; orders: number; total: number }>();
    for (const order of placed.filter(inRange)) {
      const line = statuses.get(order.status) ?? { status: order.status, orders: 0, total: 0 };
      line.orders += 1;
      line.total += order.total;
      statuses.set(order.status, line);
    }
    expect(body.orders_by_status).toEqual([...statuses.values()].sort((a, b) => a.status.localeCompare(b.status)));
    expect(body.orders_by_status.map((line: { status: string }) => line.status)).toEqual([
      "completed",
      "on-hold",
      "processing",
      "refunded",
    ]);

    expect(body.daily_sales).toHaveLength(SERIES_DAYS);
    for (const [index, point] of (body.daily_sales as { date: string }[]).entries())
      expect(point).toEqual({ date: daysAgo(SERIES_DAYS - 1 - index), ...sumOf(paid.filter((order) => order.day === point.date)) });
    expect(body.daily_sales.filter((point: { orders: number }) => point.orders > 0)).toHaveLength(2);

    const paidInRange = paid.filter(inRange);
    for (const by of ["quantity", "revenue"] as const) {
      const top = body.top_products[`by_${by}`] as { product_id: number; name: string; quantity: number; revenue: number }[];
      expect(top.map(({ name: _name, ...line }) => line)).toEqual(expectedTop(paidInRange, by));
    }
    expect(body.top_products.by_quantity[0].name).toBe("Canvas Tote Bag");

    const origins = new Map<string, { source_type: string; source: string; orders: number; sales: number }>();
    for (const order of paidInRange) {
      const key = `${order.source_type ?? "unknown"}/${order.utm_source ?? ""}`;
      const line = origins.get(key) ?? { source_type: order.source_type ?? "unknown", source: order.utm_source ?? "", orders: 0, sales: 0 };
      line.orders += 1;
      line.sales += order.total - order.total_refunded;
      origins.set(key, line);
    }
    const answered = body.orders_by_origin as { source_type: string; source: string; origin: string; orders: number; sales: number }[];
    expect(answered.map(({ origin: _origin, ...line }) => line).sort((a, b) => a.source_type.localeCompare(b.source_type))).toEqual(
      [...origins.values()].sort((a, b) => a.source_type.localeCompare(b.source_type)),
    );
    expect(answered.find((line) => line.source_type === "utm")).toMatchObject({ origin: "Source: Google", orders: 1 });
    expect(answered.find((line) => line.source_type === "unknown")).toMatchObject({ origin: "Unknown", orders: 1 });
  });

  it("reads a range in the past: its statuses and products, and a series ending on its last day", async () => {
    const from = daysAgo(45);
    const to = daysAgo(35);
    const body = (await owner.get(`${ADMIN}/reports/overview?from=${from}&to=${to}`)).json();
    expect(body).toMatchObject({ from, to, orders_by_status: [{ status: "processing", orders: 1 }] });
    expect(body.top_products.by_quantity).toMatchObject([{ name: "Classic T-Shirt", quantity: 1 }]);
    expect(body.daily_sales.at(-1).date).toBe(to);
    expect(body.daily_sales.reduce((sum: number, point: { orders: number }) => sum + point.orders, 0)).toBe(1);
  });

  it("counts top products net of what was refunded of their lines: units given back and the refund's part before tax", async () => {
    // Los Angeles, 7.25 %: 3 × 39.99 = 119.97 with 8.70 tax; 11.00 with 0.80 tax; flat rate 5.00 with 0.36.
    const id = await placeOrder(
      [
        ["yoga-mat", 3],
        ["notebook-set", 1],
      ],
      "cod",
    );
    await setOrder(id, { created_at: new Date(Date.now() - 100 * DAY_MS).toISOString() });
    const lines = (await owner.get(`${ADMIN}/orders/${id}`)).json().lines as { id: number; name: string }[];
    const mat = lines.find((line) => line.name === "Yoga Mat");
    const notebook = lines.find((line) => line.name === "Notebook Set");
    // One mat back by default: 128.67 / 3 = 42.89, of which 39.99 before tax; the notebook whole (11.80).
    const refund = await owner.post(`${ADMIN}/orders/${id}/refunds`, {
      amount: 4289 + 1180,
      method: "manual",
      restock: true,
      lines: [
        { line_id: mat?.id, quantity: 1 },
        { line_id: notebook?.id, quantity: 1 },
      ],
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().order.status).toBe("processing");
    const day = daysAgo(100);
    const body = (await owner.get(`${ADMIN}/reports/overview?from=${day}&to=${day}`)).json();
    // The notebook came back whole: nothing of it was sold.
    const kept = [{ name: "Yoga Mat", quantity: 2, revenue: 11997 - 3999 }];
    expect(body.top_products.by_quantity).toMatchObject(kept);
    expect(body.top_products.by_revenue).toMatchObject(kept);
    expect(body.top_products.by_quantity).toHaveLength(1);
    expect(body.top_products.by_revenue).toHaveLength(1);
  });

  it("refuses a range that ends before it starts or spans more than a year", async () => {
    for (const query of [`from=${daysAgo(1)}&to=${daysAgo(2)}`, `from=${daysAgo(400)}&to=${daysAgo(0)}`, "from=yesterday"]) {
      const response = await owner.get(`${ADMIN}/reports/overview?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("rest_invalid_param");
    }
  });

  it("is in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    expect(paths[`${ADMIN}/reports/overview`].get.tags).toEqual(["owner"]);
  });

  it("is for the owner: a shopper 403 cw_rest_forbidden, a guest 401 cw_rest_not_signed_in", async () => {
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const shopper = await jane.get(`${ADMIN}/reports/overview`);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe("cw_rest_forbidden");
    const guest = await shop.app.inject(`${ADMIN}/reports/overview`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");
  });
});

// Last in the file: it leaves an order in another currency behind.
describe("after the shop's currency changes", () => {
  it("counts the orders in the new currency only, and names those in the old one that it leaves out", async () => {
    const paidUsd = (await ordersInDatabase()).filter((o) => PAID.includes(o.status) && o.created_at >= daysAgo(SERIES_DAYS - 1));
    const { read, saved } = settingsGroups(() => owner);
    const dollars = await read("currency");
    // The decimals stay (the shop refuses to change them under stored amounts); 15 dollars and 15 euros are no 30 of either.
    await saved("currency", { ...dollars, code: "EUR", symbol: "€" });
    try {
      const euroOrder = await placeOrder([["leather-wallet", 1]], "cod");
      const euro = await shop.db.selectFrom("orders").select(["currency", "total"]).where("id", "=", euroOrder).executeTakeFirstOrThrow();
      expect(euro.currency).toBe("EUR");

      const overview = (await owner.get(`${ADMIN}/reports/overview`)).json();
      expect(overview).toMatchObject({ currency_code: "EUR", today: { orders: 1, sales: euro.total } });
      expect(overview.other_currencies).toEqual([{ currency: "USD", orders: paidUsd.length }]);
      expect(overview.orders_by_status).toEqual([{ status: "processing", orders: 1, total: euro.total }]);
      expect(overview.top_products.by_quantity).toMatchObject([{ name: "Leather Wallet", quantity: 1 }]);
      expect(overview.orders_by_origin).toMatchObject([{ orders: 1, sales: euro.total }]);
      expect(overview.daily_sales.reduce((sum: number, day: { sales: number }) => sum + day.sales, 0)).toBe(euro.total);

      const customers = (await owner.get(`${ADMIN}/reports/customers`)).json();
      expect(customers).toMatchObject({ currency_code: "EUR", total: 1, totals: { spend: euro.total } });
      expect(customers.other_currencies).toEqual([{ currency: "USD", orders: paidUsd.length }]);
    } finally {
      await saved("currency", dollars);
    }
  });
});
