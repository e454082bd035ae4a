import type { StoreCart } from "@cartwright/commerce";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  availableMethods,
  clearPaymentMethodRegistry,
  type ExpressPaymentMethodConfig,
  getExpressPaymentMethods,
  getPaymentMethod,
  getPaymentMethods,
  MISSING_PROPERTIES_MESSAGE,
  type PaymentMethodConfig,
  paymentMethodRegistrations,
  registerExpressPaymentMethod,
  registerPaymentMethod,
  registrationErrorNotice,
  subscribeToPaymentMethods,
} from "./registry.ts";

const Content = () => null;
const config = (overrides: Partial<PaymentMethodConfig> = {}): PaymentMethodConfig => ({
  name: "cod",
  label: "Cash on delivery",
  ariaLabel: "Cash on delivery",
  content: Content,
  edit: Content,
  canMakePayment: () => true,
  ...overrides,
});
const express = (overrides: Partial<ExpressPaymentMethodConfig> = {}): ExpressPaymentMethodConfig => ({
  name: "demo_express",
  content: Content,
  edit: Content,
  canMakePayment: () => true,
  ...overrides,
});
const without = <T extends object>(object: T, ...keys: (keyof T)[]) =>
  Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k as keyof T))) as T;

// The worker's other files may have registered methods (the built-in ones): they get them back.
const registeredBefore = { methods: getPaymentMethods(), express: getExpressPaymentMethods() };
beforeEach(() => clearPaymentMethodRegistry());
afterAll(() => {
  clearPaymentMethodRegistry();
  for (const method of registeredBefore.methods) registerPaymentMethod(method);
  for (const method of registeredBefore.express) registerExpressPaymentMethod(method);
});

describe("registerPaymentMethod", () => {
  it("fills the defaults: paymentMethodId = name, features = ['products']", () => {
    const method = registerPaymentMethod(config());
    expect(method.paymentMethodId).toBe("cod");
    expect(method.supports).toEqual({ showSavedCards: false, showSaveOption: false, features: ["products"] });
    expect(getPaymentMethods()).toEqual([method]);
    expect(getPaymentMethod("cod")).toBe(method);
  });

  it("keeps a given paymentMethodId and features; looks up by paymentMethodId", () => {
    registerPaymentMethod(config({ name: "card-ui", paymentMethodId: "test_card", supports: { features: ["products", "tokenization"] } }));
    expect(getPaymentMethod("test_card")?.name).toBe("card-ui");
    expect(getPaymentMethod("test_card")?.supports.features).toEqual(["products", "tokenization"]);
  });

  it("replaces a registration with the same name", () => {
    registerPaymentMethod(config({ label: "One" }));
    registerPaymentMethod(config({ label: "Two" }));
    expect(getPaymentMethods().map((m) => m.label)).toEqual(["Two"]);
  });

  it("lists every missing required property", () => {
    const broken = without(config(), "label", "edit", "canMakePayment");
    expect(() => registerPaymentMethod(broken)).toThrow(`${MISSING_PROPERTIES_MESSAGE} label, edit, canMakePayment`);
    expect(() => registerPaymentMethod(null as unknown as PaymentMethodConfig)).toThrow(MISSING_PROPERTIES_MESSAGE);
    expect(getPaymentMethods()).toEqual([]);
  });

  it.each([
    ["name", { name: "" }],
    ["name", { name: 3 as unknown as string }],
    ["ariaLabel", { ariaLabel: 1 as unknown as string }],
    ["content", { content: "div" as unknown as typeof Content }],
    ["edit", { edit: {} as unknown as typeof Content }],
    ["canMakePayment", { canMakePayment: true as unknown as () => boolean }],
    ["label", { label: null }],
    ["placeOrderButtonLabel", { placeOrderButtonLabel: 5 as unknown as string }],
    ["icons", { icons: [{ id: "visa" }] as unknown as string[] }],
    ["supports.features", { supports: { features: "products" as unknown as string[] } }],
    ["supports.showSaveOption", { supports: { showSaveOption: "yes" as unknown as boolean } }],
    ["paymentMethodId", { paymentMethodId: "" }],
  ] as const)("type-checks %s", (key, overrides) => {
    expect(() => registerPaymentMethod(config(overrides as Partial<PaymentMethodConfig>))).toThrow(
      new RegExp(`The ${key.replace(".", "\\.")} property`),
    );
  });

  it("accepts memo/lazy style component objects and icon objects", () => {
    const memo = { $$typeof: Symbol.for("react.memo"), type: Content } as unknown as typeof Content;
    expect(() => registerPaymentMethod(config({ content: memo, icons: ["visa", { id: "x", alt: "X", src: "/x.svg" }] }))).not.toThrow();
  });
});

