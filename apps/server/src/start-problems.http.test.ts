/**
 * The server as `npm start` runs it (main.ts), started with a setting that cannot work: it stops
 * with one line saying what is wrong and what to do, never a stack trace alone, and never listens.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { TEST_SECRET, testDialect } from "../../../test/app.ts";

const root = resolve(import.meta.dirname, "../../..");
const folder = () => mkdtempSync(join(tmpdir(), "cw-start-problem-"));

/** Runs main.ts (or another script) with these settings over a fresh SQLite shop unless they name another database; answers once it exits. */
function start(env: Record<string, string>, script = ["apps/server/src/main.ts"]): Promise<{ code: number | null; output: string }> {
  const dir = folder();
  const child = spawn(process.execPath, script, {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "shop.db")}`, SECRET: TEST_SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  // A start that listened after all is stopped, and the test then fails on its exit code and output.
  child.stdout.on("data", () => {
    if (output.includes("Server listening")) child.kill("SIGTERM");
  });
  return new Promise((done) => child.on("exit", (code) => done({ code, output })));
}

const listening: Server[] = [];
afterEach(() => {
  for (const server of listening.splice(0)) server.close();
});

/** A port that something else is listening on. */
async function portInUse(): Promise<number> {
  const server = createServer();
  listening.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const port = await portInUse();
  await new Promise((closed) => listening.pop()?.close(closed));
  return port;
}

const noStackTrace = (output: string) => expect(output).not.toMatch(/^\s+at /m);

describe.runIf(testDialect() === "sqlite")("a start with a setting that cannot work", () => {
  it("stops with one line when PORT is taken by another program", async () => {
    const port = await portInUse();
    const run = await start({ PORT: String(port) });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `Cannot start: PORT: 127.0.0.1:${port} is already in use by another program; stop that program or set PORT to a free port`,
    );
    noStackTrace(run.output);
  }, 30_000);

  it("stops with one line when HOST names no address it can find", async () => {
    const run = await start({ HOST: "no-such-host.invalid" });
    expect(run.code).toBe(1);
    expect(run.output).toContain("Cannot start: HOST: the name 'no-such-host.invalid' cannot be found;");
    noStackTrace(run.output);
  }, 30_000);

  it("stops before opening the database when DATA_DIR cannot be written", async () => {
    const dir = folder();
    writeFileSync(join(dir, "a-file"), "");
    const run = await start({ DATABASE_URL: `file:${join(dir, "shop.db")}`, DATA_DIR: join(dir, "a-file", "data") });
    expect(run.code).toBe(2);
    expect(run.output).toContain(`Configuration error: DATA_DIR: cannot write to the folder '${join(dir, "a-file", "data")}' (ENOTDIR)`);
    noStackTrace(run.output);
    expect(existsSync(join(dir, "shop.db"))).toBe(false);
  }, 30_000);

  it("stops with one line when no PostgreSQL answers at DATABASE_URL, never naming its password", async () => {
    const port = await closedPort();
    const run = await start({ DATABASE_URL: `postgres://shop:hunter2-secret@127.0.0.1:${port}/shop` });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `Cannot start: DATABASE_URL: no PostgreSQL answers at 127.0.0.1:${port} (connection refused); start PostgreSQL, or correct the host and port in DATABASE_URL`,
    );
    expect(run.output).not.toContain("hunter2");
    noStackTrace(run.output);
  }, 30_000);

  it("npm run owner says the same line as the server's when no PostgreSQL answers", async () => {
    const port = await closedPort();
    const run = await start({ DATABASE_URL: `postgres://shop:hunter2-secret@127.0.0.1:${port}/shop` }, [
      "scripts/owner.ts",
      "--email",
      "owner@example.com",
      "--password",
      "owner-password-2026",
    ]);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`DATABASE_URL: no PostgreSQL answers at 127.0.0.1:${port} (connection refused);`);
    expect(run.output).not.toContain("hunter2");
    noStackTrace(run.output);
  }, 30_000);

  it("stops with one line when DATABASE_URL names a file that is not an SQLite database", async () => {
    const dir = folder();
    writeFileSync(join(dir, "shop.db"), "these are not the database's pages ".repeat(200));
    const run = await start({ DATABASE_URL: `file:${join(dir, "shop.db")}` });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`Cannot start: DATABASE_URL: the SQLite file '${join(dir, "shop.db")}' cannot be used (SQLITE_NOTADB`);
    noStackTrace(run.output);
  }, 30_000);

  it("stops with a configuration error when an extension's definition is refused", async () => {
    const dir = folder();
    writeFileSync(join(dir, "bad.mjs"), `export default { name: "Gift Wrap" };\n`);
    const run = await start({ EXTENSIONS: join(dir, "bad.mjs") });
    expect(run.code).toBe(2);
    expect(run.output).toContain(
      "Configuration error: EXTENSIONS: extension 'Gift Wrap': An extension's name must be lower-case letters, digits and dashes (got 'Gift Wrap').",
    );
    noStackTrace(run.output);
  }, 30_000);
});

describe.runIf(testDialect() === "postgres")("a start over a PostgreSQL without the database named", () => {
  it("stops with one line saying which database to create", async () => {
    const url = new URL(inject("postgresUrl"));
    url.pathname = "/cw_no_such_shop";
    const run = await start({ DATABASE_URL: url.toString() });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `has no database 'cw_no_such_shop'; create it (createdb cw_no_such_shop) or correct the name in DATABASE_URL`,
    );
    noStackTrace(run.output);
  }, 30_000);

  it("stops with one line when the user may not create the shop's tables", async () => {
    const admin = new pg.Client({ connectionString: inject("postgresUrl") });
    await admin.connect();
    await admin.query("drop database if exists cw_not_theirs");
    await admin.query("create database cw_not_theirs");
    await admin.query("drop role if exists cw_guest_user");
    await admin.query("create role cw_guest_user login");
    await admin.end();
    const url = new URL(inject("postgresUrl"));
    url.username = "cw_guest_user";
    url.pathname = "/cw_not_theirs";
    const run = await start({ DATABASE_URL: url.toString() });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      "Cannot start: DATABASE_URL: user 'cw_guest_user' may not create or change the shop's tables in database 'cw_not_theirs'",
    );
    expect(run.output).toContain("(createdb --owner=cw_guest_user cw_not_theirs)");
    noStackTrace(run.output);
  }, 30_000);
});
