/**
 * The owner's notes, address edits and e-mails (issue 18, contract A) on SQLite and PostgreSQL, and
 * the events the checkout records itself: its status moves and its e-mails, whose owner notice links
 * to the order in the console. E-mails are read back from the outbox folder.
 */
import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient } from "../../../../../test/store-client.ts";
import {
  type ActionsShop,
  ADMIN,
  actionsShop,
  billingFor,
  eventually,
  mailsOf,
  newOutbox,
  outboxMailer,
  ownerOn,
  PUBLIC_URL,
  placeOrder,
  readMail,
  stockOf,
  type TimelineLine,
} from "./actions.test-support.ts";

const DOMAIN = "@orders-notes.test";
let t: ActionsShop;
let tShirt: number;
/**
 * A second shop built without a mailer (an API-only server), and its owner. Mailers are registered
 * per database, so a shop without one needs its own database.
 */
let bare: TestShop;
let ownerWithoutMail: StoreClient;
let bareOrder: number;

// Two shops' databases built, migrated and seeded: slower than the default ten seconds on a busy machine.
beforeAll(async () => {
  t = await actionsShop();
  tShirt = await productId(t.app, "classic-t-shirt");
  bare = await createTestShop({ rateLimit: false });
  ownerWithoutMail = await signedInOwner(bare);
  bareOrder = await placeOrder(bare.app, [{ product: tShirt, quantity: 1 }], cashOnDelivery("Bo"));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

const cashOnDelivery = (first: string) => ({ billing_address: billingFor(first, DOMAIN), payment_method: "cod" });
const place = (first: string) => placeOrder(t.app, [{ product: tShirt, quantity: 1 }], cashOnDelivery(first));
const readOrder = async (id: number) => (await t.owner.get(`${ADMIN}/orders/${id}`)).json();
const lines = (order: { timeline: TimelineLine[] }, type: string) => order.timeline.filter((line) => line.type === type);

describe("who may write notes, addresses and emails", () => {
  it("answers a guest 401, a shopper 403, a call without its nonce 401", async () => {
    const id = await place("Gail");
    const guest = new StoreClient(t.app, "browser");
    await guest.get("/cart");
    const calls: [string, string, unknown][] = [
      ["POST", `${ADMIN}/orders/${id}/notes`, { note: "Hi", to_customer: false }],
      ["PUT", `${ADMIN}/orders/${id}/addresses/billing`, billingFor("Gail", DOMAIN)],
      ["POST", `${ADMIN}/orders/${id}/emails`, { email: "customer_invoice" }],
    ];
    for (const [method, path, body] of calls) {
      const asGuest = await guest.request(method as "POST", path, body);
      expect([asGuest.statusCode, asGuest.json().code]).toEqual([401, "cw_rest_not_signed_in"]);
      const asShopper = await t.jane.request(method as "POST", path, body);
      expect([asShopper.statusCode, asShopper.json().code]).toEqual([403, "cw_rest_forbidden"]);
      const noNonce = await t.owner.request(method as "POST", path, body, { nonce: "" });
      expect([noNonce.statusCode, noNonce.json().code]).toEqual([401, "cw_rest_missing_nonce"]);
    }
    const order = await readOrder(id);
    expect(lines(order, "note")).toEqual([]);
    expect(lines(order, "address")).toEqual([]);
  });
});

describe("what the checkout records", () => {
  it("its status moves (the gateway's outcome) and its two emails; the owner's notice links to the console", async () => {
    const id = await place("Hana");
    const order = await eventually(
      () => readOrder(id),
      (o) => lines(o, "email").length === 2,
    );
    expect(lines(order, "status")).toEqual([
      expect.objectContaining({ from: "pending", status: "processing", actor: { type: "gateway" } }),
    ]);
    expect(lines(order, "email")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "customer_confirmation", to: `hana${DOMAIN}`, actor: { type: "shop" } }),
        expect.objectContaining({ email: "owner_notice", to: "owner@example.com", actor: { type: "shop" } }),
      ]),
    );
    const [notice] = mailsOf(t.outbox, id, "new-order");
    const mail = readMail(t.outbox, notice ?? "");
    expect(mail.text).toContain(`View the order: ${PUBLIC_URL}/admin/orders/${id}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/admin/orders/${id}"`);
    expect(mail.text).not.toContain("order-received");
  });

  it("a declined card: pending to failed by the gateway, the stock given back", async () => {
    const before = await stockOf(t.shop.db, tShirt);
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 2 }], {
      billing_address: billingFor("Ivo", DOMAIN),
      payment_method: "test_card",
      payment_data: [
        { key: "cw-test-card-number", value: "4000000000000002" },
        { key: "cw-test-card-expiry", value: "12/40" },
        { key: "cw-test-card-cvc", value: "123" },
      ],
    });
    expect(await stockOf(t.shop.db, tShirt)).toBe(before);
    expect(lines(await readOrder(id), "status")).toEqual([
      expect.objectContaining({ from: "pending", status: "failed", stock_returned: true, actor: { type: "gateway" } }),
    ]);
  });
  it("a draft placed: checkout-draft to pending by the shop, then the payment's outcome", async () => {
    const shopper = new StoreClient(t.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const draft = (await shopper.get("/checkout")).json().order_id;
    const placed = (await shopper.post("/checkout", cashOnDelivery("Abe"))).json();
    expect(placed.order_id).toBe(draft);
    expect(lines(await readOrder(draft), "status")).toEqual([
      expect.objectContaining({ from: "checkout-draft", status: "pending", actor: { type: "shop" } }),
      expect.objectContaining({ from: "pending", status: "processing", actor: { type: "gateway" } }),
    ]);
  });
});

