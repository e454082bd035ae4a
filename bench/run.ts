/**
 * npm run bench [scenario…]: starts the real server on a fresh demo shop (SQLite, rate limits
 * off), loads it from this process with autocannon, writes bench/results/<scenario>.json and
 * fails when a figure breaks its budget in bench/budgets.json. Never part of npm test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { buildWeb } from "../scripts/build-web.ts";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

interface Step {
  name: string;
  path: string;
  connections: number;
}

const scenarios: Record<string, Step[]> = {
  catalogue: [
    { name: "GET /api/store/v1/products?per_page=12", path: "/api/store/v1/products?per_page=12", connections: 20 },
    { name: "GET /shop", path: "/shop", connections: 20 },
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

async function load(step: Step) {
  // A short warm-up so the first requests' compilation does not count.
  await autocannon({ url: base + step.path, connections: 4, duration: 2 });
  const result = await autocannon({ url: base + step.path, connections: step.connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${step.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
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
