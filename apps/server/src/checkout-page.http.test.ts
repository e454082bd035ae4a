/**
 * The /checkout page and the order pages with the shop's additional address fields (spec §3
 * additionalAddressFields; issue 6), as the server renders them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { productId, TEST_ADDRESS } from "../../../test/store-client.ts";
import { updateSettings } from "./modules/settings/index.ts";

const address = TEST_ADDRESS;

let shop: TestShop;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
  tShirt = await productId(shop.app, "classic-t-shirt");
  await updateSettings(shop.db, {
    checkoutFields: [
      { id: "cw-demo/gate-code", label: "Gate code", location: "address", type: "text", required: true },
      {
        id: "cw-demo/floor",
        label: "Floor",
        location: "address",
        type: "select",
        required: false,
        options: [
          { value: "ground", label: "Ground floor" },
          { value: "upper", label: "Upper floor" },
        ],
      },
      { id: "cw-demo/gift-message", label: "Gift message", location: "order", type: "text", required: false },
    ],
  });
});
afterAll(() => shop.close());

describe("additional address fields", () => {
  it("are drawn in the shipping address form, with the address kind in their ids", async () => {
    const browser = new PageBrowser(shop.app);
    await browser.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const page = await browser.get("/checkout");
    expect(page.statusCode).toBe(200);
    const shippingStep = page.body.slice(page.body.indexOf('id="shipping-fields"'));
    expect(shippingStep).toMatch(/<label for="shipping_cw-demo\/gate-code">Gate code<\/label><input id="shipping_cw-demo\/gate-code"/);
    expect(shippingStep).toContain('<label for="shipping_cw-demo/floor">Floor (optional)</label>');
    // With one address for both, the billing form (and its copy of the fields) is not drawn.
    expect(page.body).not.toContain('id="billing_cw-demo/gate-code"');
  });

  it("show on the order-received page under the address they belong to", async () => {
    const browser = new PageBrowser(shop.app);
    await browser.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const order = await browser.api("POST", "/checkout", {
      billing_address: { ...address, email: "ada@example.com", "cw-demo/gate-code": "B-12" },
      shipping_address: { ...address, first_name: "Grace", "cw-demo/gate-code": "4711", "cw-demo/floor": "upper" },
      payment_method: "cod",
    });
    const page = await browser.get(`/checkout/order-received/${order.order_id}?key=${order.order_key}`);
    expect(page.statusCode).toBe(200);
    const billing = page.body.slice(page.body.indexOf('id="order-billing-title"'), page.body.indexOf('id="order-shipping-title"'));
    const shipping = page.body.slice(page.body.indexOf('id="order-shipping-title"'));
    expect(billing).toContain("Gate code: B-12");
    expect(billing).not.toContain("Floor");
    expect(shipping).toContain("Gate code: 4711");
    expect(shipping).toContain("Floor: Upper floor");
  });
});

describe("additional contact and order fields", () => {
  it("show on the order-received page as rows of the order's details", async () => {
    const browser = new PageBrowser(shop.app);
    await browser.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const order = await browser.api("POST", "/checkout", {
      billing_address: { ...address, email: "ada@example.com", "cw-demo/gate-code": "B-12" },
      payment_method: "cod",
      additional_fields: { "cw-demo/gift-message": "Happy birthday!" },
    });
    const page = await browser.get(`/checkout/order-received/${order.order_id}?key=${order.order_key}`);
    const details = page.body.slice(page.body.indexOf('id="order-details-title"'), page.body.indexOf('id="order-billing-title"'));
    expect(details).toMatch(/<th scope="row">Gift message<\/th><td class="order-details__amount">Happy birthday!<\/td>/);
  });
});

describe("coming back to the checkout", () => {
  it("keeps the order notes and the method the shopper chose (the draft order's), as a reload finds them", async () => {
    const browser = new PageBrowser(shop.app);
    await browser.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const first = await browser.get("/checkout");
    expect(first.body).not.toContain('id="order-notes"');
    expect(first.body).toMatch(/<input[^>]*checked="" value="test_card"/);
    await browser.api("PUT", "/checkout", { order_notes: "Ring twice", payment_method: "cheque" });
    const again = await browser.get("/checkout");
    expect(again.body).toMatch(/<textarea id="order-notes"[^>]*>Ring twice<\/textarea>/);
    expect(again.body).toMatch(/<input[^>]*checked="" value="cheque"/);
  });
});
