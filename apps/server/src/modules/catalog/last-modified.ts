/**
 * The integer Last-Modified of the catalogue's GETs (spec §7: "a newer integer last-modified header invalidates
 * cached collections"): when this process first saw the revision counters what they answer is made from as they
 * now are, in milliseconds since the epoch (decision 0143). The counters take random values, so only a time can
 * be "newer"; no process sees a change before it is committed, so a change always names a later time.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { commitEpochOf, type Db } from "../../db/index.ts";
import { identityOf, type Watched, watchedRevisionNow } from "../../db/revisions.ts";

/** What listings, terms and reviews are shaped from: rows and ratings, stock figures, tax rates, the shop's settings. */
const COLLECTIONS_MADE_FROM: Watched = ["catalogue", "stock", "pricing", "settings"];

/** Per database, the counters last seen, since when, and the SQLite file's commit epoch read before them. */
const lastSeen = new WeakMap<object, { values: number | string; since: number; epoch: number | undefined }>();

/** The time the counters' present values were first seen here; a later one, by at least 1 ms, for each change. */
export async function collectionsLastModified(db: Db, now = Date.now()): Promise<number> {
  const key = identityOf(db);
  // On a SQLite file with no commit since the counters were read, they are as read: no query (decision 0071's rule).
  const epoch = commitEpochOf(db);
  const before = lastSeen.get(key);
  if (epoch !== undefined && before?.epoch === epoch) return before.since;
  const values = await watchedRevisionNow(db, COLLECTIONS_MADE_FROM);
  const seen = lastSeen.get(key);
  // Object.is: a database without the counters (NaN) keeps one time rather than a new one per request.
  if (seen && Object.is(seen.values, values)) {
    seen.epoch = epoch;
    return seen.since;
  }
  const since = Math.max(now, (seen?.since ?? 0) + 1);
  lastSeen.set(key, { values, since, epoch });
  return since;
}

/** A GET's header, read before the handler reads the data: a reply is never older than the time it names. */
export async function sendCollectionsLastModified(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  reply.header("Last-Modified", String(await collectionsLastModified(request.ctx.db)));
}
