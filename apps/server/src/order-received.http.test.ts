/**
 * Who sees a guest's order on the order-received page (decision 0083): the session that placed it,
 * anyone with its key in the first minutes after it was placed, the owner; anyone else with the key
 * answers the email question first (a plain form post), counted against the order and the network.
 * Signed-in customers' own orders and the Store API's GET /order keep their rules.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { testContext } from "../../../test/context.ts";
import { productId } from "../../../test/store-client.ts";
import { ORDER_VIEWS_COOKIE } from "./http/order-views.ts";
import { newSessionId } from "./http/tokens.ts";
import { ensureOwner } from "./modules/customers/index.ts";
import { findReceivedOrder, RECEIVED_GRACE_MINUTES } from "./modules/orders/index.ts";

const OWNER = { email: "owner@order-received.test", password: "owner-password-2026" };
const JANE = { email: "jane@example.com", password: "demo-jane-2026" };
const address = {
  first_name: "Gwen",
  last_name: "Guest",
  address_1: "7 Quiet Lane",
  city: "San Francisco",
  state: "CA",
  postcode: "94105",
  country: "US",
  phone: "415-555-0199",
};
const INTRO = "To see this order, confirm the email address it was placed with.";
const WRONG = "That email address does not match this order. Enter the one the order was placed with.";

let shop: TestShop;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
  tShirt = await productId(shop.app, "classic-t-shirt");
  await ensureOwner(shop.db, OWNER.email, OWNER.password);
});
afterAll(() => shop?.close());

/** A browser at its own network address (the limits count by it), keeping the order-views cookie as a browser does. */
class Browser extends PageBrowser {
  constructor(remoteAddress = "127.0.0.1") {
    super(() => shop.app, remoteAddress);
    this.keep(ORDER_VIEWS_COOKIE);
  }

  /** Places a guest order in this browser's session; answers its id, key and page. */
  async placeOrder(email: string) {
    await this.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const order = await this.api("POST", "/checkout", { billing_address: { ...address, email }, payment_method: "bacs" });
    const id = order.order_id as number;
    return { id, key: order.order_key as string, link: `/checkout/order-received/${id}?key=${order.order_key}` };
  }
}

/** Moves an order's placing back, as if that many minutes had passed since. */
const placedMinutesAgo = (id: number, minutes: number) =>
  shop.db
    .updateTable("orders")
    .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
    .where("id", "=", id)
    .execute();

const showsOrder = (page: LightMyRequestResponse, email: string) => {
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("Thank you: we have your order.");
  expect(page.body).toContain("7 Quiet Lane");
  expect(page.body).toContain(email);
};
const asksEmail = (page: LightMyRequestResponse, email: string) => {
  expect(page.body).toContain(INTRO);
  expect(page.body).toMatch(/<label for="order-email">Email address<\/label>/);
  for (const detail of ["7 Quiet Lane", email, "415-555-0199", "Classic T-Shirt", "Direct bank transfer"])
    expect(page.body).not.toContain(detail);
};

