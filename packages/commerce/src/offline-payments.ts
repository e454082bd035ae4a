/** The offline methods' names and the line shown under each at the checkout: one text for the server's gateways and the page's methods. */
export const OFFLINE_PAYMENT_METHODS = [
  { name: "cod", title: "Cash on delivery", description: "Pay with cash upon delivery." },
  {
    name: "bacs",
    title: "Direct bank transfer",
    description: "Make your payment directly into our bank account. Please use your Order ID as the payment reference.",
  },
  // The shop's own address comes with the order's instructions (the chequeInstructions setting).
  { name: "cheque", title: "Check payments", description: "Please send a check to the shop's address." },
] as const;

export type OfflinePaymentMethodName = (typeof OFFLINE_PAYMENT_METHODS)[number]["name"];

export const offlinePaymentMethod = (name: OfflinePaymentMethodName) => OFFLINE_PAYMENT_METHODS.find((method) => method.name === name)!;
