/**
 * A fresh shop for one test file: its own database (in-memory SQLite, or a new PostgreSQL
 * database), migrated and seeded with the demo shop, behind an in-process Fastify app.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type AppDeps, buildApp } from "../apps/server/src/app.ts";
import type { DatabaseConfig } from "../apps/server/src/config.ts";
import { type Db, migrateToLatest, openDatabase } from "../apps/server/src/db/index.ts";
import type { Extension } from "../apps/server/src/extensions.ts";
import { createMailer } from "../apps/server/src/modules/emails/index.ts";
import { seedDemoShop } from "../apps/server/src/seed/index.ts";
// For the types of inject("postgresUrl") and the template's names, declared beside the global setup that provides them.
import type {} from "./postgres.global-setup.ts";

export interface TestShop {
  app: FastifyInstance;
  db: Db;
  dialect: "sqlite" | "postgres";
  /** Where the database is, for a second process on it (PostgreSQL or a SQLite file; an in-memory SQLite exists only in this db). */
  database: DatabaseConfig;
  close(): Promise<void>;
}

export const testDialect = (): "sqlite" | "postgres" => (process.env.CW_TEST_DB === "postgres" ? "postgres" : "sqlite");

/** A database's address on the run's PostgreSQL. */
function postgresUrl(name: string): string {
  const url = new URL(inject("postgresUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

/** An advisory lock's key: one worker at a time builds the template. */
const TEMPLATE_LOCK = 20_261_204;
/** This worker has seen the template built (the modules outlive a file: decision 0136). */
let templateBuilt = false;

/**
 * The demo shop, migrated and seeded once per run by the first worker that needs it, which every seeded
 * PostgreSQL test database is copied from: a copy takes about 50 ms where migrating and seeding took about 500
 * (decision 0137). It is seeded in a worker, not the global setup, so its passwords are hashed as the tests'.
 */
async function seededTemplate(admin: pg.Client): Promise<string> {
  const name = inject("postgresTemplate");
  if (templateBuilt) return name;
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
  try {
    const built = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (built.rowCount === 0) {
      // Built under another name and renamed when whole: a worker that dies halfway leaves no half-made template.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const db = openDatabase({ dialect: "postgres", url: postgresUrl(building) });
      try {
        await migrateToLatest(db);
        await seedDemoShop(db);
      } finally {
        await db.destroy();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
  }
  templateBuilt = true;
  return name;
}

/** A new database for one shop; `ready` when it came migrated and seeded (a copy of the template). */
async function createDatabase(options: {
  sqliteFile: boolean;
  seed: boolean;
}): Promise<{ config: DatabaseConfig; ready: boolean; drop(): Promise<void> }> {
  if (testDialect() === "sqlite" && options.sqliteFile) {
    const dir = mkdtempSync(join(tmpdir(), "cw-test-"));
    return {
      config: { dialect: "sqlite", file: join(dir, "shop.db") },
      ready: false,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (testDialect() === "sqlite") return { config: { dialect: "sqlite", file: ":memory:" }, ready: false, drop: async () => {} };
  const adminUrl = inject("postgresUrl");
  const name = `cw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (options.seed) await admin.query(`create database ${name} template ${await seededTemplate(admin)}${inject("postgresCopyStrategy")}`);
    else await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    config: { dialect: "postgres", url: postgresUrl(name) },
    ready: options.seed,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The secret every test app signs with, so a token one app issued is read by another over the same shop. */
export const TEST_SECRET = "test-secret-test-secret-test-secret!";

/**
 * Rate limits are on, as in production, unless a test turns them off (RATE_LIMIT=off). `sqliteFile`: on
 * SQLite, a file in a folder of its own (as a shop runs) instead of memory, so a second connection can open it.
 */
export async function createTestShop(
  options: {
    seed?: boolean;
    web?: boolean;
    rateLimit?: boolean;
    extensions?: Extension[];
    sqliteFile?: boolean;
    /** Webhooks' clock and WEBHOOKS_ALLOW_PRIVATE (the tests' receivers listen on 127.0.0.1). */
    webhooks?: AppDeps["webhooks"] & { allowPrivate?: boolean };
  } = {},
): Promise<TestShop> {
  const seed = options.seed !== false;
  const database = await createDatabase({ sqliteFile: options.sqliteFile ?? false, seed });
  const db = openDatabase(database.config);
  if (!database.ready) {
    await migrateToLatest(db);
    if (seed) await seedDemoShop(db);
  }
  const app = await buildApp({
    config: {
      logLevel: "silent",
      production: false,
      secret: TEST_SECRET,
      rateLimit: options.rateLimit ?? true,
      webhooksAllowPrivate: options.webhooks?.allowPrivate,
    },
    db,
    logger: false,
    // The storefront needs the built web app (npm test builds it first).
    web: options.web ? {} : false,
    extensions: options.extensions ?? [],
    webhooks: options.webhooks,
  });
  await app.ready();
  return {
    app,
    db,
    dialect: database.config.dialect,
    database: database.config,
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

/** A folder for a test app's outbox (its `.eml` files), new for each call. */
export const newOutbox = (name: string): string => join(mkdtempSync(join(tmpdir(), `cw-${name}-`)), "outbox");

/**
 * The shop's app as main.ts builds it, with a mailer writing each message into `outbox` as an
 * `.eml` file, for tests that read what was sent. Rate limits are off unless asked for.
 */
export async function appWithOutbox(shop: TestShop, outbox: string, options: { rateLimit?: boolean } = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { logLevel: "silent", production: false, secret: TEST_SECRET, rateLimit: options.rateLimit ?? false },
    db: shop.db,
    logger: false,
    web: false,
    mailer: createMailer({
      publicUrl: "https://shop.example.com",
      mail: { smtpUrl: null, from: null, ownerEmail: "owner@example.com", outbox },
    }),
  });
  await app.ready();
  return app;
}

export interface SecondProcess {
  app: FastifyInstance;
  /** Its own pool on PostgreSQL and its own connection to a SQLite file, as another process has; the shop's own `db` on an in-memory SQLite, which exists only there. */
  db: Db;
  close(): Promise<void>;
}

/**
 * Another server process over the shop's database: its own app (and, on PostgreSQL, its own
 * connections) with its own per-process caches, to show a change made through `shop.app` is
 * served by every process on its next request. Rate limits are off unless asked for.
 */
export async function secondProcess(
  shop: TestShop,
  options: {
    web?: boolean;
    rateLimit?: boolean;
    mailer?: AppDeps["mailer"];
    webhooks?: AppDeps["webhooks"] & { allowPrivate?: boolean };
  } = {},
): Promise<SecondProcess> {
  const ownConnection = shop.database.dialect === "postgres" || shop.database.file !== ":memory:";
  const db = ownConnection ? openDatabase(shop.database) : shop.db;
  const app = await buildApp({
    config: {
      logLevel: "silent",
      production: false,
      secret: TEST_SECRET,
      rateLimit: options.rateLimit ?? false,
      webhooksAllowPrivate: options.webhooks?.allowPrivate,
    },
    db,
    logger: false,
    web: options.web ? {} : false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    webhooks: options.webhooks,
  });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      if (db !== shop.db) await db.destroy();
    },
  };
}
