/**
 * The storefront's account and order-received pages, as a browser without JavaScript uses
 * them: plain form posts to the page's React Router action, the cw_session cookie carried along.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { productId } from "../../../test/store-client.ts";

const JANE = { email: "jane@example.com", password: "demo-jane-2026" };
const address = {
  first_name: "Jane",
  last_name: "Doe",
  address_1: "1 Market Street",
  city: "San Francisco",
  state: "CA",
  postcode: "94105",
  country: "US",
  phone: "415-555-0134",
};

let shop: TestShop;
let tShirt: number;
let beanie: number;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
  tShirt = await productId(shop.app, "classic-t-shirt");
  beanie = await productId(shop.app, "beanie");
});
afterAll(() => shop.close());

/** A browser: one cookie jar, same-origin form posts, Store API calls in its session (test/browser.ts). */
class Browser extends PageBrowser {
  constructor() {
    super(() => shop.app);
  }

  /** Adds the products and places the order; returns its id and key. */
  async placeOrder(items: { id: number; quantity: number }[], payment_method: string, email = JANE.email) {
    for (const item of items) await this.api("POST", "/cart/add-item", item);
    const order = await this.api("POST", "/checkout", { billing_address: { ...address, email }, payment_method });
    return { id: order.order_id as number, key: order.order_key as string };
  }
}

const expectRedirect = (response: LightMyRequestResponse, location: string) => {
  expect([302, 303]).toContain(response.statusCode);
  expect(response.headers.location).toBe(location);
};

