/**
 * The owner's webhooks (decision 0097): list, create, read, change and delete them; read a webhook's
 * delivery log; deliver one again; send a test. Each write and its change_log row share one
 * transaction; the log never holds a secret (it says whether it changed). The secret itself is
 * shown to the owner, who needs it to check signatures.
 */
import type { WebhookInput, WebhookStatus } from "@cartwright/commerce/admin";
import type { Selectable } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "../../db/schema.ts";
import { webhookQueue } from "../../db/webhook-events.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { pagingOf } from "../../http/paging.ts";
import { deliveryUrlProblem, newSecret } from "./rules.ts";

export const webhookErrors = {
  notFound: () => new StoreError("cw_rest_webhook_not_found", "No webhook has this id.", 404),
  deliveryNotFound: () => new StoreError("cw_rest_webhook_delivery_not_found", "This webhook has no delivery with this id.", 404),
  changed: (current: string) => staleEdit("cw_rest_webhook_changed", "webhook", current),
};

/**
 * What the owner edits (decision 0158): not its failure count nor its deliveries, which every delivery moves.
 * Its status is the owner's field, so a webhook the sender disabled after its failures makes an open editor stale.
 */
const webhookVersion = ({ name, topic, delivery_url, secret, status }: WebhookRow) =>
  editVersion({ name, topic, delivery_url, secret, status });

export type { WebhookInput };

/** What this process's owner API needs from the app: whether local addresses are allowed, and the sender to kick. */
export interface WebhookAdminOptions {
  allowPrivate: boolean;
  kick(): void;
}

type WebhookRow = Selectable<WebhooksTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

const nowOf = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();

/** A delivery as the log lists it (without its body and headers). */
function deliverySummary(row: DeliveryRow) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    topic: row.topic,
    resource: row.resource,
    event: row.event,
    resource_id: row.resource_id,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === "pending" ? row.next_attempt_at : null,
    response_status: row.response_status,
    duration_ms: row.duration_ms,
    error: row.error,
    created_at: row.created_at,
    attempted_at: row.attempted_at,
    delivered_at: row.delivered_at,
  };
}

/** A delivery with what was sent and what came back. */
function deliveryDetail(row: DeliveryRow) {
  return {
    ...deliverySummary(row),
    request: { headers: row.request_headers ? (JSON.parse(row.request_headers) as Record<string, string>) : null, body: row.payload },
    response: { status: row.response_status, body: row.response_body, duration_ms: row.duration_ms },
  };
}

function ownerWebhook(row: WebhookRow, last: DeliveryRow | undefined) {
  return {
    id: row.id,
    name: row.name,
    topic: row.topic,
    delivery_url: row.delivery_url,
    secret: row.secret,
    status: row.status,
    api_version: row.api_version,
    failure_count: row.failure_count,
    disabled_reason: row.disabled_reason,
    /** http:// sends the body and its signature in the clear. */
    warnings: row.delivery_url.startsWith("http:") ? ["insecure_url"] : [],
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
    updated_by: row.updated_by,
    last_delivery: last ? deliverySummary(last) : null,
    version: webhookVersion(row),
  };
}
export type OwnerWebhook = ReturnType<typeof ownerWebhook>;

/** The change log's copy: the secret never, only whether it is set. */
const logged = (row: WebhookRow) => {
  const { secret: _secret, ...rest } = row;
  return { ...rest, secret: "(hidden)" };
};

async function lastDeliveries(db: Db, ids: number[]): Promise<Map<number, DeliveryRow>> {
  if (!ids.length) return new Map();
  const latest = db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("webhook_id", "in", ids)
    .where("attempts", ">", 0)
    .groupBy("webhook_id");
  const rows = (await db.selectFrom("webhook_deliveries").selectAll().where("id", "in", latest).execute()) as DeliveryRow[];
  return new Map(rows.map((row) => [row.webhook_id, row]));
}

export async function listWebhooks(ctx: RequestContext, query: { page: number; perPage: number; status?: WebhookStatus }) {
  const base = ctx.db.selectFrom("webhooks").$if(query.status !== undefined, (q) => q.where("status", "=", query.status as WebhookStatus));
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("id", "desc")
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute() as Promise<WebhookRow[]>,
  ]);
  const last = await lastDeliveries(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    webhooks: rows.map((row) => ownerWebhook(row, last.get(row.id))),
    ...pagingOf(Number(total), query.page, query.perPage),
  };
}

async function findRow(db: Db, id: number): Promise<WebhookRow | undefined> {
  return (await db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst()) as WebhookRow | undefined;
}

export async function readWebhook(ctx: RequestContext, id: number): Promise<OwnerWebhook> {
  const row = await findRow(ctx.db, id);
  if (!row) throw webhookErrors.notFound();
  return ownerWebhook(row, (await lastDeliveries(ctx.db, [id])).get(id));
}

/** The checks the schema cannot state, each beside its field. */
function check(input: WebhookInput, options: WebhookAdminOptions): WebhookInput {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  if (!name) errors.name = "Give the webhook a name.";
  const url = input.delivery_url.trim();
  const problem = deliveryUrlProblem(url, options.allowPrivate);
  if (problem) errors.delivery_url = problem;
  const secret = input.secret.trim();
  if (/\s/.test(secret)) errors.secret = "The secret cannot contain spaces.";
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  return { ...input, name, delivery_url: url, secret: secret || newSecret() };
}

