/**
 * The payment status (spec §4 "Payment status"; DESIGN: idle | express_started | processing |
 * ready | error): what the payment side is doing while the checkout places an order, and the
 * active method remembered while an express method runs.
 */
import { createStore } from "zustand/vanilla";

export type PaymentStatus = "idle" | "express_started" | "processing" | "ready" | "error";

export interface PaymentStatusState {
  status: PaymentStatus;
  /** The method chosen in the list; an express method takes over while it runs. */
  activePaymentMethod: string;
  /** What was active before an express method started, restored when it closes or fails. */
  previousPaymentMethod: string;
  paymentMethodData: Record<string, unknown>;
  errorMessage: string;
}

export function createPaymentStatus(initialMethod = "") {
  const store = createStore<PaymentStatusState>()(() => ({
    status: "idle",
    activePaymentMethod: initialMethod,
    previousPaymentMethod: "",
    paymentMethodData: {},
    errorMessage: "",
  }));
  const set = (partial: Partial<PaymentStatusState>) => store.setState(partial);
  return {
    store,
    /** Choosing a method clears an earlier payment error (spec). */
    setActivePaymentMethod: (id: string) => set({ activePaymentMethod: id, errorMessage: "", status: "idle" }),
    /** The checkout is processing: payment_setup runs. */
    startProcessing: () => set({ status: "processing", errorMessage: "" }),
    /** Observers answered success (or nobody answered). */
    ready: (paymentMethodData: Record<string, unknown> = {}) => set({ status: "ready", paymentMethodData }),
    fail: (message: string) => set({ status: "error", errorMessage: message }),
    /** An express button was pressed: remember the method in use, activate the express one. */
    startExpress(id: string) {
      const { activePaymentMethod } = store.getState();
      set({ status: "express_started", previousPaymentMethod: activePaymentMethod, activePaymentMethod: id, errorMessage: "" });
    },
    /** The express window closed, or failed: back to the previous method. */
    endExpress(errorMessage = "") {
      const { previousPaymentMethod } = store.getState();
      set({ status: errorMessage ? "error" : "idle", activePaymentMethod: previousPaymentMethod, previousPaymentMethod: "", errorMessage });
    },
    /**
     * Payment returns to idle when the checkout is idle and payment is not ready, or when the
     * checkout has an error and payment is ready (spec).
     */
    followCheckout(checkout: { status: string; hasError: boolean }) {
      const { status } = store.getState();
      if ((checkout.status === "idle" && status !== "ready" && status !== "express_started") || (checkout.hasError && status === "ready")) {
        if (status !== "idle" && status !== "error") set({ status: "idle" });
      }
    },
  };
}

export type PaymentStatusStore = ReturnType<typeof createPaymentStatus>;
