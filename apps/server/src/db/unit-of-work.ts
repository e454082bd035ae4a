/**
 * A unit of work written once, as a generator of steps (queries compiled once, and values read
 * from the per-process revision caches), and run one of two ways:
 *
 * - synchronously on SQLite, inside one better-sqlite3 transaction: no promise, and so no other
 *   request, between the first read and the commit. It runs only when every cached value it asks
 *   for is already held at the revisions it read; otherwise it rolls back and the async run takes
 *   over (which loads what was missing, so the next call runs synchronously again);
 * - through Kysely, in a transaction or on one connection, on PostgreSQL and as SQLite's fallback.
 *
 * Writes that ask to be grouped (the cart's) wait for the end of the event loop's turn and share one
 * SQLite transaction with the others queued in it, each in a savepoint (group commit, decision 0111).
 *
 * The steps and the SQL are the same either way (decision 0053).
 */
import type { CompiledQuery, QueryResult } from "kysely";
import type { Db } from "./index.ts";
import { sqliteHandleOf } from "./index.ts";
import { allRevisionsQuery, heldRevisionsOf, type Revisions, snapshotRevisions } from "./revisions.ts";

/** A value kept in a revision cache: answered from what is held (synchronously) or loaded. */
export interface Cached<T> {
  peek(db: Db, revisions: Revisions): T | undefined;
  load(db: Db): Promise<T>;
}

type Step = { query: CompiledQuery } | { cached: Cached<unknown> } | { task: (db: Db) => Promise<unknown> };
export type Work<T> = Generator<Step, T, unknown>;

/** Runs a compiled query (db/prepared.ts `compiled`) as a step of the unit of work. */
export function* run<R>(query: CompiledQuery<R>): Work<QueryResult<R>> {
  return (yield { query }) as QueryResult<R>;
}

/** The rows a compiled query answers. */
export function* rows<R>(query: CompiledQuery<R>): Work<R[]> {
  return (yield* run(query)).rows;
}

/** A value from a revision cache, read under the unit of work's revisions. */
export function* cached<T>(value: Cached<T>): Work<T> {
  return (yield { cached: value }) as T;
}

/**
 * Something only a promise answers (an extension's callback): such a unit of work runs async.
 * The task gets the unit's transaction or connection, for async code that must run inside it.
 */
export function* awaited<T>(task: (db: Db) => Promise<T>): Work<T> {
  return (yield { task }) as T;
}

/** Thrown inside the synchronous run when a cached value is not held (or a step needs a promise): the transaction rolls back. */
class NotHeld extends Error {}

export interface RunOptions {
  /** A write takes the database's write lock first (BEGIN IMMEDIATE; on PostgreSQL the work locks its rows). */
  write: boolean;
  /** Never run synchronously (for tests comparing the two runs). */
  async?: boolean;
  /**
   * A write that may share one SQLite transaction with the other such writes queued in the same turn of the
   * event loop, each in a savepoint of its own (group commit, decision 0111). Its promise settles after the commit.
   */
  grouped?: boolean;
  /**
   * The work is one statement, atomic by itself: where it runs async (PostgreSQL) it opens no transaction,
   * two round trips fewer than BEGIN and COMMIT around it.
   */
  oneStatement?: boolean;
}

/** How many units of work this process ran each way, and how many groups of two or more it committed as one (tests check). */
export const unitsRun = { sync: 0, async: 0, groups: 0 };

/** Runs the work, synchronously when it can (see above). */
export async function runWork<T>(db: Db, work: () => Work<T>, options: RunOptions): Promise<T> {
  if (options.grouped && options.write && !options.async) {
    const sqlite = sqliteHandleOf(db);
    if (sqlite) return joinGroup(db, sqlite, work);
  }
  return runAlone(db, work, options);
}

async function runAlone<T>(db: Db, work: () => Work<T>, options: RunOptions): Promise<T> {
  const done = options.async ? undefined : runSync(db, work, options);
  if (done) {
    unitsRun.sync++;
    return done.value;
  }
  unitsRun.async++;
  return runAsync(db, work, options);
}

type Sqlite = NonNullable<ReturnType<typeof sqliteHandleOf>>;
/** A statement that takes no parameters. */
type Statement = { run(): unknown };

/**
 * A connection's BEGIN, COMMIT and ROLLBACK, prepared once. better-sqlite3's `transaction(fn)`
 * builds four wrapper functions and their properties on every call: 5 % of a cart write (decision 0055).
 */
interface Controls {
  begin: { write: Statement; read: Statement };
  commit: Statement;
  rollback: Statement;
  savepoint: { open: Statement; release: Statement; undo: Statement };
}
const controlsOf = new WeakMap<Sqlite, Controls>();
function controls(sqlite: Sqlite): Controls {
  let found = controlsOf.get(sqlite);
  if (!found) {
    found = {
      begin: { write: sqlite.prepare("BEGIN IMMEDIATE"), read: sqlite.prepare("BEGIN DEFERRED") },
      commit: sqlite.prepare("COMMIT"),
      rollback: sqlite.prepare("ROLLBACK"),
      savepoint: {
        open: sqlite.prepare("SAVEPOINT unit"),
        release: sqlite.prepare("RELEASE unit"),
        undo: sqlite.prepare("ROLLBACK TO unit"),
      },
    };
    controlsOf.set(sqlite, found);
  }
  return found;
}

