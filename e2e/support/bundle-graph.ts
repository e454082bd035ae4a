/**
 * The browser build's module graph, read from React Router's manifest and the chunks' own imports:
 * which files a route can ever load (static imports, and dynamic ones, followed to the end).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ASSETS = join(import.meta.dirname, "../../apps/web/build/client/assets");

interface ManifestRoute {
  id: string;
  path?: string;
  parentId?: string;
  module: string;
  imports?: string[];
}

export function readManifest(): { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> } {
  const file = readdirSync(ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("No manifest in the build: run npm run build first");
  const text = readFileSync(join(ASSETS, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** `from"./x.js"`, `import("./x.js")` or with backticks, and the preload lists' "assets/x.js". */
const IMPORT = /(?:(?:from\s*|import\s*\(?\s*)["'`]\.\/|["'`]assets\/)([^"'`]+\.js)["'`]/g;

/** Every chunk reachable from `starts` (paths like /assets/x.js), by static and dynamic imports. */
export function reachable(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = starts.map((start) => start.replace(/^\/assets\//, ""));
  while (queue.length) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const text = readFileSync(join(ASSETS, name), "utf8");
    for (const match of text.matchAll(IMPORT)) queue.push(match[1] as string);
  }
  return seen;
}

export function chunkText(name: string): string {
  return readFileSync(join(ASSETS, name), "utf8");
}
