import { describe, expect, it, vi } from "vitest";
import { createValidationStore, errorElementId, hasValidationErrorsSelector, visibleErrorSelector } from "./validation.ts";

describe("validation store (spec §4 Field validation errors)", () => {
  it("starts empty", () => {
    const store = createValidationStore();
    expect(store.getState().hasValidationErrors()).toBe(false);
    expect(store.getState().visibleError("billing_city")).toBeUndefined();
  });

  it("sets one or many errors", () => {
    const store = createValidationStore();
    store.getState().setValidationError("billing_city", "Please enter a valid city");
    store.getState().setValidationErrors({
      shipping_postcode: { message: "Please enter a valid postcode", hidden: true },
      billing_email: { message: "Please enter a valid email address", hidden: false },
    });
    const s = store.getState();
    expect(s.hasValidationErrors()).toBe(true);
    expect(s.visibleError("billing_city")).toEqual({ message: "Please enter a valid city", hidden: false });
    expect(s.visibleError("shipping_postcode")).toBeUndefined();
    expect(s.getValidationError("shipping_postcode")).toEqual({ message: "Please enter a valid postcode", hidden: true });
    expect(s.visibleError("billing_email")?.message).toBe("Please enter a valid email address");
  });

  it("hides, shows one and shows all", () => {
    const store = createValidationStore({
      a: { message: "A", hidden: false },
      b: { message: "B", hidden: true },
      c: { message: "C", hidden: true },
    });
    store.getState().hideValidationError("a");
    expect(store.getState().visibleError("a")).toBeUndefined();
    store.getState().showValidationError("b");
    expect(store.getState().visibleError("b")?.message).toBe("B");
    expect(store.getState().visibleError("c")).toBeUndefined();
    store.getState().showAllValidationErrors();
    expect(["a", "b", "c"].map((id) => store.getState().visibleError(id)?.message)).toEqual(["A", "B", "C"]);
  });

  it("clears one, a list or all", () => {
    const store = createValidationStore({
      a: { message: "A", hidden: false },
      b: { message: "B", hidden: false },
      c: { message: "C", hidden: false },
      d: { message: "D", hidden: false },
    });
    store.getState().clearValidationError("a");
    expect(Object.keys(store.getState().errors)).toEqual(["b", "c", "d"]);
    store.getState().clearValidationErrors(["b", "c", "nope"]);
    expect(Object.keys(store.getState().errors)).toEqual(["d"]);
    store.getState().clearValidationErrors();
    expect(store.getState().hasValidationErrors()).toBe(false);
  });

  it("does not notify listeners when nothing changes", () => {
    const store = createValidationStore({ a: { message: "A", hidden: true } });
    const listener = vi.fn();
    store.subscribe(listener);
    const s = store.getState();
    s.hideValidationError("a");
    s.showValidationError("missing");
    s.hideValidationError("missing");
    s.clearValidationError("missing");
    s.setValidationErrors({ a: { message: "A", hidden: true } });
    expect(listener).not.toHaveBeenCalled();
    s.setValidationErrors({ a: { message: "A2", hidden: true } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("ignores ids that are Object.prototype keys", () => {
    const store = createValidationStore();
    expect(store.getState().visibleError("constructor")).toBeUndefined();
    expect(store.getState().getValidationError("toString")).toBeUndefined();
  });

  it("has selectors for React", () => {
    const store = createValidationStore({ a: { message: "A", hidden: false }, b: { message: "B", hidden: true } });
    const state = store.getState();
    expect(visibleErrorSelector("a")(state)).toBe(state.errors.a);
    expect(visibleErrorSelector("b")(state)).toBeUndefined();
    expect(hasValidationErrorsSelector(state)).toBe(true);
  });

  it("names the element of a visible error", () => {
    expect(errorElementId("billing_first_name")).toBe("validate-error-billing_first_name");
  });
});
