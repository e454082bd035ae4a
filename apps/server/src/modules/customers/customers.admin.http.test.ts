/** The owner API's customers (/api/admin/v1/customers…) on SQLite and PostgreSQL (issue 18): who may call, lists, details. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { settingsGroups, signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";

const ADMIN = "/api/admin/v1";
let shop: TestShop;
let owner: StoreClient;
let jane: StoreClient;
let janeId: number;
let tShirt: number;

/** An order through the real checkout: cod is paid at once (processing), bacs waits (on-hold). */
async function placeOrder(client: StoreClient, email: string, paymentMethod: "cod" | "bacs", quantity = 1) {
  await client.cart("POST", "/cart/add-item", { id: tShirt, quantity });
  const response = await client.post("/checkout", { billing_address: testBilling(email), payment_method: paymentMethod });
  expect(response.statusCode).toBe(200);
  return response.json().order_id as number;
}

const totalOf = async (id: number) =>
  (await shop.db.selectFrom("orders").select("total").where("id", "=", id).executeTakeFirstOrThrow()).total;

let janePaid: number[];
let janeWaiting: number;
let guestPaid: number;

beforeAll(async () => {
  shop = await createTestShop();
  tShirt = await productId(shop.app, "classic-t-shirt");
  owner = await signedInOwner(shop);
  jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
  janeId = (await shop.db.selectFrom("customers").select("id").where("email", "=", "jane@example.com").executeTakeFirstOrThrow()).id;
  janePaid = [await placeOrder(jane, "jane@example.com", "cod"), await placeOrder(jane, "jane@example.com", "cod", 2)];
  janeWaiting = await placeOrder(jane, "jane@example.com", "bacs");
  guestPaid = await placeOrder(new StoreClient(shop.app), "Guest.Buyer@Example.com", "cod");
  await placeOrder(new StoreClient(shop.app), "guest.buyer@example.com", "bacs");
});
afterAll(() => shop?.close());

