/** Opens the database for either dialect; everything above this file is dialect-free Kysely. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from "kysely";
import type { Pool } from "pg";
import type { DatabaseConfig } from "../config.ts";
import { WAL_SIZE_LIMIT_BYTES } from "./checkpointer.ts";
import { type CommitWatch, watchCommits } from "./commit-watch.ts";
import { nameStatementsOf, StatementNames } from "./prepared-statements.ts";
import type { Database, Db } from "./schema.ts";

export type Dialect = DatabaseConfig["dialect"];
export { type BackupResult, backupSqlite, datedBackupPath } from "./backup.ts";
export { type BackgroundCheckpoints, checkpointInBackground, WAL_SIZE_LIMIT_BYTES } from "./checkpointer.ts";
export { migrateToLatest } from "./migrate.ts";
export type { Database, Db } from "./schema.ts";
export { loadSigningSecret } from "./signing-secret.ts";

export function openDatabase(config: DatabaseConfig): Db {
  if (config.dialect === "postgres") {
    const pool = () => openPool(config.url, config.preparedStatements ?? true);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = withStatementCache(openSqlite(config.file));
  const db = new Kysely<Database>({ dialect: new WriteLockingSqliteDialect({ database: sqlite }) });
  sqliteOf.set(db, sqlite);
  const watch = watchCommits(config.file, String(sqlite.pragma("locking_mode", { simple: true })));
  if (watch) {
    commitWatchOf.set(db, watch);
    // Kysely's destroy closes the handle: the watch's file goes with it.
    const close = sqlite.close.bind(sqlite);
    sqlite.close = () => {
      watch.close();
      return close();
    };
  }
  return db;
}

/**
 * Kysely's SQLite transactions begin deferred: one that read and then wrote while another connection held the
 * write lock for a moment (the checkpoint thread's RESTART) failed at once with SQLITE_BUSY, as SQLite never waits
 * on a lock for a connection already holding a read snapshot. Begun IMMEDIATE, it waits for the lock (busy_timeout)
 * before reading. One connection runs the process's transactions one at a time, so nothing else waits longer.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver() {
    return new WriteLockingSqliteDriver(this.#settings);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** The SQLite file's commit watch (commit-watch.ts): undefined on PostgreSQL and for an in-memory database. */
const commitWatchOf = new WeakMap<Db, CommitWatch>();
/** The epoch of commits to the database (commit-watch.ts), when it can be told without a query. */
export const commitEpochOf = (db: Db): number | undefined => commitWatchOf.get(db)?.epoch();

/** The better-sqlite3 handle under a SQLite database, for units of work run synchronously (unit-of-work.ts). */
const sqliteOf = new WeakMap<Db, SQLite.Database>();
export const sqliteHandleOf = (db: Db): SQLite.Database | undefined => sqliteOf.get(db);

/** Whether `db`, a database or one of its transactions, runs on PostgreSQL: its row and advisory locks are for it alone. */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter.constructor.name.startsWith("Postgres");

/**
 * Makes the transaction's writes of `what` take turns with every other transaction's until it ends, for writes that
 * have no row to lock (an advisory lock on PostgreSQL; SQLite's write transactions already take turns).
 */
export async function takeTurns(trx: Db, what: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`cartwright.${what}`}))`.execute(trx);
}

/** The PostgreSQL pool, made by Kysely on the first query: an SQLite shop never loads pg (decision 0050). */
async function openPool(url: string, preparedStatements: boolean): Promise<Pool> {
  const { default: pg } = await import("pg");
  // COUNT(*) and other int8 results arrive as strings by default; our counts fit a double.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (restart, failover) is replaced by the pool; without a
  // listener its error would crash the process. Queries that fail still report their own errors.
  pool.on("error", () => {});
  // The same for a connection the server drops while the pool is closing it.
  const names = preparedStatements ? new StatementNames() : undefined;
  pool.on("connect", (client) => {
    client.on("error", () => {});
    if (names) nameStatementsOf(client, names);
  });
  return pool;
}

/** SQLite's page cache per connection, in KiB: twice SQLite's own default. */
export const PAGE_CACHE_KIB = 4000;

/** The SQLite file as every process of the shop opens it (the bench's floor server too). */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // better-sqlite3's build lets a connection cache 16 MB of pages, each its own malloc'd block among short-lived ones:
  // as the database grew, the cache kept glibc's heap from ever shrinking back (decision 0118). Misses read the OS's cache.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  // A burst the checkpoint thread falls behind on grows the WAL; without a limit the file never shrinks back.
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  return sqlite;
}

/**
 * Kysely prepares every query afresh; preparing costs as much as running a small query, so
 * prepared statements are kept per SQL text (the texts are few: queries are built from code).
 */
function withStatementCache(sqlite: SQLite.Database, limit = 1000): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== "prepare") return Reflect.get(target, property, receiver);
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          if (cache.size >= limit) cache.clear();
          statement = prepare(source);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

export async function checkDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
