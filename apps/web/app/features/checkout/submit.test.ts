import type { StoreCart } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { CONTEXTS } from "../../stores/notices.ts";
import { checkoutBody, invalidParamErrors, routeCheckoutError } from "./submit.ts";

const home = {
  first_name: "Ada",
  last_name: "Shopper",
  address_1: "1 Test Street",
  city: "Los Angeles",
  state: "CA",
  postcode: "90001",
  country: "US",
  phone: "555",
};
const base = {
  billing: { email: " ada@example.com " },
  shipping: home,
  needsShipping: true,
  useShippingAsBilling: true,
  collecting: false,
  orderNotes: "  ring twice ",
  createAccount: false,
  password: "",
  paymentMethod: "cod",
  paymentData: [],
};

describe("checkoutBody", () => {
  it("sends the shipping address as billing too when the shopper says so", () => {
    const body = checkoutBody(base);
    expect(body.billing_address).toMatchObject({ ...home, email: "ada@example.com" });
    expect(body.shipping_address).toMatchObject(home);
    expect(body.customer_note).toBe("ring twice");
    expect(body).not.toHaveProperty("customer_password");
  });

  it("sends no shipping address when nothing is shipped, and the billing one as shipping when the goods are collected", () => {
    expect(checkoutBody({ ...base, needsShipping: false, billing: { ...home, email: "a@b.co" } })).not.toHaveProperty("shipping_address");
    const elsewhere = { ...home, address_1: "9 Other Road" };
    const collected = checkoutBody({ ...base, collecting: true, shipping: elsewhere, billing: { ...home, email: "a@b.co" } });
    expect(collected.shipping_address).toEqual({ ...home, company: "", address_2: "" });
    expect(collected.shipping_address).not.toHaveProperty("email");
  });

  it("sends the password only with an account to create, and no method when none is needed", () => {
    expect(checkoutBody({ ...base, createAccount: true, password: "secret-password" })).toMatchObject({
      create_account: true,
      customer_password: "secret-password",
    });
    expect(checkoutBody({ ...base, paymentMethod: "" })).not.toHaveProperty("payment_method");
  });

  it("sends additional address fields inside each address, billing's following shipping when one address serves both", () => {
    const addressFields = { billing: { "cw-demo/gate-code": "B-12" }, shipping: { "cw-demo/gate-code": "4711", "cw-demo/safe": true } };
    const same = checkoutBody({ ...base, addressFields });
    expect(same.billing_address).toMatchObject({ "cw-demo/gate-code": "4711", "cw-demo/safe": true, email: "ada@example.com" });
    expect(same.shipping_address).toMatchObject({ "cw-demo/gate-code": "4711", "cw-demo/safe": true });
    const separate = checkoutBody({ ...base, useShippingAsBilling: false, billing: { ...home, email: "a@b.co" }, addressFields });
    expect(separate.billing_address).toMatchObject({ "cw-demo/gate-code": "B-12" });
    expect(separate.billing_address).not.toHaveProperty("cw-demo/safe");
    const collected = checkoutBody({ ...base, collecting: true, billing: { ...home, email: "a@b.co" }, addressFields });
    expect(collected.billing_address).toMatchObject({ "cw-demo/gate-code": "B-12" });
    expect(collected.shipping_address).toMatchObject({ "cw-demo/gate-code": "B-12" });
  });

  it("sends the lines, coupons, total and chosen rates the page shows, so a cart changed since is not placed (decision 0168)", () => {
    const rate = (rate_id: string, selected: boolean) => ({ rate_id, selected, price: "500" });
    const shownCart = {
      items: [{ key: "k1", quantity: 2, name: "Beanie" }] as unknown as StoreCart["items"],
      coupons: [{ code: "save10", label: "save10" }] as StoreCart["coupons"],
      totals: { total_price: "2681", total_tax: "181", currency_code: "USD", currency_minor_unit: 2 } as StoreCart["totals"],
      shipping_rates: [
        { package_id: 0, shipping_rates: [rate("flat_rate:1", false), rate("free_shipping:2", true)] },
        { package_id: 1, shipping_rates: [rate("flat_rate:1", false)] },
      ] as unknown as StoreCart["shipping_rates"],
    };
    expect(checkoutBody({ ...base, shownCart }).expected_cart).toEqual({
      items: [{ key: "k1", quantity: 2 }],
      coupons: ["save10"],
      totals: { total_price: "2681", currency_code: "USD" },
      shipping_rates: [{ package_id: 0, rate_id: "free_shipping:2" }],
    });
    expect(checkoutBody(base)).not.toHaveProperty("expected_cart");
  });
});

