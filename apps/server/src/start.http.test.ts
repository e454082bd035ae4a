/**
 * The server as `npm start` runs it, in a process of its own over an already migrated and seeded
 * shop (decision 0050): what it no longer does before listening (route schemas, the storefront's
 * build, the first sweep) must still be there for the first request that needs it. Both from the
 * sources (`npm run dev`, the journeys) and from npm start's bundle (decision 0068), built here into a
 * folder of its own. The storefront's build step is left out: npm test builds the storefront first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, serverBuildIsFresh } from "../../../scripts/build-server.ts";
import { createTestShop, TEST_SECRET, type TestShop, testDialect } from "../../../test/app.ts";
import { buildApp } from "./app.ts";
import type { DatabaseConfig } from "./config.ts";
import { type Db, migrateToLatest, openDatabase } from "./db/index.ts";
import { seedDemoShop } from "./seed/index.ts";

const root = resolve(import.meta.dirname, "../../..");
const CART = "/api/store/v1/cart";

/**
 * Written by the server's process on SIGUSR2 (a preload of this test's): the modules Node has loaded, internal ones
 * included. Written beside and renamed into place, so the test never reads it half written.
 */
const LOADED_MODULES_FILE = "loaded-modules.json";
const REPORT_LOADED_MODULES = `data:text/javascript,${encodeURIComponent(
  `import { renameSync, writeFileSync } from "node:fs"; process.on("SIGUSR2", () => { const file = process.env.CW_LOADED_MODULES; writeFileSync(file + ".part", JSON.stringify(process.moduleLoadList)); renameSync(file + ".part", file); });`,
)}`;

/** What the process runs: main.ts from the sources, or the bundle npm start imports. */
const RUNS = [
  { name: "from the sources", bundled: false },
  { name: "from npm start's bundle", bundled: true },
] as const;