describe("registerExpressPaymentMethod", () => {
  it("needs only name, content, edit and canMakePayment", () => {
    const method = registerExpressPaymentMethod(express());
    expect(method.paymentMethodId).toBe("demo_express");
    expect(method.supports.features).toEqual(["products"]);
    expect(getExpressPaymentMethods()).toHaveLength(1);
  });

  it("reports the missing ones with the spec's message", () => {
    expect(() => registerExpressPaymentMethod(without(express(), "edit", "canMakePayment"))).toThrow(
      `${MISSING_PROPERTIES_MESSAGE} edit, canMakePayment`,
    );
  });

  it("cuts descriptions to 130 characters plus '...'", () => {
    const method = registerExpressPaymentMethod(express({ description: "x".repeat(140) }));
    expect(method.description).toBe(`${"x".repeat(130)}...`);
    expect(registerExpressPaymentMethod(express({ description: "short" })).description).toBe("short");
  });
});

describe("registrationErrorNotice", () => {
  it("builds the spec's notice in the payments context", () => {
    expect(registrationErrorNotice("cod", new TypeError("boom"))).toEqual({
      id: "cw-cod-registration-error",
      context: "cw/checkout/payments",
      status: "error",
      content: "There was an error registering the payment method with id 'cod': boom",
    });
    expect(registrationErrorNotice("x", "bad", "cw/checkout/express-payments").context).toBe("cw/checkout/express-payments");
  });
});

describe("availableMethods", () => {
  const reg = (name: string, features?: string[], canMakePayment = () => true) =>
    registerPaymentMethod(config({ name, canMakePayment, ...(features ? { supports: { features } } : {}) }));

  it("keeps only methods the server lists, in the server's order", () => {
    const methods = [reg("cod"), reg("bacs"), reg("cheque"), reg("extension")];
    const usable = availableMethods(methods, { serverMethodIds: ["cheque", "cod", "bacs"], cartRequirements: ["products"] });
    expect(usable.map((m) => m.name)).toEqual(["cheque", "cod", "bacs"]);
  });

  it("needs every cart requirement among the method's features", () => {
    const methods = [reg("cod"), reg("test_card", ["products", "subscriptions"])];
    const usable = availableMethods(methods, { serverMethodIds: ["cod", "test_card"], cartRequirements: ["products", "subscriptions"] });
    expect(usable.map((m) => m.name)).toEqual(["test_card"]);
    expect(availableMethods(methods, { serverMethodIds: ["cod", "test_card"], cartRequirements: [] })).toHaveLength(2);
  });

  it("sorts by sortOrder first, the rest in the server's order", () => {
    const methods = [reg("cod"), reg("bacs"), reg("cheque")];
    const usable = availableMethods(methods, {
      serverMethodIds: ["cod", "bacs", "cheque"],
      cartRequirements: [],
      sortOrder: ["cheque"],
    });
    expect(usable.map((m) => m.name)).toEqual(["cheque", "cod", "bacs"]);
  });

  it("asks canMakePayment when a cart is given; a throw means unusable", () => {
    const cart = { payment_methods: [] } as unknown as StoreCart;
    const methods = [
      reg("cod"),
      reg("bacs", undefined, () => false),
      reg("cheque", undefined, () => {
        throw new Error("x");
      }),
    ];
    const options = { serverMethodIds: ["cod", "bacs", "cheque"], cartRequirements: [] };
    expect(availableMethods(methods, { ...options, cart }).map((m) => m.name)).toEqual(["cod"]);
    expect(availableMethods(methods, options)).toHaveLength(3);
  });

  it("works for express methods too", () => {
    const methods = [registerExpressPaymentMethod(express())];
    expect(availableMethods(methods, { serverMethodIds: ["cod"], cartRequirements: [] })).toEqual([]);
    expect(availableMethods(methods, { serverMethodIds: ["demo_express"], cartRequirements: ["products"] })).toHaveLength(1);
  });
});

describe("registrations once the page is live", () => {
  it("are told to subscribers, regular and express alike, so the checkout asks its methods again", () => {
    const before = paymentMethodRegistrations();
    let told = 0;
    const stop = subscribeToPaymentMethods(() => told++);
    registerPaymentMethod(config({ name: "late" }));
    registerExpressPaymentMethod(express({ name: "late_express" }));
    expect(told).toBe(2);
    expect(paymentMethodRegistrations()).not.toBe(before);
    stop();
    registerPaymentMethod(config({ name: "later" }));
    expect(told).toBe(2);
  });
});
