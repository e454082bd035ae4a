/** The owner API's payment methods (decision 0042), as the server answers and the console reads them. */

/** The bank account a bank transfer's order shows the shopper (snake_case, as the owner API writes). */
export interface BankAccount {
  account_name: string;
  bank_name: string;
  account_number: string;
  sort_code: string;
  iban: string;
  bic: string;
}

export interface OwnerPaymentMethod {
  id: string;
  title: string;
  description: string;
  /** The gateway's own texts, shown when the owner's are left empty. */
  default_title: string;
  default_description: string;
  enabled: boolean;
  /** 1-based place in the checkout's list. */
  position: number;
  offline: boolean;
  express: boolean;
  supports: string[];
  /** Offline methods: what the shopper is told to do to pay (order page and e-mail). */
  instructions?: string;
  /** Bank transfer only. */
  account?: BankAccount;
}
