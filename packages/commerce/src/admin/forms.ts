/** The owner API's form entries list (`GET /api/admin/v1/forms/{id}/entries`, decision 0025). */
import type { OwnerPaging } from "./catalogue.ts";

/** An entry's payment: "" when the entry had none to make. */
export type FormPaymentStatus = "" | "pending" | "paid" | "failed";

/** One entry as the list shows it. */
export interface FormEntrySummary {
  id: number;
  status: "complete" | "spam";
  /** Minor units of `currency`; 0 without a payment. */
  payment_total: number;
  payment_status: FormPaymentStatus;
  currency: string;
  created_at: string;
  /** Each field's value as text, by field id. */
  values: Record<string, string>;
}

export interface FormEntryList extends OwnerPaging {
  entries: FormEntrySummary[];
}