describe("POST /orders/{id}/notes", () => {
  it("keeps a private note on the timeline by the owner, mailing nobody", async () => {
    const id = await place("Jude");
    const response = await t.owner.post(`${ADMIN}/orders/${id}/notes`, { note: "Gift wrap <b>please</b>", to_customer: false });
    expect(response.statusCode).toBe(200);
    expect(lines(response.json(), "note")).toEqual([
      expect.objectContaining({
        message: "Gift wrap <b>please</b>",
        to_customer: false,
        actor: expect.objectContaining({ type: "owner" }),
      }),
    ]);
    expect(mailsOf(t.outbox, id, "note")).toEqual([]);
    const logged = await t.shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "order_note")
      .where("entity_id", "=", String(id))
      .execute();
    expect(logged.map((row) => [row.action, JSON.parse(row.after ?? "")])).toEqual([
      ["create", { note: "Gift wrap <b>please</b>", to_customer: false }],
    ]);
  });

  it("mails a note to the shopper, “A note was added to your order”, recorded as a note and an email event", async () => {
    const id = await place("Kai");
    const response = await t.owner.post(`${ADMIN}/orders/${id}/notes`, { note: "Shipped today.\nTracking: <1Z999>", to_customer: true });
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(lines(order, "note")).toEqual([expect.objectContaining({ to_customer: true, message: "Shipped today.\nTracking: <1Z999>" })]);
    expect(lines(order, "email")).toContainEqual(
      expect.objectContaining({ email: "customer_note", to: `kai${DOMAIN}`, actor: expect.objectContaining({ type: "owner" }) }),
    );
    const [file] = mailsOf(t.outbox, id, "note");
    const mail = readMail(t.outbox, file ?? "");
    expect(mail.headers).toMatchObject({ to: `kai${DOMAIN}`, subject: `A note was added to your Cartwright Demo order #${id}` });
    expect(mail.text.replaceAll("\r\n", "\n")).toContain("Shipped today.\nTracking: <1Z999>");
    expect(mail.html).toContain("Tracking: &lt;1Z999&gt;");
    expect(mail.html).not.toContain("<1Z999>");
  });

  it("refuses an empty or too long note (400), an unknown order (404), and a mailed note on a shop without a mailer (503, nothing kept)", async () => {
    const id = await place("Lou");
    for (const body of [{ note: "", to_customer: false }, { note: "x".repeat(2001), to_customer: false }, { note: "Hi" }]) {
      const response = await t.owner.post(`${ADMIN}/orders/${id}/notes`, body);
      expect(response.statusCode).toBe(400);
      expect(["rest_invalid_param", "rest_missing_callback_param"]).toContain(response.json().code);
    }
    const unknown = await t.owner.post(`${ADMIN}/orders/999999/notes`, { note: "Hi", to_customer: false });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "cw_rest_order_not_found"]);
    const unmailed = await ownerWithoutMail.post(`${ADMIN}/orders/${bareOrder}/notes`, { note: "Hi", to_customer: true });
    expect([unmailed.statusCode, unmailed.json().code]).toEqual([503, "cw_rest_email_unavailable"]);
    expect(lines((await ownerWithoutMail.get(`${ADMIN}/orders/${bareOrder}`)).json(), "note")).toEqual([]);
    expect(lines(await readOrder(id), "note")).toEqual([]);
  });
});

