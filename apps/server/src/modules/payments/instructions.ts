/** What the shopper is told to do to pay, for the built-in methods paid after the order (order pages and e-mails). */
import type { ShopSettings } from "../settings/index.ts";

/** Statuses in which the order still waits for the payment its method's instructions ask for. */
const AWAITING_PAYMENT: Record<string, readonly string[]> = {
  bacs: ["pending", "on-hold"],
  cheque: ["pending", "on-hold"],
  // Cash is handed over on delivery, so until the order is completed.
  cod: ["pending", "on-hold", "processing"],
};

/** Whether an order paid by `method` still waits, in `status`, for the payment made after the checkout. */
export const awaitsPayment = (method: string, status: string): boolean => AWAITING_PAYMENT[method]?.includes(status) ?? false;

/**
 * The method's instructions from the shop's payment settings while the order (in `status`) still
 * waits for that payment; "" once it is paid, done or given up, and for a method paid at the checkout.
 */
export function paymentInstructions(settings: ShopSettings, method: string, status: string): string {
  if (!awaitsPayment(method, status)) return "";
  switch (method) {
    case "bacs":
      return settings.payments.bacs.instructions;
    case "cheque":
      return settings.payments.chequeInstructions;
    default:
      return settings.payments.codInstructions;
  }
}
