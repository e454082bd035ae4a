/** What the storefront's and the widget's builds share: the sources' newest time and the precompressed forms of their scripts. */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

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
