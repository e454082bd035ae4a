/** The checkout page's controller, driven as the page drives it, against the real server in-process. */
import type { StoreCart } from "@cartwright/commerce";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { TEST_ADDRESS } from "../../../../../test/store-client.ts";
import { testBrowser } from "../../api/test-browser.ts";
import { createCartStore } from "../../stores/cart.ts";
import { CONTEXTS, noticeStore } from "../../stores/notices.ts";
import { CUSTOMER_DATA_DIRTY_KEY, createCheckoutController } from "./checkout-controller.ts";
import { CHECKOUT_EVENTS, createCheckoutEvents } from "./events.ts";
import { checkoutMessages as t } from "./messages.ts";
import { DEMO_WALLET_CONTACT } from "./payment/built-in.tsx";
import { typedForm } from "./test-form.ts";

let shop: TestShop;
let beanie: number;
beforeAll(async () => {
  shop = await createTestShop();
  beanie = (await shop.app.inject("/api/store/v1/products/beanie")).json().id;
});
afterAll(() => shop?.close());
beforeEach(() => noticeStore.setState({ notices: [] }));

const DECLINED_CARD = "4000000000000002";

const testCard = (number: string) => [
  { key: "cw-test-card-number", value: number },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

/** A checkout page with a Beanie in the cart: its controller, the form it reads, and what the browser saw. */
async function checkoutPage() {
  const browser = testBrowser(shop);
  const cart = createCartStore(browser.client);
  await cart.refresh();
  await cart.addItem(beanie);
  const form = typedForm();
  const visited: string[] = [];
  const focused: string[] = [];
  const opened: string[] = [];
  const events = createCheckoutEvents();
  browser.storage.setItem(CUSTOMER_DATA_DIRTY_KEY, "true");
  const controller = createCheckoutController({
    cart,
    readForm: () => form,
    savedAddresses: { billing: {}, shipping: {} },
    signedIn: false,
    openAddressForm: (kind) => opened.push(kind),
    events,
    browser: { navigate: (url) => visited.push(url), storage: browser.storage, focus: (id) => focused.push(id) },
  });
  // Every status the checkout passes through, in order.
  const statuses: string[] = [controller.status.store.getState().status];
  controller.status.store.subscribe((s) => {
    if (s.status !== statuses.at(-1)) statuses.push(s.status);
  });
  const orderCalls = () => browser.requests.filter((r) => r.method === "POST" && r.url.startsWith("/api/store/v1/checkout"));
  return { browser, cart, form, controller, events, statuses, visited, focused, opened, orderCalls };
}

const noticesIn = (context: string) => noticeStore.getState().notices.filter((n) => n.context === context);

describe("placing an order", () => {
  it("goes idle → before_processing → processing → after_processing → complete, then to the order-received page", async () => {
    const page = await checkoutPage();
    const succeeded: unknown[] = [];
    page.events.subscribe(CHECKOUT_EVENTS.checkoutSuccess, (payload) => void succeeded.push(payload));
    await page.controller.placeOrder();

    expect(page.statuses).toEqual(["idle", "before_processing", "processing", "after_processing", "complete"]);
    expect(page.controller.status.store.getState().hasError).toBe(false);
    expect(page.controller.payment.store.getState().status).toBe("ready");
    expect(page.orderCalls()).toHaveLength(1);
    expect(page.orderCalls()[0]?.body).toMatchObject({
      billing_address: { ...TEST_ADDRESS, email: "ada@example.com" },
      shipping_address: TEST_ADDRESS,
      payment_method: "cod",
      payment_data: [{ key: "cw-cod-new-payment-method", value: false }],
    });
    expect(page.visited).toHaveLength(1);
    expect(page.visited[0]).toMatch(/^\/checkout\/order-received\/\d+\?key=cw_order_/);
    expect(succeeded).toMatchObject([{ redirectUrl: page.visited[0] }]);
    expect(page.browser.storage.getItem(CUSTOMER_DATA_DIRTY_KEY)).toBeNull();
    expect(noticeStore.getState().notices.filter((n) => n.status === "error")).toEqual([]);
  });

  it("sends one order when the button is pressed twice, and nothing once it is on its way out", async () => {
    const page = await checkoutPage();
    await Promise.all([page.controller.placeOrder(), page.controller.placeOrder()]);
    await page.controller.placeOrder();
    expect(page.orderCalls()).toHaveLength(1);
    expect(page.visited).toHaveLength(1);
  });

  it("holds the cart from Place order on: a tab shown again does not refresh it behind the order, unless the attempt ends", async () => {
    const page = await checkoutPage();
    const held: boolean[] = [];
    page.controller.status.store.subscribe(() => held.push(page.cart.isHeld()));
    expect(page.cart.isHeld()).toBe(false);
    await page.controller.placeOrder();
    // Held through every step, and still once complete (the browser is on its way to the order).
    expect(held.every(Boolean)).toBe(true);
    expect(page.cart.isHeld()).toBe(true);
    page.controller.leave();
    expect(page.cart.isHeld()).toBe(false);

    const refused = await checkoutPage();
    refused.form.order.billing.email = "";
    refused.controller.validation.getState().setValidationError("billing_email", "Please enter a valid email address", true);
    await refused.controller.placeOrder();
    expect(refused.controller.status.store.getState().status).toBe("idle");
    expect(refused.cart.isHeld()).toBe(false);
  });

  it("shows every field error first, focuses the first, and sends nothing", async () => {
    const page = await checkoutPage();
    const { validation } = page.controller;
    validation.getState().setValidationError("billing_email", "Please enter a valid email address", true);
    validation.getState().setValidationError("shipping_city", "Please enter a city", true);
    // The billing form is hidden ('use same address for billing'): its errors do not count.
    validation.getState().setValidationError("billing_postcode", "Please enter a ZIP code", true);
    await page.controller.placeOrder();

    expect(page.statuses).toEqual(["idle", "before_processing", "idle"]);
    expect(page.controller.status.store.getState().hasError).toBe(true);
    expect(validation.getState().visibleError("shipping_city")?.message).toBe("Please enter a city");
    expect(page.focused).toEqual(["email"]);
    expect(noticesIn(CONTEXTS.checkout).map((n) => n.content)).toEqual([t.fixErrors]);
    expect(page.orderCalls()).toEqual([]);

    // Fixed, the same page places the order.
    validation.getState().clearValidationErrors(["billing_email", "shipping_city"]);
    await page.controller.placeOrder();
    expect(page.visited).toHaveLength(1);
  });

  it("asks for a shipping option when a package offers rates and none is chosen", async () => {
    const page = await checkoutPage();
    page.form.rateMissing = true;
    await page.controller.placeOrder();
    expect(noticesIn(CONTEXTS.shippingMethods).map((n) => n.content)).toEqual([t.requiresShippingOption]);
    expect(page.statuses).toEqual(["idle", "before_processing", "idle"]);
    expect(page.orderCalls()).toEqual([]);
  });

  it("keeps the shopper here when an extension's checkout_validation refuses, with its notice and field errors", async () => {
    const page = await checkoutPage();
    let seen: unknown;
    page.events.subscribe(CHECKOUT_EVENTS.checkoutValidation, (payload) => {
      seen = payload;
      return { type: "error", errorMessage: "Choose a gift wrap.", validationErrors: { "gift/wrap": { message: "Required" } } };
    });
    await page.controller.placeOrder();
    expect(seen).toEqual({ billing: page.form.order.billing, shipping: page.form.order.shipping });
    expect(noticesIn(CONTEXTS.checkout).map((n) => n.content)).toEqual(["Choose a gift wrap."]);
    expect(page.controller.validation.getState().visibleError("gift/wrap")?.message).toBe("Required");
    expect(page.statuses).toEqual(["idle", "before_processing", "idle"]);
    expect(page.orderCalls()).toEqual([]);
  });

  it("shows a field the server refuses next to it, opens that address, and keeps what was typed", async () => {
    const page = await checkoutPage();
    page.form.order.shipping = { ...TEST_ADDRESS, postcode: "not a zip" };
    const typed = structuredClone(page.form);
    const failed: unknown[] = [];
    page.events.subscribe(CHECKOUT_EVENTS.checkoutFail, (payload) => void failed.push(payload));
    await page.controller.placeOrder();

    expect(page.statuses).toEqual(["idle", "before_processing", "processing", "idle"]);
    expect(page.controller.status.store.getState().hasError).toBe(true);
    const errors = page.controller.validation.getState().errors;
    const postcode = errors.shipping_postcode ?? errors.billing_postcode;
    expect(postcode).toMatchObject({ hidden: false });
    expect(postcode?.message).toMatch(/ZIP|postcode/i);
    expect(page.opened.length).toBeGreaterThan(0);
    const [notice] = noticeStore.getState().notices;
    expect(notice).toMatchObject({ id: "cw_rest_invalid_address", status: "error", isDismissible: true });
    expect([CONTEXTS.shippingAddress, CONTEXTS.billingAddress]).toContain(notice?.context);
    expect(page.form).toEqual(typed);
    expect(page.visited).toEqual([]);
    expect(failed).toMatchObject([{ error: { code: "cw_rest_invalid_address" } }]);
    expect(page.controller.payment.store.getState().status).toBe("idle");
  });

  it("on a 409, takes the cart the server sent: a coupon used up meanwhile is gone, and the shopper is told", async () => {
    const page = await checkoutPage();
    await page.cart.applyCoupon("ONCE");
    // Another shopper uses ONCE's only use first.
    const other = await checkoutPage();
    await other.cart.applyCoupon("ONCE");
    await other.controller.placeOrder();
    expect(other.visited).toHaveLength(1);

    await page.controller.placeOrder();
    expect(page.orderCalls()).toHaveLength(1);
    expect(page.statuses).toEqual(["idle", "before_processing", "processing", "idle"]);
    expect((page.cart.store.getState().cart as StoreCart).coupons).toEqual([]);
    const [told] = noticesIn(CONTEXTS.checkout);
    expect(told?.content).toMatch(/usage limit/i);
    expect(told?.content).toMatch(/once/i);
    expect(page.visited).toEqual([]);
    // The cart as it is now places the order.
    await page.controller.placeOrder();
    expect(page.visited).toHaveLength(1);
  });

  it("keeps the form and the cart when the network fails, says the outcome is unknown, and the next press places the order", async () => {
    const page = await checkoutPage();
    const typed = structuredClone(page.form);
    const cartBefore = page.cart.store.getState().cart;
    page.browser.setOffline(true);
    await page.controller.placeOrder();

    expect(page.statuses).toEqual(["idle", "before_processing", "processing", "idle"]);
    expect(noticesIn(CONTEXTS.checkout).map((n) => n.content)).toEqual([t.placeOrderUnknownGuest]);
    expect(page.form).toEqual(typed);
    expect(page.cart.store.getState().cart).toBe(cartBefore);
    expect(page.visited).toEqual([]);

    page.browser.setOffline(false);
    await page.controller.placeOrder();
    expect(page.visited).toHaveLength(1);
    expect(page.orderCalls()).toHaveLength(2);
    expect(noticesIn(CONTEXTS.checkout)).toEqual([]);
  });

  it("stays on the page when checkout_success asks to retry", async () => {
    const page = await checkoutPage();
    page.events.subscribe(CHECKOUT_EVENTS.checkoutSuccess, () => ({ type: "error", message: "Confirm in your bank's app.", retry: true }));
    await page.controller.placeOrder();
    expect(page.statuses).toEqual(["idle", "before_processing", "processing", "after_processing", "idle"]);
    expect(page.controller.status.store.getState().hasError).toBe(true);
    expect(noticesIn(CONTEXTS.checkout).map((n) => n.content)).toEqual(["Confirm in your bank's app."]);
    expect(page.visited).toEqual([]);
  });

  it("passes on the server's rate limit: after ten refused attempts the next is told to wait", async () => {
    const page = await checkoutPage();
    page.form.order.shipping = { ...TEST_ADDRESS, postcode: "not a zip" };
    // Each time the shopper edits the refused field, which clears its error, and tries again.
    const tryAgain = () => {
      page.controller.validation.getState().clearValidationErrors();
      return page.controller.placeOrder();
    };
    for (let attempt = 0; attempt < 10; attempt++) await tryAgain();
    expect(noticesIn(CONTEXTS.checkout)).toEqual([]);
    await tryAgain();
    expect(noticesIn(CONTEXTS.checkout).map((n) => n.content)).toEqual([
      expect.stringMatching(/^Too many failed attempts to place this order\. Please try again in /),
    ]);
    expect(page.controller.status.store.getState()).toMatchObject({ status: "idle", hasError: true });
    expect(page.orderCalls()).toHaveLength(11);
  });
});

describe("the payment step", () => {
  it("sends what payment_setup's observers answer with the method's own data", async () => {
    const page = await checkoutPage();
    page.form.payment = { ...page.form.payment, active: { kind: "method", id: "test_card" }, data: testCard("4242424242424242") };
    page.events.subscribe(CHECKOUT_EVENTS.paymentSetup, () => ({
      type: "success",
      meta: { paymentMethodData: { fraud_check: "passed" } },
    }));
    await page.controller.placeOrder();
    expect(page.controller.payment.store.getState()).toMatchObject({ status: "ready", paymentMethodData: { fraud_check: "passed" } });
    expect(page.orderCalls()[0]?.body).toMatchObject({
      payment_method: "test_card",
      payment_data: [
        ...testCard("4242424242424242"),
        { key: "fraud_check", value: "passed" },
        { key: "cw-test_card-new-payment-method", value: false },
      ],
    });
    expect(page.visited).toHaveLength(1);
  });

  it("stops before the order when payment_setup fails: a payment error that cannot be dismissed", async () => {
    const page = await checkoutPage();
    page.events.subscribe(CHECKOUT_EVENTS.paymentSetup, () => ({ type: "failure", message: "The wallet is locked." }));
    await page.controller.placeOrder();
    expect(page.controller.payment.store.getState()).toMatchObject({ status: "error", errorMessage: "The wallet is locked." });
    expect(noticesIn(CONTEXTS.payments)).toMatchObject([
      { id: "cw-payment-error", content: "The wallet is locked.", isDismissible: false },
    ]);
    expect(page.statuses).toEqual(["idle", "before_processing", "processing", "idle"]);
    expect(page.orderCalls()).toEqual([]);
  });

  it("a declined card is a payment error in the payments area; another method clears it and pays", async () => {
    const page = await checkoutPage();
    page.form.payment = { ...page.form.payment, active: { kind: "method", id: "test_card" }, data: testCard(DECLINED_CARD) };
    await page.controller.placeOrder();
    expect(page.controller.payment.store.getState().status).toBe("error");
    expect(noticesIn(CONTEXTS.payments)).toMatchObject([{ id: "cw-payment-error", isDismissible: false }]);
    expect(noticesIn(CONTEXTS.payments)[0]?.content).toMatch(/declined/);
    // The cart stays as it was: nothing was bought.
    expect(page.cart.store.getState().cart?.items_count).toBe(1);

    page.controller.paymentMethodChosen();
    expect(noticesIn(CONTEXTS.payments)).toEqual([]);
    page.form.payment = { ...page.form.payment, active: { kind: "method", id: "cod" }, data: [] };
    await page.controller.placeOrder();
    expect(page.visited).toHaveLength(1);
  });

  it("an express method takes over while it runs and gives the chosen method back when it closes", async () => {
    const page = await checkoutPage();
    page.controller.payment.setActivePaymentMethod("cod");
    const during: string[] = [];
    page.events.subscribe(CHECKOUT_EVENTS.paymentSetup, () => {
      during.push(page.controller.payment.store.getState().status);
      return { type: "error", message: "The wallet window was closed." };
    });
    await page.controller.placeOrder("demo_express");
    expect(during).toEqual(["express_started"]);
    expect(page.controller.payment.store.getState()).toMatchObject({
      status: "error",
      activePaymentMethod: "cod",
      errorMessage: "The wallet window was closed.",
    });
    expect(page.orderCalls()).toEqual([]);
  });

  it("a wallet's addresses place the order though the form is empty and its errors show (spec §4: they do not block an express payment)", async () => {
    const page = await checkoutPage();
    page.form.order = { ...page.form.order, billing: {}, shipping: {} };
    page.controller.validation.getState().setValidationError("billing_email", "Please enter a valid email address", false);
    await page.controller.placeOrder();
    expect(page.orderCalls()).toEqual([]);

    await page.controller.placeOrder("demo_express", DEMO_WALLET_CONTACT);
    expect(page.orderCalls()[0]?.body).toMatchObject({
      payment_method: "demo_express",
      billing_address: { email: "wallet@example.com", address_1: "1 Wallet Way", postcode: "94105" },
      shipping_address: { first_name: "Demo", city: "San Francisco", country: "US" },
    });
    expect(page.visited).toHaveLength(1);
  });

  it("pays with an express method, which sends its own method and none of the form's payment data", async () => {
    const page = await checkoutPage();
    page.controller.payment.setActivePaymentMethod("cod");
    page.form.payment = { ...page.form.payment, active: { kind: "method", id: "test_card" }, data: testCard("4242424242424242") };
    await page.controller.placeOrder("demo_express");
    expect(page.orderCalls()[0]?.body).toMatchObject({
      payment_method: "demo_express",
      payment_data: [{ key: "cw-demo_express-new-payment-method", value: false }],
    });
    expect(page.controller.payment.store.getState()).toMatchObject({ status: "idle", activePaymentMethod: "cod" });
    expect(page.visited).toHaveLength(1);
  });
});

describe("what the page sends as the shopper types", () => {
  it("sends an edited address once, only when it changed and its changed fields are valid", async () => {
    const page = await checkoutPage();
    const updates = () => page.browser.requests.filter((r) => JSON.stringify(r).includes("update-customer"));
    page.controller.validation.getState().setValidationError("shipping_city", "Please enter a city", true);
    page.controller.sendAddress("shipping");
    expect(updates()).toEqual([]);
    page.controller.validation.getState().clearValidationError("shipping_city");
    page.controller.sendAddress("shipping");
    expect(page.controller.status.store.getState().calculatingCount).toBe(1);
    await expect.poll(() => page.controller.status.store.getState().calculatingCount).toBe(0);
    expect(updates()).toHaveLength(1);
    expect(page.cart.store.getState().cart?.shipping_address).toMatchObject(TEST_ADDRESS);
    expect(page.cart.store.getState().cart?.billing_address).toMatchObject({ ...TEST_ADDRESS, email: "ada@example.com" });
    page.controller.sendAddress("shipping");
    expect(page.controller.status.store.getState().calculatingCount).toBe(0);
  });

  it("shows each address the server refuses as its own notice, id {param}_{code}, where that address is on screen (spec §8)", async () => {
    const page = await checkoutPage();
    page.form.order.shipping = { ...TEST_ADDRESS, postcode: "ABCDE" };
    page.controller.sendAddress("shipping");
    await expect.poll(() => page.controller.status.store.getState().calculatingCount).toBe(0);
    // One address for both: the billing detail has no area of its own, so both show in the shipping one (the same text once).
    const shown = noticesIn(CONTEXTS.shippingAddress);
    expect(shown.map((n) => n.content)).toEqual(["Please enter a valid postcode"]);
    expect(shown[0]?.id).toMatch(/^(billing|shipping)_address_/);
    expect(noticesIn(CONTEXTS.billingAddress)).toEqual([]);
    expect(page.controller.validation.getState().errors.shipping_postcode?.message).toBe("Please enter a valid postcode");
    expect(page.controller.validation.getState().errors.billing_postcode).toBeUndefined();

    // Billing apart: its detail shows in the billing area.
    noticeStore.setState({ notices: [] });
    page.form.order.useShippingAsBilling = false;
    page.form.showBillingFields = true;
    page.form.order.billing = { ...TEST_ADDRESS, postcode: "12", email: "ada@example.com" };
    page.controller.sendAddress("billing");
    await expect.poll(() => page.controller.status.store.getState().calculatingCount).toBe(0);
    expect(noticesIn(CONTEXTS.billingAddress).map((n) => [n.id, n.content])).toEqual([
      [expect.stringMatching(/^billing_address_/), "Please enter a valid postcode"],
    ]);
    expect(noticesIn(CONTEXTS.shippingAddress)).toEqual([]);

    // A failure with no details goes to the cart's area (spec §8: everything else), in the generic words.
    noticeStore.setState({ notices: [] });
    page.browser.setOffline(true);
    page.form.order.billing = { ...TEST_ADDRESS, postcode: "90002", email: "ada@example.com" };
    page.controller.validation.getState().clearValidationError("billing_postcode");
    page.controller.sendAddress("billing");
    await expect.poll(() => page.controller.status.store.getState().calculatingCount).toBe(0);
    expect(noticesIn(CONTEXTS.cart).map((n) => [n.id, n.content])).toEqual([
      ["unknown_error", "Something went wrong. Please contact us to get assistance."],
    ]);
    page.browser.setOffline(false);
  });

  it("selects a rate, showing which one is being chosen until the server answers", async () => {
    const page = await checkoutPage();
    await page.cart.updateCustomer({ shipping_address: { ...TEST_ADDRESS } });
    const rates = page.cart.store.getState().cart?.shipping_rates[0]?.shipping_rates ?? [];
    const other = rates.find((r) => !r.selected);
    expect(other).toBeDefined();
    page.controller.selectRate(0, other?.rate_id ?? "");
    expect(page.controller.store.getState().choosingRate).toEqual({ 0: other?.rate_id });
    await expect.poll(() => page.controller.store.getState().choosingRate).toEqual({});
    const chosen = page.cart.store.getState().cart?.shipping_rates[0]?.shipping_rates.find((r) => r.selected);
    expect(chosen?.rate_id).toBe(other?.rate_id);
  });
});
