/**
 * Builds the contact widget (decision 0020): apps/web/widget/loader.ts and the chunks it imports
 * lazily, bundled by rolldown (the bundler Vite already brings) into apps/web/build/widget/ with
 * hashed names, a manifest.json naming the loader, and NAME.gz/NAME.br beside each script.
 * Plain TypeScript and the DOM: no React, so the loader stays within its 6 KB gzip budget.
 */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { bundleBrowserScripts, newestMtime } from "./build-helpers.ts";

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
  const built = await bundleBrowserScripts({
    entry: { name: "loader", file: join(root, "apps/web/widget/loader.ts") },
    directory: WIDGET_BUILD_DIR,
  });
  const manifest: WidgetManifest = { loader: built.entry, files: built.files };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Built the contact widget: ${manifest.files.length} scripts, ${built.precompressed} precompressed forms.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWidget({ force: process.argv.includes("--force") });
