/**
 * Order e-mails (issue 5, decision 0012): when an order is placed the shopper gets a confirmation
 * and the owner a new-order notice. Sending happens after the shopper's reply, in the background;
 * a failure is logged and never reaches the checkout, since the order is already placed.
 */
import type { Db } from "../../db/index.ts";
import type { OrderStatus } from "../../db/schema.ts";
import { claimOrderEmails, findOrder, orderView } from "../orders/index.ts";
import { paymentInstructions } from "../payments/index.ts";
import { getSettings } from "../settings/index.ts";
import { type OrderEmailData, renderNewOrderNotice, renderOrderConfirmation } from "./templates.ts";
import { type Delivery, type Mailer, senderFor } from "./transport.ts";

/** The few logger calls used (Fastify's pino logger fits). */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OrderEmailDeps {
  db: Db;
  mailer: Mailer;
  log?: MailLog;
}

export type OrderEmailKind = "confirmation" | "new-order";
export type SentOrderEmail = Delivery & { kind: OrderEmailKind };

/** Orders that were placed: paid, accepted for later payment, or waiting for a payment to confirm. */
const PLACED: OrderStatus[] = ["pending", "processing", "on-hold", "completed"];

const quiet: MailLog = { info() {}, error() {} };

/**
 * Renders and sends both e-mails of a placed order. Never throws: what failed is logged, and the
 * answer lists what was sent (nothing for a draft, failed or cancelled order).
 */
export async function sendOrderEmails(deps: OrderEmailDeps, orderId: number): Promise<SentOrderEmail[]> {
  const log = deps.log ?? quiet;
  const { mailer } = deps;
  try {
    const row = await findOrder(deps.db, orderId);
    if (!row || !PLACED.includes(row.status)) {
      log.info({ orderId, status: row?.status ?? null }, "order e-mails not sent: the order was not placed");
      return [];
    }
    const [order, settings] = await Promise.all([orderView(deps.db, row), getSettings(deps.db)]);
    const data: OrderEmailData = {
      order,
      siteTitle: settings.siteTitle,
      orderUrl: `${mailer.publicUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(row.order_key)}`,
      instructions: paymentInstructions(settings, order.payment_method),
    };
    const from = senderFor(mailer, settings.siteTitle);
    const shopper = (order.billing_address.email ?? "").trim();
    const owner = mailer.ownerEmail;
    const jobs: { kind: OrderEmailKind; run: () => Promise<Delivery> }[] = [];
    if (shopper) {
      const confirmation = renderOrderConfirmation(data);
      jobs.push({
        kind: "confirmation",
        run: () => mailer.send({ ...confirmation, from, to: shopper, ...(owner ? { replyTo: owner } : {}), orderId, kind: "confirmation" }),
      });
    }
    const notice = renderNewOrderNotice(data);
    // No SHOP_OWNER_EMAIL: the notice is kept in the outbox, addressed to the shop's own sender.
    const ownerTo = owner ?? (typeof from === "string" ? from : from.address);
    jobs.push({
      kind: "new-order",
      run: () =>
        mailer.send(
          { ...notice, from, to: ownerTo, ...(shopper ? { replyTo: shopper } : {}), orderId, kind: "new-order" },
          { outboxOnly: !owner },
        ),
    });
    const results = await Promise.allSettled(jobs.map((job) => job.run()));
    const sent: SentOrderEmail[] = [];
    results.forEach((result, i) => {
      const kind = jobs[i]?.kind ?? "confirmation";
      if (result.status === "fulfilled") {
        sent.push({ ...result.value, kind });
        log.info({ orderId, kind, via: result.value.via, file: result.value.file }, "order e-mail sent");
      } else {
        log.error({ orderId, kind, err: result.reason }, "order e-mail could not be sent");
      }
    });
    return sent;
  } catch (error) {
    log.error({ orderId, err: error }, "order e-mails could not be prepared");
    return [];
  }
}

interface Registration {
  deps: OrderEmailDeps;
  inFlight: Set<Promise<unknown>>;
}

/** One registration per shop database, so two shops built in one process (tests) never cross. */
const registrations = new WeakMap<Db, Registration>();

/** The mailer registered for this shop's database, for e-mails sent outside the checkout (refunds); undefined without one. */
export function registeredMailer(db: Db): OrderEmailDeps | undefined {
  return registrations.get(db)?.deps;
}

/**
 * Lets the checkout's `onOrderPlaced` reach the mailer for this database (done once, by buildApp).
 * The function returned unregisters after waiting for the e-mails still being sent.
 */
export function registerOrderEmails(deps: OrderEmailDeps): () => Promise<void> {
  const registration: Registration = { deps, inFlight: new Set() };
  registrations.set(deps.db, registration);
  return async () => {
    if (registrations.get(deps.db) === registration) registrations.delete(deps.db);
    await Promise.allSettled([...registration.inFlight]);
  };
}

/**
 * Called by the checkout once an order's payment outcome is recorded and it was not a failure, and
 * by the sweep for an order whose e-mails are still due. Claims them first (the order's `emails_due`
 * flag), so they go out once whoever calls; then sends in the background and returns at once: it
 * never delays the reply, never throws. Answers whether this call claimed them, once the claim is
 * settled (the sweep counts by it; the checkout need not wait). Without a registered mailer
 * (API-only tests) it does nothing and the e-mails stay due.
 */
export function onOrderPlaced(db: Db, orderId: number): Promise<boolean> {
  const registration = registrations.get(db);
  if (!registration) return Promise.resolve(false);
  const claim = claimOrderEmails(db, orderId).catch(() => false);
  const sending: Promise<unknown> = claim
    .then((claimed) => (claimed ? sendOrderEmails(registration.deps, orderId) : []))
    .catch(() => {}) // only a logger that throws gets here; never an unhandled rejection
    .finally(() => registration.inFlight.delete(sending));
  registration.inFlight.add(sending);
  return claim;
}