describe("a guest's order, past the grace period", () => {
  it("shows to the session that placed it and, for ten minutes, to anyone with its key; then asks anyone else for its email", async () => {
    const guest = new Browser();
    const order = await guest.placeOrder("gwen@example.com");
    showsOrder(await guest.get(order.link), "gwen@example.com");
    // Another browser with the link (an emailed one, a shared history) in the first minutes.
    showsOrder(await new Browser().get(order.link), "gwen@example.com");

    await placedMinutesAgo(order.id, RECEIVED_GRACE_MINUTES + 1);
    const stranger = await new Browser().get(order.link);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.headers["cache-control"]).toBe("private, no-store");
    expect(stranger.body).toContain("<h1>Order received</h1>");
    asksEmail(stranger, "gwen@example.com");
    // The session that placed it still sees it; a wrong key or id still tells nothing.
    showsOrder(await guest.get(order.link), "gwen@example.com");
    expect((await new Browser().get(`${order.link}x`)).statusCode).toBe(404);
    expect((await new Browser().get(`/checkout/order-received/${order.id}`)).statusCode).toBe(404);
  });

  it("counts the grace period from the request's time and from the moment the order left its checkout draft", async () => {
    const guest = new Browser();
    await guest.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    // The checkout opened an hour before the order was placed: its draft was made then.
    const draft = await guest.api("GET", "/checkout");
    await shop.db
      .updateTable("orders")
      .set({ created_at: new Date(Date.now() - 60 * 60_000).toISOString() })
      .where("id", "=", draft.order_id)
      .execute();
    const placed = await guest.api("POST", "/checkout", {
      billing_address: { ...address, email: "gwen@example.com" },
      payment_method: "bacs",
    });
    expect(placed.order_id).toBe(draft.order_id);
    const stranger = (minutes: number) =>
      findReceivedOrder(testContext(shop, { sid: newSessionId(), uid: 0 }, new Date(Date.now() + minutes * 60_000)), placed.order_id, {
        key: placed.order_key,
        verified: false,
        isShopOwner: async () => false,
      });
    expect(await stranger(RECEIVED_GRACE_MINUTES - 1)).toMatchObject({ id: placed.order_id });
    expect(await stranger(RECEIVED_GRACE_MINUTES + 1)).toBe("confirm-email");
  });

  it("shows once the right email is given, in any case and with spaces, and remembers it for that session only", async () => {
    // Kept as the checkout keeps it: "Gwen.Case@example.com" (the domain in lower case).
    const order = await new Browser().placeOrder("Gwen.Case@Example.com");
    await placedMinutesAgo(order.id, 60);
    const stranger = new Browser("10.0.0.2");
    asksEmail(await stranger.get(order.link), "Gwen.Case@example.com");

    const empty = await stranger.post(order.link, { email: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('role="alert">Enter the email address the order was placed with.</p>');

    const wrong = await stranger.post(order.link, { email: "someone@example.com" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(`role="alert">${WRONG}</p>`);
    expect(wrong.body).toMatch(/id="order-email"[^>]*aria-invalid="true"/);
    expect(wrong.body).toMatch(/id="order-email"[^>]*value="someone@example.com"/);
    asksEmail(wrong, "Gwen.Case@example.com");

    const right = await stranger.post(order.link, { email: "  gwen.case@EXAMPLE.com " });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(order.link);
    const cookie = [right.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${ORDER_VIEWS_COOKIE}=`)) ?? "";
    // One mark for the order-received and the pay-for-order pages (decision 0085).
    expect(cookie).toMatch(/Path=\/checkout;/);
    expect(cookie).toMatch(/HttpOnly/);
    showsOrder(await stranger.get(order.link), "Gwen.Case@example.com");
    showsOrder(await stranger.get(order.link), "Gwen.Case@example.com");

    // The mark is the session's: carried into another session, or made up, it shows nothing.
    const other = new Browser("10.0.0.3");
    await other.get("/my-account");
    other.cookies.set(ORDER_VIEWS_COOKIE, stranger.cookies.get(ORDER_VIEWS_COOKIE) ?? "");
    asksEmail(await other.get(order.link), "Gwen.Case@example.com");
    other.cookies.set(ORDER_VIEWS_COOKIE, `${order.id}.AAAAAAAAAAAAAAAAAAAAAA`);
    asksEmail(await other.get(order.link), "Gwen.Case@example.com");

    // A post for an order that does not exist, or with a wrong key, is the 404 page.
    expect(
      (await stranger.post(`/checkout/order-received/${order.id + 1000}?key=${order.key}`, { email: "x@example.com" })).statusCode,
    ).toBe(404);
    expect((await stranger.post(`${order.link}x`, { email: "gwen.case@example.com" })).statusCode).toBe(404);
  });

  it("refuses more guesses once five wrong emails were tried for the order, from any network, the right one too", async () => {
    const order = await new Browser().placeOrder("gwen.limit@example.com");
    await placedMinutesAgo(order.id, 60);
    const guesser = new Browser("10.0.1.1");
    for (let i = 0; i < 5; i++) expect((await guesser.post(order.link, { email: `guess${i}@example.com` })).statusCode).toBe(400);
    const refused = await guesser.post(order.link, { email: "guess5@example.com" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.body).toMatch(
      /role="alert">Too many wrong email addresses were tried for this order\. Please try again in \d+ minutes?\.<\/p>/,
    );
    asksEmail(refused, "gwen.limit@example.com");
    const elsewhere = await new Browser("10.0.1.2").post(order.link, { email: "gwen.limit@example.com" });
    expect(elsewhere.statusCode).toBe(429);
    asksEmail(await new Browser("10.0.1.2").get(order.link), "gwen.limit@example.com");
    // The Store API's GET /order counts against the same order: a key holder cannot go round the page.
    const api = await shop.app.inject({
      url: `/api/store/v1/order/${order.id}?key=${order.key}&billing_email=gwen.limit@example.com`,
      remoteAddress: "10.0.1.3",
    });
    expect([api.statusCode, api.json().code, api.json().data.limit]).toEqual([429, "cw_rest_rate_limit_exceeded", "order-email:order"]);
  });

  it("counts the Store API's wrong billing emails too, and a right one costs nothing", async () => {
    const order = await new Browser().placeOrder("gwen.api@example.com");
    const get = (email: string) =>
      shop.app.inject({
        url: `/api/store/v1/order/${order.id}?key=${order.key}&billing_email=${encodeURIComponent(email)}`,
        remoteAddress: "10.0.2.1",
      });
    for (let i = 0; i < 10; i++) expect((await get("GWEN.api@example.com")).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get(`guess${i}@example.com`)).json().code).toBe("cw_rest_invalid_billing_email");
    expect((await get("gwen.api@example.com")).statusCode).toBe(429);
  });
});

describe("who else sees a guest's order past the grace period", () => {
  it("the signed-in owner sees it with its key, as before; a signed-in shopper who is not its owner is asked", async () => {
    const order = await new Browser().placeOrder("gwen.owner@example.com");
    await placedMinutesAgo(order.id, 60);
    const owner = new Browser();
    expect([302, 303]).toContain((await owner.signIn(OWNER.email, OWNER.password)).statusCode);
    showsOrder(await owner.get(order.link), "gwen.owner@example.com");
    const jane = new Browser();
    await jane.signIn(JANE.email, JANE.password);
    expect(jane.uid()).toBeGreaterThan(0);
    asksEmail(await jane.get(order.link), "gwen.owner@example.com");
  });

  it("leaves a customer's own orders as they were: hers without a key, the sign-in question for anyone else with it", async () => {
    const jane = new Browser();
    await jane.signIn(JANE.email, JANE.password);
    await jane.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await jane.api("POST", "/checkout", { billing_address: { ...address, email: JANE.email }, payment_method: "bacs" });
    await placedMinutesAgo(placed.order_id, 60);
    showsOrder(await jane.get(`/checkout/order-received/${placed.order_id}`), JANE.email);
    expect((await jane.get(`/my-account/orders/${placed.order_id}`)).body).toContain("7 Quiet Lane");
    const withKey = await new Browser().get(`/checkout/order-received/${placed.order_id}?key=${placed.order_key}`);
    expect(withKey.body).toContain("Sign in as its owner to see it.");
    expect(withKey.body).not.toContain(INTRO);
    // The email question does not open an account's order.
    const other = new Browser("10.0.3.1");
    const link = `/checkout/order-received/${placed.order_id}?key=${placed.order_key}`;
    expect((await other.post(link, { email: JANE.email })).statusCode).toBe(303);
    const after = await other.get(link);
    expect(after.body).toContain("Sign in as its owner to see it.");
    expect(after.body).not.toContain("7 Quiet Lane");
  });
});