describe("PUT /orders/{id}/addresses/{which}", () => {
  it("replaces the billing address, moving the order's email, with an address event before and after", async () => {
    const id = await place("Mae");
    const address = {
      ...billingFor("Maeve", DOMAIN),
      email: "MAEVE.NEW@Orders-Notes.TEST",
      postcode: "94103",
      city: "San Francisco",
      state: "ca",
    };
    const response = await t.owner.request("PUT", `${ADMIN}/orders/${id}/addresses/billing`, address);
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order.billing_address).toMatchObject({ first_name: "Maeve", city: "San Francisco", state: "CA", email: `MAEVE.NEW${DOMAIN}` });
    expect(order.customer).toMatchObject({ email: `MAEVE.NEW${DOMAIN}`, name: "Maeve Tester" });
    expect(lines(order, "address")).toEqual([
      expect.objectContaining({
        which: "billing",
        before: expect.objectContaining({ first_name: "Mae", email: `mae${DOMAIN}` }),
        after: expect.objectContaining({ first_name: "Maeve", email: `MAEVE.NEW${DOMAIN}` }),
        actor: expect.objectContaining({ type: "owner" }),
      }),
    ]);
    const row = await t.shop.db.selectFrom("orders").select("billing_email").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.billing_email).toBe(`MAEVE.NEW${DOMAIN}`);

    const shipping = {
      first_name: "Ned",
      last_name: "Port",
      address_1: "9 Dock Road",
      city: "Bayview",
      state: "CA",
      postcode: "94000",
      country: "US",
      phone: "555-0199",
    };
    const shipped = (await t.owner.request("PUT", `${ADMIN}/orders/${id}/addresses/shipping`, shipping)).json();
    expect(shipped.shipping_address).toMatchObject(shipping);
    expect(shipped.shipping_address).not.toHaveProperty("email");
    expect(lines(shipped, "address").map((line) => line.which)).toEqual(["billing", "shipping"]);
  });

  it("answers 400 rest_invalid_param with the checkout's messages keyed by field, and changes nothing", async () => {
    const id = await place("Oli");
    const bad = { ...billingFor("", DOMAIN), postcode: "ABCDE", email: "not-an-email" };
    const response = await t.owner.request("PUT", `${ADMIN}/orders/${id}/addresses/billing`, bad);
    expect(response.statusCode).toBe(400);
    const { code, data } = response.json();
    expect(code).toBe("rest_invalid_param");
    expect(Object.keys(data.details).sort()).toEqual(["email", "first_name", "postcode"]);
    expect(data.details.postcode).toMatchObject({ code: "invalid_postcode", message: expect.any(String) });
    const country = await t.owner.request("PUT", `${ADMIN}/orders/${id}/addresses/shipping`, {
      ...billingFor("Oli", DOMAIN),
      email: undefined,
      country: "ZZ",
    });
    expect(country.statusCode).toBe(400);
    expect(country.json().data.details).toHaveProperty("country");
    const extra = await t.owner.request("PUT", `${ADMIN}/orders/${id}/addresses/billing`, { ...billingFor("Oli", DOMAIN), nickname: "O" });
    expect(extra.statusCode).toBe(400);
    const which = await t.owner.request("PUT", `${ADMIN}/orders/${id}/addresses/delivery`, billingFor("Oli", DOMAIN));
    expect([which.statusCode, which.json().code]).toEqual([400, "rest_invalid_param"]);
    const unknown = await t.owner.request("PUT", `${ADMIN}/orders/999999/addresses/billing`, billingFor("Oli", DOMAIN));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "cw_rest_order_not_found"]);
    const order = await readOrder(id);
    expect(order.billing_address).toMatchObject({ first_name: "Oli", postcode: "90001" });
    expect(lines(order, "address")).toEqual([]);
  });
});

