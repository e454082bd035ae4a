/**
 * The change log every owner write keeps (who, when, before, after), written in the write's own
 * transaction: one shape for every module, so the console's history reads them all alike.
 */
import type { Db } from "../db/index.ts";
import { queueWebhookEvent, type WebhookResource } from "../db/webhook-events.ts";
import type { RequestContext } from "./context.ts";

/** The entities whose changes webhooks hear of (decision 0097), in the same transaction. */
const WEBHOOK_ENTITIES: Record<string, WebhookResource> = { product: "product", coupon: "coupon" };
/** How an owner change came, for change_log.via: the API key's "API key <description>", or null from the console (decision 0098). */
export const changeVia = (ctx: RequestContext): string | null => ctx.owner?.via ?? null;

/** `before` null: created; `after` null: deleted; else updated. */
export async function logOwnerChange(
  db: Db,
  ctx: RequestContext,
  entity: string,
  id: number | string,
  before: unknown | null,
  after: unknown | null,
): Promise<void> {
  if (!ctx.owner) throw new Error("Owner services need ctx.owner (the owner API's requireOwner hook sets it).");
  await db
    .insertInto("change_log")
    .values({
      actor_id: ctx.owner.id,
      entity,
      entity_id: String(id),
      action: before === null ? "create" : after === null ? "delete" : "update",
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      created_at: (ctx.now ?? new Date()).toISOString(),
      via: changeVia(ctx),
    })
    .execute();
  const resource = WEBHOOK_ENTITIES[entity];
  if (resource && typeof id === "number")
    await queueWebhookEvent(
      db,
      resource,
      before === null ? "created" : after === null ? "deleted" : "updated",
      id,
      (ctx.now ?? new Date()).toISOString(),
    );
}
