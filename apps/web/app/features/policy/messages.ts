/** The policy pages' texts (DESIGN §6: one catalogue per feature). */

/** The shop's policy pages (store pages 'privacy' and 'terms'); the owner will edit these later. */
export const policyMessages = {
  privacy: {
    title: "Privacy policy",
    paragraphs: [
      "We collect only what we need to take and deliver your order: your name, addresses, email, phone number and what you bought.",
      "Payment card numbers never reach our servers in full; saved cards are kept as tokens by the payment provider.",
      "We keep order records for as long as the law requires. Ask us at any time to see, correct or delete what we hold about you.",
      "Cookies keep your cart and session working. Analytics cookies are set only when you allow them.",
    ],
  },
  terms: {
    title: "Terms and conditions",
    paragraphs: [
      "Prices are shown in US dollars. Taxes and shipping are calculated at checkout from your address.",
      "An order is accepted when we confirm it by email. We may cancel an order if an item turns out to be unavailable, and refund you in full.",
      "You may return unused items within 30 days of delivery for a refund of the item price.",
      "This is a demonstration shop: no real goods are sold and no payment is taken.",
    ],
  },
};
