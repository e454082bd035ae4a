import { describe, expect, it } from "vitest";
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  paymentPayload,
  savedTokenPaymentData,
  saveFlagEntry,
  testCardPaymentData,
  validateCard,
} from "./card.ts";

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");

describe("test card formatting", () => {
  it("groups card numbers by the brand's gaps", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-42")).toBe("4242 42");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  });
  it("writes expiry as MM/YY", () => {
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("123")).toBe("12/3");
    expect(formatExpiry("12/305")).toBe("12/30");
  });
  it("keeps up to 4 digits of a security code", () => {
    expect(formatCvc("12a345")).toBe("1234");
  });
});

describe("validateCard", () => {
  const good = { number: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" };
  it("accepts a valid card", () => {
    expect(validateCard(good)).toEqual({});
  });
  it("flags each wrong field", () => {
    expect(validateCard({ number: "4242 4242 4242 4241", expiry: "13/20", cvc: "1" })).toEqual({
      number: "The card number is not valid.",
      expiry: "The card's expiry date is not valid or has passed.",
      cvc: "The card's security code is not valid.",
    });
  });
  it("leaves empty fields alone unless asked for all", () => {
    expect(validateCard({ number: "", expiry: "", cvc: "" })).toEqual({});
    expect(Object.keys(validateCard({ number: "", expiry: "", cvc: "" }, { all: true }))).toEqual(["number", "expiry", "cvc"]);
  });
  it("wants 4 digits for an Amex security code", () => {
    expect(validateCard({ ...good, number: "378282246310005", cvc: "123" }).cvc).toBeDefined();
    expect(validateCard({ ...good, number: "378282246310005", cvc: "1234" })).toEqual({});
  });
});

describe("payment_data", () => {
  it("gives the test card gateway's keys, digits only", () => {
    expect(testCardPaymentData({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" })).toEqual([
      { key: "cw-test-card-number", value: "4242424242424242" },
      { key: "cw-test-card-expiry", value: "12/30" },
      { key: "cw-test-card-cvc", value: "123" },
    ]);
  });
  it("names saved token and save flag keys after the gateway", () => {
    expect(savedTokenPaymentData("test_card", 7)).toEqual([{ key: "cw-test_card-payment-token", value: "7" }]);
    expect(saveFlagEntry("test_card", true)).toEqual({ key: "cw-test_card-new-payment-method", value: true });
  });
  it("builds the place-order payment part", () => {
    expect(paymentPayload({ kind: "method", id: "cod" }, [], false)).toEqual({
      payment_method: "cod",
      payment_data: [{ key: "cw-cod-new-payment-method", value: false }],
    });
    const saved = paymentPayload({ kind: "saved", tokenId: 7, gateway: "test_card" }, [], true);
    expect(saved.payment_method).toBe("test_card");
    expect(saved.payment_data).toContainEqual({ key: "cw-test_card-payment-token", value: "7" });
    expect(saved.payment_data).toContainEqual({ key: "isSavedToken", value: true });
  });
});
