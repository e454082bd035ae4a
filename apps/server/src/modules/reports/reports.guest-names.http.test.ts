/**
 * The reports' Customers tab names a guest, and an account whose first and last names are empty
 * (decision 0104), by the billing first and last names of their newest order counted, or by their
 * e-mail when that order kept no name: the same name in the owner API, its search and sort, and the
 * CSV, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall as call, signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS } from "../../../../../test/store-client.ts";

const RANGE = { from: "2026-09-01", to: "2026-09-30" };
let shop: TestShop;
let owner: StoreClient;

/** A guest's order through the checkout, billed to `name` at `email`, placed at `at`. */
async function place(email: string, name: { first_name: string; last_name: string }, at: string) {
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 });
  const response = await shopper.post("/checkout", {
    billing_address: { ...TEST_ADDRESS, ...name, email },
    shipping_address: TEST_ADDRESS,
    payment_method: "cod",
  });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json().order_id as number;
  await shop.db.updateTable("orders").set({ created_at: at }).where("id", "=", id).execute();
  return id;
}

async function customers(query: Record<string, string> = {}) {
  const response = await call(owner, "GET", `/reports/customers?${new URLSearchParams({ ...RANGE, ...query })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().customers as { type: string; name: string; email: string; orders: number }[];
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  // Two orders of one guest (any case of the e-mail): the newer one's billing name is theirs.
  await place("zed@names.test", { first_name: "Old", last_name: "Name" }, "2026-09-02T10:00:00.000Z");
  await place("Zed@Names.test", { first_name: "Carla", last_name: "Zed" }, "2026-09-05T10:00:00.000Z");
  await place("bea@names.test", { first_name: "Bea", last_name: "Young" }, "2026-09-03T10:00:00.000Z");
  // An order that kept no name (as one made by hand may): its guest is shown by their e-mail.
  await forgetBillingName(await place("adam@names.test", { first_name: "Anon", last_name: "Ymous" }, "2026-09-04T10:00:00.000Z"));
  // An account's order: named as the account is.
  expect(
    (await new StoreClient(shop.app).post("/account/register", { email: "mia@names.test", password: "buyer-password-2026" })).statusCode,
  ).toBe(201);
  const account = await shop.db.selectFrom("customers").select("id").where("email", "=", "mia@names.test").executeTakeFirstOrThrow();
  expect((await call(owner, "PATCH", `/customers/${account.id}`, { first_name: "Mia", last_name: "Account" })).statusCode).toBe(200);
  const mia = await signedIn(shop.app, "mia@names.test", "buyer-password-2026");
  await mia.cart("POST", "/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 });
  const placed = await mia.post("/checkout", {
    billing_address: { ...TEST_ADDRESS, email: "mia@names.test" },
    shipping_address: TEST_ADDRESS,
    payment_method: "cod",
  });
  expect(placed.statusCode, placed.body).toBe(200);
  await shop.db.updateTable("orders").set({ created_at: "2026-09-06T10:00:00.000Z" }).where("id", "=", placed.json().order_id).execute();
  // Two accounts without first or last names: one is named by its newest order's billing name, one whose order kept none by its e-mail.
  await accountOrder("nora@names.test", { first_name: "Early", last_name: "Nora" }, "2026-09-02T12:00:00.000Z");
  await accountOrder("nora@names.test", { first_name: "Nora", last_name: "Late" }, "2026-09-07T10:00:00.000Z");
  const blank = await accountOrder("blank@names.test", { first_name: "Anon", last_name: "Ymous" }, "2026-09-08T10:00:00.000Z");
  await forgetBillingName(blank);
  await shop.db
    .updateTable("customers")
    .set({ first_name: "", last_name: "" })
    .where("email", "in", ["nora@names.test", "blank@names.test"])
    .execute();
}, 60_000);

/** The order's billing address without first and last names, as an order made by hand may keep it. */
async function forgetBillingName(id: number) {
  const row = await shop.db.selectFrom("orders").select("billing_address").where("id", "=", id).executeTakeFirstOrThrow();
  const address = { ...JSON.parse(row.billing_address), first_name: "", last_name: "" };
  await shop.db
    .updateTable("orders")
    .set({ billing_address: JSON.stringify(address) })
    .where("id", "=", id)
    .execute();
}

/** An order of the account at `email` (registered without names on its first order), billed to `name`, placed at `at`. */
async function accountOrder(email: string, name: { first_name: string; last_name: string }, at: string) {
  const password = "buyer-password-2026";
  const known = await shop.db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirst();
  if (!known) expect((await new StoreClient(shop.app).post("/account/register", { email, password })).statusCode).toBe(201);
  const client = await signedIn(shop.app, email, password);
  await client.cart("POST", "/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 });
  const placed = await client.post("/checkout", {
    billing_address: { ...TEST_ADDRESS, ...name, email },
    shipping_address: TEST_ADDRESS,
    payment_method: "cod",
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().order_id as number;
  await shop.db.updateTable("orders").set({ created_at: at }).where("id", "=", id).execute();
  return id;
}
afterAll(() => shop?.close());

describe("the Customers tab's guests and accounts without names", () => {
  it("are named by their newest order's billing name, or their e-mail when it kept none, and sort by that name", async () => {
    const asc = await customers({ sort: "name", order: "asc" });
    expect(asc.map((row) => [row.type, row.name, row.email, row.orders])).toEqual([
      ["guest", "adam@names.test", "adam@names.test", 1],
      ["guest", "Bea Young", "bea@names.test", 1],
      ["registered", "blank@names.test", "blank@names.test", 1],
      ["guest", "Carla Zed", "zed@names.test", 2],
      ["registered", "Mia Account", "mia@names.test", 1],
      ["registered", "Nora Late", "nora@names.test", 2],
    ]);
    const desc = await customers({ sort: "name", order: "desc" });
    expect(desc.map((row) => row.name)).toEqual([
      "Nora Late",
      "Mia Account",
      "Carla Zed",
      "blank@names.test",
      "Bea Young",
      "adam@names.test",
    ]);
    // The newest order counted names the guest: without the 5 September order, the older name is theirs.
    const early = await call(owner, "GET", "/reports/customers?from=2026-09-01&to=2026-09-03&sort=name");
    expect((early.json().customers as { name: string; email: string }[]).find((row) => row.email === "zed@names.test")?.name).toBe(
      "Old Name",
    );
    // So is an account without names of its own.
    expect((early.json().customers as { name: string; email: string }[]).find((row) => row.email === "nora@names.test")?.name).toBe(
      "Early Nora",
    );
  });

  it("are found by that name", async () => {
    expect((await customers({ search: "carla" })).map((row) => row.email)).toEqual(["zed@names.test"]);
    expect((await customers({ search: "late" })).map((row) => row.email)).toEqual(["nora@names.test"]);
  });

  it("carry that name into the CSV's Name column", async () => {
    const response = await call(owner, "GET", `/reports/customers.csv?${new URLSearchParams({ ...RANGE, sort: "name", order: "asc" })}`);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 3).join(","))).toEqual([
      "adam@names.test,adam@names.test,Guest",
      "Bea Young,bea@names.test,Guest",
      "blank@names.test,blank@names.test,Registered",
      "Carla Zed,zed@names.test,Guest",
      "Mia Account,mia@names.test,Registered",
      "Nora Late,nora@names.test,Registered",
    ]);
  });
});
