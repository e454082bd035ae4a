/**
 * The pay-for-order page, server-rendered (decision 0085): what it shows a guest with the key (the
 * e-mail field only away from the session that placed the order), a customer signed in or not,
 * a paid order, a wrong key and an unknown order; and the Pay links of the order-received page
 * and my account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { productId, TEST_ADDRESS, testCard } from "../../../test/store-client.ts";

let shop: TestShop;
let tShirt: number;

beforeAll(async () => {
  shop = await createTestShop({ web: true, rateLimit: false });
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop.close());

const DECLINED = "4000 0000 0000 0002";

/** An order of this browser's session, declined at checkout: its id and key. */
async function declined(browser: PageBrowser, email: string) {
  await browser.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/store/v1/checkout",
    headers: { "cart-token": browser.session as string, "content-type": "application/json" },
    payload: JSON.stringify({ billing_address: { ...TEST_ADDRESS, email }, payment_method: "test_card", payment_data: testCard(DECLINED) }),
  });
  expect(response.statusCode).toBe(400);
  const id: number = response.json().data.order_id;
  const { order_key } = await shop.db.selectFrom("orders").select("order_key").where("id", "=", id).executeTakeFirstOrThrow();
  return { id, key: order_key };
}

describe("the pay-for-order page", () => {
  it("shows a guest's failed order with its lines, the payment methods and the Pay button; the e-mail only to another session", async () => {
    const guest = new PageBrowser(() => shop.app);
    await guest.get("/");
    const { id, key } = await declined(guest, "page.guest@example.com");

    const page = await guest.get(`/checkout/order-pay/${id}?pay_for_order=true&key=${key}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain("<title>Pay for order – Cartwright Demo</title>");
    expect(page.body).toContain(`Order #${id} is waiting for its payment.`);
    expect(page.body).toContain("The last payment for this order did not go through.");
    expect(page.body).toContain("Classic T-Shirt");
    expect(page.body).toContain("Test card");
    expect(page.body).toContain("Cash on delivery");
    expect(page.body).toMatch(/<button type="submit" class="button order-pay__button"[^>]*>Pay for order · \$[\d.]+<\/button>/);
    expect(page.body).not.toContain('name="billing_email"');
    // Without the page's script the button stays off and the form posts nowhere that would keep the card's fields.
    expect(page.body).toMatch(/<form class="order-pay__form"[^>]*method="post"/);
    expect(page.body).toMatch(/<button type="submit" class="button order-pay__button" disabled=""/);
    expect(page.body).toContain("Paying for an order needs JavaScript.");

    const elsewhere = await new PageBrowser(() => shop.app).get(`/checkout/order-pay/${id}?key=${key}`);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).toContain('name="billing_email"');
    expect(elsewhere.body).toContain("The email address the order was placed with.");

    // The order-received page of a failed order says so, and links here.
    const received = await guest.get(`/checkout/order-received/${id}?key=${key}`);
    expect(received.body).toContain("The payment for this order failed, so the order is not paid yet.");
    expect(received.body).toContain(`href="/checkout/order-pay/${id}?key=${key}"`);
    expect(received.body).not.toContain("Thank you");
  });

  it("says why not: a wrong key or an unknown order (404), a paid order, an account's order for someone signed out", async () => {
    const guest = new PageBrowser(() => shop.app);
    await guest.get("/");
    const { id, key } = await declined(guest, "page.states@example.com");

    const wrong = await guest.get(`/checkout/order-pay/${id}?key=cw_order_wrong`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain("This payment link is not valid for this order.");
    const unknown = await guest.get(`/checkout/order-pay/999999?key=${key}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("We could not find this order.");
    expect((await guest.get("/checkout/order-pay/not-a-number")).statusCode).toBe(404);

    await guest.api("POST", `/checkout/${id}`, { key, payment_method: "test_card", payment_data: testCard() });
    const paid = await guest.get(`/checkout/order-pay/${id}?key=${key}`);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain("This order has already been paid for.");
    expect(paid.body).toContain(`href="/checkout/order-received/${id}?key=${key}"`);
    expect(paid.body).not.toContain("order-pay__button");

    const jane = new PageBrowser(() => shop.app);
    await jane.signIn("jane@example.com", "demo-jane-2026");
    const own = await declined(jane, "jane@example.com");
    const signedOut = await new PageBrowser(() => shop.app).get(`/checkout/order-pay/${own.id}?key=${own.key}`);
    expect(signedOut.body).toContain("This order belongs to an account. Sign in to that account to pay for it.");
    expect(signedOut.body).toContain(`href="/my-account?redirect=${encodeURIComponent(`/checkout/order-pay/${own.id}?key=${own.key}`)}"`);

    // Her own order needs no key, shows her saved card, and her order page and list link to it.
    const hers = await jane.get(`/checkout/order-pay/${own.id}`);
    expect(hers.statusCode).toBe(200);
    expect(hers.body).toContain("ending in 4242");
    expect(hers.body).not.toContain('name="billing_email"');
    const orderPage = await jane.get(`/my-account/orders/${own.id}`);
    expect(orderPage.body).toContain(`<a href="/checkout/order-pay/${own.id}" class="button">Pay for this order</a>`);
    const list = await jane.get("/my-account/orders");
    expect(list.body).toContain(`aria-label="Pay for order ${own.id}"`);
  });
});
