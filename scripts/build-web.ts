/** Builds the storefront when its build is missing or older than its sources. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const output = join(root, "apps/web/build/server/index.js");
const sources = [
  "apps/web/app",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "packages/commerce/src",
  "package-lock.json",
];

function newestMtime(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(join(path, name))));
}

export function webBuildIsFresh(): boolean {
  return existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newestMtime));
}

export function buildWeb({ force = false } = {}): void {
  if (!force && webBuildIsFresh()) return;
  console.log("Building the storefront…");
  const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The storefront build failed.");
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWeb({ force: process.argv.includes("--force") });
