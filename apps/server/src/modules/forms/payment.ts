/**
 * Taking a form's payment (decision 0025): the total the server computed, charged through the
 * shop's payments registry with the test card gateway when the shop offers it, under an
 * idempotency key the entry keeps, after the entry is stored (as the checkout pays after writing
 * the order). The card itself goes to the gateway only; the entry keeps its brand and last 4 digits.
 * The gateway's `order_id` (gateway_charges) holds the entry id, a number an order may also have:
 * a form payment is looked up (the sweep below, any refund) by the entry's key, never by that id.
 */
import type { CardInput } from "@cartwright/commerce/forms";
import type { Db } from "../../db/index.ts";
import type { Mailer, MailLog } from "../emails/index.ts";
import { availableGateways, findGateway, type PaymentGateway, type PaymentOutcome, TEST_CARD_FIELDS } from "../payments/index.ts";
import type { ShopSettings } from "../settings/index.ts";
import { notifyStoredEntry } from "./notice.ts";

/** The card gateway forms pay with, when the shop has it switched on; null leaves the entry pending. */
export function formGateway(settings: ShopSettings): PaymentGateway | null {
  return availableGateways(settings).find((gateway) => gateway.id === "test_card") ?? null;
}

export interface FormCharge {
  entryId: number;
  key: string;
  total: number;
  currency: string;
  email: string;
  card: CardInput;
}

const BROKEN = "We are experiencing difficulties with this payment method. Please contact us for assistance.";

/** Charges once per key; a call that broke asks the gateway what became of it, as the checkout does. */
export async function chargeEntry(db: Db, gateway: PaymentGateway, settings: ShopSettings, charge: FormCharge): Promise<PaymentOutcome> {
  const request = {
    // The gateway's order reference is the entry's id; the key (`form-entry-…`) tells it from an order's.
    orderId: charge.entryId,
    orderKey: `form_entry_${charge.entryId}`,
    total: charge.total,
    currency: charge.currency,
    billingEmail: charge.email,
    customerId: 0,
    data: [
      { key: TEST_CARD_FIELDS.number, value: charge.card.number },
      { key: TEST_CARD_FIELDS.expiry, value: charge.card.expiry },
      { key: TEST_CARD_FIELDS.cvc, value: charge.card.cvc },
    ],
    settings,
    saveRequested: false,
    idempotencyKey: charge.key,
  };
  try {
    return await gateway.process(request, { db });
  } catch {
    const found = await gateway.findPayment?.(charge.key, { db }).catch(() => null);
    return found ?? { status: "failure", message: BROKEN };
  }
}

/**
 * Records the outcome on a pending entry: paid, failed, or still pending (an offline or redirect
 * outcome); null when the entry was no longer pending (another process recorded it first).
 */
export async function recordCharge(db: Db, entryId: number, outcome: PaymentOutcome): Promise<"paid" | "failed" | "pending" | null> {
  const status = outcome.status === "success" ? "paid" : outcome.status === "failure" ? "failed" : "pending";
  const result = await db
    .updateTable("form_entries")
    .set({ payment_status: status, payment_reference: outcome.transactionId ?? "" })
    .where("id", "=", entryId)
    .where("payment_status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? status : null;
}

/** A charge may take this long before the sweep asks the gateway about it (the checkout's too). */
const IN_FLIGHT_MS = 2 * 60 * 1000;
/** Asked about for a week; an entry still not known then stays pending for the owner to check. */
const ASK_FOR_MS = 7 * 24 * 3600 * 1000;
/** The gateway never received the charge (a crash before it was sent): nothing was taken. */
const NEVER_RECEIVED: PaymentOutcome = { status: "failure", message: "The payment was never received." };

/**
 * Entries whose charge was sent but whose outcome was never recorded (a crash between, decision
 * 0025), settled as the checkout's sweepUnpaidOrders settles orders (decision 0011): the gateway
 * is asked by the entry's key; paid or declined is recorded, never received is failed, and a
 * gateway that cannot tell leaves the entry pending for the next sweep. An entry found paid was
 * never announced (the crash came first): its e-mails go out now, when a mailer is given. main.ts runs it.
 */
export async function sweepPendingEntries(db: Db, mail?: { mailer: Mailer; log: MailLog }, now = new Date()) {
  const counts = { paid: 0, failed: 0, unknown: 0 };
  const entries = await db
    .selectFrom("form_entries")
    .select(["id", "payment_gateway", "payment_key"])
    .where("payment_status", "=", "pending")
    .where("payment_key", "!=", "")
    .where("created_at", "<", new Date(now.getTime() - IN_FLIGHT_MS).toISOString())
    .where("created_at", ">", new Date(now.getTime() - ASK_FOR_MS).toISOString())
    .orderBy("id")
    .limit(500)
    .execute();
  for (const entry of entries) {
    const gateway = findGateway(entry.payment_gateway);
    let outcome: PaymentOutcome | null;
    try {
      if (!gateway?.findPayment) throw new Error("the gateway cannot look payments up");
      outcome = await gateway.findPayment(entry.payment_key, { db });
    } catch {
      counts.unknown++;
      continue;
    }
    const status = await recordCharge(db, entry.id, outcome ?? NEVER_RECEIVED);
    if (!status) continue;
    counts[status === "paid" ? "paid" : status === "failed" ? "failed" : "unknown"]++;
    if (status === "paid" && mail)
      await notifyStoredEntry(db, mail.mailer, mail.log, entry.id).catch((error: unknown) =>
        mail.log.error({ entryId: entry.id, err: error }, "a form entry email could not be sent"),
      );
  }
  return counts;
}