export async function createWebhook(ctx: RequestContext, input: WebhookInput, options: WebhookAdminOptions): Promise<OwnerWebhook> {
  const checked = check(input, options);
  const at = nowOf(ctx);
  const ownerId = ctx.owner?.id ?? null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("webhooks")
      .values({ ...checked, api_version: "v1", failure_count: 0, created_by: ownerId, updated_by: ownerId, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const saved = (await findRow(trx, Number(inserted.id))) as WebhookRow;
    await logOwnerChange(trx, ctx, "webhook", saved.id, null, logged(saved));
    return saved;
  });
  return ownerWebhook(row, undefined);
}

export async function updateWebhook(
  ctx: RequestContext,
  id: number,
  patch: Partial<WebhookInput>,
  options: WebhookAdminOptions,
  version?: string,
): Promise<OwnerWebhook> {
  const at = nowOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("webhooks").selectAll().where("id", "=", id);
    if (isPostgres(trx)) query = query.forUpdate();
    const before = (await query.executeTakeFirst()) as WebhookRow | undefined;
    if (!before) throw webhookErrors.notFound();
    checkVersion(version, webhookVersion(before), webhookErrors.changed);
    const merged: WebhookInput = {
      name: patch.name ?? before.name,
      topic: patch.topic ?? before.topic,
      delivery_url: patch.delivery_url ?? before.delivery_url,
      // A blank secret sent makes a new one; left out keeps the one there.
      secret: patch.secret ?? before.secret,
      status: patch.status ?? before.status,
    };
    const checked = check(merged, options);
    // Made active again: its count of failures starts over and the reason it was disabled goes.
    const reactivated = checked.status === "active" && before.status !== "active";
    await trx
      .updateTable("webhooks")
      .set({
        ...checked,
        disabled_reason:
          checked.status !== "disabled" ? null : before.status === "disabled" ? before.disabled_reason : "Disabled by the owner.",
        ...(reactivated ? { failure_count: 0 } : {}),
        updated_by: ctx.owner?.id ?? null,
        updated_at: at,
      })
      .where("id", "=", id)
      .execute();
    const after = (await findRow(trx, id)) as WebhookRow;
    await logOwnerChange(trx, ctx, "webhook", id, logged(before), { ...logged(after), secret_changed: after.secret !== before.secret });
  });
  options.kick();
  return readWebhook(ctx, id);
}

export async function deleteWebhook(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findRow(trx, id);
    if (!before) throw webhookErrors.notFound();
    await trx.deleteFrom("webhook_deliveries").where("webhook_id", "=", id).execute();
    await trx.deleteFrom("webhooks").where("id", "=", id).execute();
    await logOwnerChange(trx, ctx, "webhook", id, logged(before), null);
  });
}

export async function listDeliveries(ctx: RequestContext, id: number, query: { page: number; perPage: number }) {
  if (!(await findRow(ctx.db, id))) throw webhookErrors.notFound();
  const base = ctx.db.selectFrom("webhook_deliveries").where("webhook_id", "=", id);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy("id", "desc")
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute() as Promise<DeliveryRow[]>,
  ]);
  return { deliveries: rows.map(deliveryDetail), ...pagingOf(Number(total), query.page, query.perPage) };
}

async function findDelivery(db: Db, webhookId: number, deliveryId: number): Promise<DeliveryRow> {
  const row = (await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("id", "=", deliveryId)
    .where("webhook_id", "=", webhookId)
    .executeTakeFirst()) as DeliveryRow | undefined;
  if (!row) throw webhookErrors.deliveryNotFound();
  return row;
}

export async function readDelivery(ctx: RequestContext, webhookId: number, deliveryId: number) {
  return deliveryDetail(await findDelivery(ctx.db, webhookId, deliveryId));
}

/** Queues a delivery for the webhook and kicks the sender; answers it as queued. */
async function queueOwn(
  ctx: RequestContext,
  values: Pick<DeliveryRow, "webhook_id" | "topic" | "resource" | "event" | "resource_id" | "payload">,
  options: WebhookAdminOptions,
) {
  const at = nowOf(ctx);
  const inserted = await ctx.db
    .insertInto("webhook_deliveries")
    .values({ ...values, status: "pending", by_owner: 1, attempts: 0, next_attempt_at: at, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  webhookQueue.queued++;
  options.kick();
  return deliveryDetail((await findDelivery(ctx.db, values.webhook_id, Number(inserted.id))) as DeliveryRow);
}

/** Sends a delivery's body again, as a new delivery (the log keeps both); a delivery never attempted has no body yet and is built afresh. */
export async function redeliver(ctx: RequestContext, webhookId: number, deliveryId: number, options: WebhookAdminOptions) {
  const row = await findDelivery(ctx.db, webhookId, deliveryId);
  const { webhook_id, topic, resource, event, resource_id, payload } = row;
  return queueOwn(ctx, { webhook_id, topic, resource, event, resource_id, payload }, options);
}

/** A test delivery (topic ping) whatever the webhook's status: what the receiver gets and answers shows in the log. */
export async function ping(ctx: RequestContext, webhookId: number, options: WebhookAdminOptions) {
  const webhook = await findRow(ctx.db, webhookId);
  if (!webhook) throw webhookErrors.notFound();
  const payload = JSON.stringify({ webhook_id: webhook.id, topic: webhook.topic, message: "A test delivery from the shop's console." });
  return queueOwn(
    ctx,
    { webhook_id: webhook.id, topic: "ping", resource: "webhook", event: "ping", resource_id: webhook.id, payload },
    options,
  );
}
