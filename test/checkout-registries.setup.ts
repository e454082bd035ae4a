/**
 * The unit files share their worker's modules (decision 0136), so what one file registers in the checkout's
 * browser registries (an autocomplete provider, a payment method, a block) would show in the next file, or make a
 * module that registers a built-in at import throw there. Each file must leave them as it found them; this names
 * the file that did not, rather than a later file failing by the chance of which worker it landed on.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { addressAutocompleteProviderIds } from "../apps/web/app/features/checkout/autocomplete/registry.ts";
import { getCheckoutBlocks } from "../apps/web/app/features/checkout/blocks/registry.ts";
import { getExpressPaymentMethods, getPaymentMethods } from "../apps/web/app/features/checkout/payment/registry.ts";

const registrations = () => ({
  addressAutocompleteProviders: addressAutocompleteProviderIds(),
  paymentMethods: getPaymentMethods().map((m) => m.name),
  expressPaymentMethods: getExpressPaymentMethods().map((m) => m.name),
  checkoutBlocks: getCheckoutBlocks().map((b) => b.blockName),
});

let before: ReturnType<typeof registrations>;
beforeAll(() => {
  before = registrations();
});
afterAll(() => {
  expect(registrations(), "this file left the checkout's registries changed: put back what it found when it ends").toEqual(before);
});
