/**
 * Order e-mails (issue 5, decision 0012): when an order is placed the shopper gets a confirmation
 * and the owner a new-order notice. Sending happens after the shopper's reply, in the background;
 * a failure is logged and never reaches the checkout, since the order is already placed.
 */
import type { Db } from "../../db/index.ts";
import type { OrderStatus } from "../../db/schema.ts";
import { StoreError } from "../../http/errors.ts";
import { orderDownloads } from "../downloads/index.ts";
import {
  claimOrdersEmails,
  findOrder,
  type OrderActor,
  type OrderEmailName,
  type OrderEventOf,
  type OrderRow,
  type OrderView,
  orderView,
  orderWithView,
  recordOrderEvent,
  recordOrderEvents,
  setOrderMailSender,
} from "../orders/index.ts";
import { paymentInstructions } from "../payments/index.ts";
import { getSettings, type SwitchableEmail } from "../settings/index.ts";
import {
  renderOrderCancelled,
  renderOrderCompleted,
  renderOrderFailed,
  renderOrderInvoice,
  renderOrderNote,
  renderOrderProcessing,
} from "./order-updates.ts";
import {
  type OrderEmailData,
  type RenderedEmail,
  renderCancelledOrderNotice,
  renderFailedOrderNotice,
  renderNewOrderNotice,
  renderOrderConfirmation,
} from "./templates.ts";
import { type Delivery, emailIsOn, type Mailer, ownerAccountEmail, ownerAddress, senderFor } from "./transport.ts";

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

export type OrderEmailKind =
  | "confirmation"
  | "new-order"
  | "processing"
  | "completed"
  | "invoice"
  | "note"
  | "cancelled"
  | "failed-notice"
  | "cancelled-notice"
  | "failed";
export type SentOrderEmail = Delivery & { kind: OrderEmailKind };

/** Orders that were placed: paid, accepted for later payment, or waiting for a payment to confirm. */
const PLACED: OrderStatus[] = ["pending", "processing", "on-hold", "completed"];

const quiet: MailLog = { info() {}, error() {} };

/** The shop itself sending (the checkout's e-mails). */
const SHOP: OrderActor = { type: "shop" };

/** Each e-mail's outbox file kind, and the name its `email` event and the owner's resend use. */
const EVENT_NAMES: Record<OrderEmailKind, OrderEmailName> = {
  confirmation: "customer_confirmation",
  "new-order": "owner_notice",
  processing: "customer_processing",
  completed: "customer_completed",
  invoice: "customer_invoice",
  note: "customer_note",
  cancelled: "customer_cancelled",
  "failed-notice": "owner_failed",
  "cancelled-notice": "owner_cancelled",
  failed: "customer_failed",
};
/** How each order e-mail is written, but the note, which also takes the owner's words. */
const RENDER: Record<Exclude<OrderEmailKind, "note">, (data: OrderEmailData) => RenderedEmail> = {
  confirmation: renderOrderConfirmation,
  "new-order": renderNewOrderNotice,
  processing: renderOrderProcessing,
  completed: renderOrderCompleted,
  invoice: renderOrderInvoice,
  cancelled: renderOrderCancelled,
  failed: renderOrderFailed,
  "failed-notice": renderFailedOrderNotice,
  "cancelled-notice": renderCancelledOrderNotice,
};
/** The e-mails that go to the shop's owner rather than to the shopper. */
const TO_OWNER: ReadonlySet<OrderEmailKind> = new Set(["new-order", "failed-notice", "cancelled-notice"]);
const KINDS = Object.fromEntries(Object.entries(EVENT_NAMES).map(([kind, name]) => [name, kind])) as Record<OrderEmailName, OrderEmailKind>;

/** What every order e-mail is rendered from, and who sends it to whom. */
async function prepare(mailer: Mailer, db: Db, row: OrderRow, view?: OrderView) {
  const [order, settings, downloads, ownerAccount] = await Promise.all([
    view ?? orderView(db, row),
    getSettings(db),
    orderDownloads(db, row.id),
    ownerAccountEmail(db),
  ]);
  const data: OrderEmailData = {
    order,
    siteTitle: settings.siteTitle,
    orderUrl: `${mailer.publicUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(row.order_key)}`,
    payUrl: `${mailer.publicUrl}/checkout/order-pay/${order.id}?key=${encodeURIComponent(row.order_key)}`,
    consoleUrl: `${mailer.publicUrl}/admin/orders/${order.id}`,
    instructions: paymentInstructions(settings, order.payment_method, order.status),
    timeZone: settings.timeZone,
    downloads: downloads.map((d) => ({
      product: d.product_name,
      file: d.file_name,
      url: `${mailer.publicUrl}${d.download_url}`,
      remaining: d.downloads_remaining,
      expires: d.access_expires,
    })),
  };
  const from = senderFor(mailer, settings);
  const shopper = (order.billing_address.email ?? "").trim();
  // The owner account's address too, as a contact message's notice (decision 0147): the shop's own sender reads no mail.
  const owner = ownerAddress(mailer, settings, ownerAccount);
  // No owner's address known: the notice is kept in the outbox, addressed to the shop's own sender.
  const ownerTo = owner ?? (typeof from === "string" ? from : from.address);
  const isOn = (kind: OrderEmailKind) => emailIsOn(settings, EVENT_NAMES[kind] as SwitchableEmail);
  return { data, from, shopper, owner, ownerTo, isOn };
}
type Prepared = Awaited<ReturnType<typeof prepare>>;

