import { describe, expect, it } from "vitest";
import { createValidationStore } from "../validation.ts";
import { extensionValidation, mergeExtensionData } from "./extension-data.ts";

describe("checkout extension data (spec §3 extensionData)", () => {
  it("is kept per namespace, merged with what the namespace holds, or replaced when asked", () => {
    let data = mergeExtensionData({}, "gift-wrap", { message: "Happy birthday" });
    data = mergeExtensionData(data, "gift-wrap", { paper: "red" });
    data = mergeExtensionData(data, "loyalty", { card: "123" });
    expect(data).toEqual({ "gift-wrap": { message: "Happy birthday", paper: "red" }, loyalty: { card: "123" } });
    expect(mergeExtensionData(data, "gift-wrap", { paper: "blue" }, true)).toEqual({
      "gift-wrap": { paper: "blue" },
      loyalty: { card: "123" },
    });
    // The state it was given is left as it was.
    expect(data["gift-wrap"]).toEqual({ message: "Happy birthday", paper: "red" });
    expect(() => mergeExtensionData(data, " ", {})).toThrow("Checkout extension data needs a namespace.");
  });
});

describe("a block's validation errors", () => {
  it("sit in the checkout's validation store under 'extensions-errors-{id}', so they count as the fields' do", () => {
    const store = createValidationStore();
    const validation = extensionValidation(store);
    validation.setValidationError("gift-wrap-message", "Write a message for the card.", true);
    expect(store.getState().errors).toEqual({
      "extensions-errors-gift-wrap-message": { message: "Write a message for the card.", hidden: true },
    });
    expect(validation.hasValidationErrors()).toBe(true);
    validation.showValidationError("gift-wrap-message");
    expect(validation.getValidationError("gift-wrap-message")).toEqual({ message: "Write a message for the card.", hidden: false });
    validation.clearValidationError("gift-wrap-message");
    expect(validation.hasValidationErrors()).toBe(false);
  });
});
