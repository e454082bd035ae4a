/** The checkout form as the controller's tests read it (`readForm`). */
import { TEST_ADDRESS } from "../../../../../test/store-client.ts";
import type { CheckoutFormSnapshot } from "./checkout-controller.ts";

/** What a guest has typed: one US address for both, cash on delivery; `order` replaces the parts a test sets. */
export function typedForm(order: Partial<CheckoutFormSnapshot["order"]> = {}): CheckoutFormSnapshot {
  return {
    order: {
      billing: { ...TEST_ADDRESS, email: "ada@example.com" },
      shipping: { ...TEST_ADDRESS },
      needsShipping: true,
      useShippingAsBilling: true,
      collecting: false,
      orderNotes: "",
      createAccount: false,
      password: "",
      additionalFields: {},
      addressFields: { billing: {}, shipping: {} },
      extensions: {},
      ...order,
    },
    showShippingFields: true,
    showBillingFields: false,
    rateMissing: false,
    payment: { needed: true, active: { kind: "method", id: "cod" }, savedGateway: "", data: [], save: false },
  };
}
