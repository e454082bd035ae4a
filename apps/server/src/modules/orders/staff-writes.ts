/** What every owner write on an order shares: who acts, when, and the change_log row written in the change's transaction. */
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { changeVia } from "../../http/owner-change.ts";
import type { OrderActor } from "./events.ts";

export const nowOf = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();

/** An instant after `previous` however close the clock is: each save gives the order a `date_modified` of its own. */
export function laterThan(previous: string, now: string): string {
  const before = Date.parse(previous);
  return Number.isNaN(before) || Date.parse(now) > before ? now : new Date(before + 1).toISOString();
}

/** The staff member acting (owner or manager), as order events name them, with the API key they came through (decision 0098). */
export function staffActor(ctx: RequestContext): OrderActor & { id: number } {
  if (!ctx.owner) throw new Error("Owner services need ctx.owner (the owner API's requireOwner hook sets it).");
  const via = changeVia(ctx);
  return { type: ctx.owner.role, id: ctx.owner.id, ...(via ? { via } : {}) };
}

/** Every owner change (DESIGN.md §9): who, when, what, before and after, in the change's own transaction. */
export async function logOrderChange(
  db: Db,
  ctx: RequestContext,
  entity: "order" | "order_note",
  id: number,
  before: unknown,
  after: unknown,
): Promise<void> {
  await db
    .insertInto("change_log")
    .values({
      actor_id: staffActor(ctx).id,
      entity,
      entity_id: String(id),
      action: before === null ? "create" : "update",
      before: before === null ? null : JSON.stringify(before),
      after: JSON.stringify(after),
      created_at: nowOf(ctx),
      via: changeVia(ctx),
    })
    .execute();
}
