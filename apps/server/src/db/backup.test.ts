/**
 * `npm run backup` while orders are being placed: the copy, restored under a server, is the same
 * shop as at one moment of the run (its orders each as the live shop has them, stock that adds up,
 * every invariant holding), and a copy taken once the orders stop is the live shop exactly.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureStock, checkInvariants, type StockBaseline } from "../../../../resilience/invariants.ts";
import { productId, StoreClient, testBilling } from "../../../../test/store-client.ts";
import { buildApp } from "../app.ts";
import { seedDemoShop } from "../seed/index.ts";
import { backupSqlite, type Db, migrateToLatest, openDatabase } from "./index.ts";

const ROOT = resolve(import.meta.dirname, "../../../..");
const SECRET = "backup-test-secret-backup-test-secret";

let folder: string;
let file: string;
let db: Db;
let app: FastifyInstance;
let baseline: StockBaseline;
let tShirt: number;

const serve = async (database: Db) => {
  const server = await buildApp({
    config: { logLevel: "silent", production: false, secret: SECRET, rateLimit: false },
    db: database,
    logger: false,
    web: false,
  });
  await server.ready();
  return server;
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "cw-backup-"));
  file = join(folder, "shop.db");
  db = openDatabase({ dialect: "sqlite", file });
  await migrateToLatest(db);
  await seedDemoShop(db);
  // Orders go on for as long as the backup runs, however fast this machine places them: the T-shirt's 100 would run out.
  await db.updateTable("products").set({ stock_quantity: 1_000_000 }).where("slug", "=", "classic-t-shirt").execute();
  baseline = await captureStock(db);
  app = await serve(db);
  tShirt = await productId(app, "classic-t-shirt");
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  rmSync(folder, { recursive: true, force: true });
});

async function placeOrder(): Promise<{ id: number; key: string }> {
  const shopper = new StoreClient(app);
  await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
  const response = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().order_id, key: response.json().order_key };
}

/** `npm run backup -- <destination>` as its own process, as an operator runs it beside the server. */
function runBackup(destination: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, "scripts/backup.ts"), destination], {
      env: { ...process.env, DATABASE_URL: `file:${file}`, DATA_DIR: folder },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => done({ code, output }));
  });
}

const rows = (database: Db, table: "orders" | "order_items" | "products" | "coupons") =>
  database.selectFrom(table).selectAll().orderBy("id").execute() as Promise<{ id: number }[]>;

describe("npm run backup", () => {
  it("copies the shop while orders are placed; the copy restored is the shop as it was at one moment", async () => {
    const placed: { id: number; key: string }[] = [await placeOrder(), await placeOrder()];
    const before = placed.length;
    let writing = true;
    const writer = (async () => {
      while (writing) placed.push(await placeOrder());
    })();
    const destination = join(folder, "during.db");
    const backup = await runBackup(destination);
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(destination);

    const copy = openDatabase({ dialect: "sqlite", file: destination });
    try {
      expect(await checkInvariants(copy, baseline)).toEqual([]);
      const copied = await rows(copy, "orders");
      const live = new Map((await rows(db, "orders")).map((row) => [row.id, row]));
      // Every order confirmed before the backup began is in it, each as the live shop has it.
      expect(copied.length).toBeGreaterThanOrEqual(before);
      for (const order of copied) expect(order).toEqual(live.get(order.id));
      // A server started on the copy shows a copied order to its shopper and takes new ones.
      const restored = await serve(copy);
      try {
        const first = placed[0] as { id: number; key: string };
        const view = await restored.inject(`/api/store/v1/order/${first.id}?key=${first.key}&billing_email=ada@example.com`);
        expect(view.statusCode, view.body).toBe(200);
        const shopper = new StoreClient(restored);
        await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
        expect((await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" })).statusCode).toBe(200);
        expect(await checkInvariants(copy, baseline)).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      await copy.destroy();
    }
  });

  it("copies a quiet shop exactly: the same orders, lines, stock and coupons", async () => {
    const destination = join(folder, "quiet.db");
    await backupSqlite(file, destination);
    const copy = openDatabase({ dialect: "sqlite", file: destination });
    try {
      for (const table of ["orders", "order_items", "products", "coupons"] as const)
        expect(await rows(copy, table)).toEqual(await rows(db, table));
      expect(await checkInvariants(copy, baseline)).toEqual([]);
    } finally {
      await copy.destroy();
    }
    await expect(backupSqlite(file, destination)).rejects.toThrow(/exists already/);
  });
});
