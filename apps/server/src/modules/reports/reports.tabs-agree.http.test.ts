/**
 * The reports tabs (decision 0104) agree with the owner's order list, on SQLite and PostgreSQL. The
 * shop is in Sydney; orders are placed through the real checkout (a variation, coupons, itemised
 * taxes and not, a GB address, an account and guests), moved by the owner API (completed, cancelled,
 * refunded in part by line and in whole, a declined card left failed) and placed either side of
 * Sydney's midnights around its 23-hour day. Then each tab is recomputed from /orders answers alone:
 * the list's paid orders for the same days, each read whole (lines, their refunds, taxes by rate,
 * coupons, customer); one order is made as kept before decision 0152, with one tax figure.
 */
import { refundedBeforeTax } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall as call, settingsGroups, signedIn, signedInManager, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, testCard, variationId } from "../../../../../test/store-client.ts";

const PAID = ["processing", "completed"] as const;
let shop: TestShop;
let owner: StoreClient;
const settings = settingsGroups(() => owner);

/*
 * Sydney's 4 October 2026 has 23 hours (clocks go forward at 2 AM): 2026-10-03T14:00Z to 2026-10-04T13:00Z.
 * The wide range, 1 to 10 October, holds every order below but the one of 20 October.
 */
const DAY = "2026-10-04";
const WIDE = { from: "2026-10-01", to: "2026-10-10" };
const AT = {
  lastOfOct3: "2026-10-03T13:59:59.999Z",
  firstOfOct4: "2026-10-03T14:00:00.000Z",
  midOct4: "2026-10-04T01:00:00.000Z",
  lastOfOct4: "2026-10-04T12:59:59.999Z",
  firstOfOct5: "2026-10-04T13:00:00.000Z",
  later: "2026-10-20T02:00:00.000Z",
};

type Line = {
  product_id: number;
  variation_id: number | null;
  quantity: number;
  total: number;
  total_tax: number;
  refunded_quantity: number;
  refunded_total: number;
};
type Order = {
  id: number;
  status: string;
  customer: { id: number | null; email: string };
  lines: Line[];
  totals: {
    total: number;
    refunded: number;
    tax: number;
    shipping_tax: number;
    tax_lines: { name: string; rate: string; amount: number }[];
    taxes_by_rate: { name: string; rate: string; tax_total: number; shipping_tax_total: number }[];
    coupons: { code: string; discount: number }[];
  };
};

interface Placement {
  lines: [string, number, string[]?][];
  at: string;
  method?: string;
  coupon?: string;
  address?: Record<string, string>;
  shopper?: StoreClient;
  card?: string;
}

/** Places an order through the checkout at `at`; answers its id (a declined card leaves a failed order). */
async function place({ lines, at, method = "cod", coupon, address = {}, shopper = new StoreClient(shop.app), card }: Placement) {
  for (const [slug, quantity, values] of lines) {
    const id = values ? await variationId(shop.app, slug, values) : await productId(shop.app, slug);
    await shopper.cart("POST", "/cart/add-item", { id, quantity });
  }
  if (coupon) await shopper.cart("POST", "/cart/apply-coupon", { code: coupon });
  const where = { ...TEST_ADDRESS, ...address };
  const response = await shopper.post("/checkout", {
    billing_address: { ...where, email: `guest-${lines[0]?.[0]}@tabs.test` },
    shipping_address: where,
    payment_method: method,
    ...(method === "test_card" ? { payment_data: testCard(card) } : {}),
  });
  expect([200, 400], response.body).toContain(response.statusCode);
  const id = (response.statusCode === 200 ? response.json().order_id : response.json().data.order_id) as number;
  await shop.db.updateTable("orders").set({ created_at: at }).where("id", "=", id).execute();
  return id;
}

