/**
 * Per-process caches of rarely written data (settings, pricing rules, the catalogue), each
 * checked against its revision counter on every use: one indexed read instead of the many it
 * saves, and a change made by any process (or by hand in SQL) is seen on the next request.
 */
import { BoundedMap, type BoundedMapLimits } from "./bounded-map.ts";
import type { Db } from "./index.ts";
import { compiled, prepared } from "./prepared.ts";

export type RevisionName = "settings" | "pricing" | "catalogue" | "stock" | "coupons" | "widgets" | "forms" | "webhooks";

/** The counters a cache is filed under: one, or several (the catalogue's rows shown with their stock: decision 0130). */
export type Watched = RevisionName | readonly RevisionName[];

/** The catalogue with the stock figures: for what shows a product's stock, which orders move apart from the rest (decision 0130). */
export const CATALOGUE_AND_STOCK: Watched = ["catalogue", "stock"];

/**
 * The revision an entry is filed under, from the counters: a counter's value, or several as one text.
 * NaN (never equal, so never a hit) when one is missing: a database never migrated has nothing safe to cache.
 */
function revisionIn(watched: Watched, counters: ReadonlyMap<string, number>): number | string {
  if (typeof watched === "string") return counters.get(watched) ?? Number.NaN;
  const values = watched.map((name) => counters.get(name));
  return values.some((value) => value === undefined) ? Number.NaN : values.join(":");
}

/** A transaction shares its database's adapter object, so both reach the same caches. */
export const identityOf = (db: Db): object => db.getExecutor().adapter;

// Read on every cache use: built once (prepared.ts).
const selectRevision = prepared((db, name: string) => db.selectFrom("revisions").select("value").where("name", "=", name));
const selectAllRevisions = prepared((db) => db.selectFrom("revisions").select(["name", "value"]));

/** Every revision counter by name, as one unit of work reads them (db/unit-of-work.ts). */
export type Revisions = ReadonlyMap<string, number>;
/** The query that reads them all, for a unit of work that runs its queries itself. */
export const allRevisionsQuery = compiled((db) => db.selectFrom("revisions").select(["name", "value"]));
export const revisionsOf = (rows: readonly { name: string; value: number | string }[]): Revisions =>
  new Map(rows.map((row) => [row.name, Number(row.value)]));

/** Units of work reading every counter once (see snapshotRevisions), by the Db object they run on. */
const snapshots = new WeakMap<Db, { read?: Promise<Map<string, number>> }>();

const readAllRevisions = async (db: Db) => revisionsOf((await selectAllRevisions(db)).rows) as Map<string, number>;

async function readRevision(db: Db, watched: Watched): Promise<number | string> {
  const snapshot = snapshots.get(db);
  if (snapshot) {
    snapshot.read ??= readAllRevisions(db);
    return revisionIn(watched, await snapshot.read);
  }
  if (typeof watched !== "string") return revisionIn(watched, await readAllRevisions(db));
  const [row] = (await selectRevision(db, watched)).rows;
  // A database without the counter (never migrated) has nothing safe to cache: never match.
  return row ? Number(row.value) : Number.NaN;
}

/** A counter's value now (through the unit of work's snapshot, when there is one); NaN when the database has no such counter. */
export async function revisionNow(db: Db, name: RevisionName): Promise<number> {
  return Number(await readRevision(db, name));
}

/** The revision of what `watched` names now, as a cache files it: several counters read in one statement, as one text. */
export const watchedRevisionNow = (db: Db, watched: Watched): Promise<number | string> => readRevision(db, watched);

/**
 * From now on, cache lookups made through this transaction or connection read every revision
 * counter once, in one query, on first use. Only for work that never writes the tables the
 * counters watch (a cart write, for one), so the values read stay true for all of it.
 */
export function snapshotRevisions(db: Db): void {
  if (!snapshots.has(db)) snapshots.set(db, {});
}

/**
 * Every counter but `leftOut` as one text, for values priced from them (the cart reply cache). Read
 * through the snapshot when there is one, so it names the same state the cached reads see.
 */
export async function revisionStamp(db: Db, leftOut?: RevisionName): Promise<string> {
  const snapshot = snapshots.get(db);
  if (snapshot) snapshot.read ??= readAllRevisions(db);
  return stampOf(await (snapshot?.read ?? readAllRevisions(db)), leftOut);
}

/** The last counters read by a synchronous unit of work, the same object while no counter moves (they rarely do). */
let lastRead: Revisions = new Map();

/**
 * `revisionsOf` the rows, as the last call's object again when every counter is the same: a unit of
 * work's stamp (`stampOf`) is then worked out once per change of the counters, not on every write.
 */
export function heldRevisionsOf(rows: readonly { name: string; value: number | string }[]): Revisions {
  const last = lastRead;
  if (last.size === rows.length && rows.every((row) => last.get(row.name) === Number(row.value))) return last;
  lastRead = revisionsOf(rows);
  return lastRead;
}

