/** What the storefront's, the widget's and the forms' builds share: the sources' newest time, the precompressed forms of their scripts, the rolldown bundle. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
// rolldown and zopfli are imported when something is built: the freshness check npm start makes on every start needs neither (decision 0050).
import type { RolldownPlugin } from "rolldown";

const root = resolve(import.meta.dirname, "..");

export function newestMtime(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(join(path, name))));
}

/** The files worth compressing ahead: what browsers fetch as text. */
const PRECOMPRESSED = /\.(?:js|css)$/;

/** The gzip (zopfli) and brotli (quality 11) forms of a file; zopfli squeezes about 3 % more out of gzip than zlib's level 9. */
async function compressedForms(content: Buffer): Promise<{ gz: Buffer; br: Buffer }> {
  const { gzipAsync } = await import("@gfx/zopfli");
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

/**
 * Bundles one browser entry and the chunks it imports lazily with rolldown (the bundler Vite already
 * brings) into `directory` with hashed names, writes NAME.gz/NAME.br beside each script, and answers
 * the entry's file name and every script, for the build's manifest. An import the bundler cannot
 * find fails the build (the browser could not find it either); nothing reads process.env there.
 */
export async function bundleBrowserScripts(options: {
  entry: { name: string; file: string };
  directory: string;
  plugins?: RolldownPlugin[];
}): Promise<{ entry: string; files: string[]; precompressed: number }> {
  rmSync(options.directory, { recursive: true, force: true });
  mkdirSync(options.directory, { recursive: true });
  const { rolldown } = await import("rolldown");
  const bundle = await rolldown({
    input: { [options.entry.name]: options.entry.file },
    platform: "browser",
    plugins: options.plugins ?? [],
    onLog(level, log, handler) {
      if (log.code === "UNRESOLVED_IMPORT") throw new Error(log.message);
      handler(level, log);
    },
    transform: { define: { "process.env.NODE_ENV": '"production"' }, target: "es2020" },
  });
  const { output } = await bundle.write({
    dir: options.directory,
    format: "es",
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: "[name]-[hash].js",
    minify: true,
    sourcemap: false,
  });
  await bundle.close();
  const entry = output.find((file) => file.type === "chunk" && file.isEntry);
  if (!entry) throw new Error(`The build of ${options.entry.file} made no entry`);
  const files = readdirSync(options.directory).filter((file) => file.endsWith(".js"));
  return { entry: entry.fileName, files, precompressed: await precompressAssets(options.directory) };
}
