/**
 * The real server for the soak and abuse scenarios: `main.ts` in a child process, started as
 * `npm start` starts it (the same Node flags, scripts/start.ts), in production mode behind an
 * imagined load balancer on this machine (TRUST_PROXY=loopback), so each simulated shopper's
 * X-Forwarded-For is its address and the rate limits count per shopper as they would in a shop.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../scripts/server-process.ts";
import { keepErrorLines } from "./processes.ts";
import { type Dialect, OWNER, postgresDatabase } from "./shop.ts";

export interface RunningServer {
  url: string;
  /** The node process's pid (the one whose memory is read). */
  pid: number;
  secret: string;
  dataDir: string;
  /** SQLite: the database file; PostgreSQL: its URL. */
  database: string;
  /** The process's resident memory now, in bytes (VmRSS of /proc/<pid>/status). */
  rss(): number;
  /** What the server wrote to stderr (an uncaught error would be there). */
  errors(): string;
  /** The log lines it wrote at error level or above (the last 20), to name a failure's cause. */
  errorLines: string[];
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, "..");

export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes) * 1024;
}

export async function startServer(dialect: Dialect, port: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "cw-resilience-server-"));
  const database = dialect === "sqlite" ? `file:${join(dataDir, "shop.db")}` : (await postgresDatabase()).config;
  const databaseUrl = typeof database === "string" ? database : database.dialect === "postgres" ? database.url : "";
  const secret = randomBytes(32).toString("hex");
  const url = `http://127.0.0.1:${port}`;
  // process.execPath is the project's pinned Node (npm scripts run it); the flags are `npm start`'s.
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--import", "./scripts/compile-cache.mjs", "scripts/start.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SECRET: secret,
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
        PUBLIC_URL: url,
        TRUST_PROXY: "loopback",
        RATE_LIMIT: "on",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const errorLines = keepErrorLines(child.stdout);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering:\n${stderr}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /api/health within 60 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    secret,
    dataDir,
    database: databaseUrl,
    rss: () => residentBytes(pid),
    errors: () => stderr,
    errorLines,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killer);
      }
      if (process.env.RESILIENCE_KEEP === "1") console.log(`  the server's folder is kept: ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