describe("POST /orders/{id}/emails", () => {
  it("sends each of the four emails now, each recorded by the owner", async () => {
    const id = await place("Pia");
    await eventually(
      () => mailsOf(t.outbox, id, ""),
      (files) => files.length === 2,
    );
    const expected = {
      customer_confirmation: ["confirmation", `pia${DOMAIN}`, `Your Cartwright Demo order #${id} has been received`],
      owner_notice: ["new-order", "owner@example.com", `[Cartwright Demo] New order #${id} from Pia Tester`],
      customer_completed: ["completed", `pia${DOMAIN}`, `Your Cartwright Demo order #${id} is complete`],
      customer_invoice: ["invoice", `pia${DOMAIN}`, `Invoice for your Cartwright Demo order #${id}`],
    } as const;
    for (const [email, [kind, to, subject]] of Object.entries(expected)) {
      const before = mailsOf(t.outbox, id, kind);
      const response = await t.owner.post(`${ADMIN}/orders/${id}/emails`, { email });
      expect(response.statusCode).toBe(200);
      const sent = mailsOf(t.outbox, id, kind).filter((name) => !before.includes(name));
      expect(sent).toHaveLength(1);
      expect(readMail(t.outbox, sent[0] ?? "").headers).toMatchObject({ to, subject });
      expect(lines(response.json(), "email").at(-1)).toMatchObject({ email, to, actor: { type: "owner" } });
    }
  });

  it("refuses an unknown email (400), an unknown order (404), a draft (409), an order without an address (409), no mailer (503), a failed send (502)", async () => {
    const id = await place("Quin");
    const unknownEmail = await t.owner.post(`${ADMIN}/orders/${id}/emails`, { email: "customer_note" });
    expect([unknownEmail.statusCode, unknownEmail.json().code]).toEqual([400, "rest_invalid_param"]);
    const unknown = await t.owner.post(`${ADMIN}/orders/999999/emails`, { email: "customer_invoice" });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "cw_rest_order_not_found"]);

    const drafter = new StoreClient(t.app);
    await drafter.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const draft = (await drafter.get("/checkout")).json().order_id;
    const drafted = await t.owner.post(`${ADMIN}/orders/${draft}/emails`, { email: "customer_invoice" });
    expect([drafted.statusCode, drafted.json().code]).toEqual([409, "cw_rest_order_email_not_placed"]);

    const noAddress = await place("Rae");
    await t.shop.db
      .updateTable("orders")
      .set({ billing_address: JSON.stringify({ ...billingFor("Rae", DOMAIN), email: "" }) })
      .where("id", "=", noAddress)
      .execute();
    const nowhere = await t.owner.post(`${ADMIN}/orders/${noAddress}/emails`, { email: "customer_invoice" });
    expect([nowhere.statusCode, nowhere.json().code]).toEqual([409, "cw_rest_order_no_email"]);

    const unmailed = await ownerWithoutMail.post(`${ADMIN}/orders/${bareOrder}/emails`, { email: "customer_invoice" });
    expect([unmailed.statusCode, unmailed.json().code]).toEqual([503, "cw_rest_email_unavailable"]);

    // A mail server that refuses connections (a port just freed).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    // On the second shop's database: a mailer is registered per database, and this one must not replace the first shop's.
    const broken = await secondProcess(bare, { mailer: outboxMailer(newOutbox(), `smtp://127.0.0.1:${port}`) });
    try {
      const owner = await ownerOn(broken.app);
      const failed = await owner.post(`${ADMIN}/orders/${bareOrder}/emails`, { email: "customer_invoice" });
      expect([failed.statusCode, failed.json().code]).toEqual([502, "cw_rest_email_failed"]);
      const order = (await owner.get(`${ADMIN}/orders/${bareOrder}`)).json();
      expect(lines(order, "email").filter((line) => line.email === "customer_invoice")).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
