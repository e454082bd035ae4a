/**
 * The server side of a payment method: what the checkout lists and how an order is paid.
 * Built-in methods and extensions register the same way (registry.ts).
 */
import type { Db } from "../../db/index.ts";
import type { ShopSettings } from "../settings/index.ts";

/** A payment_data entry as the checkout sends it (spec §7 "Checkout calls"). */
export interface PaymentDataEntry {
  key: string;
  value: string | boolean;
}

/** What the gateway may know of the order it is paying: never more than it needs. */
export interface PaymentRequest {
  orderId: number;
  orderKey: string;
  /** Minor units. */
  total: number;
  currency: string;
  billingEmail: string;
  customerId: number;
  data: PaymentDataEntry[];
  settings: ShopSettings;
  /** A saved method the shopper chose instead of entering a card (checked to be theirs). */
  savedToken?: { brand: string; last4: string };
  /** The shopper asked to keep this new card for next time (signed in, and the gateway tokenizes). */
  saveRequested: boolean;
  /**
   * Names this payment attempt: the same key must never charge twice, and `findPayment` asks by it
   * what became of an attempt whose outcome the shop did not get to record (a crash, a lost reply).
   */
  idempotencyKey: string;
}

/** What a gateway may use besides the request: the shop's database (the built-in gateways keep their charges there). */
export interface GatewayContext {
  db: Db;
}

export interface PaymentOutcome {
  /** success: paid or accepted; failure: declined, the shopper may retry; pending: waiting (redirect, offline). */
  status: "success" | "failure" | "pending";
  /** Shown to the shopper on failure; instructions otherwise. */
  message?: string;
  /** Returned to the client as payment_result.payment_details. */
  details?: { key: string; value: string }[];
  /** Where an order goes once this outcome is recorded. */
  orderStatus?: "processing" | "on-hold" | "pending" | "completed";
  transactionId?: string;
  redirectUrl?: string;
  /** A card the gateway will keep a token for, when the shopper asked to save it. */
  tokenToSave?: { brand: string; last4: string; expiryMonth: number | null; expiryYear: number | null };
}

/** A refund asked of the gateway that took the payment (issue 18, decision 0031). */
export interface RefundRequest {
  orderId: number;
  /** Minor units; never more than what is left of the charge. */
  amount: number;
  currency: string;
  /** The order's transaction id: the charge the gateway took. */
  transactionId: string;
  /**
   * Names this refund: asked again with the same key (a retry, the sweep after a crash), a gateway
   * answers the first outcome and never refunds twice.
   */
  idempotencyKey: string;
}

export type RefundOutcome = { status: "success"; refundId: string } | { status: "failure"; message: string };

export interface PaymentGateway {
  id: string;
  title: string;
  description: string;
  /** Features it supports; a cart's payment requirements must all be among them. */
  supports: string[];
  /** Express methods pay from the express area, outside the regular list. */
  express?: boolean;
  /** Checks the shopper's payment data before any order is written; a message when it is wrong. */
  validate?(data: PaymentDataEntry[], options: { usingSavedToken: boolean }): string | null;
  /**
   * Offline methods (cash, bank transfer, check) make no outside call: their outcome is decided
   * from the request alone, so the checkout records it in the same transaction as the order.
   */
  offline?: boolean;
  process(request: PaymentRequest, context: GatewayContext): Promise<PaymentOutcome>;
  /**
   * An offline method's outcome, decided synchronously from the request alone (the same as
   * `process` answers): the checkout then places the order in one synchronous transaction on SQLite.
   */
  decide?(request: PaymentRequest): PaymentOutcome;
  /**
   * What became of an earlier attempt, by its idempotency key: the outcome it had, or null when the
   * gateway never received it. A gateway without it cannot tell, and its unrecorded orders are held.
   */
  findPayment?(idempotencyKey: string, context: GatewayContext): Promise<PaymentOutcome | null>;
  /**
   * Gives back part or all of a payment it took. Without it the owner refunds by hand ("manual").
   * Rejects only when it cannot tell what happened (the call may be made again with the same key).
   */
  refund?(request: RefundRequest, context: GatewayContext): Promise<RefundOutcome>;
}

/** payment_data keys the checkout sends for saved methods (spec §7, with our cw prefix). */
export const tokenKey = (gatewayId: string) => `cw-${gatewayId}-payment-token`;
export const saveKey = (gatewayId: string) => `cw-${gatewayId}-new-payment-method`;

export const dataValue = (data: PaymentDataEntry[], key: string): string => {
  const value = data.find((entry) => entry.key === key)?.value;
  return value === undefined ? "" : String(value);
};
