import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
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
    app.get("/slow", async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const inFlight = fetch(`${url}/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 50));
    const closed = app.close();
    await expect(inFlight).resolves.toEqual({ done: true });
    await closed;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    await db.destroy();
  });

  it("exits cleanly on SIGTERM after serving", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cw-shutdown-"));
    child = spawn(process.execPath, ["apps/server/src/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "0", DATABASE_URL: `file:${join(dir, "shop.db")}`, LOG_LEVEL: "info" },
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
    expect(output).toContain("demo shop seeded");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("shutting down");
  }, 30_000);
});
