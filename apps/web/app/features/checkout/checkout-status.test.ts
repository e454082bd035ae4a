import { describe, expect, it } from "vitest";
import { createCheckoutStatus, isCalculating, isWaitingForProcessing, isWaitingForRedirect } from "./checkout-status.ts";

describe("checkout status (reading B)", () => {
  it("moves idle → before_processing → processing → after_processing → complete", () => {
    const checkout = createCheckoutStatus();
    const state = () => checkout.store.getState();
    expect(state().status).toBe("idle");
    checkout.submit();
    expect(state().status).toBe("before_processing");
    expect(isWaitingForProcessing(state())).toBe(true);
    checkout.process();
    checkout.afterProcessing("/checkout/order-received/1?key=k");
    checkout.complete();
    expect(state()).toMatchObject({ status: "complete", redirectUrl: "/checkout/order-received/1?key=k" });
    expect(isWaitingForRedirect(state())).toBe(true);
  });

  it("goes back to idle when an error is set while processing, and submitting clears the error", () => {
    const checkout = createCheckoutStatus();
    checkout.submit();
    checkout.process();
    checkout.setHasError(true);
    expect(checkout.store.getState()).toMatchObject({ status: "idle", hasError: true });
    checkout.submit();
    expect(checkout.store.getState()).toMatchObject({ status: "before_processing", hasError: false });
  });

  it("counts calculations up and down, never below zero", () => {
    const checkout = createCheckoutStatus();
    checkout.startCalculating();
    checkout.startCalculating();
    checkout.finishCalculating();
    expect(isCalculating(checkout.store.getState())).toBe(true);
    checkout.finishCalculating();
    checkout.finishCalculating();
    expect(checkout.store.getState().calculatingCount).toBe(0);
  });
});
