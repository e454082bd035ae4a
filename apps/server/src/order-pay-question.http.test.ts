/**
 * Who sees a guest's order on the pay-for-order page (decision 0085, amended): the order-received
 * page's rule (decision 0083). The session that placed it, anyone in the first minutes, a session
 * that answered the email question (on either page: one mark) and the owner see the order; anyone
 * else with the key gets the same question, a plain form post, counted against the order.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { productId, TEST_ADDRESS, testCard } from "../../../test/store-client.ts";
import { ORDER_VIEWS_COOKIE } from "./http/order-views.ts";
import { ensureOwner } from "./modules/customers/index.ts";
import { RECEIVED_GRACE_MINUTES } from "./modules/orders/index.ts";

const OWNER = { email: "owner@order-pay-question.test", password: "owner-password-2026" };
const INTRO = "To see this order, confirm the email address it was placed with.";
const WRONG = "That email address does not match this order. Enter the one the order was placed with.";
const DECLINED = "4000 0000 0000 0002";

let shop: TestShop;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
  tShirt = await productId(shop.app, "classic-t-shirt");
  await ensureOwner(shop.db, OWNER.email, OWNER.password);
});
afterAll(() => shop?.close());

/** A browser at its own network address (the limits count by it), keeping the order-views cookie. */
class Browser extends PageBrowser {
  readonly address: string;
  constructor(address: string) {
    super(() => shop.app, address);
    this.address = address;
    this.keep(ORDER_VIEWS_COOKIE);
  }

  /** A guest order of this session whose card was declined, placed an hour ago: its id, key and pay link. */
  async declinedOrder(email: string) {
    await this.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/checkout",
      remoteAddress: this.address,
      headers: { "cart-token": this.session as string, "content-type": "application/json" },
      payload: JSON.stringify({
        billing_address: { ...TEST_ADDRESS, email },
        payment_method: "test_card",
        payment_data: testCard(DECLINED),
      }),
    });
    expect(response.statusCode).toBe(400);
    const id: number = response.json().data.order_id;
    const placedAt = new Date(Date.now() - (RECEIVED_GRACE_MINUTES + 50) * 60_000).toISOString();
    const { order_key } = await shop.db
      .updateTable("orders")
      .set({ created_at: placedAt })
      .where("id", "=", id)
      .returning("order_key")
      .executeTakeFirstOrThrow();
    // The placing is the order's first status event (decision 0083): move it back too.
    await shop.db.updateTable("order_events").set({ created_at: placedAt }).where("order_id", "=", id).execute();
    return { id, key: order_key, link: `/checkout/order-pay/${id}?pay_for_order=true&key=${order_key}` };
  }
}

const showsOrder = (page: LightMyRequestResponse, id: number) => {
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`Order #${id} is waiting for its payment.`);
  expect(page.body).toContain("Classic T-Shirt");
  expect(page.body).toContain("order-pay__button");
  expect(page.body).not.toContain(INTRO);
};
const asksEmail = (page: LightMyRequestResponse) => {
  expect(page.body).toContain("<h1>Pay for order</h1>");
  expect(page.body).toContain(INTRO);
  expect(page.body).toMatch(/<label for="order-email">Email address<\/label>/);
  for (const detail of [
    "Classic T-Shirt",
    "waiting for its payment",
    "order-pay__button",
    "Test card",
    TEST_ADDRESS.address_1,
    "$20.00",
    "Subtotal",
  ])
    expect(page.body).not.toContain(detail);
};

