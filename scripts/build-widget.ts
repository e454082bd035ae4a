/**
 * Builds the contact widget (decision 0020): apps/web/widget/loader.ts and the chunks it imports
 * lazily, bundled by rolldown (the bundler Vite already brings) into apps/web/build/widget/ with
 * hashed names, a manifest.json naming the loader, and NAME.gz/NAME.br beside each script.
 * Plain TypeScript and the DOM: no React, so the loader stays within its 6 KB gzip budget.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { rolldown } from "rolldown";
import { newestMtime, precompressAssets } from "./build-helpers.ts";

const root = resolve(import.meta.dirname, "..");
export const WIDGET_BUILD_DIR = join(root, "apps/web/build/widget");
const manifestFile = join(WIDGET_BUILD_DIR, "manifest.json");
const sources = ["apps/web/widget", "packages/commerce/src", "scripts/build-widget.ts", "package-lock.json"];

/** What the server reads: the loader's hashed file name and every file of the build. */
export interface WidgetManifest {
  loader: string;
  files: string[];
}

export function widgetBuildIsFresh(): boolean {
  return existsSync(manifestFile) && statSync(manifestFile).mtimeMs >= Math.max(...sources.map(newestMtime));
}

export async function buildWidget({ force = false } = {}): Promise<void> {
  if (!force && widgetBuildIsFresh()) return;
  console.log("Building the contact widget…");
  rmSync(WIDGET_BUILD_DIR, { recursive: true, force: true });
  mkdirSync(WIDGET_BUILD_DIR, { recursive: true });
  const bundle = await rolldown({
    input: { loader: join(root, "apps/web/widget/loader.ts") },
    platform: "browser",
    // An import the bundler cannot find would be left for the browser, which cannot either: fail the build.
    onLog(level, log, handler) {
      if (log.code === "UNRESOLVED_IMPORT") throw new Error(log.message);
      handler(level, log);
    },
    // Only the widget's own code and the commerce package: nothing reads process.env in the browser.
    transform: { define: { "process.env.NODE_ENV": '"production"' }, target: "es2020" },
  });
  const { output } = await bundle.write({
    dir: WIDGET_BUILD_DIR,
    format: "es",
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: "[name]-[hash].js",
    minify: true,
    sourcemap: false,
  });
  await bundle.close();
  const loader = output.find((file) => file.type === "chunk" && file.isEntry);
  if (!loader) throw new Error("The widget build made no loader");
  const manifest: WidgetManifest = { loader: loader.fileName, files: readdirSync(WIDGET_BUILD_DIR).filter((f) => f.endsWith(".js")) };
  const written = await precompressAssets(WIDGET_BUILD_DIR);
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Built the contact widget: ${manifest.files.length} scripts, ${written} precompressed forms.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWidget({ force: process.argv.includes("--force") });
