/**
 * The owner's writes on accounts (decision 0103) on SQLite and PostgreSQL: add (with and without the
 * first-password link, the link working), edit (field errors named, staff refused, a new e-mail ending
 * sessions, the customer seeing what the owner saved), each answering the account as a read right after
 * shows it, delete (orders kept as guest orders, sessions ended), the CSV export (columns, search, formula
 * cells), who may call, and the change log.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { expectSavedAsRead, signedIn } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, testBilling, testCard } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
// biome-ignore lint/style/noRestrictedImports: the tests' reader of the outbox's messages
import { parseEml } from "../emails/eml.test-support.ts";
import { createMailer } from "../emails/index.ts";
import { saveKey } from "../payments/index.ts";
import { customerExportHeader } from "./export-rows.ts";
import { ensureOwner } from "./index.ts";

const ADMIN = "/api/admin/v1";
const PUBLIC_URL = "https://shop.example";
const PASSWORD = "shopper-password-2026";
const outbox = join(mkdtempSync(join(tmpdir(), "cw-manage-")), "outbox");

let shop: TestShop;
let app: FastifyInstance;
let owner: StoreClient;
let ownerId: number;
let manager: StoreClient;
let managerId: number;
let tShirt: number;
let made = 0;
const newEmail = (name: string) => `${name}${++made}@manage.test`;

async function registered(email: string): Promise<{ client: StoreClient; id: number }> {
  const client = new StoreClient(app, "browser");
  await client.get("/cart");
  const response = await client.post("/account/register", { email, password: PASSWORD, first_name: "Reg", last_name: "Istered" });
  expect(response.statusCode).toBe(201);
  return { client, id: response.json().id };
}

const newAccountMails = (to: string) =>
  (existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }) : [])
    .filter((entry) => entry.isFile() && entry.name.endsWith("-new-account.eml"))
    .map((entry) => parseEml(readFileSync(join(outbox, entry.name), "utf8")))
    .filter((mail) => mail.headers.to === to);

const changes = (id: number) =>
  shop.db.selectFrom("change_log").selectAll().where("entity", "=", "customer").where("entity_id", "=", String(id)).orderBy("id").execute();

const address = { ...TEST_ADDRESS, address_1: "9 Owner Lane", postcode: "90002" };

beforeAll(async () => {
  shop = await createTestShop();
  app = await buildApp({
    config: { logLevel: "silent", production: false, secret: "test-secret-test-secret-test-secret!", rateLimit: false },
    db: shop.db,
    logger: false,
    web: false,
    mailer: createMailer({ publicUrl: PUBLIC_URL, mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } }),
  });
  await app.ready();
  tShirt = await productId(app, "classic-t-shirt");
  ownerId = (await ensureOwner(shop.db, "owner@example.com", "owner-password-2026")).id;
  owner = await signedIn(app, "owner@example.com", "owner-password-2026");
  const staff = await registered("manager@manage.test");
  managerId = staff.id;
  await shop.db.updateTable("customers").set({ role: "manager" }).where("id", "=", managerId).execute();
  manager = await signedIn(app, "manager@manage.test", PASSWORD);
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

describe("adding an account", () => {
  it("makes the account and mails a link that chooses its first password", async () => {
    const email = newEmail("ada");
    const response = await owner.post(`${ADMIN}/customers`, {
      email: `  ${email.toUpperCase()} `,
      first_name: " Ada ",
      last_name: "Lovelace",
      billing: { ...address },
      shipping: { ...address, first_name: "Ship" },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().id;
    await expectSavedAsRead(owner, response, `/customers/${id}`, { email_sent: true });
    const read = (await owner.get(`${ADMIN}/customers/${id}`)).json();
    expect(read).toMatchObject({ email, first_name: "Ada", last_name: "Lovelace", role: "customer" });
    // The billing address takes the account's e-mail when the owner gave none.
    expect(read.addresses.billing).toMatchObject({ address_1: "9 Owner Lane", postcode: "90002", email });
    expect(read.addresses.shipping).toMatchObject({ first_name: "Ship", country: "US", state: "CA" });

    const mails = newAccountMails(email);
    expect(mails).toHaveLength(1);
    const key = mails[0]?.text.match(/https:\/\/shop\.example\/my-account\/reset-password\?key=([A-Za-z0-9_-]{43})/)?.[1];
    expect(key).toBeTruthy();
    expect(mails[0]?.text).toContain("72 hours");
    // No password works before the customer chooses one; the link chooses it and signs them in.
    const visitor = new StoreClient(app, "browser");
    await visitor.get("/cart");
    expect((await visitor.post("/account/sign-in", { email, password: "" })).statusCode).toBeGreaterThanOrEqual(400);
    const chosen = await visitor.post("/account/reset-password", { key, password: PASSWORD });
    expect(chosen.statusCode).toBe(200);
    await signedIn(app, email, PASSWORD);

    const log = await changes(id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "create", actor_id: ownerId, before: null });
    expect(JSON.parse(log[0]?.after ?? "{}")).toMatchObject({ email, first_name: "Ada", billing: { address_1: "9 Owner Lane" } });
    expect(log[0]?.after).not.toContain("password");
  });

  it("makes the account without any e-mail when asked, and a manager may", async () => {
    const email = newEmail("quiet");
    const response = await manager.post(`${ADMIN}/customers`, { email, send_password_link: false });
    expect(response.statusCode).toBe(201);
    await expectSavedAsRead(manager, response, `/customers/${response.json().id}`, { email_sent: false });
    expect(newAccountMails(email)).toHaveLength(0);
    const row = await shop.db.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "customer", first_name: "", billing_address: "{}" });
    expect((await changes(row.id))[0]).toMatchObject({ action: "create", actor_id: managerId });
  });

  it("refuses an e-mail taken in another letter case, naming the field, and keeps nothing", async () => {
    const email = newEmail("taken");
    await registered(email);
    const before = await shop.db
      .selectFrom("customers")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const response = await owner.post(`${ADMIN}/customers`, { email: email.toUpperCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "rest_invalid_param",
      data: { params: { email: "Another account already uses this email address." } },
    });
    const after = await shop.db
      .selectFrom("customers")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("names every bad field: the e-mail, a name too long, the addresses' country, state, postcode and e-mail", async () => {
    const response = await owner.post(`${ADMIN}/customers`, {
      email: "not-an-email",
      first_name: "x".repeat(201),
      billing: { ...address, country: "ZZ" },
      shipping: { ...address, state: "XX", postcode: "not a zip" },
    });
    expect(response.statusCode).toBe(400);
    const params = response.json().data.params;
    expect(Object.keys(params)).toEqual(
      expect.arrayContaining(["email", "first_name", "billing.country", "shipping.state", "shipping.postcode"]),
    );
    const billingEmail = await owner.post(`${ADMIN}/customers`, { email: newEmail("mail"), billing: { ...address, email: "nope" } });
    expect(billingEmail.statusCode).toBe(400);
    expect(Object.keys(billingEmail.json().data.params)).toEqual(["billing.email"]);
  });

  it("keeps the part of an address the owner knows; the checkout asks the customer for the rest", async () => {
    const email = newEmail("partial");
    const response = await owner.post(`${ADMIN}/customers`, { email, billing: { first_name: "Lee", city: "Austin", country: "US" } });
    expect(response.statusCode).toBe(201);
    expect(response.json().addresses.billing).toMatchObject({ first_name: "Lee", city: "Austin", country: "US", address_1: "", phone: "" });
    // What is given is still checked.
    const wrongZip = await owner.post(`${ADMIN}/customers`, { email: newEmail("zip"), billing: { country: "US", postcode: "not a zip" } });
    expect(wrongZip.statusCode).toBe(400);
    expect(Object.keys(wrongZip.json().data.params)).toEqual(["billing.postcode"]);
  });
});

describe("editing an account", () => {
  it("saves names and addresses; the customer keeps signing in and sees the addresses the owner saved", async () => {
    const email = newEmail("edit");
    const { client, id } = await registered(email);
    const response = await owner.request("PATCH", `${ADMIN}/customers/${id}`, {
      first_name: "Edited",
      billing: { ...address, email },
      shipping: { ...address, address_1: "2 Ship Road" },
    });
    expect(response.statusCode).toBe(200);
    const saved = await expectSavedAsRead(owner, response, `/customers/${id}`, { sessions_ended: 0 });
    expect(saved).toMatchObject({ id, first_name: "Edited", version: expect.stringMatching(/^[\w-]{22}$/) });
    expect((await client.get("/account")).json()).toMatchObject({ first_name: "Edited", last_name: "Istered", email });
    const again = await signedIn(app, email, PASSWORD);
    const cart = (await again.get("/cart")).json();
    expect(cart.billing_address).toMatchObject({ address_1: "9 Owner Lane", postcode: "90002" });
    expect(cart.shipping_address).toMatchObject({ address_1: "2 Ship Road" });
    const log = await changes(id);
    expect(log.at(-1)).toMatchObject({ action: "update", actor_id: ownerId });
    expect(JSON.parse(log.at(-1)?.before ?? "{}")).toMatchObject({ first_name: "Reg", billing: {} });
    expect(JSON.parse(log.at(-1)?.after ?? "{}")).toMatchObject({ first_name: "Edited", shipping: { address_1: "2 Ship Road" } });
    expect(`${log.at(-1)?.before}${log.at(-1)?.after}`).not.toContain("password");
  });

  it("a new e-mail (unique in any case) ends the customer's sessions; they sign in with it", async () => {
    const email = newEmail("moving");
    const { client, id } = await registered(email);
    const other = newEmail("other");
    await registered(other);
    const taken = await owner.request("PUT", `${ADMIN}/customers/${id}`, { email: other.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data.params).toEqual({ email: "Another account already uses this email address." });
    const moved = newEmail("moved");
    const response = await owner.request("PUT", `${ADMIN}/customers/${id}`, { email: moved });
    expect(response.statusCode).toBe(200);
    expect(await expectSavedAsRead(owner, response, `/customers/${id}`, { sessions_ended: 1 })).toMatchObject({ email: moved });
    expect((await client.get("/account")).statusCode).toBe(401);
    await signedIn(app, moved, PASSWORD);
  });

  it("clears an address sent blank and refuses bad fields, keeping the saved address", async () => {
    const { id } = await registered(newEmail("clear"));
    expect((await owner.request("PATCH", `${ADMIN}/customers/${id}`, { shipping: address })).statusCode).toBe(200);
    const bad = await owner.request("PATCH", `${ADMIN}/customers/${id}`, { shipping: { ...address, postcode: "?" }, first_name: "Kept?" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.params)).toEqual(["shipping.postcode"]);
    const kept = (await owner.get(`${ADMIN}/customers/${id}`)).json();
    expect(kept).toMatchObject({ first_name: "Reg", addresses: { shipping: { postcode: "90002" } } });
    const blank = Object.fromEntries(Object.keys(address).map((key) => [key, ""]));
    expect((await owner.request("PATCH", `${ADMIN}/customers/${id}`, { shipping: blank })).statusCode).toBe(200);
    expect((await owner.get(`${ADMIN}/customers/${id}`)).json().addresses.shipping).toEqual({});
  });

  it("refuses a save on a copy someone changed since (409, nothing written), not for a sign-in meanwhile, and takes one without a version", async () => {
    const email = newEmail("two-editors");
    const { id } = await registered(email);
    const first = (await owner.get(`${ADMIN}/customers/${id}`)).json();
    await signedIn(app, email, PASSWORD);
    const second = (await owner.get(`${ADMIN}/customers/${id}`)).json();
    expect(first.version).toMatch(/^[\w-]{22}$/);
    expect(second.version).toBe(first.version);

    const kept = await owner.request("PUT", `${ADMIN}/customers/${id}`, { first_name: "First editor", version: first.version });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().version).not.toBe(first.version);
    const logged = (await changes(id)).length;

    const stale = await owner.request("PATCH", `${ADMIN}/customers/${id}`, { last_name: "Second editor", version: second.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "cw_rest_customer_changed", data: { version: kept.json().version } });
    expect(stale.json().message).toContain("This customer was changed by someone else since you opened it");
    const stored = (await owner.get(`${ADMIN}/customers/${id}`)).json();
    expect(stored).toMatchObject({ first_name: "First editor", last_name: "Istered", version: kept.json().version });
    expect(await changes(id)).toHaveLength(logged);

    const unversioned = await owner.request("PATCH", `${ADMIN}/customers/${id}`, { last_name: "Anyway" });
    expect(unversioned.statusCode).toBe(200);
    expect((await owner.get(`${ADMIN}/customers/${id}`)).json()).toMatchObject({
      first_name: "First editor",
      last_name: "Anyway",
      version: unversioned.json().version,
    });
    // The same address saved again, unchanged: the version stays, so another open copy is still good.
    const withAddress = await owner.request("PATCH", `${ADMIN}/customers/${id}`, { shipping: address });
    const same = await owner.request("PATCH", `${ADMIN}/customers/${id}`, { shipping: address, version: withAddress.json().version });
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(withAddress.json().version);
  });

  it("refuses staff accounts (409, naming the staff page) and unknown ids (404)", async () => {
    for (const id of [ownerId, managerId]) {
      const edit = await owner.request("PATCH", `${ADMIN}/customers/${id}`, { first_name: "Nope" });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().code).toBe("cw_rest_customer_is_staff");
      expect(edit.json().message).toContain("Staff page");
      const removal = await owner.request("DELETE", `${ADMIN}/customers/${id}`);
      expect(removal.statusCode).toBe(409);
    }
    expect((await owner.request("PATCH", `${ADMIN}/customers/999999`, { first_name: "x" })).statusCode).toBe(404);
  });
});

describe("what a save answers", () => {
  it("an add, a PUT and a PATCH answer the account as a read right after shows it, orders and saved card included", async () => {
    const email = newEmail("reply");
    const { client, id } = await registered(email);
    await client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await client.post("/checkout", {
      billing_address: testBilling(email),
      payment_method: "test_card",
      payment_data: [...testCard(), { key: saveKey("test_card"), value: true }],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const before = (await owner.get(`${ADMIN}/customers/${id}`)).json();
    expect(before.payment_methods).toHaveLength(1);
    expect(before.totals.paid_orders).toBe(1);

    const replaced = await owner.request("PUT", `${ADMIN}/customers/${id}`, {
      last_name: "Replaced",
      shipping: { ...address, address_1: "3 Reply Row" },
      version: before.version,
    });
    const afterPut = await expectSavedAsRead(owner, replaced, `/customers/${id}`, { sessions_ended: 0 });
    expect(afterPut).toMatchObject({ last_name: "Replaced", addresses: { shipping: { address_1: "3 Reply Row" } } });
    expect(afterPut.version).not.toBe(before.version);
    // The history the edit did not touch is the read's, to the last field.
    expect({ orders: afterPut.orders, totals: afterPut.totals, payment_methods: afterPut.payment_methods }).toEqual({
      orders: before.orders,
      totals: before.totals,
      payment_methods: before.payment_methods,
    });

    // The version a save answers is the one the next save sends.
    const changed = await owner.request("PATCH", `${ADMIN}/customers/${id}`, { first_name: "Patched", version: afterPut.version });
    expect((await expectSavedAsRead(owner, changed, `/customers/${id}`, { sessions_ended: 0 })).first_name).toBe("Patched");

    const added = await owner.post(`${ADMIN}/customers`, { email: newEmail("reply-new"), last_name: "New", send_password_link: false });
    expect(added.statusCode).toBe(201);
    expect(await expectSavedAsRead(owner, added, `/customers/${added.json().id}`, { email_sent: false })).toMatchObject({
      last_name: "New",
      orders: [],
      payment_methods: [],
      totals: { orders: 0, spend: 0 },
    });
  });
});

describe("deleting an account", () => {
  it("keeps its orders as guest orders under their billing e-mail and ends its sessions, cards and cart", async () => {
    const email = newEmail("leaving");
    const { client, id } = await registered(email);
    await client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await client.post("/checkout", { billing_address: testBilling(email), payment_method: "cod" });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().order_id as number;
    await client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const response = await owner.request("DELETE", `${ADMIN}/customers/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, orders_kept: expect.any(Number) });
    expect(response.json().orders_kept).toBeGreaterThanOrEqual(1);
    const order = await shop.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ customer_id: null, billing_email: email });
    expect((await owner.get(`${ADMIN}/customers/guest?email=${encodeURIComponent(email)}`)).json().orders[0].id).toBe(orderId);
    expect((await client.get("/account")).statusCode).toBe(401);
    expect(await shop.db.selectFrom("customer_sessions").select("id").where("customer_id", "=", id).execute()).toEqual([]);
    expect(await shop.db.selectFrom("carts").select("id").where("customer_id", "=", id).execute()).toEqual([]);
    expect((await owner.get(`${ADMIN}/customers/${id}`)).statusCode).toBe(404);
    const log = await changes(id);
    expect(log.at(-1)).toMatchObject({ action: "delete", after: null });
    expect(JSON.parse(log.at(-1)?.before ?? "{}")).toMatchObject({ email, orders: 1 });
    // The e-mail is free again: the person may register anew.
    await registered(email);
  });
});

describe("the CSV export", () => {
  it("writes the columns, the search's accounts only, money as decimals, and neutralises formula cells", async () => {
    const email = newEmail("csv");
    const { client, id } = await registered(email);
    await client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 2 });
    const placed = await client.post("/checkout", { billing_address: testBilling(email), payment_method: "cod" });
    // After the checkout, which saves its addresses on the account.
    const patched = await owner.request("PATCH", `${ADMIN}/customers/${id}`, {
      first_name: "=HYPERLINK(1)",
      last_name: "+Sum",
      billing: { ...address, address_2: "@corp", address_1: "-1 Minus Street", email },
    });
    expect(patched.statusCode).toBe(200);
    const total = (await shop.db.selectFrom("orders").select("total").where("id", "=", placed.json().order_id).executeTakeFirstOrThrow())
      .total;
    const response = await owner.get(`${ADMIN}/customers/export.csv?search=${encodeURIComponent(email)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(customerExportHeader("UTC").join(","));
    expect(lines[0]).toMatch(/,Last order \(UTC\),Registered \(UTC\)$/);
    expect(lines).toHaveLength(2);
    const cells = (lines[1] ?? "").split(",");
    expect(cells.slice(0, 8)).toEqual([String(id), email, "'=HYPERLINK(1)", "'+Sum", "customer", "", "'-1 Minus Street", "'@corp"]);
    expect(cells.slice(8, 13)).toEqual(["Los Angeles", "CA", "90002", "US", "555-0100"]);
    expect(cells[13]).toBe("1");
    expect(cells[14]).toBe((total / 100).toFixed(2));
    expect(cells[15]).toBe("USD");
    expect(cells[16]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells[17]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const all = (await manager.get(`${ADMIN}/customers/export.csv`)).body;
    expect(all).toContain("owner@example.com");
    expect(all).toContain(email);
  });
});

describe("who may call", () => {
  it("keeps shoppers (403) and guests (401) out of every write and the export", async () => {
    const { client, id } = await registered(newEmail("nosy"));
    const guest = new StoreClient(app, "browser");
    await guest.get("/cart");
    const calls: [string, string, unknown][] = [
      ["POST", "/customers", { email: newEmail("x") }],
      ["PATCH", `/customers/${id}`, { first_name: "x" }],
      ["PUT", `/customers/${id}`, { first_name: "x" }],
      ["DELETE", `/customers/${id}`, undefined],
      ["GET", "/customers/export.csv", undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await client.request(method as "GET", `${ADMIN}${path}`, body)).statusCode).toBe(403);
      expect((await guest.request(method as "GET", `${ADMIN}${path}`, body)).statusCode).toBe(401);
    }
    expect((await owner.get(`${ADMIN}/customers/${id}`)).json().first_name).toBe("Reg");
  });

  it("refuses the owner's write without the session's nonce, keeping nothing", async () => {
    const response = await app.inject({
      method: "POST",
      url: `${ADMIN}/customers`,
      headers: { cookie: owner.credentials().cookie ?? "", "content-type": "application/json" },
      payload: JSON.stringify({ email: newEmail("csrf") }),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await shop.db.selectFrom("customers").select("id").where("email", "like", "csrf%").execute()).toEqual([]);
  });
});