/** One e-mail of the order, sent; answers where it went. The owner's notice replies to the shopper, the shopper's to the owner. */
async function deliver(mailer: Mailer, orderId: number, kind: OrderEmailKind, p: Prepared, rendered: RenderedEmail) {
  if (TO_OWNER.has(kind)) {
    const delivery = await mailer.send(
      { ...rendered, from: p.from, to: p.ownerTo, ...(p.shopper ? { replyTo: p.shopper } : {}), orderId, kind },
      { outboxOnly: !p.owner },
    );
    return { ...delivery, to: p.ownerTo };
  }
  const delivery = await mailer.send({ ...rendered, from: p.from, to: p.shopper, ...(p.owner ? { replyTo: p.owner } : {}), orderId, kind });
  return { ...delivery, to: p.shopper };
}

/** The `email` event of a sent e-mail (its own write: the e-mail went out after the change's commit). */
function sentEvent(orderId: number, actor: OrderActor, kind: OrderEmailKind, to: string): OrderEventOf {
  return { orderId, actor, event: { type: "email", email: EVENT_NAMES[kind], to }, at: new Date().toISOString() };
}

/** Writes the `email` event of a sent e-mail. */
function recordSent(db: Db, orderId: number, actor: OrderActor, kind: OrderEmailKind, to: string) {
  return recordOrderEvents(db, [sentEvent(orderId, actor, kind, to)]);
}

/** Writes the `email` event of an e-mail the owner switched off: the timeline says it was not sent, and why. */
function recordSkipped(db: Db, orderId: number, actor: OrderActor, kind: OrderEmailKind, to: string) {
  const event = { type: "email" as const, email: EVENT_NAMES[kind], to, skipped: "switched_off" as const };
  return recordOrderEvent(db, orderId, actor, event, new Date().toISOString());
}

export const emailErrors = {
  noAddress: () => new StoreError("cw_rest_order_no_email", "The order has no billing email address to send to.", 409),
  notPlaced: () => new StoreError("cw_rest_order_email_not_placed", "This order was not placed: it has no emails to send.", 409),
  failed: (reason: string) => new StoreError("cw_rest_email_failed", `The email could not be sent: ${reason}`, 502),
};

/**
 * Sends one e-mail of an order now (the owner's resend, the completed e-mail, a note to the shopper)
 * and records its `email` event by `actor`; one the owner switched off is not sent, its event says
 * so, and the answer is `skipped`. Rejects with a StoreError when it cannot be sent.
 */
export async function sendOrderEmail(
  deps: OrderEmailDeps,
  orderId: number,
  email: OrderEmailName,
  options: { actor: OrderActor; note?: string },
): Promise<{ to: string; skipped?: boolean }> {
  const row = await findOrder(deps.db, orderId);
  if (!row || row.status === "checkout-draft") throw emailErrors.notPlaced();
  const p = await prepare(deps.mailer, deps.db, row);
  const kind = KINDS[email];
  if (!TO_OWNER.has(kind) && !p.shopper) throw emailErrors.noAddress();
  const to = TO_OWNER.has(kind) ? p.ownerTo : p.shopper;
  if (!p.isOn(kind)) {
    await recordSkipped(deps.db, orderId, options.actor, kind, to);
    return { to, skipped: true };
  }
  const rendered = kind === "note" ? renderOrderNote(p.data, options.note ?? "") : RENDER[kind](p.data);
  let sent: Awaited<ReturnType<typeof deliver>>;
  try {
    sent = await deliver(deps.mailer, orderId, kind, p, rendered);
  } catch (error) {
    (deps.log ?? quiet).error({ orderId, kind, err: error }, "order email could not be sent");
    throw emailErrors.failed(error instanceof Error ? error.message : String(error));
  }
  (deps.log ?? quiet).info({ orderId, kind, via: sent.via, file: sent.file }, "order email sent");
  await recordSent(deps.db, orderId, options.actor, kind, sent.to);
  return { to: sent.to };
}

