/**
 * What the shop remembers about one visitor beyond the cart: for now whether they dismissed the
 * coming-soon banner (spec §4, §7 "coming_soon_banner_dismissed"). Guests are known by their
 * session, signed-in shoppers by their customer id, so a dismissal follows a customer everywhere.
 */
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import type { Session } from "../../http/session.ts";
import * as repo from "./visitor.repo.ts";

/** The meta keys a visitor may set, with the values each allows. */
export const VISITOR_META = { coming_soon_banner_dismissed: ["yes", "no"] } as const;
export type VisitorMeta = { [K in keyof typeof VISITOR_META]?: (typeof VISITOR_META)[K][number] };

/** A guest's facts outlive their session by a month at most. */
const GUEST_META_DAYS = 30;

const ownerOf = (visitor: Session) => (visitor.uid ? `customer:${visitor.uid}` : `session:${visitor.sid}`);

export async function getVisitorMeta(ctx: RequestContext): Promise<VisitorMeta> {
  const { db, session: visitor } = ctx;
  return (await repo.readMeta(db, ownerOf(visitor))) as VisitorMeta;
}

export async function updateVisitorMeta(ctx: RequestContext, meta: VisitorMeta): Promise<VisitorMeta> {
  const { db, session: visitor, now = new Date() } = ctx;
  await repo.writeMeta(db, ownerOf(visitor), meta as Record<string, string>, now.toISOString());
  return getVisitorMeta(ctx);
}

/** Part of the sweep every five minutes: guests' facts not touched for a month go. */
export function deleteStaleGuestMeta(db: Db, now = new Date()): Promise<number> {
  return repo.deleteMetaOlderThan(db, "session:", new Date(now.getTime() - GUEST_META_DAYS * 24 * 60 * 60 * 1000).toISOString());
}
