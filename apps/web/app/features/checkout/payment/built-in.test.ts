import { describe, expect, it } from "vitest";
import { savedMethodLabel, shouldShowSaveOption } from "./PaymentSection.tsx";
import { availableMethods, getExpressPaymentMethods, getPaymentMethod, getPaymentMethods } from "./registry.ts";

describe("built-in payment methods", () => {
  it("registers cod, bacs, cheque, test_card and the demo_express express method", () => {
    expect(getPaymentMethods().map((m) => m.name)).toEqual(["cod", "bacs", "cheque", "test_card"]);
    expect(getExpressPaymentMethods().map((m) => m.name)).toEqual(["demo_express"]);
    expect(getPaymentMethod("bacs")?.label).toBe("Direct bank transfer");
  });

  it("follows the server's order for the methods it lists", () => {
    const usable = availableMethods(getPaymentMethods(), {
      serverMethodIds: ["test_card", "bacs", "cheque", "cod", "demo_express"],
      cartRequirements: ["products"],
    });
    expect(usable.map((m) => m.paymentMethodId)).toEqual(["test_card", "bacs", "cheque", "cod"]);
  });

  it("offers the save checkbox only for test_card, and only when allowed", () => {
    expect(shouldShowSaveOption(true, { kind: "method", id: "test_card" })).toBe(true);
    expect(shouldShowSaveOption(false, { kind: "method", id: "test_card" })).toBe(false);
    expect(shouldShowSaveOption(true, { kind: "method", id: "cod" })).toBe(false);
    expect(shouldShowSaveOption(true, { kind: "saved", tokenId: 1 })).toBe(false);
    expect(shouldShowSaveOption(true, null)).toBe(false);
  });

  it("labels a saved card", () => {
    const saved = { tokenId: 1, is_default: true, expires: "12/30", method: { gateway: "test_card", brand: "Visa", last4: "4242" } };
    expect(savedMethodLabel(saved)).toBe("Visa ending in 4242 (expires 12/30)");
  });
});