/**
 * Renders and sends both e-mails of a placed order. Never throws: what failed is logged, and the
 * answer lists what was sent (nothing for a draft, failed or cancelled order).
 */
export async function sendOrderEmails(
  deps: OrderEmailDeps,
  orderId: number,
  record: (events: OrderEventOf[]) => Promise<void> = (events) => recordOrderEvents(deps.db, events),
): Promise<SentOrderEmail[]> {
  const log = deps.log ?? quiet;
  const { mailer } = deps;
  try {
    // The order and its view in one read: synchronous on SQLite when the connection is free (decision 0065).
    const order = await orderWithView(deps.db, orderId);
    if (!order || !PLACED.includes(order.row.status)) {
      log.info({ orderId, status: order?.row.status ?? null }, "order emails not sent: the order was not placed");
      return [];
    }
    const p = await prepare(mailer, deps.db, order.row, order.view);
    const due: { kind: OrderEmailKind; to: string; run: () => Promise<Delivery & { to: string }> }[] = [];
    if (p.shopper)
      due.push({
        kind: "confirmation",
        to: p.shopper,
        run: () => deliver(mailer, orderId, "confirmation", p, renderOrderConfirmation(p.data)),
      });
    due.push({ kind: "new-order", to: p.ownerTo, run: () => deliver(mailer, orderId, "new-order", p, renderNewOrderNotice(p.data)) });
    for (const job of due.filter((j) => !p.isOn(j.kind))) {
      log.info({ orderId, kind: job.kind }, "order email not sent: switched off in the email settings");
      await recordSkipped(deps.db, orderId, SHOP, job.kind, job.to);
    }
    const jobs = due.filter((job) => p.isOn(job.kind));
    const results = await Promise.allSettled(jobs.map((job) => job.run()));
    const sent: SentOrderEmail[] = [];
    const events: OrderEventOf[] = [];
    for (const [i, result] of results.entries()) {
      const kind = jobs[i]?.kind ?? "confirmation";
      if (result.status === "fulfilled") {
        const { to, ...delivery } = result.value;
        sent.push({ ...delivery, kind });
        log.info({ orderId, kind, via: delivery.via, file: delivery.file }, "order email sent");
        events.push(sentEvent(orderId, SHOP, kind, to));
      } else {
        log.error({ orderId, kind, err: result.reason }, "order email could not be sent");
      }
    }
    // Both e-mails' events in one transaction (with other orders' when sent in turns, recordInBatch).
    await record(events);
    return sent;
  } catch (error) {
    log.error({ orderId, err: error }, "order emails could not be prepared");
    return [];
  }
}

interface Registration {
  deps: OrderEmailDeps;
  inFlight: Set<Promise<unknown>>;
  /** Orders whose e-mails are being rendered and sent now; at most SENDING_AT_ONCE. */
  sending: number;
  /** Orders waiting for a turn, as callbacks that start them: an id waits, not a rendered message. */
  waiting: (() => void)[];
  /** The orders whose e-mails are claimed together at the end of this turn of the event loop; null when none. */
  batch: { ids: number[]; claimed: Promise<Set<number>> } | null;
  /** The sent e-mails' events of orders in their turn, to write in one transaction; null when none wait. */
  events: { events: OrderEventOf[]; orders: number; write: () => void; written: Promise<void> } | null;
}

/**
 * Orders whose e-mails render and send at the same time, per shop. Under a burst of orders the rest
 * wait as order ids, so a backlog costs a few bytes each instead of its rendered messages (decision 0057).
 */
const SENDING_AT_ONCE = 4;

/** Runs `work` once fewer than SENDING_AT_ONCE others run; a finished one hands its turn to the next waiting. */
async function inTurn<T>(registration: Registration, work: () => Promise<T>): Promise<T> {
  if (registration.sending < SENDING_AT_ONCE) registration.sending++;
  else await new Promise<void>((go) => registration.waiting.push(go));
  try {
    return await work();
  } finally {
    const next = registration.waiting.shift();
    if (next) next();
    else {
      registration.sending--;
      // Fewer orders in their turn: those whose events wait need not wait for more.
      if (registration.events && registration.events.orders >= registration.sending) registration.events.write();
    }
  }
}

/**
 * Claims an order's e-mails with the others settled in the same turn of the event loop: one
 * statement and one commit for all of them, once that turn's callbacks have run (decision 0060).
 */