describe("/my-account signed out", () => {
  it("offers the sign-in and registration forms, and keeps the account pages to the signed-in", async () => {
    const browser = new Browser();
    const page = await browser.get("/my-account");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).toMatch(/<h2 id="sign-in-title">Sign in<\/h2>/);
    expect(page.body).toMatch(/<label for="sign-in-email">Email address<\/label>/);
    expect(page.body).toMatch(/<label for="sign-in-password">Password<\/label>/);
    expect(page.body).toContain(">Create account</button>");
    // The new account's password has show/hide and a strength meter (spec §1), and says its rule; signing in has neither.
    expect(page.body).toMatch(/<input id="register-password"[^>]*type="password"[^>]*autoComplete="new-password"[^>]*name="password"/);
    expect(page.body).toMatch(/aria-controls="register-password">Show password<\/button>/);
    expect(page.body).toContain('<small id="register-password-hint">At least 8 characters.</small>');
    expect(page.body).toMatch(/<p id="register-password-strength"[^>]*aria-live="polite">/);
    expect(page.body).not.toContain('aria-controls="sign-in-password"');
    for (const path of ["/my-account/orders", "/my-account/orders/1", "/my-account/addresses", "/my-account/payment-methods"]) {
      expectRedirect(await browser.get(path), `/my-account?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("shows a wrong password inline with the server's message, keeping the typed email", async () => {
    const browser = new Browser();
    const response = await browser.signIn(JANE.email, "not-her-password");
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('role="alert">The email address or password is incorrect.</p>');
    expect(response.body).toMatch(/id="sign-in-email"[^>]*value="jane@example.com"/);
    expect(response.body).toMatch(/id="sign-in-email"[^>]*aria-invalid="true"/);
    // Which of the two was wrong is not told.
    expect(response.body).toMatch(/id="sign-in-password"[^>]*aria-invalid="true"/);
    expect(browser.uid()).toBe(0);
  });

  it("refuses a sign-in posted from another site", async () => {
    const browser = new Browser();
    // The refusal goes to the server's log (logPageError), not to stderr past it.
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await browser.post("/my-account", { intent: "sign-in", ...JANE }, "https://evil.example");
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
    expect(browser.uid()).toBe(0);
  });

  it("shows registration errors inline", async () => {
    const browser = new Browser();
    const taken = await browser.post("/my-account", { intent: "register", email: "Jane@Example.com", password: "long-enough-1" });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain("An account is already registered with your email address. Please log in.");
    expect(taken.body).toMatch(/id="register-email"[^>]*value="Jane@Example.com"/);
    // Only the field at fault is marked invalid and described by the message.
    const marked = (body: string, field: string) =>
      new RegExp(`id="register-${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="register-error[" ]`).test(body);
    expect([marked(taken.body, "email"), marked(taken.body, "password")]).toEqual([true, false]);
    const short = await browser.post("/my-account", { intent: "register", email: "sam@example.com", password: "short" });
    expect(short.body).toContain("Please choose a password of at least 8 characters.");
    expect([marked(short.body, "email"), marked(short.body, "password")]).toEqual([false, true]);
    const invalid = await browser.post("/my-account", { intent: "register", email: "not-an-email", password: "long-enough-1" });
    expect(invalid.body).toContain("Please provide a valid email address.");
    expect([marked(invalid.body, "email"), marked(invalid.body, "password")]).toEqual([true, false]);
    expect(browser.uid()).toBe(0);
  });
});

describe("signed in as Jane", () => {
  const jane = new Browser();
  let janeId = 0;
  let older: { id: number; key: string };
  let newer: { id: number; key: string };

  it("signs in through the form, with the guest cart merged into hers", async () => {
    await jane.get("/my-account");
    await jane.api("POST", "/cart/add-item", { id: beanie, quantity: 1 });
    const guestSession = jane.session;

    const response = await jane.signIn(JANE.email, JANE.password);
    expectRedirect(response, "/my-account");
    expect(jane.session).not.toBe(guestSession);
    janeId = jane.uid();
    expect(janeId).toBeGreaterThan(0);
    const cart = await jane.api("GET", "/cart");
    expect(cart.items.map((item: { id: number }) => item.id)).toContain(beanie);

    const page = await jane.get("/my-account");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Hello, Jane Doe.");
    expect(page.body).toContain('<nav class="account-nav" aria-label="Account pages">');
    for (const [href, label] of [
      ["/my-account/orders", "Orders"],
      ["/my-account/addresses", "Addresses"],
      ["/my-account/payment-methods", "Payment methods"],
    ]) {
      expect(page.body).toMatch(new RegExp(`href="${href}"[^>]*>${label}</a>`));
    }
    expect(page.body).toMatch(
      /<form[^>]*action="\/my-account" method="post"><input type="hidden" name="intent" value="sign-out"\/><button[^>]*>Sign out<\/button>/,
    );
    expect(page.body).not.toContain('id="sign-in-email"');
  });

  it("lists her orders newest first, a failed one with its Pay link", async () => {
    expect((await jane.get("/my-account/orders")).body).toContain("You have not placed any orders yet.");
    older = await jane.placeOrder([], "cod");
    newer = await jane.placeOrder([{ id: tShirt, quantity: 2 }], "cheque");
    // A declined card leaves a failed order, listed with the link to pay it.
    await jane.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const declined = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/checkout",
      headers: { "cart-token": jane.session as string, "content-type": "application/json" },
      payload: JSON.stringify({
        billing_address: { ...address, email: JANE.email },
        payment_method: "test_card",
        payment_data: [
          { key: "cw-test-card-number", value: "4000000000000002" },
          { key: "cw-test-card-expiry", value: "12/40" },
          { key: "cw-test-card-cvc", value: "123" },
        ],
      }),
    });
    expect(declined.statusCode).toBe(400);
    const failedId = (await shop.db.selectFrom("orders").select("id").where("status", "=", "failed").executeTakeFirstOrThrow()).id;

    const page = await jane.get("/my-account/orders");
    expect(page.statusCode).toBe(200);
    const newerAt = page.body.indexOf(`href="/my-account/orders/${newer.id}"`);
    const olderAt = page.body.indexOf(`href="/my-account/orders/${older.id}"`);
    expect(newerAt).toBeGreaterThan(-1);
    expect(olderAt).toBeGreaterThan(newerAt);
    expect(page.body).toContain(`href="/my-account/orders/${failedId}"`);
    expect(page.body).toContain(`<a href="/checkout/order-pay/${failedId}" class="button" aria-label="Pay for order ${failedId}">Pay</a>`);
    expect(page.body).not.toContain(`href="/checkout/order-pay/${newer.id}"`);
    expect(page.body).toContain("Failed");
    expect(page.body).toContain("On hold");
    expect(page.body).toContain("Processing");
    expect(page.body).toMatch(/\$[\d.,]+ for 2 items/);
    expect(page.body).toContain(`aria-label="View order ${newer.id}"`);
  });

  it("shows one of her orders: lines, totals, payment method, addresses", async () => {
    const page = await jane.get(`/my-account/orders/${newer.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1 class="account__title">Order #${newer.id}</h1>`);
    expect(page.body).toContain("Classic T-Shirt");
    expect(page.body).toContain('<span class="order-details__quantity">× 2</span>');
    expect(page.body).toContain("$40.00");
    expect(page.body).toContain("Check payments");
    expect(page.body).toContain("1 Market Street");
    expect(page.body).toContain("San Francisco, California 94105");
    expect(page.body).toContain("United States");
    expect((await jane.get("/my-account/orders/999999")).statusCode).toBe(404);
    expect((await jane.get("/my-account/orders/not-a-number")).statusCode).toBe(404);
  });

  it("shows her saved addresses and card", async () => {
    const addresses = await jane.get("/my-account/addresses");
    expect(addresses.statusCode).toBe(200);
    expect(addresses.body).toContain("Billing address");
    expect(addresses.body).toContain("1 Market Street");
    expect(addresses.body).toContain("San Francisco, California 94105");
    const methods = await jane.get("/my-account/payment-methods");
    expect(methods.statusCode).toBe(200);
    expect(methods.body).toContain("Visa ending in 4242");
    expect(methods.body).toContain("12/30");
  });

  it("makes a saved card the default and deletes one, with plain forms", async () => {
    const { savePaymentToken, listPaymentTokens } = await import("./modules/payments/index.ts");
    const janeId = jane.uid();
    const second = await savePaymentToken(shop.db, {
      customerId: janeId,
      gateway: "test_card",
      brand: "Mastercard",
      last4: "4444",
      expiryMonth: 1,
      expiryYear: 2031,
    });
    const page = await jane.get("/my-account/payment-methods");
    expect(page.body).toContain('aria-label="Make Mastercard ending in 4444 the default"');
    expect(page.body).not.toContain('aria-label="Make Visa ending in 4242 the default"');

    const made = await jane.post("/my-account/payment-methods", { intent: "make-default", id: String(second) });
    expect(made.statusCode).toBe(200);
    expect(made.body).toContain("Your default payment method was changed.");
    expect((await listPaymentTokens(shop.db, janeId))[0]?.method.last4).toBe("4444");

    // Another customer's card, or one already gone, is not touched.
    const other = await jane.post("/my-account/payment-methods", { intent: "delete", id: "999999" });
    expect(other.body).toContain("That payment method is no longer saved on your account.");

    const deleted = await jane.post("/my-account/payment-methods", { intent: "delete", id: String(second) });
    expect(deleted.body).toContain("The payment method was deleted.");
    expect(await listPaymentTokens(shop.db, janeId)).toMatchObject([{ is_default: true, method: { last4: "4242" } }]);
  });

  it("shows the order-received page to her without the key, and to nobody else without her", async () => {
    const own = await jane.get(`/checkout/order-received/${newer.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<meta name="robots" content="noindex"/>');
    expect(own.body).toContain("Thank you: we have your order.");
    expect(own.body).toContain("<dt>Status</dt><dd>On hold</dd>");
    expect(own.body).toContain("Please send a check to the shop&#x27;s address, with your order number on the back.");
    expect(own.body).toContain("jane@example.com");

    const stranger = new Browser();
    expect((await stranger.get(`/checkout/order-received/${newer.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/checkout/order-received/${newer.id}?key=wrong`)).statusCode).toBe(404);
    // The right key without the account: sign in first, nothing of the order shown.
    const withKey = await stranger.get(`/checkout/order-received/${newer.id}?key=${newer.key}`);
    expect(withKey.statusCode).toBe(200);
    expect(withKey.body).toContain("Sign in as its owner to see it.");
    expect(withKey.body).not.toContain("1 Market Street");
  });

  it("brings her back to her order when she signs in from its emailed link, and to nowhere off the shop", async () => {
    const link = `/checkout/order-received/${newer.id}?key=${newer.key}`;
    const signIn = `/my-account?redirect=${encodeURIComponent(link)}`;
    const elsewhere = new Browser();
    const asked = await elsewhere.get(link);
    expect(asked.body).toContain("Sign in as its owner to see it.");
    expect(asked.body).toContain(`href="${signIn.replaceAll("&", "&amp;")}"`);
    const form = await elsewhere.get(signIn);
    expect(form.body).toContain(`<input type="hidden" name="redirect" value="${link.replaceAll("&", "&amp;")}"/>`);
    expectRedirect(await elsewhere.post(signIn, { intent: "sign-in", ...JANE, redirect: link }), link);
    expect((await elsewhere.get(link)).body).toContain("1 Market Street");
    // Signed in already: the link with a return path goes straight there.
    expectRedirect(await elsewhere.get(signIn), link);
    // A signed-out account page comes back to itself.
    const ordersPage = new Browser();
    expectRedirect(await ordersPage.get("/my-account/orders?page=1"), "/my-account?redirect=%2Fmy-account%2Forders%3Fpage%3D1");
    const back = "/my-account/orders?page=1";
    expectRedirect(
      await ordersPage.post(`/my-account?redirect=${encodeURIComponent(back)}`, { intent: "sign-in", ...JANE, redirect: back }),
      back,
    );

    for (const away of ["https://evil.example/", "//evil.example/", "/\\evil.example/", "evil", "/\tevil"]) {
      const other = new Browser();
      const response = await other.post("/my-account", { intent: "sign-in", ...JANE, redirect: away });
      expectRedirect(response, "/my-account");
    }
  });

  it("keeps her orders from another customer", async () => {
    const sam = new Browser();
    const registered = await sam.post("/my-account", { intent: "register", email: "sam@example.com", password: "sams-password-1" });
    expectRedirect(registered, "/my-account");
    expect(sam.uid()).toBeGreaterThan(0);
    expect(sam.uid()).not.toBe(janeId);
    expect((await sam.get("/my-account")).body).toContain("Hello, sam@example.com.");
    const orders = await sam.get("/my-account/orders");
    expect(orders.body).toContain("You have not placed any orders yet.");
    expect(orders.body).not.toContain(`/my-account/orders/${newer.id}"`);
    const page = await sam.get(`/my-account/orders/${newer.id}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain("1 Market Street");
    const received = await sam.get(`/checkout/order-received/${newer.id}?key=${newer.key}`);
    expect(received.body).not.toContain("1 Market Street");
    expect((await sam.get("/my-account/payment-methods")).body).toContain("No saved payment methods.");
  });

  it("signs out through the form", async () => {
    const response = await jane.post("/my-account", { intent: "sign-out" });
    expectRedirect(response, "/my-account?signed-out");
    expect(jane.uid()).toBe(0);
    const page = await jane.get("/my-account?signed-out");
    expect(page.body).toContain("You have signed out.");
    expect(page.body).toContain('id="sign-in-email"');
    expectRedirect(await jane.get("/my-account/orders"), "/my-account?redirect=%2Fmy-account%2Forders");
    expect((await jane.get(`/my-account/orders/${newer.id}`)).statusCode).not.toBe(200);
  });
});

describe("sessions that end (decision 0017)", () => {
  const greets = (body: string, name: string) => body.includes(`Hello, ${name}.`);

  it("a cookie kept from before signing out no longer greets her", async () => {
    const jane = new Browser();
    expectRedirect(await jane.signIn(JANE.email, JANE.password), "/my-account");
    const kept = jane.session;
    expect(greets((await jane.get("/my-account")).body, "Jane Doe")).toBe(true);
    expectRedirect(await jane.post("/my-account", { intent: "sign-out" }), "/my-account?signed-out");

    const copy = new Browser();
    copy.session = kept;
    const page = await copy.get("/my-account");
    expect(page.statusCode).toBe(200);
    expect(greets(page.body, "Jane Doe")).toBe(false);
    expect(page.body).toContain('id="sign-in-email"');
    expect(copy.uid()).toBe(0);
    expectRedirect(await copy.get("/my-account/orders"), "/my-account?redirect=%2Fmy-account%2Forders");
  });

  it("changes the password through the account details form, ending her other sessions", async () => {
    const email = "pat@example.com";
    const laptop = new Browser();
    expectRedirect(await laptop.post("/my-account", { intent: "register", email, password: "pats-first-password" }), "/my-account");
    const phone = new Browser();
    expectRedirect(await phone.signIn(email, "pats-first-password"), "/my-account");

    const page = await laptop.get("/my-account/details");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain('<h1 class="account__title">Account details</h1>');
    expect(page.body).toMatch(/href="\/my-account\/details"[^>]*>Account details<\/a>/);
    expect(page.body).toMatch(/<label for="current-password">Current password<\/label>/);
    expect(page.body).toMatch(/<label for="new-password">New password<\/label>/);
    // The new password has show/hide and a strength meter (spec §1), posted as new_password.
    expect(page.body).toMatch(/<input id="new-password"[^>]*type="password"[^>]*name="new_password"/);
    expect(page.body).toMatch(/aria-controls="new-password">Show password<\/button>/);
    expect(page.body).toMatch(/<p id="new-password-strength"[^>]*aria-live="polite">/);
    expect(page.body).toMatch(/<label for="confirm-password">Confirm new password<\/label>/);

    const change = (current: string, next: string, confirm = next) =>
      laptop.post("/my-account/details", { current_password: current, new_password: next, confirm_password: confirm });
    const wrong = await change("not-pats-password", "pats-second-password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('role="alert">The current password is not right.</p>');
    expect(wrong.body).toMatch(/id="current-password"[^>]*aria-invalid="true"/);
    const differ = await change("pats-first-password", "pats-second-password", "pats-other-password");
    expect(differ.body).toContain("The new password and its confirmation are not the same.");
    const short = await change("pats-first-password", "short");
    expect(short.body).toContain("Please choose a password of at least 8 characters.");
    expect(short.body).toMatch(/id="new-password"[^>]*aria-invalid="true"[^>]*aria-describedby="password-error new-password-hint/);
    expect(greets((await phone.get("/my-account")).body, email)).toBe(true);

    expectRedirect(await change("pats-first-password", "pats-second-password"), "/my-account/details?password-changed");
    const changed = await laptop.get("/my-account/details?password-changed");
    expect(changed.body).toContain("Your password was changed, and your other devices were signed out.");
    expect(greets((await laptop.get("/my-account")).body, email)).toBe(true);
    expect(greets((await phone.get("/my-account")).body, email)).toBe(false);
    expect((await phone.signIn(email, "pats-first-password")).statusCode).toBe(401);
    expectRedirect(await phone.signIn(email, "pats-second-password"), "/my-account");
  });

  it("keeps the account details page to the signed-in", async () => {
    expectRedirect(await new Browser().get("/my-account/details"), "/my-account?redirect=%2Fmy-account%2Fdetails");
    const posted = await new Browser().post("/my-account/details", { current_password: "x", new_password: "y", confirm_password: "y" });
    expectRedirect(posted, "/my-account?redirect=%2Fmy-account%2Fdetails");
  });

  it("signs out everywhere from the dashboard", async () => {
    const laptop = new Browser();
    const phone = new Browser();
    expectRedirect(await laptop.signIn(JANE.email, JANE.password), "/my-account");
    expectRedirect(await phone.signIn(JANE.email, JANE.password), "/my-account");
    const dashboard = await laptop.get("/my-account");
    expect(dashboard.body).toMatch(
      /<form[^>]*action="\/my-account"[^>]*><input type="hidden" name="intent" value="sign-out-everywhere"\/><button[^>]*>End every session<\/button>/,
    );

    expectRedirect(await laptop.post("/my-account", { intent: "sign-out-everywhere" }), "/my-account?signed-out-everywhere");
    expect(laptop.uid()).toBe(0);
    expect((await laptop.get("/my-account?signed-out-everywhere")).body).toContain("You have signed out on every device.");
    expect(greets((await phone.get("/my-account")).body, "Jane Doe")).toBe(false);
  });
});

describe("/checkout/order-received for a guest's order", () => {
  it("shows the order with its key only", async () => {
    const guest = new Browser();
    const order = await guest.placeOrder([{ id: tShirt, quantity: 1 }], "bacs", "guest@example.com");

    const page = await new Browser().get(`/checkout/order-received/${order.id}?key=${order.key}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain("<h1>Order received</h1>");
    expect(page.body).toContain("guest@example.com");
    expect(page.body).toContain("Direct bank transfer");
    expect(page.body).toContain("Make your payment directly into our bank account");
    expect(page.body).toContain("Classic T-Shirt");
    expect(page.body).toMatch(/<dt>Order number<\/dt><dd>\d+<\/dd>/);

    expect((await new Browser().get(`/checkout/order-received/${order.id}`)).statusCode).toBe(404);
    expect((await new Browser().get(`/checkout/order-received/${order.id}?key=${order.key}x`)).statusCode).toBe(404);
    const notFound = await new Browser().get(`/checkout/order-received/${order.id + 1000}?key=${order.key}`);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain("Page not found");
  });
});
