/**
 * The port the owner's order actions send e-mails through. The emails module imports orders (it
 * renders them), so orders cannot import it back: buildApp's `registerOrderEmails` plugs its sender
 * in here, per shop database, and the actions ask for it.
 */
import type { Db } from "../../db/index.ts";
import type { OrderActor } from "./events.ts";

/** Every order e-mail, as the `email` events and the owner's resend name them. */
export const ORDER_EMAILS = [
  "customer_confirmation",
  "owner_notice",
  "customer_processing",
  "customer_completed",
  "customer_invoice",
  "customer_note",
  "customer_cancelled",
  "owner_failed",
  "customer_failed",
  "owner_cancelled",
] as const;
export type OrderEmailName = (typeof ORDER_EMAILS)[number];

export interface OrderMailSender {
  /**
   * Sends one e-mail of the order now and records its `email` event by `actor`; answers the address,
   * and `skipped` when the owner switched it off (the event says so). Rejects on failure.
   */
  send(orderId: number, email: OrderEmailName, options: { actor: OrderActor; note?: string }): Promise<{ to: string; skipped?: boolean }>;
}

const senders = new WeakMap<Db, OrderMailSender>();

/** Plugs in (or, with null, takes out) the sender for a shop database. */
export function setOrderMailSender(db: Db, sender: OrderMailSender | null): void {
  if (sender) senders.set(db, sender);
  else senders.delete(db);
}

/** The sender for this database; undefined when the shop was built without a mailer. */
export function orderMailSender(db: Db): OrderMailSender | undefined {
  return senders.get(db);
}
