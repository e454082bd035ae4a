/**
 * Builds the storefront when its build is missing or older than its sources, then writes a
 * precompressed copy of each script and stylesheet beside it (NAME.gz by zopfli, NAME.br by
 * brotli at quality 11), which the server sends as they are (apps/server/src/http/assets.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const root = resolve(import.meta.dirname, "..");
const output = join(root, "apps/web/build/server/index.js");
const clientDirectory = join(root, "apps/web/build/client");
const sources = [
  "apps/web/app",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "packages/commerce/src",
  "package-lock.json",
];

export function newestMtime(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(join(path, name))));
}

export function webBuildIsFresh(): boolean {
  return existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newestMtime));
}

/** The files worth compressing ahead: what browsers fetch as text. */
const PRECOMPRESSED = /\.(?:js|css)$/;

/** The gzip (zopfli) and brotli (quality 11) forms of a file; zopfli squeezes about 3 % more out of gzip than zlib's level 9. */
async function compressedForms(content: Buffer): Promise<{ gz: Buffer; br: Buffer }> {
  const gz = Buffer.from(await gzipAsync(content, { numiterations: 15 }));
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  return { gz, br };
}

/**
 * Writes NAME.gz and NAME.br beside every script and stylesheet under `directory`, each only
 * when it is smaller than the file itself (the server then sends the file as it is).
 */
export async function precompressAssets(directory: string): Promise<number> {
  let written = 0;
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !PRECOMPRESSED.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    const forms = await compressedForms(content);
    for (const [extension, compressed] of Object.entries(forms)) {
      if (compressed.length >= content.length) continue;
      writeFileSync(`${file}.${extension}`, compressed);
      written++;
    }
  }
  return written;
}

export async function buildWeb({ force = false } = {}): Promise<void> {
  // The contact widget's own build (decision 0020), after the storefront's, which empties its folders.
  const { buildWidget } = await import("./build-widget.ts");
  if (!force && webBuildIsFresh()) return buildWidget();
  console.log("Building the storefront…");
  const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The storefront build failed.");
    process.exit(result.status ?? 1);
  }
  const written = await precompressAssets(clientDirectory);
  console.log(`Precompressed the storefront's scripts and stylesheets: ${written} files.`);
  await buildWidget({ force });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWeb({ force: process.argv.includes("--force") });
