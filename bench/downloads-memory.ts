/**
 * node --expose-gc bench/downloads-memory.ts [parallel=5] [megabytes=40] [port=4830]: memory of a
 * server sending a large download to several slow clients at once (decision 0100). The shop runs
 * in this process on SQLite and listens on a port; each client (curl, another process) reads the file
 * over HTTP at 50 MB/s at most, hashing it. Reports the process's RSS, V8 heap and Buffer memory before and at their
 * peak while the downloads run, and checks every client got the exact bytes. Before decision 0100
 * each download held the whole file (parallel × megabytes); now each holds about one 256 KiB chunk
 * and the socket's buffer. Never part of npm test.
 */

import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { buildApp } from "../apps/server/src/app.ts";
import { migrateToLatest, openDatabase } from "../apps/server/src/db/index.ts";
import { ensureOwner } from "../apps/server/src/modules/customers/index.ts";
import { seedDemoShop } from "../apps/server/src/seed/index.ts";
import { productId, StoreClient, testBilling, testCard } from "../test/store-client.ts";

const PARALLEL = Number(process.argv[2] ?? 5);
const MEGABYTES = Number(process.argv[3] ?? 40);
const PORT = Number(process.argv[4] ?? 4830);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
await migrateToLatest(db);
await seedDemoShop(db);
await ensureOwner(db, "owner@example.com", "owner-password-2026");
const app = await buildApp({
  config: { logLevel: "silent", production: false, secret: "bench-secret-bench-secret-bench-secret!", rateLimit: false },
  db,
  logger: false,
  web: false,
});
const owner = new StoreClient(app, "browser");
await owner.get("/cart");
await owner.post("/account/sign-in", { email: "owner@example.com", password: "owner-password-2026" });
const giftCard = await productId(app, "gift-card");
await owner.request("PUT", `/api/admin/v1/products/${giftCard}/downloads`, { downloadable: true, download_limit: null });

// The owner's upload of the file (its own cost, before the measurement).
let file: Buffer | null = randomBytes(MEGABYTES * 1024 * 1024);
const digest = createHash("sha256").update(file).digest("hex");
const boundary = "----cwbench";
let body: Buffer | null = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`),
  file,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const nonce = String((await owner.get("/api/admin/v1/products/1/downloads")).headers.nonce ?? "");
const uploaded = await app.inject({
  method: "POST",
  url: `/api/admin/v1/products/${giftCard}/downloads/files`,
  headers: { cookie: owner.credentials().cookie ?? "", nonce, "content-type": `multipart/form-data; boundary=${boundary}` },
  payload: body,
});
if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
file = null;
body = null;

const shopper = new StoreClient(app);
await shopper.cart("POST", "/cart/add-item", { id: giftCard, quantity: 1 });
const placed = await shopper.post("/checkout", {
  billing_address: testBilling("bench@example.com"),
  payment_method: "test_card",
  payment_data: testCard(),
});
const { download_key: key } = await db
  .selectFrom("download_permissions")
  .select("download_key")
  .where("order_id", "=", placed.json().order_id)
  .executeTakeFirstOrThrow();

await app.listen({ port: PORT, host: "127.0.0.1" });

/**
 * One client, another process (so its buffers are not counted here): curl reading the download at
 * 50 MB/s at most, piped to sha256sum; answers the hash and the byte count curl reports.
 */
const download = () =>
  new Promise<{ sha: string; bytes: number }>((resolve, reject) => {
    const url = `http://127.0.0.1:${PORT}/download/${key}`;
    execFile(
      "bash",
      [
        "-c",
        `set -o pipefail; curl -sS --fail --limit-rate 50M -w '%{stderr}%{size_download}' -H 'accept: application/json' '${url}' | sha256sum`,
      ],
      (error, stdout, stderr) => {
        if (error) return reject(error);
        resolve({ sha: stdout.trim().split(/\s+/)[0] ?? "", bytes: Number(stderr.trim()) });
      },
    );
  });

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const sample = () => {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, buffers: m.arrayBuffers };
};
gc();
await sleep(100);
gc();
const before = sample();
const peak = { ...before };
const live = { ...before };
// Every 10 ms the memory as it stands (garbage the collector has not reached yet included); every
// 100 ms after a full collection: what the downloads keep alive.
let ticks = 0;
const sampler = setInterval(() => {
  ticks += 1;
  if (ticks % 10 === 0) gc();
  const now = sample();
  const into = ticks % 10 === 0 ? [peak, live] : [peak];
  for (const m of into) {
    m.rss = Math.max(m.rss, now.rss);
    m.heap = Math.max(m.heap, now.heap);
    m.buffers = Math.max(m.buffers, now.buffers);
  }
}, 10);
const started = performance.now();
const results = await Promise.all(Array.from({ length: PARALLEL }, download));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await app.close();

const exact = results.every((r) => r.sha === digest && r.bytes === MEGABYTES * 1024 * 1024);
console.log(`${PARALLEL} downloads at once of a ${MEGABYTES} MB file, ${seconds.toFixed(1)} s, bytes exact: ${exact}`);
const row = (name: string, m: typeof before) =>
  console.log(
    `${name.padEnd(34)} RSS ${mb(m.rss)} MB (+${mb(m.rss - before.rss)}), V8 heap ${mb(m.heap)} MB (+${mb(m.heap - before.heap)}), Buffers ${mb(m.buffers)} MB (+${mb(m.buffers - before.buffers)})`,
  );
row("before", before);
row("peak", peak);
row("peak just after a full collection", live);
console.log(`The whole file held per download (before decision 0100) would be ${PARALLEL * MEGABYTES} MB.`);
if (!exact) process.exitCode = 1;
