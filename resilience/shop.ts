/**
 * A shop for the resilience suite, built as `main.ts` builds one (migrated, seeded, the owner made
 * from OWNER_EMAIL's equivalent, order e-mails into an outbox, rate limits on) but in this process,
 * answering `app.inject`: an SQLite file in a temporary folder, or a database on a throwaway PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import type { DatabaseConfig } from "../apps/server/src/config.ts";
import { type Db, migrateToLatest, openDatabase } from "../apps/server/src/db/index.ts";
import { ensureOwner } from "../apps/server/src/modules/customers/index.ts";
import { createMailer } from "../apps/server/src/modules/emails/index.ts";
import { seedDemoShop } from "../apps/server/src/seed/index.ts";
import { type RunningPostgres, startPostgres } from "../test/postgres.ts";

export type Dialect = "sqlite" | "postgres";

/** The owner of every resilience shop (DEMO.md "Owner": made from the environment, never a default password). */
export const OWNER = { email: "owner@resilience.test", password: "resilience-owner-password" } as const;

export interface ResilienceShop {
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  database: DatabaseConfig;
  close(): Promise<void>;
}

let postgres: RunningPostgres | undefined;

/** One PostgreSQL server for the run, started on first use and stopped by `stopPostgres`. */
export async function postgresDatabase(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  postgres ??= await startPostgres();
  const name = `cw_resilience_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return { config: { dialect: "postgres", url: url.toString() }, drop: async () => {} };
}

export function stopPostgres(): void {
  postgres?.stop();
  postgres = undefined;
}

export async function startShop(dialect: Dialect): Promise<ResilienceShop> {
  const folder = mkdtempSync(join(tmpdir(), "cw-resilience-"));
  const database =
    dialect === "sqlite"
      ? { config: { dialect, file: join(folder, "shop.db") } as DatabaseConfig, drop: async () => {} }
      : await postgresDatabase();
  const db = openDatabase(database.config);
  await migrateToLatest(db);
  await seedDemoShop(db);
  await ensureOwner(db, OWNER.email, OWNER.password);
  const publicUrl = "http://localhost:3760";
  const mailer = createMailer({ publicUrl, mail: { smtpUrl: null, from: null, ownerEmail: null, outbox: join(folder, "outbox") } });
  const app = await buildApp({
    config: {
      logLevel: "silent",
      production: true,
      rateLimit: true,
      secret: randomBytes(32).toString("hex"),
      trustProxy: false,
      publicUrl,
    },
    db,
    logger: false,
    web: false,
    mailer,
  });
  await app.ready();
  return {
    app,
    db,
    dialect,
    database: database.config,
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
      // RESILIENCE_KEEP=1 leaves the shop's folder (its SQLite file, the outbox) for a look after a failed run.
      if (process.env.RESILIENCE_KEEP === "1") console.log(`  the shop's folder is kept: ${folder}`);
      else rmSync(folder, { recursive: true, force: true });
    },
  };
}
