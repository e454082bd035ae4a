/**
 * An order's history (migration 019): every status change, note, e-mail, address edit and refund,
 * written by whoever made it in the transaction of the change, read back as the owner's timeline.
 */
import type { Db } from "../../db/index.ts";
import { compiled } from "../../db/prepared.ts";
import type { OrderActorType, OrderStatus } from "../../db/schema.ts";
import { run, runSteps, runWork, type Work } from "../../db/unit-of-work.ts";
import { webhookEventQueued } from "../../db/webhook-events.ts";

/**
 * Who acted: staff and customers by account id; a guest by the order's e-mail; a gateway by its id.
 * `via`: how staff acted when not from the console, "API key <description>" (decision 0098); kept in
 * the event's data (no column of its own) and read back onto the actor.
 */
export interface OrderActor {
  type: OrderActorType;
  id?: number | null;
  via?: string | null;
}

/** What each kind of event keeps, by type. */
export type OrderEventData =
  | { type: "status"; from: OrderStatus; to: OrderStatus; stock_returned?: boolean; coupons_returned?: string[]; note?: string }
  | { type: "note"; note: string; to_customer: boolean }
  /** skipped: not sent, because the owner switched this e-mail off (the settings' e-mails group). */
  | { type: "email"; email: string; to: string; skipped?: "switched_off" }
  | { type: "address"; which: "billing" | "shipping"; before: Record<string, unknown>; after: Record<string, unknown> }
  | { type: "refund"; refund_id: number; amount: number; method: "gateway" | "manual"; restocked: boolean; reason: string };

export type OrderEventType = OrderEventData["type"];

/**
 * `placing`: the event is part of the order's placing (its payment's outcome recorded by the call that placed it,
 * an order made by hand's first note and status), which order.created already tells: no order.updated (decision 0170).
 */
export interface OrderEventOptions {
  placing?: boolean;
}

/** Writes one event; call it with the transaction of the change it records. */
export function recordOrderEvent(
  db: Db,
  orderId: number,
  actor: OrderActor,
  event: OrderEventData,
  at: string,
  options: OrderEventOptions = {},
): Promise<void> {
  return runSteps(db, orderEventRecorded(db, orderId, actor, event, at, options));
}

/** An event to write: of which order, by whom, what, when. */
export interface OrderEventOf {
  orderId: number;
  actor: OrderActor;
  event: OrderEventData;
  at: string;
}

/**
 * Writes several events in one transaction of their own, synchronously on SQLite when the
 * connection is free: an order's e-mails, recorded together after they went out (decision 0060).
 * E-mails alone (no webhook hears of them) are one statement, with no transaction around it.
 */
export function recordOrderEvents(db: Db, events: OrderEventOf[]): Promise<void> {
  if (!events.length) return Promise.resolve();
  if (events.every(({ event }) => event.type === "email"))
    return runWork(db, () => emailEventsRecorded(db, events), { write: true, oneStatement: true });
  return runWork(db, () => orderEventsRecorded(db, events), { write: true });
}

/** E-mail events as one insert (their number varies: built here, not compiled once). */
function* emailEventsRecorded(db: Db, events: OrderEventOf[]): Work<void> {
  yield* run(db.insertInto("order_events").values(events.map(eventRow)).compile());
}

/** `recordOrderEvents`' unit of work (a module-level generator, decision 0126). */
function* orderEventsRecorded(db: Db, events: OrderEventOf[]): Work<void> {
  for (const { orderId, actor, event, at } of events) yield* orderEventRecorded(db, orderId, actor, event, at);
}

/** An event's row as stored: the actor's `via` kept in its data. */
function eventRow({ orderId, actor, event, at }: OrderEventOf) {
  const { type, ...data } = event;
  const kept = actor.via ? { ...data, via: actor.via } : data;
  return { order_id: orderId, type, actor_type: actor.type, actor_id: actor.id ?? null, data: JSON.stringify(kept), created_at: at };
}

/** `recordOrderEvent` as a step of a unit of work. */
export function* orderEventRecorded(
  db: Db,
  orderId: number,
  actor: OrderActor,
  event: OrderEventData,
  at: string,
  { placing = false }: OrderEventOptions = {},
): Work<void> {
  const { type } = event;
  const row = eventRow({ orderId, actor, event, at });
  yield* run(insertEvent(db, orderId, type, row.actor_type, row.actor_id, row.data, at));
  // Webhooks (decisions 0097, 0170): an e-mail sent changes nothing of the order; a draft's moves and the placing are the checkout's own (placing queues its event).
  const draftMove = type === "status" && (event.from === "checkout-draft" || event.to === "checkout-draft");
  if (type !== "email" && !draftMove && !placing) yield* webhookEventQueued(db, "order", "updated", orderId, at);
}

const insertEvent = compiled(
  (db, order_id: number, type: OrderEventType, actor_type: OrderActorType, actor_id: number | null, data: string, created_at: string) =>
    db.insertInto("order_events").values({ order_id, type, actor_type, actor_id, data, created_at }),
);

/** An event as read back: its data, when, and who with the account's e-mail when there was one (and the API key they used, if any). */
export type StoredOrderEvent = OrderEventData & {
  id: number;
  at: string;
  actor: { type: OrderActorType; id: number | null; email: string; via?: string };
};

/** An order's events, oldest first. */
export async function orderEvents(db: Db, orderId: number): Promise<StoredOrderEvent[]> {
  const rows = await db
    .selectFrom("order_events as e")
    .leftJoin("customers as c", "c.id", "e.actor_id")
    .select(["e.id", "e.type", "e.actor_type", "e.actor_id", "e.data", "e.created_at", "c.email"])
    .where("e.order_id", "=", orderId)
    .orderBy("e.id")
    .execute();
  return rows.map((row) => {
    const { via, ...data } = JSON.parse(row.data) as { via?: string };
    return {
      ...data,
      type: row.type,
      id: row.id,
      at: row.created_at,
      actor: { type: row.actor_type, id: row.actor_id, email: row.email ?? "", ...(via ? { via } : {}) },
    } as StoredOrderEvent;
  });
}