describe("a guest's order on the pay page, past the grace period", () => {
  it("asks a stranger with the key for the order's email, shows it once answered, and does not ask again", async () => {
    const order = await new Browser("10.1.0.1").declinedOrder("Pay.Question@example.com");
    const stranger = new Browser("10.1.0.2");
    const asked = await stranger.get(order.link);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["cache-control"]).toBe("private, no-store");
    asksEmail(asked);

    const empty = await stranger.post(order.link, { email: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('role="alert">Enter the email address the order was placed with.</p>');
    asksEmail(empty);
    const wrong = await stranger.post(order.link, { email: "someone@example.com" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(`role="alert">${WRONG}</p>`);
    expect(wrong.body).toMatch(/id="order-email"[^>]*value="someone@example.com"/);
    asksEmail(wrong);

    const right = await stranger.post(order.link, { email: " pay.question@EXAMPLE.com" });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(order.link);
    const cookie = [right.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${ORDER_VIEWS_COOKIE}=`)) ?? "";
    // One mark for both pages: the order-received page after paying, the pay page from its Pay link.
    expect(cookie).toMatch(/Path=\/checkout;/);
    const page = await stranger.get(order.link);
    showsOrder(page, order.id);
    // Answered once: the pay form does not ask for the email again.
    expect(page.body).not.toContain('name="billing_email"');
    expect((await stranger.get(`/checkout/order-received/${order.id}?key=${order.key}`)).body).toContain(TEST_ADDRESS.address_1);

    // A wrong key still says so (404), answered or not.
    expect((await stranger.get(`/checkout/order-pay/${order.id}?key=${order.key}x`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/checkout/order-pay/${order.id}?key=${order.key}x`, { email: "pay.question@example.com" })).statusCode,
    ).toBe(404);
  });

  it("shows the order to a session that answered on the order-received page", async () => {
    const order = await new Browser("10.1.1.1").declinedOrder("pay.received@example.com");
    const stranger = new Browser("10.1.1.2");
    const received = `/checkout/order-received/${order.id}?key=${order.key}`;
    expect((await stranger.post(received, { email: "pay.received@example.com" })).statusCode).toBe(303);
    showsOrder(await stranger.get(order.link), order.id);
  });

  it("refuses more guesses once five wrong emails were tried for the order, from any network, the right one too", async () => {
    const order = await new Browser("10.1.2.1").declinedOrder("pay.limit@example.com");
    const guesser = new Browser("10.1.2.2");
    for (let i = 0; i < 5; i++) expect((await guesser.post(order.link, { email: `guess${i}@example.com` })).statusCode).toBe(400);
    const refused = await guesser.post(order.link, { email: "guess5@example.com" });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatch(
      /role="alert">Too many wrong email addresses were tried for this order\. Please try again in \d+ minutes?\.<\/p>/,
    );
    asksEmail(refused);
    const elsewhere = new Browser("10.1.2.3");
    expect((await elsewhere.post(order.link, { email: "pay.limit@example.com" })).statusCode).toBe(429);
    asksEmail(await elsewhere.get(order.link));
  });

  it("shows the order to the session that placed it, without the email field, and to the signed-in owner", async () => {
    const guest = new Browser("10.1.3.1");
    const order = await guest.declinedOrder("pay.placed@example.com");
    const own = await guest.get(order.link);
    showsOrder(own, order.id);
    expect(own.body).not.toContain('name="billing_email"');

    const owner = new Browser("10.1.3.2");
    expect([302, 303]).toContain((await owner.signIn(OWNER.email, OWNER.password)).statusCode);
    showsOrder(await owner.get(order.link), order.id);
    // A signed-in shopper who is not the owner is asked like anyone else.
    const jane = new Browser("10.1.3.3");
    await jane.signIn("jane@example.com", "demo-jane-2026");
    asksEmail(await jane.get(order.link));
  });
  it("lets the holder of the key pay an order kept with no email: nothing to ask, nothing to match", async () => {
    const order = await new Browser("10.1.4.1").declinedOrder("pay.none@example.com");
    await shop.db.updateTable("orders").set({ billing_email: "" }).where("id", "=", order.id).execute();
    const stranger = new Browser("10.1.4.2");
    const page = await stranger.get(order.link);
    showsOrder(page, order.id);
    // Asking for an email the order does not have would only refuse every answer.
    expect(page.body).not.toContain('name="billing_email"');
    const paid = await stranger.api("POST", `/checkout/${order.id}`, {
      key: order.key,
      payment_method: "test_card",
      payment_data: testCard(),
    });
    expect(paid.status).toBe("processing");
  });
});