async function setStatus(id: number, status: string) {
  const response = await call(owner, "POST", `/orders/${id}/status`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function readOrder(id: number): Promise<Order> {
  const response = await call(owner, "GET", `/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function refund(id: number, body: Record<string, unknown>) {
  const response = await call(owner, "POST", `/orders/${id}/refunds`, { method: "manual", restock: true, ...body });
  expect(response.statusCode, response.body).toBe(201);
}

type Placed =
  | "partly"
  | "amountOnly"
  | "whole"
  | "cancelled"
  | "failed"
  | "onHold"
  | "before"
  | "after"
  | "later"
  | "britain"
  | "newYork"
  | "account1"
  | "account2";
const ids = {} as Record<Placed, number>;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  await settings.saved("store", { ...(await settings.read("store")), time_zone: "Australia/Sydney" });

  // Taxes not itemised (the demo's setting): the orders show one tax figure and keep their taxes by rate.
  ids.partly = await place({
    lines: [
      ["classic-t-shirt", 2],
      ["beanie", 1],
    ],
    at: AT.midOct4,
    coupon: "SAVE10",
  });
  await setStatus(ids.partly, "completed");
  // As an order placed before orders kept their taxes by rate (decision 0152): its one tax figure alone.
  const { totals: kept } = await shop.db.selectFrom("orders").select("totals").where("id", "=", ids.partly).executeTakeFirstOrThrow();
  const { taxes_by_rate: _, ...before } = JSON.parse(kept) as Record<string, unknown>;
  await shop.db
    .updateTable("orders")
    .set({ totals: JSON.stringify(before) })
    .where("id", "=", ids.partly)
    .execute();
  const partly = await readOrder(ids.partly);
  const shirt = partly.lines[0] as Line & { id: number };
  await refund(ids.partly, { amount: Math.round((shirt.total + shirt.total_tax) / 2), lines: [{ line_id: shirt.id, quantity: 1 }] });
  // An amount refunded alone (no lines): sales lose it, products and taxes keep their lines.
  ids.amountOnly = await place({ lines: [["hoodie", 1, ["red", "l"]]], at: AT.firstOfOct4, coupon: "5OFF" });
  await refund(ids.amountOnly, { amount: 300 });
  ids.whole = await place({ lines: [["beanie", 2]], at: AT.lastOfOct4, method: "test_card" });
  await refund(ids.whole, { amount: (await readOrder(ids.whole)).totals.total });
  ids.cancelled = await place({ lines: [["leather-wallet", 1]], at: AT.midOct4 });
  await setStatus(ids.cancelled, "cancelled");
  ids.failed = await place({ lines: [["classic-t-shirt", 1]], at: AT.midOct4, method: "test_card", card: "4000 0000 0000 0002" });
  ids.onHold = await place({ lines: [["classic-t-shirt", 1]], at: AT.midOct4, method: "bacs" });
  ids.before = await place({ lines: [["classic-t-shirt", 3]], at: AT.lastOfOct3 });
  ids.after = await place({ lines: [["beanie", 1]], at: AT.firstOfOct5, coupon: "SAVE10" });
  ids.later = await place({ lines: [["classic-t-shirt", 5]], at: AT.later });

  // Itemised taxes from here: each order keeps its lines by rate, shipping taxed as well.
  await settings.saved("taxes", { ...(await settings.read("taxes")), display_itemized_taxes: true });
  ids.britain = await place({
    lines: [["hoodie", 2, ["blue", "m"]]],
    at: AT.midOct4,
    address: { country: "GB", state: "", city: "London", postcode: "SW1A 1AA" },
  });
  ids.newYork = await place({
    lines: [
      ["beanie", 1],
      ["hoodie", 1, ["red", "l"]],
    ],
    at: AT.lastOfOct4,
    address: { state: "NY", city: "New York", postcode: "10001" },
  });
  await setStatus(ids.newYork, "completed");
  // An account's two orders: one customer line, by its id.
  expect(
    (await new StoreClient(shop.app).post("/account/register", { email: "Buyer@Tabs.test", password: "buyer-password-2026" })).statusCode,
  ).toBe(201);
  const account = await signedIn(shop.app, "buyer@tabs.test", "buyer-password-2026");
  ids.account1 = await place({ lines: [["beanie", 1]], at: AT.firstOfOct4, shopper: account });
  ids.account2 = await place({ lines: [["classic-t-shirt", 1]], at: AT.midOct4, shopper: account, coupon: "save10" });
}, 90_000);
afterAll(() => shop?.close());

/** Every paid order the list finds in the days, read whole. */
async function paidOrders(from: string, to: string): Promise<Order[]> {
  const orders: Order[] = [];
  for (const status of PAID) {
    const response = await call(owner, "GET", `/orders?status=${status}&from=${from}&to=${to}&per_page=100`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { orders: { id: number }[]; pages: number };
    expect(body.pages).toBe(1);
    for (const row of body.orders) orders.push(await readOrder(row.id));
  }
  return orders;
}

async function tab(name: string, query: Record<string, string>) {
  const response = await call(owner, "GET", `/reports/${name}?${new URLSearchParams({ per_page: "100", ...query })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const RANGES = [{ from: DAY, to: DAY }, WIDE] as const;

describe("the reports tabs and the order list", () => {
  it("the range's edges are the shop's midnights: 4 October in Sydney holds its first and last instants, not the next day's", async () => {
    const day = (await paidOrders(DAY, DAY)).map((order) => order.id).sort((a, b) => a - b);
    expect(day).toEqual([ids.partly, ids.amountOnly, ids.britain, ids.newYork, ids.account1, ids.account2].sort((a, b) => a - b));
    const wide = (await paidOrders(WIDE.from, WIDE.to)).map((order) => order.id);
    expect(wide).toEqual(expect.arrayContaining([ids.before, ids.after]));
    expect(wide).not.toContain(ids.later);
    expect((await tab("products", { from: DAY, to: DAY })).from).toBe(DAY);
  });

  it("products: each product and variation's items, net sales and orders are the paid orders' lines less their refunds", async () => {
    for (const range of RANGES) {
      const expected = new Map<string, { items_sold: number; net_sales: number; orders: Set<number> }>();
      for (const order of await paidOrders(range.from, range.to))
        for (const line of order.lines) {
          const key = `${line.product_id}/${line.variation_id ?? ""}`;
          const row = expected.get(key) ?? { items_sold: 0, net_sales: 0, orders: new Set<number>() };
          row.items_sold += line.quantity - line.refunded_quantity;
          row.net_sales += line.total - refundedBeforeTax(line);
          row.orders.add(order.id);
          expected.set(key, row);
        }
      const body = await tab("products", range);
      const rows = body.products as {
        product_id: number;
        variation_id: number | null;
        items_sold: number;
        net_sales: number;
        orders: number;
      }[];
      const answered = Object.fromEntries(
        rows.map((row) => [
          `${row.product_id}/${row.variation_id ?? ""}`,
          { items_sold: row.items_sold, net_sales: row.net_sales, orders: row.orders },
        ]),
      );
      const wanted = Object.fromEntries(
        [...expected]
          .filter(([, row]) => row.items_sold > 0 || row.net_sales > 0)
          .map(([key, row]) => [key, { ...row, orders: row.orders.size }]),
      );
      expect(answered).toEqual(wanted);
      expect(body.total).toBe(rows.length);
      expect(body.totals).toEqual({
        items_sold: rows.reduce((sum, row) => sum + row.items_sold, 0),
        net_sales: rows.reduce((sum, row) => sum + row.net_sales, 0),
      });
    }
    // On 4 October: shirts 2 (one refunded) + 1 by the account; the wholly refunded beanies and the cancelled wallet are not sold.
    const day = (await tab("products", { from: DAY, to: DAY })).products as { name: string; variation: string; items_sold: number }[];
    expect(day.find((row) => row.name.startsWith("Classic T-Shirt"))?.items_sold).toBe(2);
    expect(day.find((row) => row.name.startsWith("Beanie"))?.items_sold).toBe(3);
    expect(day.filter((row) => row.name.startsWith("Hoodie")).map((row) => [row.variation, row.items_sold])).toEqual(
      expect.arrayContaining([
        [expect.stringContaining("Blue"), 2],
        [expect.stringContaining("Red"), 2],
      ]),
    );
    expect(day.some((row) => row.name.startsWith("Leather"))).toBe(false);
  });

  it("taxes: each rate's total is the orders' taxes by rate (else the lines they show), shipping tax the orders' own, the rest is order tax", async () => {
    for (const range of RANGES) {
      const orders = await paidOrders(range.from, range.to);
      const expected = new Map<string, { total_tax: number; orders: number }>();
      for (const order of orders) {
        const byRate = order.totals.taxes_by_rate.map((line) => ({ ...line, amount: line.tax_total + line.shipping_tax_total }));
        for (const line of byRate.length ? byRate : order.totals.tax_lines) {
          const key = `${line.name} ${line.rate}`;
          const row = expected.get(key) ?? { total_tax: 0, orders: 0 };
          row.total_tax += line.amount;
          row.orders += 1;
          expected.set(key, row);
        }
      }
      const body = await tab("taxes", range);
      const rows = body.taxes as {
        name: string;
        rate: string;
        order_tax: number;
        shipping_tax: number;
        total_tax: number;
        orders: number;
      }[];
      expect(Object.fromEntries(rows.map((row) => [`${row.name} ${row.rate}`, { total_tax: row.total_tax, orders: row.orders }]))).toEqual(
        Object.fromEntries(expected),
      );
      for (const row of rows) expect(row.order_tax + row.shipping_tax).toBe(row.total_tax);
      expect(body.totals).toEqual({
        total_tax: orders.reduce((sum, order) => sum + order.totals.tax, 0),
        shipping_tax: orders.reduce((sum, order) => sum + order.totals.shipping_tax, 0),
        order_tax: orders.reduce((sum, order) => sum + order.totals.tax - order.totals.shipping_tax, 0),
      });
    }
    // Every order is found by rate but the one kept with one figure, whose tax is one "Tax" line, as its page shows it.
    const labels = ((await tab("taxes", { from: DAY, to: DAY })).taxes as { label: string; shipping_tax: number }[]).map(
      (row) => row.label,
    );
    expect(labels.sort()).toEqual(["CA Tax (7.25%)", "NY Tax (4%)", "Tax", "VAT (20%)"]);
    const vat = ((await tab("taxes", { from: DAY, to: DAY, search: "vat" })).taxes as { shipping_tax: number; order_tax: number }[])[0];
    expect(vat?.shipping_tax).toBe(300);
    expect(vat?.order_tax).toBeGreaterThan(0);
  });

  it("coupons: each code's orders and discount are the paid orders', codes in any case one line", async () => {
    for (const range of RANGES) {
      const expected = new Map<string, { orders: number; discount: number }>();
      for (const order of await paidOrders(range.from, range.to))
        for (const coupon of order.totals.coupons) {
          const row = expected.get(coupon.code.toLowerCase()) ?? { orders: 0, discount: 0 };
          row.orders += 1;
          row.discount += coupon.discount;
          expected.set(coupon.code.toLowerCase(), row);
        }
      const rows = (await tab("coupons", range)).coupons as { code: string; coupon_id: number | null; orders: number; discount: number }[];
      expect(Object.fromEntries(rows.map((row) => [row.code, { orders: row.orders, discount: row.discount }]))).toEqual(
        Object.fromEntries(expected),
      );
      for (const row of rows) expect(row.coupon_id).toEqual(expect.any(Number));
    }
    const day = (await tab("coupons", { from: DAY, to: DAY })).coupons as { code: string; orders: number }[];
    expect(day.map((row) => [row.code, row.orders])).toEqual([
      ["save10", 2],
      ["5off", 1],
    ]);
  });

  it("customers: an account by its id, guests by e-mail, spend is the totals less refunds, the average and last order from them", async () => {
    for (const range of RANGES) {
      const expected = new Map<string, { orders: number; spend: number; last: string }>();
      for (const order of await paidOrders(range.from, range.to)) {
        const key = order.customer.id ? `#${order.customer.id}` : order.customer.email.toLowerCase();
        const row = expected.get(key) ?? { orders: 0, spend: 0, last: "" };
        row.orders += 1;
        row.spend += order.totals.total - order.totals.refunded;
        expected.set(key, row);
      }
      const body = await tab("customers", range);
      const rows = body.customers as { customer_id: number | null; email: string; orders: number; spend: number; average: number }[];
      expect(
        Object.fromEntries(
          rows.map((row) => [row.customer_id ? `#${row.customer_id}` : row.email, { orders: row.orders, spend: row.spend }]),
        ),
      ).toEqual(Object.fromEntries([...expected].map(([key, row]) => [key, { orders: row.orders, spend: row.spend }])));
      for (const row of rows) expect(row.average).toBe(Math.round(row.spend / row.orders));
      expect(body.totals.spend).toBe(rows.reduce((sum, row) => sum + row.spend, 0));
    }
    const buyer = (
      (await tab("customers", { from: DAY, to: DAY, search: "buyer" })).customers as {
        type: string;
        email: string;
        orders: number;
        last_order_at: string;
      }[]
    )[0];
    expect(buyer).toMatchObject({ type: "registered", email: "buyer@tabs.test", orders: 2, last_order_at: AT.midOct4 });
  });
});

describe("the reports tabs as a list", () => {
  it("sorts each tab by each of its columns both ways, pages with the owner lists' headers, and searches by name", async () => {
    type Value = (row: Record<string, unknown>) => string | number;
    const field =
      (name: string): Value =>
      (row) =>
        row[name] as string | number;
    const columns: Record<string, Record<string, Value>> = {
      products: { name: field("name"), items_sold: field("items_sold"), net_sales: field("net_sales"), orders: field("orders") },
      coupons: { code: field("code"), orders: field("orders"), discount: field("discount") },
      taxes: {
        label: field("label"),
        order_tax: field("order_tax"),
        shipping_tax: field("shipping_tax"),
        total_tax: field("total_tax"),
        orders: field("orders"),
      },
      customers: {
        name: (row) => (row.name as string) || (row.email as string),
        orders: field("orders"),
        spend: field("spend"),
        average: field("average"),
        last_order: (row) => Date.parse(row.last_order_at as string),
      },
    };
    for (const [name, sorts] of Object.entries(columns))
      for (const [sort, value] of Object.entries(sorts))
        for (const order of ["asc", "desc"] as const) {
          const rows = (await tab(name, { ...WIDE, sort, order }))[name] as Record<string, unknown>[];
          expect(rows.length, name).toBeGreaterThan(1);
          const values = rows.map(value);
          const sorted = [...values].sort((a, b) =>
            typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b), "en", { sensitivity: "base" }),
          );
          expect(values, `${name} by ${sort} ${order}`).toEqual(order === "asc" ? sorted : sorted.reverse());
        }
    const all = (await tab("products", WIDE)).products as unknown[];
    const response = await call(owner, "GET", `/reports/products?from=${WIDE.from}&to=${WIDE.to}&per_page=2&page=2`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-wp-total"]).toBe(String(all.length));
    expect(response.headers["x-wp-totalpages"]).toBe(String(Math.ceil(all.length / 2)));
    expect(response.headers.link).toContain('rel="prev"');
    const page = response.json();
    expect(page).toMatchObject({ page: 2, per_page: 2, total: all.length, sort: "items_sold", order: "desc" });
    expect(page.products).toEqual(all.slice(2, 4));
    const found = (await tab("products", { ...WIDE, search: "  HOODIE  red " })).products as { name: string; variation: string }[];
    expect(found.length).toBeGreaterThan(0);
    for (const row of found) expect(`${row.name} ${row.variation}`.toLowerCase()).toMatch(/hoodie.*red|red.*hoodie/);
  });

  it("refuses bad input with the parameter named (the range, a sort of another tab, an order, a page)", async () => {
    for (const [query, param] of [
      ["from=2026-10-10&to=2026-10-01", "to"],
      ["from=2025-01-01&to=2026-10-01", "from"],
      ["from=yesterday", "from"],
      ["sort=price", "sort"],
      ["order=up", "order"],
      ["page=0", "page"],
      ["per_page=500", "per_page"],
    ] as const) {
      // A CSV has every row: it takes no page.
      for (const name of param.startsWith("p") ? ["products", "customers"] : ["products", "customers", "taxes.csv"]) {
        const response = await call(owner, "GET", `/reports/${name}?${query}`);
        expect(response.statusCode, `${name}?${query}`).toBe(400);
        expect(Object.keys(response.json().data.params), `${name}?${query}`).toEqual([param]);
      }
    }
  });

  it("each tab downloads as CSV for the same range, search and order, every row, formulas neutralised", async () => {
    const account = await shop.db.selectFrom("customers").select("id").where("email", "=", "buyer@tabs.test").executeTakeFirstOrThrow();
    expect(
      (await call(owner, "PATCH", `/customers/${account.id}`, { first_name: '=HYPERLINK("http://x")', last_name: "Buyer" })).statusCode,
    ).toBe(200);
    const response = await call(owner, "GET", `/reports/customers.csv?from=${WIDE.from}&to=${WIDE.to}&sort=orders&order=desc`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="customers-report-${WIDE.from}-to-${WIDE.to}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Name,Email,Type,Orders,Total spend (USD),Average order value (USD),Last order (Australia/Sydney)");
    const listed = (await tab("customers", { ...WIDE, sort: "orders", order: "desc" })).customers as { orders: number }[];
    expect(lines).toHaveLength(listed.length + 1);
    expect(lines.slice(1).map((line) => line.split(",")[3])).toEqual(listed.map((row) => String(row.orders)));
    const buyer = lines.find((line) => line.includes("buyer@tabs.test")) ?? "";
    expect(buyer).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\) Buyer",buyer@tabs\.test,Registered,2,/);
    expect(buyer).toContain(",2026-10-04 12:00");
    const products = await call(owner, "GET", `/reports/products.csv?from=${DAY}&to=${DAY}&search=hoodie&sort=name&order=asc`);
    const rows = products.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(rows[0]).toBe("Product id,Variation id,Product,Variation,SKU,Items sold,Net sales (USD),Orders");
    const json = (await tab("products", { from: DAY, to: DAY, search: "hoodie", sort: "name", order: "asc" })).products as {
      net_sales: number;
    }[];
    expect(rows).toHaveLength(json.length + 1);
    expect(rows.slice(1).map((row) => row.split(",").at(-2))).toEqual(json.map((row) => (row.net_sales / 100).toFixed(2)));
  });

  it("a manager reads the reports as the dashboard; a shopper is refused", async () => {
    const manager = await signedInManager(shop.app, shop.db, "manager@tabs.test");
    expect((await call(manager, "GET", `/reports/taxes?from=${DAY}&to=${DAY}`)).statusCode).toBe(200);
    expect((await call(manager, "GET", `/reports/coupons.csv?from=${DAY}&to=${DAY}`)).statusCode).toBe(200);
    const shopper = new StoreClient(shop.app, "browser");
    expect((await call(shopper, "GET", "/reports/products")).statusCode).toBe(401);
  });
});
