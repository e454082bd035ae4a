/**
 * The crash scenario (issue 21): the real server, killed with SIGKILL at seeded random moments
 * while shoppers check out (card or cash on delivery), visitors send the feedback form and the
 * owner changes a product's stock and price and a coupon's amount. After each restart the
 * invariants hold and every order a shopper saw confirmed is still there, its status no worse
 * than the one answered.
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/index.ts";
import { seededRandom } from "../test/seeded-random.ts";
import { type ConfirmedOrder, captureStock, checkInvariants, lostOrders, type Violation } from "./invariants.ts";
import {
  Client,
  FEEDBACK_FORM,
  feedbackSubmission,
  type Reply,
  type ServerProcess,
  SHOPPER_ADDRESS,
  startServer,
  TEST_CARD,
} from "./processes.ts";
import { type Dialect, postgresDatabase } from "./shop.ts";

export interface CrashOptions {
  dialect: Dialect;
  crashes: number;
  seed: number;
  port: number;
  /** Shoppers, visitors and the owner at work at once. */
  workers?: number;
  log?: (line: string) => void;
}

export interface CrashResult {
  crashes: number;
  /** Crashes after which the server came back and nothing was lost or broken. */
  survived: number;
  ordersConfirmed: number;
  formsSent: number;
  ownerEdits: number;
  /** Violations after any restart, lost orders among them. */
  violations: Violation[];
  ordersLost: number;
  /** Answers no crash explains: a 5xx while the server was up. */
  serverErrors: string[];
  /** The server's error-level log lines, kept from each process before it was killed. */
  serverLog: string[];
}

/**
 * The order a checkout's answer confirms to the shopper, or null: only a 200 or 201 whose body
 * names the order (id and key) counts; the status answered is kept, to compare after a crash.
 */
export function confirmation(status: number, body: unknown): ConfirmedOrder | null {
  if (status !== 200 && status !== 201) return null;
  const reply = body as { order_id?: unknown; order_key?: unknown; status?: unknown } | null;
  if (typeof reply?.order_id !== "number" || typeof reply.order_key !== "string" || !reply.order_key) return null;
  return { id: reply.order_id, key: reply.order_key, ...(typeof reply.status === "string" ? { status: reply.status } : {}) };
}

