/**
 * Builds the storefront when its build is missing or older than its sources, then writes a
 * precompressed copy of each script and stylesheet beside it (NAME.gz by zopfli, NAME.br by
 * brotli at quality 11), which the server sends as they are (apps/server/src/http/assets.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildForms } from "./build-forms.ts";
import { newestMtime, precompressAssets } from "./build-helpers.ts";
import { buildWidget } from "./build-widget.ts";

const root = resolve(import.meta.dirname, "..");
const output = join(root, "apps/web/build/server/index.js");
const clientDirectory = join(root, "apps/web/build/client");
const sources = [
  "apps/web/app",
  "apps/web/forms",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "packages/commerce/src",
  "package-lock.json",
];

export function webBuildIsFresh(): boolean {
  return existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newestMtime));
}

export async function buildWeb({ force = false } = {}): Promise<void> {
  // The contact widget's and the forms' own builds (decisions 0020, 0027), after the storefront's, which empties its folders.
  if (!force && webBuildIsFresh()) {
    await buildWidget();
    return buildForms();
  }
  console.log("Building the storefront…");
  const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The storefront build failed.");
    process.exit(result.status ?? 1);
  }
  const written = await precompressAssets(clientDirectory);
  console.log(`Precompressed the storefront's scripts and stylesheets: ${written} files.`);
  await buildWidget({ force });
  await buildForms({ force });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWeb({ force: process.argv.includes("--force") });
