/**
 * Stack traces that name our sources when the server runs as npm start's bundle (decision 0068).
 * Node's own `--enable-source-maps` reads every map, and measures every line of the bundle (150,000), as the
 * bundle loads: about a fifth of the start's CPU and a few MB kept. Here a map is read on the first stack
 * trace that passes through its file, with Node's own `SourceMap`; until then nothing is done.
 */
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Each file's map, or null when it has none: read once, on the first frame that names the file. */
const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    map = existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))) : null;
    maps.set(file, map);
  }
  return map;
}

/** One frame as V8 writes it, its place in a bundled file replaced by the source's file, line and column. */
export function mappedFrame(site: NodeJS.CallSite, bundleDirectory: string): string {
  const frame = String(site);
  const name = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!name || line === null || column === null) return frame;
  const file = name.startsWith("file:") ? fileURLToPath(name) : name;
  if (dirname(file) !== bundleDirectory) return frame;
  const entry = mapOf(file)?.findEntry(line - 1, column - 1);
  if (!entry || !("originalSource" in entry)) return frame;
  // A library's lines map to nothing (scripts/build-server.ts): the nearest mapping before them is another file's.
  if (entry.generatedLine !== line - 1) return frame;
  const source = resolve(bundleDirectory, entry.originalSource);
  return frame.replace(`${name}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
}

/**
 * When this module runs from a bundle with source maps (a .map beside it), frames in that bundle's files are
 * written as the sources' places. From the sources (npm run dev, the tests) it does nothing: their places are
 * already right.
 */
export function mapBundledStackTraces(): void {
  const self = fileURLToPath(import.meta.url);
  if (!existsSync(`${self}.map`)) return;
  const bundleDirectory = dirname(self);
  Error.prepareStackTrace = (error: unknown, sites: NodeJS.CallSite[]) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = "Error";
    }
    return [header, ...sites.map((site) => `    at ${mappedFrame(site, bundleDirectory)}`)].join("\n");
  };
}
