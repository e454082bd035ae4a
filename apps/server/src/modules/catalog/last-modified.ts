/**
 * The integer Last-Modified of the catalogue's GETs (spec §7: "a newer integer last-modified header invalidates
 * cached collections"): when this process first saw the revision counters what they answer is made from as they
 * now are, in milliseconds since the epoch (decision 0143). The counters take random values, so only a time can
 * be "newer"; no process sees a change before it is committed, so a change always names a later time.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import { identityOf, type RevisionName, revisionValues } from "../../db/revisions.ts";

/** What listings, terms and reviews are shaped from: rows and ratings, stock figures, tax rates, the shop's settings. */
const COLLECTIONS_MADE_FROM: readonly RevisionName[] = ["catalogue", "stock", "pricing", "settings"];

/** Per database, the counters last seen and since when. */
const lastSeen = new WeakMap<object, { values: string; since: number }>();

/** The time the counters' present values were first seen here; a later one, by at least 1 ms, for each change. */
export async function collectionsLastModified(db: Db, now = Date.now()): Promise<number> {
  const values = await revisionValues(db, COLLECTIONS_MADE_FROM);
  const key = identityOf(db);
  const seen = lastSeen.get(key);
  if (seen?.values === values) return seen.since;
  const since = Math.max(now, (seen?.since ?? 0) + 1);
  lastSeen.set(key, { values, since });
  return since;
}

/** A GET's header, read before the handler reads the data: a reply is never older than the time it names. */
export async function sendCollectionsLastModified(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  reply.header("Last-Modified", String(await collectionsLastModified(request.ctx.db)));
}