/** A cart made through the API, then dated two days past its expiry: the first sweep deletes it. */
async function expiredCartIn(db: Db): Promise<string> {
  const app = await buildApp({
    config: { logLevel: "silent", production: false, secret: TEST_SECRET, rateLimit: false },
    db,
    logger: false,
  });
  const first = await app.inject({ url: CART });
  const token = String(first.headers["cart-token"]);
  await app.inject({ method: "POST", url: `${CART}/add-item`, headers: { "cart-token": token }, payload: { id: 1, quantity: 1 } });
  await app.close();
  const [cart] = await db.selectFrom("carts").select("id").execute();
  if (!cart) throw new Error("no cart was stored");
  await db
    .updateTable("carts")
    .set({ expires_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
    .execute();
  return cart.id;
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/**
 * Staged rows of two download uploads (decision 0110): one a process that died mid-upload left two hours
 * ago, one still arriving in another process (begun two hours ago, its last row written a minute ago).
 */
async function stagedUploadsIn(db: Db): Promise<void> {
  await db
    .insertInto("download_upload_chunks")
    .values([
      { upload_id: "left-by-a-dead-process", seq: 0, data: Buffer.alloc(8), created_at: hoursAgo(2) },
      { upload_id: "still-arriving", seq: 0, data: Buffer.alloc(8), created_at: hoursAgo(2) },
      { upload_id: "still-arriving", seq: 1, data: Buffer.alloc(8), created_at: hoursAgo(1 / 60) },
    ])
    .execute();
}

for (const run of RUNS) {
  describe(`the server started on a migrated shop, ${run.name}`, () => {
    let shop: TestShop | undefined;
    let folder: string;
    /** The bundle's folder: directly in apps/server, as npm start's apps/server/build is. */
    let bundleFolder: string | undefined;
    let database: DatabaseConfig;
    let server: ChildProcess;
    let base: string;
    let expiredCart: string;

    /** Starts the server as npm start does (the compile cache preloaded) and answers its address once it logs that it listens. */
    function startServer(): Promise<string> {
      const url = database.dialect === "postgres" ? database.url : `file:${database.file}`;
      const entry = bundleFolder ? [join(bundleFolder, "main.js")] : ["apps/server/src/main.ts"];
      server = spawn(process.execPath, ["--import", "./scripts/compile-cache.mjs", "--import", REPORT_LOADED_MODULES, ...entry], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: url,
          DATA_DIR: folder,
          PORT: "0",
          HOST: "127.0.0.1",
          LOG_LEVEL: "info",
          SECRET: TEST_SECRET,
          RATE_LIMIT: "off",
          CW_LOADED_MODULES: join(folder, LOADED_MODULES_FILE),
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      return new Promise((found, failed) => {
        server.once("exit", (code) => failed(new Error(`the server exited (${code}) before listening`)));
        createInterface({ input: server.stdout as NodeJS.ReadableStream }).on("line", (line) => {
          const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
          if (address) found(address);
        });
      });
    }

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), "cw-start-"));
      if (run.bundled) {
        bundleFolder = mkdtempSync(join(root, "apps/server/build-test-"));
        await buildServer({ force: true, directory: bundleFolder });
      }
      if (testDialect() === "postgres") {
        shop = await createTestShop();
        database = shop.database;
        expiredCart = await expiredCartIn(shop.db);
        await stagedUploadsIn(shop.db);
      } else {
        database = { dialect: "sqlite", file: join(folder, "shop.db") };
        const db = openDatabase(database);
        await migrateToLatest(db);
        await seedDemoShop(db);
        expiredCart = await expiredCartIn(db);
        await stagedUploadsIn(db);
        await db.destroy();
      }
      base = await startServer();
    }, 120_000);

    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise((done) => server.once("exit", done));
        server.kill("SIGTERM");
        await exited;
      }
      await shop?.close();
      rmSync(folder, { recursive: true, force: true });
      if (bundleFolder) rmSync(bundleFolder, { recursive: true, force: true });
    }, 60_000);

    it("answers its health check", async () => {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    });

    it("checks a Store API call's input on its first request, with schemas compiled on first use", async () => {
      const first = await fetch(`${base}${CART}`);
      expect(first.status).toBe(200);
      const headers = {
        "cart-token": String(first.headers.get("cart-token")),
        nonce: String(first.headers.get("nonce")),
        "content-type": "application/json",
      };
      const refused = await fetch(`${base}${CART}/add-item`, {
        method: "POST",
        headers,
        body: JSON.stringify({ id: 1, quantity: "many" }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { code: string; data: { params: Record<string, string> } }).data.params).toHaveProperty("quantity");
      const added = await fetch(`${base}${CART}/add-item`, { method: "POST", headers, body: JSON.stringify({ id: 1, quantity: "2" }) });
      expect(added.status).toBe(201);
      const cart = (await added.json()) as { items: { id: number; quantity: number }[] };
      expect(cart.items).toEqual([expect.objectContaining({ id: 1, quantity: 2 })]);
    });

    // Node's fetch is 17.7 MB resident once loaded, and @fastify/compress's check of every reply loaded it
    // (decision 0068's amendment). A page loads it all the same: React Router renders with fetch's Request.
    if (run.bundled)
      it("answers the Store API without loading Node's fetch", async () => {
        const file = join(folder, LOADED_MODULES_FILE);
        expect((await fetch(`${base}${CART}`, { headers: { "accept-encoding": "gzip" } })).status).toBe(200);
        server.kill("SIGUSR2");
        let loaded: string[] | undefined;
        for (let i = 0; i < 100 && !loaded; i++) {
          if (existsSync(file)) loaded = JSON.parse(readFileSync(file, "utf8")) as string[];
          else await new Promise((r) => setTimeout(r, 50));
        }
        expect(loaded?.length).toBeGreaterThan(100);
        expect(loaded?.filter((name) => name.includes("undici"))).toEqual([]);
      });

    it("shows a storefront page on the first page request, loading the build then", async () => {
      const page = await fetch(`${base}/shop`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain("Classic T-Shirt");
      const script = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(await (await fetch(`${base}/product/classic-t-shirt`)).text())?.[1];
      expect(script).toBeDefined();
      expect((await fetch(`${base}${script}`)).status).toBe(200);
      expect((await fetch(`${base}/assets/no-such-file.js`)).status).toBe(404);
    });

    it("runs its first sweep once listening: the expired cart and a dead upload's staged rows are deleted", async () => {
      const db = openDatabase(database);
      try {
        const staged = () => db.selectFrom("download_upload_chunks").select(["upload_id", "seq"]).orderBy("seq").execute();
        let left = 1;
        let dead = 1;
        // The sweep's deletions run side by side: each is waited for.
        for (let i = 0; i < 100 && (left || dead); i++) {
          left = (await db.selectFrom("carts").select("id").where("id", "=", expiredCart).execute()).length;
          dead = (await staged()).filter((row) => row.upload_id === "left-by-a-dead-process").length;
          if (left || dead) await new Promise((r) => setTimeout(r, 100));
        }
        expect(left).toBe(0);
        // What a dead upload left is deleted; the upload still arriving is left whole.
        expect(await staged()).toEqual([
          { upload_id: "still-arriving", seq: 0 },
          { upload_id: "still-arriving", seq: 1 },
        ]);
      } finally {
        await db.destroy();
      }
    });

    // The maps' sources are relative to the bundle's folder, directly in apps/server.
    if (run.bundled) {
      it("is a bundle in ASCII, which V8 keeps at one byte a character", () => {
        const bytes = readFileSync(join(bundleFolder as string, "main.js"));
        const first = bytes.findIndex((byte) => byte > 0x7f);
        expect(first === -1 ? "" : bytes.subarray(Math.max(0, first - 60), first + 20).toString()).toBe("");
      });

      // depd's stack capture made V8 re-parse the whole bundle once, a 17 MB parser zone kept by the main heap (decision 0102).
      it("is a bundle whose deprecation notices capture no stack trace", () => {
        const bundle = readFileSync(join(bundleFolder as string, "main.js"), "utf8");
        expect(bundle).toContain("cartwright:depd");
        expect(bundle).not.toContain("captureStackTrace(obj)");
      });

      it("is a bundle whose source maps name our files, and only ours", () => {
        const folder = bundleFolder as string;
        expect(serverBuildIsFresh(folder)).toBe(true);
        const lines = readFileSync(join(folder, "main.js"), "utf8").split("\n");
        const map = new SourceMap(JSON.parse(readFileSync(join(folder, "main.js.map"), "utf8")));
        const ours = lines.findIndex((line) => line.startsWith("function loadConfig("));
        expect(map.findEntry(ours, 9)).toMatchObject({ originalSource: "../src/config.ts" });
        const library = lines.findIndex((line) => line.includes("node_modules/fastify/fastify.js"));
        expect(library).toBeGreaterThan(-1);
        expect(map.findEntry(library + 2, 1)).not.toHaveProperty("originalSource", expect.stringContaining("node_modules"));
      });
    }

    it("stops on SIGTERM", async () => {
      const exited = new Promise<number | null>((done) => server.once("exit", done));
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
    });
  });
}
