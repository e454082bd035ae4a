/** The owner API's orders (/api/admin/v1/orders…, issue 18), read-only, on SQLite and PostgreSQL: orders placed through the checkout. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS } from "../../../../../test/store-client.ts";

const ADMIN = "/api/admin/v1";
/** Every order of this file bills an address here, so a search for it scopes the list to them. */
const DOMAIN = "@orders-admin.test";
let shop: TestShop;
let owner: StoreClient;
let jane: StoreClient;
let tShirt: number;
let limitedPrint: number;
const placed: Record<"ada" | "bea" | "jane" | "cy", number> = { ada: 0, bea: 0, jane: 0, cy: 0 };

const billing = (first: string, last: string) => ({
  ...TEST_ADDRESS,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}${DOMAIN}`,
});
const card = (number: string) => [
  { key: "cw-test-card-number", value: number },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

/** Places an order through the real checkout and answers its id (a declined card leaves a failed order). */
async function checkout(client: StoreClient, product: number, quantity: number, body: Record<string, unknown>): Promise<number> {
  await client.cart("POST", "/cart/add-item", { id: product, quantity });
  const response = await client.post("/checkout", body);
  return response.statusCode === 200 ? response.json().order_id : response.json().data.order_id;
}

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
  jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
  tShirt = await productId(shop.app, "classic-t-shirt");
  limitedPrint = await productId(shop.app, "limited-print");
  placed.ada = await checkout(new StoreClient(shop.app), tShirt, 2, {
    billing_address: billing("Ada", "Lovelace"),
    payment_method: "cod",
    extensions: { "cw/order-attribution": { source_type: "utm", utm_source: "google", utm_medium: "cpc" } },
  });
  placed.bea = await checkout(new StoreClient(shop.app), limitedPrint, 1, {
    billing_address: billing("Bea", "Zed"),
    payment_method: "bacs",
    extensions: { "cw/order-attribution": { source_type: "typein", utm_source: "(direct)" } },
  });
  placed.jane = await checkout(jane, tShirt, 1, {
    billing_address: billing("Jane", "Doe"),
    payment_method: "test_card",
    payment_data: card("4242 4242 4242 4242"),
    extensions: { "cw/order-attribution": { source_type: "organic", utm_source: "bing" } },
  });
  placed.cy = await checkout(new StoreClient(shop.app), tShirt, 3, {
    billing_address: billing("Cy", "Declined"),
    payment_method: "test_card",
    payment_data: card("4000000000000002"),
  });
});
afterAll(() => shop?.close());

type Row = { id: number; status: string; total: number; date_created: string; customer: { email: string } };
const list = async (query: string) => {
  const response = await owner.get(`${ADMIN}/orders?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { orders: Row[]; counts: Record<string, number>; total: number; page: number; pages: number };
};
/** The ids of this file's orders a query finds. */
const ids = async (query: string) =>
  (await list(`search=${encodeURIComponent(DOMAIN)}&per_page=100&${query}`)).orders.map((o) => o.id).sort();

describe("who may read orders", () => {
  it("answers a guest 401 cw_rest_not_signed_in and a shopper 403 cw_rest_forbidden, the owner 200", async () => {
    for (const path of [`${ADMIN}/orders`, `${ADMIN}/orders/${placed.ada}`]) {
      const guest = await shop.app.inject(path);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().code).toBe("cw_rest_not_signed_in");
      const shopper = await jane.get(path);
      expect(shopper.statusCode).toBe(403);
      expect(shopper.json().code).toBe("cw_rest_forbidden");
      expect((await owner.get(path)).statusCode).toBe(200);
    }
  });

  it("is in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/orders"].get.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/orders/{id}"].get.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/orders"].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["status", "search", "from", "to", "payment_method", "source_type", "orderby", "order", "page", "per_page"]),
    );
  });
});

