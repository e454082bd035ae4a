/**
 * npm run bench [scenario…]: starts the real server on a fresh demo shop (SQLite, rate limits
 * off), loads it from this process with autocannon, writes bench/results/<scenario>.json and
 * fails when a figure breaks its budget in bench/budgets.json. Never part of npm test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { createSessionToken } from "../apps/server/src/http/tokens.ts";
import { buildWeb } from "../scripts/build-web.ts";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

interface Step {
  name: string;
  path: string;
  connections: number;
  method?: "GET" | "POST";
  /** The body of each request; given the request's number, to vary it. */
  body?: (n: number) => unknown;
  /** Which cart each request works on: a fresh one from a large pool, or one per connection. */
  carts?: "pool" | "per-connection";
}

const CART = "/api/store/v1/cart";
const scenarios: Record<string, Step[]> = {
  catalogue: [
    { name: "GET /api/store/v1/products?per_page=12", path: "/api/store/v1/products?per_page=12", connections: 20 },
    { name: "GET /shop", path: "/shop", connections: 20 },
  ],
  // The cart flow of issue 3: every step at 50 connections, each on carts of its own.
  "cart-flow": [
    { name: "add-item", path: `${CART}/add-item`, method: "POST", body: () => ({ id: 1, quantity: 1 }), carts: "pool", connections: 50 },
    {
      name: "update-item",
      path: `${CART}/update-item`,
      method: "POST",
      body: (n) => ({ key: "{key}", quantity: 1 + (n % 3) }),
      carts: "per-connection",
      connections: 50,
    },
    {
      name: "apply/remove-coupon",
      path: `${CART}/apply-coupon`,
      method: "POST",
      body: () => ({ code: "SAVE10" }),
      carts: "per-connection",
      connections: 50,
    },
    {
      name: "update-customer",
      path: `${CART}/update-customer`,
      method: "POST",
      body: (n) => ({
        shipping_address:
          n % 2
            ? { country: "US", state: "CA", postcode: "90001", city: "Springfield" }
            : { country: "US", state: "NY", postcode: "10001", city: "New York" },
      }),
      carts: "per-connection",
      connections: 50,
    },
    {
      name: "select-shipping-rate",
      path: `${CART}/select-shipping-rate`,
      method: "POST",
      body: (n) => ({ package_id: 0, rate_id: n % 2 ? "pickup_location:1" : "pickup_location:2" }),
      carts: "per-connection",
      connections: 50,
    },
    { name: "GET /cart", path: CART, carts: "per-connection", connections: 50 },
  ],
};

interface Budget {
  p99Ms: number;
  minRequestsPerSecond: number;
}
const budgets = JSON.parse(readFileSync(join(root, "bench/budgets.json"), "utf8")) as Record<string, Record<string, Budget>>;

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${join(dataDir, "shop.db")}`,
      RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill("SIGTERM");
  throw new Error("the server did not start within 30 s");
}

const SECRET = "bench-secret-bench-secret-bench-secret-0123";

/** A cart with a T-shirt in it, made through the API; returns its token and line key. */
async function filledCart(): Promise<{ token: string; key: string }> {
  const first = await fetch(`${base}${CART}`);
  const token = first.headers.get("cart-token") ?? "";
  const added = await fetch(`${base}${CART}/add-item`, {
    method: "POST",
    headers: { "cart-token": token, "content-type": "application/json" },
    body: JSON.stringify({ id: 1, quantity: 1 }),
  });
  const cart = (await added.json()) as { items: { key: string }[] };
  return { token, key: cart.items[0]?.key ?? "" };
}

async function load(step: Step) {
  const tokens: string[] = [];
  let key = "";
  if (step.carts === "per-connection") {
    for (let i = 0; i < step.connections; i++) {
      const cart = await filledCart();
      tokens.push(cart.token);
      key = cart.key;
    }
  } else if (step.carts === "pool") {
    for (let i = 0; i < 4000; i++) tokens.push(createSessionToken(SECRET, { sid: `bench-${i}-${Date.now()}`, uid: 0 }));
  }
  let counter = 0;
  let connection = 0;
  const options: autocannon.Options = {
    url: base + step.path,
    connections: step.connections,
    duration: seconds,
    method: step.method ?? "GET",
    headers: { "content-type": "application/json" },
    setupClient: (client) => {
      const token = step.carts === "per-connection" ? tokens[connection++ % tokens.length] : undefined;
      if (token) client.setHeaders({ "content-type": "application/json", "cart-token": token });
    },
    requests: [
      {
        setupRequest: (request, rawContext) => {
          const context = rawContext as Record<string, number>;
          const n = counter++;
          // Each connection keeps its own count, so it alternates on its own cart.
          context.own = (context.own ?? -1) + 1;
          const headers = { ...request.headers } as Record<string, string>;
          if (step.carts === "pool") headers["cart-token"] = tokens[n % tokens.length] ?? "";
          const body = step.body ? JSON.stringify(step.body(n)).replace("{key}", key) : undefined;
          // The coupon step alternates apply and remove, so each call succeeds.
          const path = step.name === "apply/remove-coupon" && (context.own ?? 0) % 2 ? `${CART}/remove-coupon` : step.path;
          return { ...request, path, headers, body };
        },
      },
    ],
  };
  // A short warm-up so the first requests' compilation does not count.
  await autocannon({ ...options, connections: 4, duration: 2 });
  const result = await autocannon(options);
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${step.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    step: step.name,
    connections: step.connections,
    seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
  };
}

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const names = wanted.length ? wanted : Object.keys(scenarios);
  for (const name of names) if (!scenarios[name]) throw new Error(`unknown scenario ${name}; known: ${Object.keys(scenarios).join(", ")}`);
  buildWeb();
  const dataDir = mkdtempSync(join(tmpdir(), "cw-bench-"));
  const server = await startServer(dataDir);
  const failures: string[] = [];
  try {
    for (const name of names) {
      const results = [];
      for (const step of scenarios[name] ?? []) {
        const figures = await load(step);
        results.push(figures);
        const budget = budgets[name]?.[step.name];
        const verdict = budget
          ? figures.latencyMs.p99 <= budget.p99Ms && figures.requestsPerSecond >= budget.minRequestsPerSecond
            ? "within budget"
            : "OVER BUDGET"
          : "no budget";
        if (verdict === "OVER BUDGET")
          failures.push(
            `${name}: ${step.name} p99 ${figures.latencyMs.p99} ms, ${figures.requestsPerSecond} req/s (budget p99 ≤ ${budget?.p99Ms} ms, ≥ ${budget?.minRequestsPerSecond} req/s)`,
          );
        console.log(
          `${name.padEnd(10)} ${step.name.padEnd(45)} ${String(figures.requestsPerSecond).padStart(6)} req/s  p50 ${figures.latencyMs.p50} ms  p99 ${figures.latencyMs.p99} ms  (${step.connections} connections, ${verdict})`,
        );
      }
      const record = {
        scenario: name,
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        database: "sqlite",
        results,
      };
      mkdirSync(join(root, "bench/results"), { recursive: true });
      writeFileSync(join(root, "bench/results", `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
    }
  } finally {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\nBudgets broken:\n${failures.join("\n")}`);
    process.exit(1);
  }
}

await main();
