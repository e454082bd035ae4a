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
// For the type of inject("postgresUrl"), declared beside the global setup that provides it.
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

async function createDatabase(sqliteFile: boolean): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (testDialect() === "sqlite" && sqliteFile) {
    const dir = mkdtempSync(join(tmpdir(), "cw-test-"));
    return { config: { dialect: "sqlite", file: join(dir, "shop.db") }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (testDialect() === "sqlite") return { config: { dialect: "sqlite", file: ":memory:" }, drop: async () => {} };
  const adminUrl = inject("postgresUrl");
  const name = `cw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect: "postgres", url: url.toString() },
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
  const database = await createDatabase(options.sqliteFile ?? false);
  const db = openDatabase(database.config);
  await migrateToLatest(db);
  if (options.seed !== false) await seedDemoShop(db);
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