/** The synchronous run on SQLite; undefined when it could not finish (nothing it did is kept). */
function runSync<T>(db: Db, work: () => Work<T>, { write }: RunOptions): { value: T } | undefined {
  const sqlite = sqliteHandleOf(db);
  // Inside another unit's open transaction (an async run awaiting between its queries) this one would join it.
  if (!sqlite || sqlite.inTransaction) return undefined;
  const { begin, commit, rollback } = controls(sqlite);
  // BEGIN IMMEDIATE takes the write lock for a write; a read's snapshot starts with its first statement.
  (write ? begin.write : begin.read).run();
  try {
    const value = answerSteps(db, sqlite, work);
    commit.run();
    return { value };
  } catch (error) {
    // A failed COMMIT may leave the transaction open; anything that threw before it always does.
    if (sqlite.inTransaction) rollback.run();
    if (error instanceof NotHeld) return undefined;
    throw error;
  }
}

/** A grouped write waiting for its turn's transaction. */
interface Member {
  db: Db;
  work: () => Work<unknown>;
  /**
   * How it answers: `runWork`'s write with its value (a step needing a promise runs it async); an attempt
   * (`attemptGrouped`) with `{ value }`, or undefined for its caller to load what was missing, as `runSync` does.
   */
  attempt: boolean;
  /** Its steps may move the revision counters (an order taking stock): the counters are read again right after it. */
  movesRevisions: boolean;
  settle: (outcome: Promise<unknown>) => void;
}
const groups = new WeakMap<Sqlite, Member[]>();
/** The real setImmediate, taken before any test can fake the clock: a faked one would never run a group. */
const atTurnEnd = setImmediate;

/** Queues a member; the group runs once this turn's I/O callbacks have all run (setImmediate). */
function queue(sqlite: Sqlite, member: Member): void {
  let group = groups.get(sqlite);
  if (!group) {
    group = [];
    groups.set(sqlite, group);
    atTurnEnd(() => runGroup(sqlite));
  }
  group.push(member);
}

/** Queues a grouped write (`runWork` with `grouped`). */
function joinGroup<T>(db: Db, sqlite: Sqlite, work: () => Work<T>): Promise<T> {
  return new Promise<T>((resolve) => {
    queue(sqlite, { db, work, attempt: false, movesRevisions: false, settle: resolve as (outcome: Promise<unknown>) => void });
  });
}

/**
 * A write tried synchronously inside this turn's group, as `runSync` tries it alone: `{ value }` once committed,
 * undefined when a step needed a promise or a value not held (nothing of it kept); a failure rejects. Not SQLite,
 * or inside another unit's transaction: undefined at once. `movesRevisions` for work that may move the counters.
 */
export function attemptGrouped<T>(
  db: Db,
  work: () => Work<T>,
  { movesRevisions }: { movesRevisions: boolean },
): Promise<{ value: T } | undefined> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    queue(sqlite, { db, work, attempt: true, movesRevisions, settle: resolve as (outcome: Promise<unknown>) => void });
  });
}