function claimInBatch(registration: Registration, orderId: number): Promise<boolean> {
  let batch = registration.batch;
  if (!batch) {
    const ids: number[] = [];
    const claimed = new Promise<void>((go) => setImmediate(go)).then(() => {
      registration.batch = null;
      return claimOrdersEmails(registration.deps.db, ids);
    });
    batch = { ids, claimed };
    registration.batch = batch;
  }
  // The same order asked for twice in one turn: only the first asker may send.
  if (batch.ids.includes(orderId)) return batch.claimed.then(() => false);
  batch.ids.push(orderId);
  return batch.claimed.then((claimed) => claimed.has(orderId));
}

/** The longest an order's e-mail events wait for the other orders in their turn to reach theirs. */
const EVENTS_WAIT_MS = 20;

/**
 * Writes an order's sent e-mails' events with those of the other orders in their turn: one transaction
 * once every order in its turn has come this far (at once when it is the only one), or after
 * EVENTS_WAIT_MS, instead of one per order (decision 0067).
 */
function recordInBatch(registration: Registration, events: OrderEventOf[]): Promise<void> {
  let batch = registration.events;
  if (!batch) {
    let go = () => {};
    const ready = new Promise<void>((resolve) => {
      go = resolve;
    });
    const timer = setTimeout(() => created.write(), EVENTS_WAIT_MS);
    const created: NonNullable<Registration["events"]> = {
      events: [],
      orders: 0,
      write: () => {
        // Closed: orders that come later start a batch of their own.
        if (registration.events === created) registration.events = null;
        clearTimeout(timer);
        go();
      },
      written: ready.then(() => recordOrderEvents(registration.deps.db, created.events)),
    };
    batch = created;
    registration.events = batch;
  }
  batch.events.push(...events);
  batch.orders++;
  if (batch.orders >= registration.sending) batch.write();
  return batch.written;
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
  const registration: Registration = { deps, inFlight: new Set(), sending: 0, waiting: [], batch: null, events: null };
  registrations.set(deps.db, registration);
  const sender = {
    send: (orderId: number, email: OrderEmailName, options: { actor: OrderActor; note?: string }) =>
      sendOrderEmail(deps, orderId, email, options),
  };
  setOrderMailSender(deps.db, sender);
  return async () => {
    if (registrations.get(deps.db) === registration) {
      registrations.delete(deps.db);
      setOrderMailSender(deps.db, null);
    }
    await Promise.allSettled([...registration.inFlight]);
  };
}

/**
 * Called by the checkout once an order's payment outcome is recorded and it was not a failure, and
 * by the sweep for an order whose e-mails are still due. Claims them first (the order's `emails_due`
 * flag; with the other orders settled in the same turn of the event loop), so they go out once whoever calls; then sends in the background and returns at once: it
 * never delays the reply, never throws. Answers whether this call claimed them, once the claim is
 * settled (the sweep counts by it; the checkout need not wait). Without a registered mailer
 * (API-only tests) it does nothing and the e-mails stay due.
 */
export function onOrderPlaced(db: Db, orderId: number): Promise<boolean> {
  const registration = registrations.get(db);
  if (!registration) return Promise.resolve(false);
  const claim = claimInBatch(registration, orderId).catch(() => false);
  inBackground(
    registration,
    claim.then((claimed) =>
      claimed
        ? inTurn(registration, () => sendOrderEmails(registration.deps, orderId, (events) => recordInBatch(registration, events)))
        : [],
    ),
  );
  return claim;
}

/**
 * Other mail sent after a commit (an owner's notice): run in the background the shutdown waits for,
 * with this database's mailer; nothing without one. `work` logs its own failure.
 */
export function mailInBackground(db: Db, work: (deps: OrderEmailDeps) => Promise<unknown>): void {
  const registration = registrations.get(db);
  if (registration) inBackground(registration, work(registration.deps));
}

/** Sending the shutdown waits for; a failure was logged where it happened (only a throwing logger gets here), never unhandled. */
function inBackground(registration: Registration, work: Promise<unknown>): void {
  const sending: Promise<unknown> = work.catch(() => {}).finally(() => registration.inFlight.delete(sending));
  registration.inFlight.add(sending);
}

/**
 * An order's payment failed (a declined card, or a gateway's later answer): the owner's
 * failed-order notice, and with `toCustomer` the shopper's failed-order e-mail with the link to pay
 * it (decision 0085: only for a failure they did not see on screen), in the background.
 */
export function onOrderFailed(db: Db, orderId: number, { toCustomer }: { toCustomer: boolean }): void {
  const registration = registrations.get(db);
  if (!registration) return;
  // sendOrderEmail logs a failed send; the order's failure stands either way.
  inBackground(registration, sendOrderEmail(registration.deps, orderId, "owner_failed", { actor: SHOP }));
  if (toCustomer) inBackground(registration, sendOrderEmail(registration.deps, orderId, "customer_failed", { actor: SHOP }));
}