describe("the list", () => {
  it("answers rows with the customer, item count, total, payment title and origin", async () => {
    const { orders } = await list(`search=${encodeURIComponent(`#${placed.ada}`)}`);
    expect(orders).toEqual([
      expect.objectContaining({
        id: placed.ada,
        number: String(placed.ada),
        status: "processing",
        customer: { id: null, guest: true, name: "Ada Lovelace", email: `ada${DOMAIN}` },
        item_count: 2,
        currency: "USD",
        payment_method: "cod",
        payment_method_title: expect.any(String),
        origin: "Source: Google",
      }),
    ]);
    expect(orders[0]?.total).toBeGreaterThan(0);
    const janes = (await list(`search=${encodeURIComponent(`#${placed.jane}`)}`)).orders[0];
    expect(janes).toMatchObject({ customer: { guest: false, name: "Jane Doe" }, origin: "Organic: Bing" });
  });

  it("counts each status as its tab lists it, all without checkout drafts", async () => {
    const { counts, total } = await list("");
    expect(counts.processing).toBeGreaterThanOrEqual(2);
    expect(counts["on-hold"]).toBeGreaterThanOrEqual(1);
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(total).toBe(counts.all);
    let sum = 0;
    for (const [status, count] of Object.entries(counts)) {
      if (status === "all") continue;
      const tab = await list(`status=${status}&per_page=100`);
      expect(tab.total).toBe(count);
      expect(tab.orders).toHaveLength(Math.min(count, 100));
      expect(tab.orders.every((o) => o.status === status)).toBe(true);
      if (status !== "checkout-draft") sum += count;
    }
    expect(counts.all).toBe(sum);
  });

  it("narrows by search (number, email, name, product), dates, payment method and origin", async () => {
    expect(await ids("")).toEqual([placed.ada, placed.bea, placed.jane, placed.cy].sort());
    expect((await list(`search=${placed.bea}`)).orders.map((o) => o.id)).toEqual([placed.bea]);
    expect((await list(`search=${encodeURIComponent(`BEA${DOMAIN}`)}`)).orders.map((o) => o.id)).toEqual([placed.bea]);
    expect((await list("search=lovelace")).orders.map((o) => o.id)).toEqual([placed.ada]);
    expect((await list("search=jane%20doe")).orders.map((o) => o.id)).toEqual([placed.jane]);
    expect((await list("search=limited%20print")).orders.map((o) => o.id)).toEqual([placed.bea]);
    expect((await list("search=no%25such_thing")).total).toBe(0);
    const day = (await list(`search=${placed.ada}`)).orders[0]?.date_created.slice(0, 10) ?? "";
    expect(await ids(`from=${day}&to=${day}`)).toHaveLength(4);
    const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`to=${before}`)).toEqual([]);
    expect(await ids(`from=${before}&to=${before}`)).toEqual([]);
    expect(await ids("payment_method=bacs")).toEqual([placed.bea]);
    expect(await ids("payment_method=test_card")).toEqual([placed.jane, placed.cy].sort());
    expect(await ids("source_type=utm&source=google")).toEqual([placed.ada]);
    expect(await ids("source_type=typein")).toEqual([placed.bea]);
    expect(await ids("source_type=unknown")).toEqual([placed.cy]);
    expect(await ids("status=failed")).toEqual([placed.cy]);
    const filtered = await list(`search=${encodeURIComponent(DOMAIN)}&status=processing`);
    expect(filtered.total).toBe(2);
    expect(filtered.counts.processing).toBeGreaterThanOrEqual(2);
  });

  it("sorts by date and by total, both ways", async () => {
    const sorted = async (query: string) => (await list(`search=${encodeURIComponent(DOMAIN)}&${query}`)).orders;
    const newest = await sorted("");
    expect(newest.map((o) => o.id)).toEqual([placed.cy, placed.jane, placed.bea, placed.ada]);
    expect((await sorted("orderby=date&order=asc")).map((o) => o.id)).toEqual([placed.ada, placed.bea, placed.jane, placed.cy]);
    const totals = newest.map((o) => o.total);
    expect((await sorted("orderby=total&order=asc")).map((o) => o.total)).toEqual([...totals].sort((a, b) => a - b));
    expect((await sorted("orderby=total")).map((o) => o.total)).toEqual([...totals].sort((a, b) => b - a));
  });

  it("pages with a total and a page count, and refuses more than 100 a page", async () => {
    const scope = `search=${encodeURIComponent(DOMAIN)}&per_page=3`;
    const first = await list(`${scope}&page=1`);
    const second = await list(`${scope}&page=2`);
    expect([first.total, first.pages, first.page, second.page]).toEqual([4, 2, 1, 2]);
    expect(first.orders).toHaveLength(3);
    expect(second.orders).toHaveLength(1);
    expect(new Set([...first.orders, ...second.orders].map((o) => o.id)).size).toBe(4);
    const tooMany = await owner.get(`${ADMIN}/orders?per_page=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe("rest_invalid_param");
    expect((await owner.get(`${ADMIN}/orders?status=shipped`)).statusCode).toBe(400);
  });
});

describe("one order", () => {
  it("shows lines, totals, addresses, payment without the card number, the customer, origin and a timeline", async () => {
    const response = await owner.get(`${ADMIN}/orders/${placed.jane}`);
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({
      id: placed.jane,
      number: String(placed.jane),
      status: "processing",
      date_paid: expect.any(String),
      customer: { guest: false, email: `jane${DOMAIN}`, name: "Jane Doe", account: { email: "jane@example.com" } },
      lines: [{ name: "Classic T-Shirt", quantity: 1, sku: expect.any(String), variation: expect.any(Array) }],
      billing_address: { first_name: "Jane", city: "Los Angeles" },
      payment: {
        method: "test_card",
        details: [
          { key: "card_brand", value: "Visa" },
          { key: "card_last4", value: "4242" },
        ],
      },
      origin: { origin: "Organic: Bing", source_type: "organic", utm_source: "bing" },
    });
    expect(order.customer.id).toBe(order.customer.account.id);
    const line = order.lines[0];
    expect(line.price * line.quantity).toBe(line.subtotal);
    const { totals } = order;
    expect(totals.currency).toBe("USD");
    expect(totals.items).toBe(line.subtotal);
    expect(totals.tax).toBeGreaterThan(0);
    expect(totals.tax_lines.reduce((sum: number, t: { amount: number }) => sum + t.amount, 0)).toBe(totals.tax);
    expect(totals.items - totals.discount + totals.shipping + totals.tax).toBe(totals.total);
    expect(totals.refunded).toBe(0);
    expect(JSON.stringify(order)).not.toContain("4242424242424242");
    expect(order.timeline.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(["placed", "payment_attempt", "paid", "status"]),
    );
    expect(order.timeline[0]).toMatchObject({ type: "placed", actor: { type: "customer", id: order.customer.id } });
    expect(order.timeline.find((e: { type: string }) => e.type === "payment_attempt")).toMatchObject({
      status: "success",
      actor: { type: "gateway", id: "test_card" },
    });
    const times = order.timeline.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort());
  });

  it("shows a declined attempt in a guest's timeline, and the shipping chosen", async () => {
    const order = (await owner.get(`${ADMIN}/orders/${placed.cy}`)).json();
    expect(order).toMatchObject({ status: "failed", customer: { id: null, guest: true, account: null }, origin: { origin: "Unknown" } });
    expect(order.timeline[0]).toMatchObject({ type: "placed", actor: { type: "guest", email: `cy${DOMAIN}` } });
    expect(order.timeline.find((e: { type: string }) => e.type === "payment_attempt")).toMatchObject({ status: "failure" });
    expect(order.timeline.some((e: { type: string }) => e.type === "paid")).toBe(false);
    const ada = (await owner.get(`${ADMIN}/orders/${placed.ada}`)).json();
    expect(ada.shipping.lines.length).toBeGreaterThan(0);
    expect(ada.shipping.lines[0]).toMatchObject({ method_id: expect.any(String), name: expect.any(String), total: expect.any(Number) });
    expect(ada.totals.shipping).toBe(ada.shipping.lines.reduce((sum: number, l: { total: number }) => sum + l.total, 0));
  });

  it("leaves a paid form entry's charge out of the order of the same number (the gateway keeps the entry's id as its order reference)", async () => {
    // What chargeEntry (modules/forms/payment.ts) leaves for form entry n: the gateway's row under order_id n.
    await shop.db
      .insertInto("gateway_charges")
      .values({
        gateway: "test_card",
        idempotency_key: "form-entry-00000000-0000-4000-8000-000000000001",
        order_id: placed.ada,
        amount: 6100,
        currency: "USD",
        outcome: JSON.stringify({ status: "success", orderStatus: "processing", transactionId: "test_formentry" }),
        created_at: new Date().toISOString(),
      })
      .execute();
    const order = (await owner.get(`${ADMIN}/orders/${placed.ada}`)).json();
    expect(order.payment.method).toBe("cod");
    expect(order.timeline.filter((e: { type: string }) => e.type === "payment_attempt")).toEqual([]);
  });

  it("answers 404 cw_rest_order_not_found for an unknown id", async () => {
    const response = await owner.get(`${ADMIN}/orders/999999`);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("cw_rest_order_not_found");
  });
});
