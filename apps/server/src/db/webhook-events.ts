/**
 * Webhook events queued in the transaction of the change they tell of (decision 0097): one insert
 * that adds a pending delivery for every active webhook of the topic. When no active webhook listens
 * to the topic, nothing runs at all: each process keeps the topics active webhooks listen to under
 * the `webhooks` revision counter (migration 045), which the unit of work reads with the others, so
 * a webhook saved through any process is seen by every process's next event. Kept here, below the
 * modules, so that orders, the catalogue, coupons and customers can queue their events without
 * importing the webhooks module (which reads them back to build the payloads).
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";
import { compiled } from "./prepared.ts";
import { revisionCache } from "./revisions.ts";
import { type Cached, cached, run, runSteps, type Work } from "./unit-of-work.ts";

export const WEBHOOK_RESOURCES = ["order", "product", "customer", "coupon"] as const;
export type WebhookResource = (typeof WEBHOOK_RESOURCES)[number];
export const WEBHOOK_EVENTS = ["created", "updated", "deleted"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Deliveries queued by this process since it started: the webhook sender, kicked after a request,
 * looks for due deliveries only when this moved (read after the request's transaction committed).
 */
export const webhookQueue = { queued: 0 };

/**
 * An update while an earlier event of the same resource still waits for its first attempt adds
 * nothing: the payload is built when it is sent, from the resource as it then is, so the waiting
 * delivery already carries the change (WooCommerce, likewise, sends one update per request).
 */
const queueDeliveries = compiled(
  (
    db,
    topic: string,
    resource: string,
    event: string,
    resourceId: number,
    payload: string | null,
    at: string,
    coalesceA: string,
    coalesceB: string,
  ) =>
    db
      .insertInto("webhook_deliveries")
      .columns([
        "webhook_id",
        "topic",
        "resource",
        "event",
        "resource_id",
        "payload",
        "status",
        "attempts",
        "next_attempt_at",
        "created_at",
      ])
      .expression(
        db
          .selectFrom("webhooks as w")
          .select([
            "w.id",
            sql<string>`cast(${topic} as text)`.as("topic"),
            sql<string>`cast(${resource} as text)`.as("resource"),
            sql<string>`cast(${event} as text)`.as("event"),
            sql<number>`cast(${resourceId} as integer)`.as("resource_id"),
            sql<string | null>`cast(${payload} as text)`.as("payload"),
            sql<string>`'pending'`.as("status"),
            sql<number>`0`.as("attempts"),
            sql<string>`cast(${at} as text)`.as("next_attempt_at"),
            sql<string>`cast(${at} as text)`.as("created_at"),
          ])
          .where("w.status", "=", "active")
          .where("w.topic", "=", topic)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom("webhook_deliveries as d")
                  .select(sql`1`.as("one"))
                  .whereRef("d.webhook_id", "=", "w.id")
                  .where("d.resource_id", "=", resourceId)
                  .where("d.status", "=", "pending")
                  .where("d.attempts", "=", 0)
                  .where("d.topic", "in", [coalesceA, coalesceB]),
              ),
            ),
          ),
      ),
);

/**
 * The topics active webhooks listen to, per process, read again whenever the `webhooks` counter
 * moved (a webhook added, deleted, or its status or topic written, by any process or by hand).
 * Read before the value (revisions.ts), so a set is never older than the counter it is filed under.
 */
const activeTopics = revisionCache(
  "webhooks",
  async (db): Promise<ReadonlySet<string>> =>
    new Set((await db.selectFrom("webhooks").select("topic").distinct().where("status", "=", "active").execute()).map((row) => row.topic)),
);
const activeTopicsNow: Cached<ReadonlySet<string>> = {
  peek: (db, revisions) => activeTopics.peek(db, revisions),
  load: (db) => activeTopics(db),
};

/**
 * Queues `resource.event` for resource `id`, as a step of the change's unit of work. A topic no
 * active webhook listens to costs no statement (the counter is read once per unit of work, with
 * the others; on its own, one primary-key read instead of the insert).
 */
export function* webhookEventQueued(db: Db, resource: WebhookResource, event: WebhookEvent, id: number, at: string): Work<void> {
  const topic = `${resource}.${event}`;
  if (!(yield* cached(activeTopicsNow)).has(topic)) return;
  // A deleted resource cannot be read back: its payload is its id, fixed now.
  const payload = event === "deleted" ? JSON.stringify({ id }) : null;
  const [a, b] = event === "updated" ? [`${resource}.created`, topic] : ["", ""];
  const result = yield* run(queueDeliveries(db, topic, resource, event, id, payload, at, a, b));
  if (Number(result.numAffectedRows ?? 0) > 0) webhookQueue.queued++;
}

/** Whether an active webhook listens to any of the topics: a step that costs no statement while the topics are held. */
export function* webhookTopicsHeard(topics: readonly string[]): Work<boolean> {
  const active = yield* cached(activeTopicsNow);
  return topics.some((topic) => active.has(topic));
}

/** `webhookEventQueued` on its own: call it with the transaction of the change. */
export function queueWebhookEvent(db: Db, resource: WebhookResource, event: WebhookEvent, id: number, at?: string): Promise<void> {
  return runSteps(db, webhookEventQueued(db, resource, event, id, at ?? new Date().toISOString()));
}