describe("routeCheckoutError", () => {
  it("puts the server's address field errors on the fields of the address they belong to", () => {
    const routed = routeCheckoutError(
      {
        code: "cw_rest_invalid_address",
        message: "There was a problem with the provided address.",
        data: { status: 400, errors: { shipping: { "cw-demo/gate-code": "Please enter a valid gate code" } } },
      },
      false,
    );
    expect(routed.fieldErrors).toEqual({ "shipping_cw-demo/gate-code": "Please enter a valid gate code" });
    expect(routed.notices[0]?.context).toBe(CONTEXTS.shippingAddress);
  });

  it("shows a refused shipping country on the shipping address, not the billing one", () => {
    const routed = routeCheckoutError(
      {
        code: "cw_rest_invalid_address_country",
        message: "Sorry, we do not allow orders to the provided shipping country.",
        data: {
          status: 400,
          allowed_countries: ["US"],
          errors: { shipping: { country: "Sorry, we do not ship orders to the selected country" } },
        },
      },
      false,
    );
    expect(routed.fieldErrors).toEqual({ shipping_country: "Sorry, we do not ship orders to the selected country" });
    expect(routed.notices[0]?.context).toBe(CONTEXTS.shippingAddress);
  });

  it("shows payment failures in the payments area, not dismissible, and takes the cart that came with them", () => {
    const cart = { items: [] } as never;
    const routed = routeCheckoutError(
      { code: "cw_rest_checkout_process_payment_error", message: "Your card was declined.", data: { status: 400, cart } },
      false,
    );
    expect(routed.notices).toEqual([
      {
        id: "cw-payment-error",
        context: CONTEXTS.payments,
        content: "Your card was declined.",
        isDismissible: false,
      },
    ]);
    expect(routed.cart).toBe(cart);
  });

  it("puts address errors on their fields and in the address area", () => {
    const routed = routeCheckoutError(
      {
        code: "cw_rest_invalid_address",
        message: "There was a problem with the provided address.",
        data: { status: 400, errors: { billing: { postcode: "Please enter a valid postcode" } } },
      },
      false,
    );
    expect(routed.fieldErrors).toEqual({ billing_postcode: "Please enter a valid postcode" });
    expect(routed.notices[0]?.context).toBe(CONTEXTS.billingAddress);
  });

  it("shows rest_invalid_param as one notice per detail, id {param}_{code}, where its address is shown (spec §8)", () => {
    const error = {
      code: "rest_invalid_param",
      message: "Invalid parameter(s): billing_address, shipping_address, extensions",
      data: {
        status: 400,
        details: {
          billing_address: {
            code: "invalid_postcode",
            message: "Please enter a valid postcode",
            data: { field: "postcode" },
            additional_errors: [{ code: "invalid_email", message: "Please enter a valid email address", data: { field: "email" } }],
          },
          shipping_address: { code: "invalid_city", message: "Please enter a valid city", data: { field: "city" }, additional_errors: [] },
          extensions: { code: "rest_invalid_param", message: "extensions is not valid", data: null, additional_errors: [] },
        },
      },
    };
    const routed = routeCheckoutError(error, false);
    expect(routed.notices).toEqual([
      {
        id: "billing_address_invalid_postcode",
        context: CONTEXTS.billingAddress,
        content: "Please enter a valid postcode",
        isDismissible: true,
      },
      {
        id: "billing_address_invalid_email",
        context: CONTEXTS.contactInformation,
        content: "Please enter a valid email address",
        isDismissible: true,
      },
      { id: "shipping_address_invalid_city", context: CONTEXTS.shippingAddress, content: "Please enter a valid city", isDismissible: true },
      { id: "extensions_rest_invalid_param", context: CONTEXTS.cart, content: "extensions is not valid", isDismissible: true },
    ]);
    expect(routed.fieldErrors).toEqual({
      billing_postcode: "Please enter a valid postcode",
      billing_email: "Please enter a valid email address",
      shipping_city: "Please enter a valid city",
    });
    // A detail's location, and the invalid_email param, go to their own areas.
    const located = invalidParamErrors({
      "cw-demo/note": { code: "invalid", message: "Too long", data: { location: "order" } },
      "cw-demo/vat": { code: "invalid", message: "Not a VAT number", data: { location: "contact" } },
      invalid_email: { code: "invalid_email", message: "Please enter a valid email address", data: null },
    });
    expect(located.notices.map((n) => [n.id, n.context])).toEqual([
      ["cw-demo/note_invalid", CONTEXTS.orderInformation],
      ["cw-demo/vat_invalid", CONTEXTS.contactInformation],
      ["invalid_email_invalid_email", CONTEXTS.contactInformation],
    ]);
    // With one address for both, the billing one's notices show in the shipping area, the only one on screen.
    expect(routeCheckoutError(error, false, false).notices[0]?.context).toBe(CONTEXTS.shippingAddress);
  });

  it("sends email errors to contact information and unreadable replies to the checkout, worded for guests or customers", () => {
    expect(
      routeCheckoutError({ code: "cw_rest_invalid_email_address", message: "x", data: { status: 400 } }, false).notices[0]?.context,
    ).toBe(CONTEXTS.contactInformation);
    expect(routeCheckoutError({ code: "invalid_json", message: "x", data: { status: 500 } }, false).notices[0]?.content).toBe(
      "Something went wrong when placing the order. Check your email for order updates before retrying.",
    );
    // A JSON reply with no message of its own: the generic text, not the unknown-outcome one.
    const generic = "Something went wrong. Please contact us to get assistance.";
    expect(routeCheckoutError({ code: "generic_error", message: generic, data: { status: 500 } }, false).notices).toEqual([
      { id: "checkout", context: CONTEXTS.checkout, content: generic, isDismissible: true },
    ]);
    expect(routeCheckoutError({ code: "unknown_error", message: "x", data: { status: 500 } }, true).notices[0]?.content).toContain(
      "order history",
    );
    expect(
      routeCheckoutError({ code: "cw_rest_invalid_shipping_option", message: "x", data: { status: 400 } }, true).notices[0],
    ).toMatchObject({
      context: CONTEXTS.shippingMethods,
      content: "There was a problem with your shipping option.",
    });
  });
});
