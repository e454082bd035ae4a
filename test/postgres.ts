/**
 * A throwaway PostgreSQL for the test run: started from the machine's binaries in a temporary
 * folder unless TEST_DATABASE_URL points at one. Never skipped: without PostgreSQL it stops
 * with a one-line instruction.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningPostgres {
  url: string;
  stop(): void;
}

function findBinDir(): string | null {
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromConfig.status === 0 && existsSync(join(fromConfig.stdout.trim(), "initdb"))) return fromConfig.stdout.trim();
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb")));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  return which.status === 0 ? join(which.stdout.trim(), "..") : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** PostgreSQL refuses to run as root; run its binaries as the 'postgres' system user then. */
function runAs(): { uid: number; gid: number; prefix: string[] } | null {
  if (process.getuid?.() !== 0) return null;
  const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (id.status !== 0) throw new Error("PostgreSQL cannot run as root and there is no 'postgres' user: apt-get install postgresql");
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()), prefix: ["runuser", "-u", "postgres", "--"] };
}

export async function startPostgres(): Promise<RunningPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop() {} };
  const bin = findBinDir();
  if (!bin) throw new Error("PostgreSQL binaries not found: run `apt-get install postgresql` or set TEST_DATABASE_URL=postgres://…");
  const dir = mkdtempSync(join(tmpdir(), "cw-pg-"));
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (command: string, args: string[]) => {
    const [cmd, ...rest] = [...(user?.prefix ?? []), join(bin, command), ...args];
    execFileSync(cmd as string, rest, { stdio: ["ignore", "ignore", "pipe"] });
  };
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
