/** Extensions handed to buildApp({ extensions }): the example gift-wrap extension through the Store API, and how registration ends. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import giftWrap, { WRAPPING_FEE } from "../../../extensions/gift-wrap/index.ts";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { productId, StoreClient, testBilling } from "../../../test/store-client.ts";
import { type Extension, registerExtensions } from "./extensions.ts";
import { checkoutFields } from "./modules/checkout/index.ts";
import { findGateway } from "./modules/payments/index.ts";
import { getSettings, updateSettings } from "./modules/settings/index.ts";

const testPay: Extension = {
  name: "test-pay",
  paymentGateways: [
    {
      id: "test_pay",
      title: "Pay by test",
      description: "A gateway an extension brings.",
      supports: ["products"],
      offline: true,
      process: async () => ({ status: "success", orderStatus: "on-hold" }),
    },
  ],
};

let shop: TestShop;
let tshirt: number;
beforeAll(async () => {
  shop = await createTestShop({ extensions: [giftWrap, testPay] });
  tshirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop?.close());

async function shopperWithShirt() {
  const shopper = new StoreClient(shop.app);
  await shopper.post("/cart/add-item", { id: tshirt });
  return shopper;
}

describe("the gift-wrap example extension", () => {
  it("keeps the shopper's wish on the cart and adds its fee, also to the kept reply", async () => {
    const shopper = await shopperWithShirt();
    expect((await shopper.cart("GET", "/cart")).fees).toEqual([]);
    const cart = await shopper.cart("POST", "/cart/extensions", { namespace: "gift-wrap", data: { wrap: true, colour: "red" } });
    expect(cart.extensions["gift-wrap"]).toEqual({ wrap: true });
    expect(cart.fees.map((f: { name: string; totals: { total: string } }) => [f.name, f.totals.total])).toEqual([
      ["Gift wrapping", String(WRAPPING_FEE)],
    ]);
    expect((await shopper.cart("GET", "/cart")).totals.total_fees).toBe(String(WRAPPING_FEE));
    const unwrapped = await shopper.cart("POST", "/cart/extensions", { namespace: "gift-wrap", data: { wrap: false } });
    expect(unwrapped.fees).toEqual([]);
  });

  it("asks for a gift card message at checkout, checks it and keeps it with the order", async () => {
    const shopper = await shopperWithShirt();
    const tooLong = await shopper.post("/checkout", {
      billing_address: testBilling(),
      payment_method: "cod",
      additional_fields: { "gift-wrap/message": "x".repeat(201) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: "cw_rest_checkout_invalid_additional_field",
      message: "Keep the gift card message within 200 characters.",
      data: { field: "gift-wrap/message" },
    });
    const placed = await shopper.post("/checkout", {
      billing_address: testBilling(),
      payment_method: "cod",
      additional_fields: { "gift-wrap/message": " Happy birthday, Ada! " },
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().additional_fields).toEqual({ "gift-wrap/message": "Happy birthday, Ada!" });
  });

  it("offers an extension's payment gateway once the shop switches it on", async () => {
    const payments = (await getSettings(shop.db)).payments;
    await updateSettings(shop.db, { payments: { ...payments, enabled: [...payments.enabled, "test_pay"] } });
    try {
      expect((await (await shopperWithShirt()).cart("GET", "/cart")).payment_methods).toContain("test_pay");
    } finally {
      await updateSettings(shop.db, { payments });
    }
  });
});

describe("registerExtensions", () => {
  it("gives every registration back, and refuses a bad or repeated name having registered nothing", async () => {
    const settings = await getSettings(shop.db);
    const other: Extension = {
      name: "other-shop",
      checkoutFields: [{ id: "other-shop/note", label: "Note", location: "order", type: "text", required: false }],
    };
    const unregister = registerExtensions([other]);
    expect(checkoutFields(settings).map((f) => f.id)).toContain("other-shop/note");
    unregister();
    expect(checkoutFields(settings).map((f) => f.id)).not.toContain("other-shop/note");

    expect(() => registerExtensions([other, { name: "Bad Name" }])).toThrow("lower-case letters, digits and dashes");
    expect(() => registerExtensions([other, other])).toThrow("Two extensions are named 'other-shop'");
    const borrowing: Extension = { name: "borrowing", checkoutFields: [{ ...other.checkoutFields![0]!, label: "Borrowed" }] };
    expect(() => registerExtensions([other, borrowing])).toThrow(
      "EXTENSIONS: extension 'borrowing': Its checkout field 'other-shop/note' must be named 'borrowing/…', in its own namespace.",
    );
    expect(checkoutFields(settings).find((f) => f.id === "other-shop/note")).toBeUndefined();
    expect(checkoutFields(settings).map((f) => f.id)).not.toContain("other-shop/note");
  });

  it("ends with the app that registered them, leaving another app's", async () => {
    const gateway = testPay.paymentGateways![0]!;
    const second = await createTestShop({
      seed: false,
      extensions: [testPay, { name: "second-pay", paymentGateways: [{ ...gateway, id: "second_pay" }] }],
    });
    expect(findGateway("second_pay")).toBeDefined();
    await second.close();
    expect(findGateway("second_pay")).toBeUndefined();
    expect(findGateway("test_pay")).toBe(gateway);
  });
});
