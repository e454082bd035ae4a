/**
 * An example extension: gift wrapping. The shopper asks for it through the cart
 * (POST /api/store/v1/cart/extensions {"namespace": "gift-wrap", "data": {"wrap": true}}), the cart
 * then carries a wrapping fee, and the checkout asks for a message for the card (an order field).
 * Load it with EXTENSIONS=./extensions/gift-wrap/index.ts npm start (docs/architecture.md "Extension points").
 * Its storefront half, the price formats of the cart and checkout, is storefront.ts.
 */
import type { Extension } from "../../apps/server/src/extensions.ts";

/** Minor units of the shop's currency. */
export const WRAPPING_FEE = 350;
const MESSAGE_LIMIT = 200;

interface GiftWrapData {
  wrap: boolean;
}

/** Whether the cart's extension data asks for wrapping (the server's fee and the storefront's price formats). */
export const wrapped = (extensions: Record<string, unknown>) => (extensions["gift-wrap"] as GiftWrapData | null | undefined)?.wrap === true;

const giftWrap: Extension = {
  name: "gift-wrap",
  // Kept on the cart under "gift-wrap"; anything else posted is dropped.
  cartExtension: (data) => ({ wrap: data.wrap === true }),
  // From the cart's own data alone, so kept cart replies stay right (decision 0015).
  cartFees: ({ extensions }) =>
    wrapped(extensions) ? [{ name: "Gift wrapping", amount: WRAPPING_FEE, taxable: false, taxClass: "" }] : [],
  checkoutFields: [
    {
      id: "gift-wrap/message",
      label: "Message for the gift card",
      location: "order",
      type: "text",
      required: false,
      validate: (value) => (String(value).length > MESSAGE_LIMIT ? `Keep the gift card message within ${MESSAGE_LIMIT} characters.` : null),
    },
  ],
};

export default giftWrap;
