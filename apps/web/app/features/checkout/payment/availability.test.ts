import type { StoreCart } from "@cartwright/commerce";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CONTEXTS } from "../../../stores/notices.ts";
import { offeredExpressMethods, offeredPaymentMethods } from "./availability.ts";
import { PaymentMethodBoundary, paymentMethodErrorText } from "./PaymentMethodBoundary.tsx";
import { registerExpressPaymentMethod, registerPaymentMethod, registrationErrorNotice } from "./registry.ts";

const cart = {
  payment_methods: ["cod", "broken", "picky", "unregistered", "demo_express", "broken_express"],
  payment_requirements: ["products"],
} as unknown as StoreCart;
const Content = () => null;
const method = (name: string, canMakePayment: () => boolean) =>
  registerPaymentMethod({ name, label: name, ariaLabel: name, content: Content, edit: Content, canMakePayment });

method("broken", () => {
  throw new Error("Missing API key");
});
method("picky", () => false);
registerExpressPaymentMethod({
  name: "broken_express",
  content: Content,
  edit: Content,
  canMakePayment: () => {
    throw new Error("No wallet");
  },
});

describe("offeredPaymentMethods", () => {
  it("keeps the server's methods whose canMakePayment agrees, and those not registered here", () => {
    const server = ["cod", "broken", "picky", "unregistered"].map((id) => ({ id, title: id, description: "" }));
    const { methods, failures } = offeredPaymentMethods(cart, server);
    expect(methods.map((m) => m.id)).toEqual(["cod", "unregistered"]);
    expect(failures).toEqual([{ id: "broken", error: new Error("Missing API key"), context: CONTEXTS.payments }]);
    // The administrator's notice for it (spec §8 "payment registration").
    expect(registrationErrorNotice("broken", failures[0]?.error, failures[0]?.context)).toMatchObject({
      id: "cw-broken-registration-error",
      content: "There was an error registering the payment method with id 'broken': Missing API key",
    });
  });
});

describe("offeredExpressMethods", () => {
  it("keeps the registered express methods the server accepts and reports one that threw, in the express area", () => {
    const { methods, failures } = offeredExpressMethods(cart, ["demo_express", "broken_express"]);
    expect(methods.map((m) => m.name)).toEqual(["demo_express"]);
    expect(failures).toEqual([{ id: "broken_express", error: new Error("No wallet"), context: CONTEXTS.expressPayments }]);
    expect(offeredExpressMethods(cart, []).methods).toEqual([]);
  });
});

describe("a payment method's component that throws", () => {
  it("tells shoppers to contact the shop, and the administrator the real error or to check the configuration", () => {
    expect(paymentMethodErrorText(new Error("Invalid key"), false)).toBe(
      "We are experiencing difficulties with this payment method. Please contact us for assistance.",
    );
    expect(paymentMethodErrorText(new Error("Invalid key"), true)).toBe("Invalid key");
    expect(paymentMethodErrorText(new Error(""), true)).toBe(
      "There was an error with this payment method. Please verify it's configured correctly.",
    );
    const boundary = new PaymentMethodBoundary({ isAdmin: true, children: null });
    boundary.state = PaymentMethodBoundary.getDerivedStateFromError(new Error("Invalid key"));
    expect(renderToStaticMarkup(createElement("div", null, boundary.render()))).toContain('role="alert">Invalid key</div>');
  });
});
