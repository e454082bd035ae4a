/**
 * A throwaway PostgreSQL for `BENCH_DATABASE=postgres npm run bench` (bench/notes/open-rate.md):
 * started from the machine's binaries in a temporary folder as the test harness does
 * (test/postgres.ts), but with the settings a production shop runs with, since its figures are
 * the ones measured: fsync, synchronous_commit and full_page_writes on (the defaults). Only the
 * memory settings are sized for a small dedicated server.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** Settings passed to the server: everything else is PostgreSQL's default (fsync=on, synchronous_commit=on). */
export const BENCH_POSTGRES_SETTINGS = {
  max_connections: "100",
  shared_buffers: "256MB",
  effective_cache_size: "1GB",
  work_mem: "8MB",
};

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0])
    throw new Error("BENCH_DATABASE=postgres: no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)");
  return join(root, versions[0], "bin");
}

export interface BenchPostgres {
  url: string;
  settings: Record<string, string>;
  stop(): void;
}

export function startBenchPostgres(port: number): BenchPostgres {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "cw-bench-pg-"));
  // PostgreSQL refuses to run as root: then its binaries run as the 'postgres' system user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    if (!uid) throw new Error("BENCH_DATABASE=postgres as root needs a 'postgres' system user (apt-get install postgresql)");
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [cmd, ...rest] = [...(asRoot ? ["runuser", "-u", "postgres", "--"] : []), join(bin, command), ...args];
    execFileSync(cmd as string, rest, { stdio: ["ignore", "ignore", "pipe"] });
  };
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"]);
  const settings = Object.entries(BENCH_POSTGRES_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  run("pg_ctl", [
    "-D",
    data,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${settings}`,
    "-l",
    join(dir, "server.log"),
    "-w",
    "start",
  ]);
  return {
    // BENCH_PG_SOCKET=unix: through the server's Unix socket, as a shop on the database's own machine can connect.
    url:
      process.env.BENCH_PG_SOCKET === "unix"
        ? `postgres://postgres@${encodeURIComponent(dir)}:${port}/postgres`
        : `postgres://postgres@127.0.0.1:${port}/postgres`,
    settings: { ...BENCH_POSTGRES_SETTINGS, fsync: "on", synchronous_commit: "on", full_page_writes: "on" },
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Orders in the shop's PostgreSQL database: the checkout's open-rate phase counts the ones it placed. */
export async function countPostgresOrders(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>("select count(*) as n from orders")).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
