/**
 * How the storefront's built files are served (decision 0013): a script or stylesheet goes out as
 * the NAME.br or NAME.gz the build wrote beside it, whichever the request accepts (brotli first),
 * so nothing is compressed per request; without a usable precompressed file, the file itself.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyStaticOptions } from "@fastify/static";

export interface AssetCaching {
  /** For files under assets/, whose names carry their content's hash. */
  assetCacheControl: string;
  /** For every other file of the client build. */
  fileCacheControl: string;
}

const PRECOMPRESSED_FORM = /\.(?:br|gz)$/;

/** Options for @fastify/static over the client build (given to react-router-fastify as its staticOptions). */
export function staticFileOptions(clientDirectory: string, caching: AssetCaching): FastifyStaticOptions {
  const assetsDirectory = join(clientDirectory, "assets");
  return {
    root: clientDirectory,
    preCompressed: true,
    // Cache-Control comes from setHeaders alone (send's own would replace it).
    cacheControl: false,
    // The .br and .gz files are forms of their file, not addresses of their own.
    globIgnore: ["**/*.br", "**/*.gz"],
    setHeaders(res, path) {
      const original = path.replace(PRECOMPRESSED_FORM, "");
      res.setHeader("cache-control", original.startsWith(assetsDirectory) ? caching.assetCacheControl : caching.fileCacheControl);
      // Caches keep one copy per encoding. Spelled as @fastify/compress spells it, which then does not add it twice.
      if (original !== path || existsSync(`${path}.br`) || existsSync(`${path}.gz`)) res.setHeader("vary", "accept-encoding");
    },
  };
}