/** Stamps already worked out, by the counters' object (never changed once read: `Revisions` is read-only) and the counter left out. */
const stamps = new WeakMap<Revisions, Map<string, string>>();

/** The counters as one text, from counters already read; without `leftOut`, for a value that does not depend on it. */
export function stampOf(all: Revisions, leftOut: RevisionName | "" = ""): string {
  let byLeftOut = stamps.get(all);
  if (!byLeftOut) {
    byLeftOut = new Map();
    stamps.set(all, byLeftOut);
  }
  let stamp = byLeftOut.get(leftOut);
  if (stamp === undefined) {
    stamp = [...all]
      .filter(([name]) => name !== leftOut)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${name}:${value}`)
      .join(",");
    byLeftOut.set(leftOut, stamp);
  }
  return stamp;
}

interface Entry<T> {
  revision: number | string;
  value: T;
}

/** A revision cache's loader, which can also answer synchronously from what it holds. */
export type RevisionCached<T> = ((db: Db) => Promise<T>) & {
  /** The value held for these revisions, or undefined when it would have to be loaded. */
  peek(db: Db, revisions: Revisions): T | undefined;
};

/**
 * A cache holding one value per database, rebuilt when the revision moved. The revision is read
 * before the value, so a value is never older than the revision it is filed under.
 */
export function revisionCache<T>(name: Watched, load: (db: Db) => Promise<T>): RevisionCached<T> {
  const entries = new WeakMap<object, Entry<Promise<T>> & { settled?: { value: T } }>();
  const cached = async (db: Db) => {
    const revision = await readRevision(db, name);
    const key = identityOf(db);
    const hit = entries.get(key);
    if (hit && hit.revision === revision) return hit.value;
    const value = load(db);
    const entry: Entry<Promise<T>> & { settled?: { value: T } } = { revision, value };
    entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.settled = { value: loaded };
      },
      // A failed load is not remembered.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return value;
  };
  const peek = (db: Db, revisions: Revisions) => {
    const hit = entries.get(identityOf(db));
    return hit?.settled && hit.revision === revisionIn(name, revisions) ? hit.settled.value : undefined;
  };
  return Object.assign(cached, { peek });
}

/**
 * A keyed cache (for example products by id) emptied when the revision moves; the loader is
 * asked only for the keys not yet held. With limits (a count, or entries and bytes), a full cache
 * lets its oldest entries go: for keys that come from visitors, such as listing queries.
 */
export type RevisionMapped<K, V> = ((db: Db, keys: K[]) => Promise<Map<K, V>>) & {
  /** The values held for these revisions, or undefined when any key would have to be loaded. */
  peek(db: Db, revisions: Revisions, keys: K[]): Map<K, V> | undefined;
};

export function revisionMap<K, V>(
  name: Watched,
  load: (db: Db, keys: K[]) => Promise<Map<K, V>>,
  limits: number | BoundedMapLimits<K, V> = Number.POSITIVE_INFINITY,
): RevisionMapped<K, V> {
  const bounds = typeof limits === "number" ? { maxEntries: limits } : limits;
  const entries = new WeakMap<object, Entry<BoundedMap<K, V>>>();
  const cached = async (db: Db, keys: K[]) => {
    const revision = await readRevision(db, name);
    const dbKey = identityOf(db);
    let entry = entries.get(dbKey);
    if (!entry || entry.revision !== revision) {
      entry = { revision, value: new BoundedMap(bounds) };
      entries.set(dbKey, entry);
    }
    const held = entry.value;
    const missing = [...new Set(keys)].filter((k) => !held.has(k));
    if (missing.length) {
      const loaded = await load(db, missing);
      // Only file the rows if no newer revision replaced the entry while they loaded.
      if (entries.get(dbKey) === entry) for (const [k, v] of loaded) held.set(k, v);
      const result = new Map<K, V>();
      for (const k of keys) {
        const v = held.get(k) ?? loaded.get(k);
        if (v !== undefined) result.set(k, v);
      }
      return result;
    }
    const result = new Map<K, V>();
    for (const k of keys) {
      const v = held.get(k);
      if (v !== undefined) result.set(k, v);
    }
    return result;
  };
  const peek = (db: Db, revisions: Revisions, keys: K[]) => {
    const entry = entries.get(identityOf(db));
    if (!entry || entry.revision !== revisionIn(name, revisions)) return undefined;
    const result = new Map<K, V>();
    for (const k of keys) {
      const v = entry.value.get(k);
      // A key never loaded, or one the loader found nothing for: only a load can tell which.
      if (v === undefined) return undefined;
      result.set(k, v);
    }
    return result;
  };
  return Object.assign(cached, { peek });
}

/** Freezes a cached value all the way down: shared between requests, it must never be changed. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of value instanceof Map ? value.values() : Object.values(value)) deepFreeze(inner);
  }
  return value;
}
