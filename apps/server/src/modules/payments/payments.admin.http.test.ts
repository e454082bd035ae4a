/**
 * The owner's payment methods (issue 19, decision 0042) on SQLite and PostgreSQL: who may call
 * them, the nonce, every call and check, the change log, the checkout following each change, and a
 * second server process over the same database serving a change on its next request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { PageBrowser } from "../../../../../test/browser.ts";
import {
  ADMIN,
  adminCall as call,
  signedIn,
  signedInManager,
  signedInOwner,
  twoEditors,
  withoutNonce,
} from "../../../../../test/owner-client.ts";
import { type StoreClient, TEST_ADDRESS } from "../../../../../test/store-client.ts";
import { DEFAULT_SETTINGS } from "../settings/index.ts";

const OWNER = { email: "owner@payments.test", password: "owner-password-2026" };
const T_SHIRT = 1;
const DEMO_ORDER = ["test_card", "bacs", "cheque", "cod", "demo_express"];

let shop: TestShop;
let owner: StoreClient;

const changeRows = (entity: string, id: string) =>
  shop.db.selectFrom("change_log").selectAll().where("entity", "=", entity).where("entity_id", "=", id).orderBy("id").execute();

/** The checkout page's payment method titles, for a shopper with a T-shirt in the cart. */
async function checkoutTitles(app: FastifyInstance = shop.app): Promise<string[]> {
  const browser = new PageBrowser(app);
  await browser.api("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
  const page = await browser.get("/checkout");
  expect(page.statusCode).toBe(200);
  return [...page.body.matchAll(/<span class="payment-methods__title">([^<]*)<\/span>/g)].map((m) => m[1] as string);
}

/** A shopper's order of one T-shirt, paid with `method`: the checkout's reply. */
async function placeOrder(method: string) {
  const browser = new PageBrowser(shop.app);
  await browser.api("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
  return browser.api("POST", "/checkout", {
    billing_address: { ...TEST_ADDRESS, email: "ada@example.com" },
    shipping_address: TEST_ADDRESS,
    payment_method: method,
  });
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
  owner = await signedInOwner(shop, OWNER);
});
afterAll(() => shop.close());

describe("who may call the payment methods", () => {
  it("answers a guest 401, a shopper and a manager 403 (payments are the owner's)", async () => {
    const guest = await shop.app.inject(`${ADMIN}/payment-methods`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const manager = await signedInManager(shop.app, shop.db, "max@payments.test");
    expect((await call(manager, "GET", "/orders")).statusCode).toBe(200);
    for (const client of [jane, manager]) {
      for (const [method, path, body] of [
        ["GET", "/payment-methods", undefined],
        ["GET", "/payment-methods/bacs", undefined],
        ["PATCH", "/payment-methods/bacs", { enabled: false }],
        ["PUT", "/payment-methods/order", { order: DEMO_ORDER }],
      ] as const) {
        const response = await call(client, method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().code).toBe("cw_rest_forbidden");
      }
    }
  });

  it("refuses the owner's writes without the nonce (401) or with a wrong one (403), changing nothing", async () => {
    const missing = await withoutNonce(shop.app, owner, "PATCH", "/payment-methods/cod", { title: "Cash" });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const wrong = await withoutNonce(shop.app, owner, "PATCH", "/payment-methods/cod", { title: "Cash" }, "not-the-nonce");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_rest_invalid_nonce");
    expect((await call(owner, "GET", "/payment-methods/cod")).json().title).toBe("Cash on delivery");
  });
});

describe("the owner's payment method calls", () => {
  it("are in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/payment-methods"].get.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/payment-methods/order"].put.tags).toEqual(["owner"]);
    for (const method of ["get", "patch"]) expect(paths["/api/admin/v1/payment-methods/{id}"][method].tags).toEqual(["owner"]);
    const body = paths["/api/admin/v1/payment-methods/{id}"].patch.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(["enabled", "title", "description", "instructions", "account", "version"]);
  });

  it("lists every method in the checkout's order, as DEMO.md has them", async () => {
    const { methods } = (await call(owner, "GET", "/payment-methods")).json();
    expect(methods.map((m: { id: string }) => m.id)).toEqual(DEMO_ORDER);
    expect(methods.map((m: { position: number }) => m.position)).toEqual([1, 2, 3, 4, 5]);
    const bacs = methods.find((m: { id: string }) => m.id === "bacs");
    expect(bacs).toMatchObject({
      title: "Direct bank transfer",
      default_title: "Direct bank transfer",
      enabled: true,
      offline: true,
      express: false,
      account: { account_name: "", bank_name: "", account_number: "", sort_code: "", iban: "", bic: "" },
    });
    expect(bacs.instructions).toMatch(/^Make your payment directly into our bank account/);
    expect(methods.find((m: { id: string }) => m.id === "test_card")).not.toHaveProperty("instructions");
    expect(methods.find((m: { id: string }) => m.id === "demo_express")).toMatchObject({ express: true, enabled: true });
  });

  it("saves every method back unchanged, leaving the stored settings as they were", async () => {
    const before = await shop.db.selectFrom("settings").select("value").where("key", "=", "payments").executeTakeFirst();
    const { methods } = (await call(owner, "GET", "/payment-methods")).json();
    for (const method of methods) {
      const { enabled, title, description, instructions, account } = method;
      const saved = await call(owner, "PATCH", `/payment-methods/${method.id}`, { enabled, title, description, instructions, account });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(method);
    }
    expect((await call(owner, "PUT", "/payment-methods/order", { order: DEMO_ORDER })).json().methods).toEqual(methods);
    const after = await shop.db.selectFrom("settings").select("value").where("key", "=", "payments").executeTakeFirstOrThrow();
    // The demo shop stores no payments setting: saved back, it holds the defaults, its order now naming
    // demo_express too, which the defaults left to come last as an unlisted method (the same order).
    if (before) expect(JSON.parse(after.value)).toEqual(JSON.parse(before.value));
    else expect(JSON.parse(after.value)).toEqual({ ...DEFAULT_SETTINGS.payments, order: DEMO_ORDER });
  });

  it("changes a title, description, instructions and the bank account, logging who, before and after", async () => {
    const response = await call(owner, "PATCH", "/payment-methods/bacs", {
      title: "  Bank transfer ",
      description: "Pay into our account.",
      instructions: "Use your order number.",
      account: { account_name: "Cartwright Ltd", bank_name: "Demo Bank", iban: "gb33 bukb 2020 1555 5555 55", bic: "bukbgb22" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const bacs = response.json();
    expect(bacs).toMatchObject({
      title: "Bank transfer",
      description: "Pay into our account.",
      instructions: "Use your order number.",
      account: {
        account_name: "Cartwright Ltd",
        bank_name: "Demo Bank",
        account_number: "",
        iban: "GB33BUKB20201555555555",
        bic: "BUKBGB22",
      },
    });
    expect((await call(owner, "GET", "/payment-methods/bacs")).json()).toEqual(bacs);
    const rows = await changeRows("payment_method", "bacs");
    const row = rows.at(-1);
    expect(row?.action).toBe("update");
    expect(JSON.parse(row?.before ?? "{}").title).toBe("Direct bank transfer");
    // The log keeps the method; the reply adds its version (decision 0158).
    const { version: _version, ...logged } = bacs;
    expect(JSON.parse(row?.after ?? "{}")).toEqual(logged);
    const ownerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", OWNER.email).executeTakeFirstOrThrow()).id;
    expect(row?.actor_id).toBe(ownerId);

    // The order a shopper places pays by the new title, and shows the account.
    const order = await placeOrder("bacs");
    const placed = await shop.db
      .selectFrom("orders")
      .select(["payment_method_title", "payment_details"])
      .where("id", "=", order.order_id)
      .executeTakeFirstOrThrow();
    expect(placed.payment_method_title).toBe("Bank transfer");
    expect(JSON.parse(placed.payment_details)).toContainEqual({ key: "iban", value: "GB33BUKB20201555555555" });

    // An empty title is the method's own again.
    const reset = await call(owner, "PATCH", "/payment-methods/bacs", { title: "", description: "" });
    expect(reset.json()).toMatchObject({ title: "Direct bank transfer", description: bacs.default_description });
  });

  it("shows the owner's title at the checkout, and a method switched off is gone from it and from the cart", async () => {
    expect((await call(owner, "PATCH", "/payment-methods/cod", { title: "Cash at the door" })).statusCode).toBe(200);
    expect(await checkoutTitles()).toContain("Cash at the door");
    expect((await call(owner, "PATCH", "/payment-methods/cod", { enabled: false })).json().enabled).toBe(false);
    expect(await checkoutTitles()).not.toContain("Cash at the door");
    const shopper = new PageBrowser(shop.app);
    const cart = await shopper.api("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
    expect(cart.payment_methods).not.toContain("cod");
    expect((await call(owner, "PATCH", "/payment-methods/cod", { enabled: true, title: "" })).statusCode).toBe(200);
    expect(await checkoutTitles()).toContain("Cash on delivery");
    // The owner's description is what the checkout hands the method's form (its loader data).
    expect((await call(owner, "PATCH", "/payment-methods/cod", { description: "Bring the exact change, please." })).statusCode).toBe(200);
    const browser = new PageBrowser(shop.app);
    await browser.api("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
    expect((await browser.get("/checkout")).body).toContain("Bring the exact change, please.");
    expect((await call(owner, "PATCH", "/payment-methods/cod", { description: "" })).statusCode).toBe(200);
    expect(await checkoutTitles()).toContain("Cash on delivery");
  });

  it("puts the methods in a new order, which the checkout follows", async () => {
    const order = ["cod", "cheque", "bacs", "test_card", "demo_express"];
    const response = await call(owner, "PUT", "/payment-methods/order", { order });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().methods.map((m: { id: string }) => m.id)).toEqual(order);
    expect(await checkoutTitles()).toEqual(["Cash on delivery", "Check payments", "Direct bank transfer", "Test card"]);
    const rows = await changeRows("payment_methods", "order");
    expect(JSON.parse(rows.at(-1)?.after ?? "{}").methods.map((m: { id: string }) => m.id)).toEqual(order);
    expect((await call(owner, "PUT", "/payment-methods/order", { order: DEMO_ORDER })).statusCode).toBe(200);
  });

  it("two editors of one method: a change from a copy read before another's is refused (decision 0158)", async () => {
    await twoEditors({
      db: shop.db,
      client: owner,
      path: "/payment-methods/cheque",
      method: "PATCH",
      code: "cw_rest_payment_method_changed",
      noun: "payment method",
      first: () => ({ instructions: "Send your cheque to the first editor." }),
      second: () => ({ title: "Cheque by post" }),
    });
    expect((await call(owner, "PATCH", "/payment-methods/cheque", { title: "", instructions: "" })).statusCode).toBe(200);
  });

  it("keeps a method's version through a new order of the methods and an order paid with it", async () => {
    const { version } = (await call(owner, "GET", "/payment-methods/cod")).json();
    expect((await call(owner, "PUT", "/payment-methods/order", { order: [...DEMO_ORDER].reverse() })).statusCode).toBe(200);
    expect((await placeOrder("cod")).order_id).toBeGreaterThan(0);
    const saved = await call(owner, "PATCH", "/payment-methods/cod", { description: "Exact change, please.", version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(owner, "PATCH", "/payment-methods/cod", { description: "" })).statusCode).toBe(200);
    expect((await call(owner, "PUT", "/payment-methods/order", { order: DEMO_ORDER })).statusCode).toBe(200);
  });

  it("refuses an order that leaves out, repeats or invents a method, beside the order", async () => {
    for (const [order, message] of [
      [["cod", "bacs"], "List every payment method: test_card, cheque, demo_express are missing."],
      [[...DEMO_ORDER, "cod"], "List each payment method once."],
      [[...DEMO_ORDER, "paypal"], "No payment method has the id paypal."],
    ] as const) {
      const response = await call(owner, "PUT", "/payment-methods/order", { order });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.details.order.message).toBe(message);
    }
  });

  it("refuses bad values beside their fields, all at once, and stores nothing", async () => {
    const response = await call(owner, "PATCH", "/payment-methods/bacs", { account: { iban: "12345", bic: "BAD" }, title: "Never" });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("rest_invalid_param");
    expect(Object.keys(response.json().data.details)).toEqual(["account.iban", "account.bic"]);
    const card = await call(owner, "PATCH", "/payment-methods/test_card", { instructions: "Pay", account: { bank_name: "X" } });
    expect(card.statusCode).toBe(400);
    expect(card.json().data.details.instructions.message).toBe("This method has no instructions: it is paid at the checkout.");
    expect(card.json().data.details.account.message).toBe("Only the bank transfer has account details.");
    const schema = await call(owner, "PATCH", "/payment-methods/bacs", { title: "x".repeat(101) });
    expect(schema.statusCode).toBe(400);
    const unknownField = await call(owner, "PATCH", "/payment-methods/bacs", { fee: 100 });
    expect(unknownField.statusCode).toBe(400);
    expect((await call(owner, "GET", "/payment-methods/bacs")).json().title).toBe("Direct bank transfer");
  });

  it("refuses switching off the last method on (409, with its reason), and answers 404 for an unknown one", async () => {
    for (const id of ["cod", "bacs", "cheque", "test_card"]) {
      expect((await call(owner, "PATCH", `/payment-methods/${id}`, { enabled: false })).statusCode).toBe(200);
    }
    const last = await call(owner, "PATCH", "/payment-methods/demo_express", { enabled: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe("cw_rest_setting_breaks_shop");
    expect(last.json().data.details.enabled.message).toBe(
      "At least one payment method must stay on: shoppers could not pay for any order.",
    );
    expect((await call(owner, "GET", "/payment-methods/demo_express")).json().enabled).toBe(true);
    for (const id of ["cod", "bacs", "cheque", "test_card"]) {
      expect((await call(owner, "PATCH", `/payment-methods/${id}`, { enabled: true })).statusCode).toBe(200);
    }
    for (const method of ["GET", "PATCH"] as const) {
      const missing = await call(owner, method, "/payment-methods/paypal", method === "GET" ? undefined : { enabled: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe("cw_rest_payment_method_not_found");
    }
  });
});

describe("a second server process over the same database", () => {
  let second: SecondProcess;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondProcess(shop, { web: true });
    other = second.app;
  });
  afterAll(() => second.close());

  it("serves a new title and a method switched off on its next request", async () => {
    expect(await checkoutTitles(other)).toContain("Check payments");
    expect((await call(owner, "PATCH", "/payment-methods/cheque", { title: "Cheque by post" })).statusCode).toBe(200);
    expect(await checkoutTitles(other)).toContain("Cheque by post");
    expect((await call(owner, "PATCH", "/payment-methods/cheque", { enabled: false, title: "" })).statusCode).toBe(200);
    const titles = await checkoutTitles(other);
    expect(titles).not.toContain("Cheque by post");
    expect(titles).not.toContain("Check payments");
    expect((await call(owner, "PATCH", "/payment-methods/cheque", { enabled: true })).statusCode).toBe(200);
  });
});