describe("who may call", () => {
  const calls = [
    "/customers",
    "/customers?search=jane&sort=spend&order=desc",
    "/customers/guests",
    "/customers/guest?email=guest.buyer@example.com",
    "/customers/{jane}",
  ];
  it.each(calls)("GET %s: the owner 200, a shopper 403 cw_rest_forbidden, a guest 401 cw_rest_not_signed_in", async (template) => {
    const path = template.replace("{jane}", String(janeId));
    expect((await owner.get(`${ADMIN}${path}`)).statusCode).toBe(200);
    const shopper = await jane.get(`${ADMIN}${path}`);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe("cw_rest_forbidden");
    const guest = await shop.app.inject(`${ADMIN}${path}`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");
  });
});

describe("accounts", () => {
  it("lists accounts with their paid orders' count, spend and last date, never a password hash", async () => {
    const response = await owner.get(`${ADMIN}/customers`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 2, page: 1, per_page: 20, currency_code: "USD" });
    const spend = (await totalOf(janePaid[0] ?? 0)) + (await totalOf(janePaid[1] ?? 0));
    const janeRow = body.customers.find((row: { id: number }) => row.id === janeId);
    expect(janeRow).toMatchObject({ email: "jane@example.com", first_name: "Jane", last_name: "Doe", role: "customer", orders: 2, spend });
    const newest = await shop.db
      .selectFrom("orders")
      .select("created_at")
      .where("id", "=", janePaid[1] ?? 0)
      .executeTakeFirstOrThrow();
    expect(janeRow.last_order_at).toBe(newest.created_at);
    expect(body.customers.find((row: { role: string }) => row.role === "owner")).toMatchObject({
      orders: 0,
      spend: 0,
      last_order_at: null,
    });
    expect(response.body).not.toMatch(/password|scrypt|session/i);
  });

  it("searches by name or email (case ignored, % plain text), sorts and pages", async () => {
    const byName = (await owner.get(`${ADMIN}/customers?search=JANE%20doe`)).json();
    expect(byName.customers.map((row: { id: number }) => row.id)).toEqual([janeId]);
    expect((await owner.get(`${ADMIN}/customers?search=owner@`)).json().total).toBe(1);
    expect((await owner.get(`${ADMIN}/customers?search=%25`)).json().total).toBe(0);
    for (const sort of ["spend", "orders", "last_order"]) {
      const desc = (await owner.get(`${ADMIN}/customers?sort=${sort}&order=desc`)).json();
      expect(desc.customers[0].id).toBe(janeId);
      const asc = (await owner.get(`${ADMIN}/customers?sort=${sort}&order=asc`)).json();
      // Without orders, the owner comes first ascending, except by last order where no order sorts last both ways.
      expect(asc.customers[0].id === janeId).toBe(sort === "last_order");
    }
    const byNameAsc = (await owner.get(`${ADMIN}/customers?sort=name`)).json();
    expect(byNameAsc.customers.map((row: { email: string }) => row.email)).toEqual(["owner@example.com", "jane@example.com"]);
    const second = (await owner.get(`${ADMIN}/customers?sort=name&per_page=1&page=2`)).json();
    expect(second).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(second.customers.map((row: { id: number }) => row.id)).toEqual([janeId]);
    const bad = await owner.get(`${ADMIN}/customers?sort=password`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("rest_invalid_param");
  });

  it("reads an account: addresses, orders, masked saved cards and totals", async () => {
    const response = await owner.get(`${ADMIN}/customers/${janeId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: janeId,
      email: "jane@example.com",
      // The checkout saved her newest order's billing address over the demo one; her orders shipped to
      // the saved shipping address her cart took when she signed in, which stays.
      addresses: { billing: { city: "Los Angeles", email: "jane@example.com" }, shipping: { city: "San Francisco" } },
      payment_methods: [{ gateway: "test_card", brand: "Visa", last4: "4242", expires: "12/30", is_default: true }],
    });
    expect(Object.keys(body.payment_methods[0]).sort()).toEqual(["brand", "expires", "gateway", "id", "is_default", "last4"]);
    expect(body.orders.map((order: { id: number }) => order.id)).toEqual([janeWaiting, janePaid[1], janePaid[0]]);
    expect(body.orders[0]).toMatchObject({ number: String(janeWaiting), status: "on-hold", total: await totalOf(janeWaiting) });
    const spend = (await totalOf(janePaid[0] ?? 0)) + (await totalOf(janePaid[1] ?? 0));
    expect(body.totals).toMatchObject({
      orders: 3,
      paid_orders: 2,
      spend,
      average_order: Math.round(spend / 2),
      paid_in_other_currencies: 0,
      currency_code: "USD",
    });
    expect(response.body).not.toMatch(/password|scrypt|session|token"/i);
    const missing = await owner.get(`${ADMIN}/customers/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("cw_rest_customer_not_found");
    expect((await owner.get(`${ADMIN}/customers/0`)).json().code).toBe("rest_invalid_param");
  });
});

describe("guests", () => {
  it("groups guests' orders by billing email in any case, with paid count and spend", async () => {
    const body = (await owner.get(`${ADMIN}/customers/guests`)).json();
    expect(body).toMatchObject({ total: 1, currency_code: "USD" });
    expect(body.guests).toEqual([
      { email: "guest.buyer@example.com", orders: 1, spend: await totalOf(guestPaid), last_order_at: expect.any(String) },
    ]);
    expect((await owner.get(`${ADMIN}/customers/guests?search=BUYER`)).json().total).toBe(1);
    expect((await owner.get(`${ADMIN}/customers/guests?search=jane`)).json().total).toBe(0);
  });

  it("reads a guest by email, and answers 404 for an email without guest orders", async () => {
    const body = (await owner.get(`${ADMIN}/customers/guest?email=GUEST.BUYER@example.com`)).json();
    expect(body).toMatchObject({
      email: "guest.buyer@example.com",
      addresses: { billing: { city: "Los Angeles" } },
      totals: { orders: 2, paid_orders: 1, spend: await totalOf(guestPaid) },
    });
    expect(body.orders).toHaveLength(2);
    // Jane's orders are her account's, never a guest's.
    const missing = await owner.get(`${ADMIN}/customers/guest?email=jane@example.com`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("cw_rest_guest_not_found");
  });
});

describe("the OpenAPI document", () => {
  it("lists every customers call under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const path of ["/customers", "/customers/guests", "/customers/guest", "/customers/{id}"])
      expect(paths[`${ADMIN}${path}`].get.tags).toEqual(["owner"]);
  });
});

// Last but one: its refunds change the spend the tests above read.
describe("spend after a refund", () => {
  it("counts what a paid order kept: a partial refund comes off the account's and the guest's spend", async () => {
    const spendOf = async () => {
      const list = (await owner.get(`${ADMIN}/customers?search=jane`)).json().customers.find((row: { id: number }) => row.id === janeId);
      const detail = (await owner.get(`${ADMIN}/customers/${janeId}`)).json().totals;
      const guest = (await owner.get(`${ADMIN}/customers/guests`)).json().guests[0];
      return { list: list.spend, detail: detail.spend, guest: guest.spend };
    };
    const before = await spendOf();
    for (const id of [janePaid[0], guestPaid]) {
      const refund = await owner.post(`${ADMIN}/orders/${id}/refunds`, { amount: 250, restock: false, method: "manual" });
      expect(refund.statusCode, refund.body).toBe(201);
    }
    expect(await spendOf()).toEqual({ list: before.list - 250, detail: before.detail - 250, guest: before.guest - 250 });
    expect(before.guest).toBe(await totalOf(guestPaid));
  });
});

// Last: it leaves orders in another currency behind (decision 0185).
describe("spend after the shop's currency changes", () => {
  it("adds only the orders in the shop's currency: in the list, the account's totals and its average, and the guests'", async () => {
    const figures = async () => {
      const list = (await owner.get(`${ADMIN}/customers?search=jane&sort=spend`))
        .json()
        .customers.find((row: { id: number }) => row.id === janeId);
      const detail = (await owner.get(`${ADMIN}/customers/${janeId}`)).json().totals;
      const guest = (await owner.get(`${ADMIN}/customers/guests?search=euro.guest`)).json().guests[0];
      return { list, detail, guest };
    };
    const { read, saved } = settingsGroups(() => owner);
    const dollars = await read("currency");
    await saved("currency", { ...dollars, code: "EUR", symbol: "€" });
    try {
      const euros = await placeOrder(jane, "jane@example.com", "cod", 3);
      const guestEuros = await placeOrder(new StoreClient(shop.app), "euro.guest@example.com", "cod");
      const { list, detail, guest } = await figures();
      expect(list).toMatchObject({ orders: 3, spend: await totalOf(euros) });
      expect(detail).toMatchObject({
        paid_orders: 3,
        spend: await totalOf(euros),
        average_order: await totalOf(euros),
        paid_in_other_currencies: 2,
        currency_code: "EUR",
      });
      expect(guest).toMatchObject({ orders: 1, spend: await totalOf(guestEuros) });
      const csv = (await owner.get(`${ADMIN}/customers/export.csv?search=jane`)).body;
      expect(csv).toContain(((await totalOf(euros)) / 100).toFixed(2));
    } finally {
      await saved("currency", dollars);
    }
  });
});