export async function crashScenario(options: CrashOptions): Promise<CrashResult> {
  const log = options.log ?? (() => {});
  // Two streams: the kill moments repeat exactly; the work's mix also depends on how the requests interleave.
  const moments = seededRandom(options.seed);
  const random = seededRandom(options.seed + 1);
  const folder = mkdtempSync(join(tmpdir(), "cw-resilience-crash-"));
  const database: DatabaseConfig =
    options.dialect === "sqlite" ? { dialect: "sqlite", file: join(folder, "shop.db") } : (await postgresDatabase()).config;
  const databaseUrl = database.dialect === "sqlite" ? `file:${database.file}` : database.url;
  const serverOptions = { port: options.port, databaseUrl, dataDir: folder, secret: randomBytes(32).toString("hex") };
  const result: CrashResult = {
    crashes: 0,
    survived: 0,
    ordersConfirmed: 0,
    formsSent: 0,
    ownerEdits: 0,
    violations: [],
    ordersLost: 0,
    serverErrors: [],
    serverLog: [],
  };
  const confirmed: ConfirmedOrder[] = [];
  let server: ServerProcess = await startServer(serverOptions);
  // The scenario's own connection, for the checks only: the server process owns every write.
  const db = openDatabase(database);
  try {
    const baseline = await captureStock(db);
    const owner = new Client(server.url, "10.250.0.1");
    await owner.signInAsOwner();
    const products = ((await owner.send("GET", "/api/admin/v1/products?per_page=100")).json?.products ?? []) as {
      id: number;
      type: string;
      manage_stock: boolean;
      sale_price: number | null;
    }[];
    const stocked = products.filter((p) => p.type === "simple" && p.manage_stock).map((p) => p.id);
    const priced = products.filter((p) => p.type === "simple" && p.sale_price === null).map((p) => p.id);
    const sellable = products.filter((p) => p.type === "simple").map((p) => p.id);
    const coupons = ((await owner.send("GET", "/api/admin/v1/coupons?search=5off")).json?.coupons ?? []) as { id: number; code: string }[];
    const coupon = coupons.find((c) => c.code.toLowerCase() === "5off")?.id;
    if (!stocked.length || !priced.length || coupon === undefined) throw new Error("the demo shop's products or coupon 5OFF are missing");

    let clients = 0;
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
    const serverError = (what: string, reply: Reply) => {
      if (reply.status >= 500) result.serverErrors.push(`${what} → ${reply.status} ${reply.text.slice(0, 200)}`);
    };

    const checkout = async () => {
      const shopper = new Client(server.url, `10.251.${(++clients >> 8) & 255}.${clients & 255}`, random() < 0.5 ? "token" : "browser");
      await shopper.send("GET", "/api/store/v1/cart");
      serverError(
        "add-item",
        await shopper.send("POST", "/api/store/v1/cart/add-item", { id: pick(sellable), quantity: 1 + Math.floor(random() * 2) }),
      );
      if (random() < 0.5) await shopper.send("POST", "/api/store/v1/cart/apply-coupon", { code: random() < 0.5 ? "SAVE10" : "5OFF" });
      const card = random() < 0.6;
      const reply = await shopper.send("POST", "/api/store/v1/checkout", {
        billing_address: SHOPPER_ADDRESS,
        payment_method: card ? "test_card" : "cod",
        ...(card ? { payment_data: TEST_CARD } : {}),
      });
      serverError("checkout", reply);
      const order = confirmation(reply.status, reply.json);
      if (order) {
        confirmed.push(order);
        result.ordersConfirmed++;
      }
    };
    const sendForm = async () => {
      const visitor = new Client(server.url, `10.252.${(++clients >> 8) & 255}.${clients & 255}`);
      const token = await visitor.send("POST", "/ajax", new URLSearchParams({ action: "forms_get_token", formId: String(FEEDBACK_FORM) }));
      const form = feedbackSubmission(token, { 1: String(3 + Math.floor(random() * 3)), 3: "ada@example.com" });
      const reply = await visitor.send("POST", "/ajax", form);
      serverError("forms_submit", reply);
      if (reply.json?.success === true) result.formsSent++;
    };
    const ownerEdit = async () => {
      const choice = random();
      let reply: Reply;
      if (choice < 0.4) {
        const id = pick(stocked);
        const product = await owner.send("GET", `/api/admin/v1/products/${id}`);
        reply = await owner.send("PATCH", `/api/admin/v1/products/${id}`, {
          stock_quantity: Number(product.json?.stock_quantity ?? 0) + 5 + Math.floor(random() * 20),
        });
      } else if (choice < 0.7)
        reply = await owner.send("PATCH", `/api/admin/v1/products/${pick(priced)}`, { regular_price: 1000 + Math.floor(random() * 5000) });
      else reply = await owner.send("PATCH", `/api/admin/v1/coupons/${coupon}`, { amount: 300 + Math.floor(random() * 400) });
      serverError("owner edit", reply);
      if (reply.status === 401 || reply.status === 403) await owner.signInAsOwner();
      if (reply.status === 200) result.ownerEdits++;
    };

    // Every feedback entry a visitor was told was received is stored.
    const feedbackEntries = async () =>
      Number(
        (
          await db
            .selectFrom("form_entries")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("form_id", "=", FEEDBACK_FORM)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const entriesBefore = await feedbackEntries();
    const lostEntries = async (): Promise<Violation[]> => {
      const stored = (await feedbackEntries()) - entriesBefore;
      return stored >= result.formsSent
        ? []
        : [{ kind: "entry-lost", where: "form_entries", message: `${result.formsSent} entries confirmed, ${stored} stored` }];
    };

    const workers = options.workers ?? 4;
    for (let crash = 1; crash <= options.crashes; crash++) {
      owner.base = server.url;
      let running = true;
      const work = async () => {
        while (running) {
          const choice = random();
          try {
            await (choice < 0.55 ? checkout() : choice < 0.8 ? sendForm() : ownerEdit());
          } catch {
            // The connection broke: the kill, which ends the round.
          }
        }
      };
      const loops = Array.from({ length: workers }, work);
      const after = 200 + Math.floor(moments() * 1500);
      await new Promise((resolve) => setTimeout(resolve, after));
      const how = await server.kill("SIGKILL");
      result.serverLog.push(...server.errorLines);
      running = false;
      await Promise.all(loops);
      result.crashes++;
      server = await startServer(serverOptions);
      const violations = [...(await checkInvariants(db, baseline)), ...(await lostOrders(db, confirmed)), ...(await lostEntries())];
      result.violations.push(...violations);
      result.ordersLost += violations.filter((v) => v.kind === "order-lost").length;
      if (!violations.length) result.survived++;
      log(
        `  ${options.dialect}: crash ${crash}/${options.crashes} (${how} after ${after} ms): back up; ${confirmed.length} orders confirmed so far, ${violations.length} violations`,
      );
      for (const violation of violations) log(`    violation ${violation.kind} ${violation.where}: ${violation.message}`);
    }
    return result;
  } finally {
    await server.kill("SIGTERM");
    await db.destroy();
    if (process.env.RESILIENCE_KEEP === "1") log(`  the crash shop's folder is kept: ${folder}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}
