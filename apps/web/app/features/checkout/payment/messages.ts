/** The payment section's texts; the spec's exact ones where it gives them (§2 "Payment section", §8). */
export const paymentMessages = {
  legend: "Payment options",
  savedMethods: "Saved payment methods",
  useAnother: "Use another payment method.",
  noMethods: "There are no payment methods available. Please contact us for help placing your order.",
  onlyExpress: "Only express payment methods are available for this order. Please select one to continue.",
  savePaymentMethod: "Save payment information to my account for future purchases.",
  savedMethod: (brand: string, last4: string, expires: string) =>
    expires ? `${brand} ending in ${last4} (expires ${expires})` : `${brand} ending in ${last4}`,
  cardNumber: "Card number",
  expiry: "Expiry date (MM/YY)",
  cvc: "Security code",
  invalidNumber: "The card number is not valid.",
  invalidExpiry: "The card's expiry date is not valid or has passed.",
  invalidCvc: "The card's security code is not valid.",
  /** Spec §8 "payment method crash": what shoppers see, and what administrators see when the error has no message. */
  methodCrashed: "We are experiencing difficulties with this payment method. Please contact us for assistance.",
  methodCrashedAdmin: "There was an error with this payment method. Please verify it's configured correctly.",
  demoExpress: "Demo express",
  demoExpressLabel: "Pay with Demo express",
};
