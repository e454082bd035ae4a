import { describe, expect, it } from "vitest";
import { createPaymentStatus } from "./payment-status.ts";

describe("payment status", () => {
  it("goes idle → processing → ready, and back to idle when the checkout fails after it was ready", () => {
    const payment = createPaymentStatus("cod");
    payment.startProcessing();
    expect(payment.store.getState().status).toBe("processing");
    payment.ready({ token: "x" });
    expect(payment.store.getState()).toMatchObject({ status: "ready", paymentMethodData: { token: "x" } });
    payment.followCheckout({ status: "idle", hasError: true });
    expect(payment.store.getState().status).toBe("idle");
  });

  it("keeps an error until another method is chosen", () => {
    const payment = createPaymentStatus("test_card");
    payment.startProcessing();
    payment.fail("Your card was declined.");
    payment.followCheckout({ status: "idle", hasError: true });
    expect(payment.store.getState()).toMatchObject({ status: "error", errorMessage: "Your card was declined." });
    payment.setActivePaymentMethod("cod");
    expect(payment.store.getState()).toMatchObject({ status: "idle", errorMessage: "", activePaymentMethod: "cod" });
  });

  it("remembers the method in use while an express method runs, and restores it when it closes or fails", () => {
    const payment = createPaymentStatus("bacs");
    payment.startExpress("demo_express");
    expect(payment.store.getState()).toMatchObject({ status: "express_started", activePaymentMethod: "demo_express" });
    payment.followCheckout({ status: "idle", hasError: false });
    expect(payment.store.getState().status).toBe("express_started");
    payment.endExpress();
    expect(payment.store.getState()).toMatchObject({ status: "idle", activePaymentMethod: "bacs" });
    payment.startExpress("demo_express");
    payment.endExpress("The wallet was closed.");
    expect(payment.store.getState()).toMatchObject({
      status: "error",
      activePaymentMethod: "bacs",
      errorMessage: "The wallet was closed.",
    });
  });
});
