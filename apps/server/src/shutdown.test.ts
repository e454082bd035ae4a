import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/index.ts";

const root = resolve(import.meta.dirname, "../../..");
let child: ChildProcess | undefined;
afterEach(() => child?.kill("SIGKILL"));

describe("graceful shutdown", () => {
  it("finishes a request in flight, then refuses new ones", async () => {
    const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
    const app = await buildApp({
      config: { logLevel: "silent", production: false, secret: "x".repeat(32), rateLimit: true },
      db,
      logger: false,
    });
    let arrived: () => void = () => {};
    const hasArrived = new Promise<void>((r) => {
      arrived = r;
    });
    app.get("/slow", async () => {
      arrived();
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const inFlight = fetch(`${url}/slow`).then((r) => r.json());
    // Closed only once the request is being served (a fixed wait lost the race on a busy machine).
    await hasArrived;
    const closed = app.close();
    await expect(inFlight).resolves.toEqual({ done: true });
    await closed;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    await db.destroy();
  });

  it("exits cleanly on SIGTERM after serving", async () => {
    const server = await startMain(mkdtempSync(join(tmpdir(), "cw-shutdown-")));
    expect(server.output()).toContain("demo shop seeded");
    child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    // The first sweep, started as the server listened, finished before the database closed.
    expect(server.output()).not.toContain("sweep failed");
  }, 30_000);

  it("sends the emails of an order placed just before SIGTERM before closing the database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cw-shutdown-"));
    const server = await startMain(dir);
    const cart = `${server.url}/api/store/v1/cart`;
    const token = (await fetch(cart)).headers.get("cart-token") ?? "";
    const headers = { "cart-token": token, "content-type": "application/json" };
    expect((await fetch(`${cart}/add-item`, { method: "POST", headers, body: JSON.stringify({ id: 1, quantity: 1 }) })).status).toBe(201);
    const billing_address = {
      first_name: "Late",
      last_name: "Shopper",
      address_1: "1 Closing Street",
      city: "Los Angeles",
      state: "CA",
      postcode: "90001",
      country: "US",
      phone: "555-0100",
      email: "late@example.com",
    };
    const placed = await fetch(`${server.url}/api/store/v1/checkout`, {
      method: "POST",
      headers,
      body: JSON.stringify({ billing_address, payment_method: "cod" }),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    // At once: the order's e-mails are still being sent in the background.
    child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain("could not be prepared");
    expect(readdirSync(join(dir, "outbox")).filter((name) => name.endsWith(".eml")).length).toBeGreaterThanOrEqual(2);
  }, 30_000);
});

/** Runs the server as `npm start` does (main.ts) on a fresh shop in dir, once it listens. */
async function startMain(dir: string) {
  child = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: "0", DATABASE_URL: `file:${join(dir, "shop.db")}`, DATA_DIR: dir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolveExit) => child?.on("exit", (code) => resolveExit(code)));
  for (let i = 0; i < 200 && !output.includes("Server listening"); i++) await new Promise((r) => setTimeout(r, 100));
  const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? "";
  return { url, exited, output: () => output };
}
