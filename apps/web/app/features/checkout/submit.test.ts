import { describe, expect, it } from "vitest";
import { CONTEXTS } from "../../stores/notices.ts";
import { checkoutBody, routeCheckoutError } from "./submit.ts";

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

  it("sends no shipping address when nothing is shipped or it is collected", () => {
    expect(checkoutBody({ ...base, needsShipping: false, billing: { ...home, email: "a@b.co" } })).not.toHaveProperty("shipping_address");
    expect(checkoutBody({ ...base, collecting: true, billing: { ...home, email: "a@b.co" } })).not.toHaveProperty("shipping_address");
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
    expect(collected).not.toHaveProperty("shipping_address");
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
    expect(routed.notice.context).toBe(CONTEXTS.shippingAddress);
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
    expect(routed.notice.context).toBe(CONTEXTS.shippingAddress);
  });

  it("shows payment failures in the payments area, not dismissible, and takes the cart that came with them", () => {
    const cart = { items: [] } as never;
    const routed = routeCheckoutError(
      { code: "cw_rest_checkout_process_payment_error", message: "Your card was declined.", data: { status: 400, cart } },
      false,
    );
    expect(routed.notice).toEqual({
      id: "cw-payment-error",
      context: CONTEXTS.payments,
      content: "Your card was declined.",
      isDismissible: false,
    });
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
    expect(routed.notice.context).toBe(CONTEXTS.billingAddress);
  });

  it("sends email errors to contact information and unreadable replies to the checkout, worded for guests or customers", () => {
    expect(routeCheckoutError({ code: "cw_rest_invalid_email_address", message: "x", data: { status: 400 } }, false).notice.context).toBe(
      CONTEXTS.contactInformation,
    );
    expect(routeCheckoutError({ code: "invalid_json", message: "x", data: { status: 500 } }, false).notice.content).toBe(
      "Something went wrong when placing the order. Check your email for order updates before retrying.",
    );
    expect(routeCheckoutError({ code: "unknown_error", message: "x", data: { status: 500 } }, true).notice.content).toContain(
      "order history",
    );
    expect(routeCheckoutError({ code: "cw_rest_invalid_shipping_option", message: "x", data: { status: 400 } }, true).notice).toMatchObject(
      {
        context: CONTEXTS.shippingMethods,
        content: "There was a problem with your shipping option.",
      },
    );
  });
});
