/**
 * The webhook sender (decision 0097): every process runs one. It takes due deliveries from the
 * database queue, each claimed by a conditional update so that no two processes send it at once,
 * sends it (`post.ts`: node:http(s) to a checked address, a timeout, no redirect followed, the body signed), and records the answer:
 * delivered, or the next attempt after the back-off, or failed once none is left. Consecutive
 * failures disable the webhook with a reason the owner reads in the console. Decision 0170: a
 * second signature covers the attempt's time, and an order's deliveries wait while its payment is asked.
 */
import type { FastifyBaseLogger } from "fastify";
import { type Selectable, sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "../../db/schema.ts";
import type { WebhookResource } from "../../db/webhook-events.ts";
import { type Periodic, periodic } from "../../periodic.ts";
import { resourcePayload } from "./payloads.ts";
import { postWebhook, type Resolver } from "./post.ts";
import {
  CLAIM_MS,
  DISABLE_AFTER_FAILURES,
  isDelivered,
  KEEP_DAYS,
  KEEP_DELIVERIES,
  nextAttemptAt,
  signBody,
  signTimestamped,
} from "./rules.ts";
import { USER_AGENT } from "./version.ts";

export interface WebhookSenderOptions {
  db: Db;
  /** WEBHOOKS_ALLOW_PRIVATE: deliver to loopback and private addresses too. */
  allowPrivate: boolean;
  /** Resolves delivery hosts' names (tests give a fake one); dns.lookup when not given. */
  resolve?: Resolver;
  /** The clock the queue is read by (tests move it instead of waiting). */
  now?: () => Date;
  log?: FastifyBaseLogger;
  /** How often due deliveries are looked for besides the kicks; 30 s when not given. */
  intervalMs?: number;
}

export interface WebhookSender {
  /** Sends every delivery due now (joining a run in flight); answers how many attempts this call's run made. */
  deliverDue(): Promise<void>;
  /** Looks for due deliveries soon: after a request queued some. */
  kick(): void;
  stop(): Promise<void>;
}

type Delivery = Selectable<WebhookDeliveriesTable>;
type Webhook = Selectable<WebhooksTable>;

/** What the delivery log shows in place of each signature. */
const SIGNATURE_LOGGED = "(sent; computed with the webhook's secret)";

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db } = options;
  const clock = options.now ?? (() => new Date());
  let again = false;
  const task = async () => {
    do {
      again = false;
      try {
        while (await sendBatch()) {}
        await prune();
      } catch (error) {
        options.log?.error({ err: error }, "webhooks: sending deliveries failed");
      }
    } while (again);
  };
  const runs: Periodic = periodic(task, options.intervalMs ?? 30_000);

  /** Claims and sends up to ten due deliveries; answers whether it found any. */
  async function sendBatch(): Promise<boolean> {
    const now = clock().toISOString();
    const due = await db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhooks as w", "w.id", "d.webhook_id")
      .leftJoin("orders as o", (join) => join.onRef("o.id", "=", "d.resource_id").on("d.resource", "=", "order"))
      .select(["d.id", "d.attempts"])
      .where("d.status", "=", "pending")
      .where("d.next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("d.locked_until", "is", null), eb("d.locked_until", "<", now)]))
      // What the owner asked for (a test, a redelivery) goes whatever the webhook's status; the rest wait while it is paused or disabled.
      .where((eb) => eb.or([eb("w.status", "=", "active"), eb("d.by_owner", "=", 1)]))
      // An order whose payment is being asked of its gateway (seconds) is told once its outcome is recorded, which the body then carries (decision 0170).
      .where((eb) => eb.or([eb("o.payment_attempt", "is", null), eb("o.payment_attempt", "=", "")]))
      .orderBy("d.id")
      .limit(10)
      .execute();
    for (const { id, attempts } of due) {
      const claimed = await claim(id, attempts);
      if (claimed) await attempt(claimed.delivery, claimed.webhook);
    }
    return due.length > 0;
  }

  /** The delivery, if this process is the one that moved it from `attempts` (another process racing for it gets nothing). */
  async function claim(id: number, attempts: number): Promise<{ delivery: Delivery; webhook: Webhook } | undefined> {
    const now = clock();
    const at = now.toISOString();
    const result = await db
      .updateTable("webhook_deliveries")
      .set({ attempts: attempts + 1, locked_until: new Date(now.getTime() + CLAIM_MS).toISOString(), attempted_at: at })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("attempts", "=", attempts)
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    const delivery = (await db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst()) as
      | Delivery
      | undefined;
    const webhook =
      delivery &&
      ((await db.selectFrom("webhooks").selectAll().where("id", "=", delivery.webhook_id).executeTakeFirst()) as Webhook | undefined);
    return delivery && webhook ? { delivery, webhook } : undefined;
  }

  async function attempt(delivery: Delivery, webhook: Webhook): Promise<void> {
    // Whole seconds: the timestamp header and the one the V2 signature covers name the same instant.
    const unixSeconds = Math.floor(clock().getTime() / 1000);
    let body = delivery.payload;
    if (body === null) {
      // Built once, at the first attempt, from the resource as it then is; retries send the same bytes.
      const payload = await resourcePayload(db, delivery.resource as WebhookResource, Number(delivery.resource_id), webhook.created_by);
      body = JSON.stringify(payload);
      await db.updateTable("webhook_deliveries").set({ payload: body }).where("id", "=", delivery.id).execute();
    }
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      "X-Cartwright-Webhook-Topic": delivery.topic,
      "X-Cartwright-Webhook-Resource": delivery.resource,
      "X-Cartwright-Webhook-Event": delivery.event,
      "X-Cartwright-Webhook-Id": String(webhook.id),
      "X-Cartwright-Webhook-Delivery-Id": String(delivery.id),
      "X-Cartwright-Webhook-Timestamp": new Date(unixSeconds * 1000).toISOString(),
      "X-Cartwright-Webhook-Signature": signBody(webhook.secret, body),
      "X-Cartwright-Webhook-Signature-V2": signTimestamped(webhook.secret, unixSeconds, body),
    };
    const outcome = await postWebhook(webhook.delivery_url, headers, body, {
      allowPrivate: options.allowPrivate,
      resolve: options.resolve,
    });
    // The log keeps the headers as sent but the signatures: the secret's proof stays with the receiver.
    const logged = JSON.stringify({
      ...headers,
      "X-Cartwright-Webhook-Signature": SIGNATURE_LOGGED,
      "X-Cartwright-Webhook-Signature-V2": SIGNATURE_LOGGED,
    });
    const now = clock();
    const at = now.toISOString();
    const delivered = outcome.status !== null && isDelivered(outcome.status);
    // Counted from the attempt's claim, so the schedule does not drift by how long each answer took.
    const next = delivered ? null : nextAttemptAt(delivery.attempts, new Date(delivery.attempted_at ?? at));
    await db
      .updateTable("webhook_deliveries")
      .set({
        status: delivered ? "delivered" : next ? "pending" : "failed",
        next_attempt_at: next ? next.toISOString() : null,
        locked_until: null,
        request_headers: logged,
        response_status: outcome.status,
        response_body: outcome.body,
        duration_ms: outcome.durationMs,
        error: outcome.error,
        delivered_at: delivered ? at : null,
      })
      .where("id", "=", delivery.id)
      .execute();
    if (delivered) {
      await db.updateTable("webhooks").set({ failure_count: 0 }).where("id", "=", webhook.id).where("failure_count", ">", 0).execute();
      return;
    }
    await db
      .updateTable("webhooks")
      .set((eb) => ({ failure_count: eb("failure_count", "+", 1) }))
      .where("id", "=", webhook.id)
      .execute();
    const reason = `Disabled on ${at} after ${DISABLE_AFTER_FAILURES} failed deliveries in a row; the last: ${outcome.error ?? `HTTP ${outcome.status}`}.`;
    const disabled = await db
      .updateTable("webhooks")
      .set({ status: "disabled", disabled_reason: reason, updated_at: at })
      .where("id", "=", webhook.id)
      .where("status", "=", "active")
      .where("failure_count", ">=", DISABLE_AFTER_FAILURES)
      .executeTakeFirst();
    if (Number(disabled.numUpdatedRows) === 1)
      options.log?.warn({ webhook: webhook.id }, "webhook disabled after repeated failed deliveries");
  }

  /** Old finished deliveries go: past KEEP_DAYS, or beyond the newest KEEP_DELIVERIES of their webhook. */
  async function prune(): Promise<void> {
    const cutoff = new Date(clock().getTime() - KEEP_DAYS * 86_400_000).toISOString();
    await db.deleteFrom("webhook_deliveries").where("status", "<>", "pending").where("created_at", "<", cutoff).execute();
    await db
      .deleteFrom("webhook_deliveries")
      .where("status", "<>", "pending")
      .where(
        "id",
        "<=",
        sql<number>`coalesce((select k.id from webhook_deliveries k where k.webhook_id = webhook_deliveries.webhook_id order by k.id desc limit 1 offset ${KEEP_DELIVERIES}), 0)`,
      )
      .execute();
  }

  return {
    deliverDue: () => runs.run(),
    kick() {
      again = true;
      void runs.run();
    },
    stop: () => runs.stop(),
  };
}
