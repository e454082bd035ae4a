/**
 * The checkout status (spec §4 "Checkout status", reading B): idle → before_processing →
 * processing → after_processing → complete, a hasError flag, and a calculatingCount that loading
 * or selecting rates raises and lowers and that never goes below zero.
 */
import { createStore } from "zustand/vanilla";

export type CheckoutStatus = "idle" | "before_processing" | "processing" | "after_processing" | "complete";

export interface CheckoutStatusState {
  status: CheckoutStatus;
  hasError: boolean;
  calculatingCount: number;
  redirectUrl: string;
}

export function createCheckoutStatus() {
  const store = createStore<CheckoutStatusState>()(() => ({ status: "idle", hasError: false, calculatingCount: 0, redirectUrl: "" }));
  const set = (partial: Partial<CheckoutStatusState>) => store.setState(partial);
  return {
    store,
    setIdle: () => set({ status: "idle" }),
    /** Submitting: before_processing, and the error flag clears. */
    submit: () => set({ status: "before_processing", hasError: false }),
    /** Validation passed: the order may be sent. */
    process: () => set({ status: "processing", hasError: false }),
    /** Setting an error while (before) processing goes back to idle (spec). */
    setHasError(hasError: boolean) {
      const { status } = store.getState();
      set(hasError && (status === "processing" || status === "before_processing") ? { hasError, status: "idle" } : { hasError });
    },
    afterProcessing: (redirectUrl: string) => set({ status: "after_processing", redirectUrl }),
    complete: (redirectUrl?: string) => set({ status: "complete", ...(typeof redirectUrl === "string" ? { redirectUrl } : {}) }),
    startCalculating: () => set({ calculatingCount: store.getState().calculatingCount + 1 }),
    finishCalculating: () => set({ calculatingCount: Math.max(0, store.getState().calculatingCount - 1) }),
  };
}

export type CheckoutStatusStore = ReturnType<typeof createCheckoutStatus>;

export const isCalculating = (s: CheckoutStatusState) => s.calculatingCount > 0;
/** 'Waiting for processing' (spec). */
export const isWaitingForProcessing = (s: CheckoutStatusState) =>
  s.status === "before_processing" || s.status === "processing" || s.status === "after_processing";
/** 'Waiting for redirect' (spec). */
export const isWaitingForRedirect = (s: CheckoutStatusState) => s.status === "complete" && !s.hasError;
