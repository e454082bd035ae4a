/**
 * Keeps a payment method's own component from taking the checkout down (spec §8 "payment method
 * crash"): shoppers are told to contact the shop; the store administrator sees the real error,
 * or a hint to check the method's configuration when it has no message.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { paymentMessages as t } from "./messages.ts";

/** The text shown in place of a method whose component threw. */
export function paymentMethodErrorText(error: unknown, isAdmin: boolean): string {
  if (!isAdmin) return t.methodCrashed;
  return error instanceof Error && error.message ? error.message : t.methodCrashedAdmin;
}

export class PaymentMethodBoundary extends Component<{ isAdmin: boolean; children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("A payment method's component failed", error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice notice--error payment-method__error" role="alert">
        {paymentMethodErrorText(this.state.error, this.props.isAdmin)}
      </div>
    );
  }
}