/** The failure a member answered inside its group (its savepoint undone), kept apart from values. */
class Failed {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

/**
 * Runs a turn's grouped writes in one transaction, each in its own savepoint, and commits once: one BEGIN, one
 * COMMIT and one WAL append for the group instead of one per write. A member that throws has only its savepoint
 * undone; one that needs a promise (NotHeld) runs async after the commit, as it would alone (an attempt answers
 * undefined instead). After a member that may move the revision counters they are read again, so those after it
 * check what they peek against the moved values (decision 0130). If the group cannot commit, nothing of it is
 * kept and each member runs again on its own.
 */
function runGroup(sqlite: Sqlite): void {
  const group = groups.get(sqlite) ?? [];
  groups.delete(sqlite);
  // One write needs no savepoint; an async unit holding the connection's transaction cannot be joined.
  if (group.length === 1 || !sqlite.open || sqlite.inTransaction) {
    group.forEach(runMemberAlone);
    return;
  }
  const { begin, commit, rollback, savepoint } = controls(sqlite);
  const outcomes: unknown[] = [];
  // The revision counters, read once for the whole group: no other connection can commit while it holds the write lock.
  const snapshot: RevisionSnapshot = {};
  const firstDb = (group[0] as Member).db;
  // With a member that may move them, the counters are read after each member, not once before the commit.
  const checkEach = group.some((member) => member.movesRevisions);
  try {
    begin.write.run();
    for (const member of group) {
      savepoint.open.run();
      try {
        outcomes.push(answerSteps(member.db, sqlite, member.work, snapshot));
        savepoint.release.run();
      } catch (error) {
        // Some errors (a full disk, an I/O error) end the whole transaction: then the group starts over, alone.
        if (!sqlite.inTransaction) throw error;
        savepoint.undo.run();
        savepoint.release.run();
        outcomes.push(new Failed(error));
      }
      if (checkEach && snapshot.revisions) {
        const after = readRevisions(firstDb, sqlite);
        // An order taking stock or counting a coupon's use: those after it peek against the counters as it left them.
        if (member.movesRevisions) snapshot.revisions = after;
        else if (!sameRevisions(after, snapshot.revisions)) throw new RevisionsMoved();
      }
    }
    // A member that moved a counter it was not expected to (a write to a table one watches) priced those after it on old ones.
    if (!checkEach && snapshot.revisions && !sameRevisions(readRevisions(firstDb, sqlite), snapshot.revisions)) throw new RevisionsMoved();
    commit.run();
  } catch {
    if (sqlite.inTransaction) rollback.run();
    group.forEach(runMemberAlone);
    return;
  }
  unitsRun.groups++;
  group.forEach((member, i) => {
    const outcome = outcomes[i];
    if (!(outcome instanceof Failed)) {
      unitsRun.sync++;
      member.settle(Promise.resolve(member.attempt ? { value: outcome } : outcome));
    } else if (outcome.error instanceof NotHeld) {
      if (member.attempt) member.settle(Promise.resolve(undefined));
      else {
        unitsRun.async++;
        member.settle(runAsync(member.db, member.work, { write: true }));
      }
    } else member.settle(Promise.reject(outcome.error));
  });
}

/** A member run on its own: a write as `runWork` runs it alone, an attempt as `runSync`. */
function runMemberAlone(member: Member): void {
  if (!member.attempt) {
    member.settle(runAlone(member.db, member.work, { write: true }));
    return;
  }
  try {
    const done = runSync(member.db, member.work, { write: true });
    if (done) unitsRun.sync++;
    member.settle(Promise.resolve(done));
  } catch (error) {
    member.settle(Promise.reject(error));
  }
}

/** The revision counters a synchronous run read on first use, shared by the members of a group. */
interface RevisionSnapshot {
  revisions?: Revisions;
}
/** Thrown before a group's commit when its counters moved under it: the group is undone, and each member runs alone. */
class RevisionsMoved extends Error {}

const readRevisions = (db: Db, sqlite: Sqlite): Revisions =>
  heldRevisionsOf(sqlite.prepare(allRevisionsQuery(db).sql).all() as { name: string; value: number }[]);
const sameRevisions = (a: Revisions, b: Revisions) => a.size === b.size && [...a].every(([name, value]) => b.get(name) === value);

/** The work's steps, each answered at once: queries on their prepared statements, cached values by `peek`. */
function answerSteps<T>(db: Db, sqlite: Sqlite, work: () => Work<T>, snapshot: RevisionSnapshot = {}): T {
  const steps = work();
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if ("query" in step) {
      const statement = sqlite.prepare(step.query.sql);
      const parameters = step.query.parameters as unknown[];
      if (statement.reader) {
        next = steps.next({ rows: statement.all(parameters) });
      } else {
        const { changes } = statement.run(parameters);
        next = steps.next({ rows: [], numAffectedRows: BigInt(changes) });
      }
    } else if ("task" in step) {
      throw new NotHeld();
    } else {
      snapshot.revisions ??= readRevisions(db, sqlite);
      const value = step.cached.peek(db, snapshot.revisions);
      if (value === undefined) throw new NotHeld();
      next = steps.next(value);
    }
  }
  return next.value;
}

/**
 * One statement on its own, outside any unit of work: on SQLite run synchronously on its prepared
 * statement when no transaction is open on the connection (inside one it would read that
 * transaction's uncommitted rows), else through Kysely, which waits for the connection. A single
 * statement sees one consistent state of the database on both dialects.
 */
export function statementRows<R>(db: Db, query: CompiledQuery<R>, options: Pick<RunOptions, "async"> = {}): R[] | Promise<R[]> {
  const sqlite = options.async ? undefined : sqliteHandleOf(db);
  if (sqlite && !sqlite.inTransaction) return sqlite.prepare(query.sql).all(query.parameters as unknown[]) as R[];
  return db.executeQuery(query).then((result) => result.rows);
}

/** The async run through Kysely: a transaction for a write, one connection for a read. */
export async function runAsync<T>(db: Db, work: () => Work<T>, { write, oneStatement }: RunOptions): Promise<T> {
  if (oneStatement) return runSteps(db, work());
  const steps = (unit: Db) => {
    // Cached values read every revision counter once, in one query, on first use.
    snapshotRevisions(unit);
    return runSteps(unit, work());
  };
  if (write) return db.transaction().execute((trx) => steps(trx as unknown as Db));
  return db.connection().execute((connection) => steps(connection as Db));
}

/**
 * Runs steps on the database or transaction given, as they come (no transaction of their own, no
 * revision snapshot): for async callers of a step that a unit of work also runs, so both share one query.
 */
export async function runSteps<T>(db: Db, steps: Work<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if ("query" in step) next = steps.next(await db.executeQuery(step.query));
    else if ("task" in step) next = steps.next(await step.task(db));
    else next = steps.next(await step.cached.load(db));
  }
  return next.value;
}
