/** What the shopper is told to do to pay, for the built-in methods paid after the order (order pages and e-mails). */
import type { ShopSettings } from "../settings/index.ts";

/** The method's instructions from the shop's payment settings; "" for a method paid at the checkout. */
export function paymentInstructions(settings: ShopSettings, method: string): string {
  switch (method) {
    case "bacs":
      return settings.payments.bacs.instructions;
    case "cheque":
      return settings.payments.chequeInstructions;
    case "cod":
      return settings.payments.codInstructions;
    default:
      return "";
  }
}
