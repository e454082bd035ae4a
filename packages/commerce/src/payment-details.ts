/**
 * Labels of the payment details a gateway keeps with an order (bank transfer instructions, the
 * saved card), shared by the order pages and the order e-mails so both name them alike.
 */
export const PAYMENT_DETAIL_LABELS: Readonly<Record<string, string>> = {
  reference: "Payment reference",
  account_name: "Account name",
  bank_name: "Bank",
  account_number: "Account number",
  sort_code: "Sort code",
  iban: "IBAN",
  bic: "BIC",
  card_brand: "Card",
  card_last4: "Card ending in",
  wallet_address: "Wallet",
};

/** The bank transfer's details: what a shopper needs to pay by transfer (the e-mails show only these). */
export const BANK_DETAIL_KEYS: readonly string[] = ["reference", "account_name", "bank_name", "account_number", "sort_code", "iban", "bic"];

/** The account to pay into: the transfer's details less its reference, all a shop without an account set keeps. */
export const BANK_ACCOUNT_KEYS: readonly string[] = BANK_DETAIL_KEYS.filter((key) => key !== "reference");
