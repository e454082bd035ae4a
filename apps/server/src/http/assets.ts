/**
 * How the storefront's built files are served (decision 0013): a script or stylesheet goes out as
 * the NAME.br or NAME.gz the build wrote beside it, whichever the request accepts (brotli first),
 * so nothing is compressed per request; without a usable precompressed file, the file itself.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyStaticOptions } from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { StoreError } from "./errors.ts";

export interface AssetCaching {
  /** For files under assets/, whose names carry their content's hash. */
  assetCacheControl: string;
  /** For every other file of the client build. */
  fileCacheControl: string;
}

export const PRECOMPRESSED_FORM = /\.(?:br|gz)$/;
/** The .br and .gz files are forms of their file, not addresses of their own. */
export const GLOB_IGNORED = ["**/*.br", "**/*.gz"];

/** Options for @fastify/static over the client build (given to react-router-fastify as its staticOptions). */
export function staticFileOptions(clientDirectory: string, caching: AssetCaching): FastifyStaticOptions {
  const assetsDirectory = join(clientDirectory, "assets");
  return {
    root: clientDirectory,
    preCompressed: true,
    // Cache-Control comes from setHeaders alone (send's own would replace it).
    cacheControl: false,
    globIgnore: GLOB_IGNORED,
    setHeaders(res, path) {
      const original = path.replace(PRECOMPRESSED_FORM, "");
      res.setHeader("cache-control", original.startsWith(assetsDirectory) ? caching.assetCacheControl : caching.fileCacheControl);
      // Caches keep one copy per encoding. Spelled as @fastify/compress spells it, which then does not add it twice.
      if (original !== path || existsSync(`${path}.br`) || existsSync(`${path}.gz`)) res.setHeader("vary", "accept-encoding");
    },
  };
}

/** What scripts/build-helpers.ts writes beside a rolldown build (the widget's, the forms'): every file, and its entry. */
export interface BuildManifest {
  files: string[];
}

/** Reads a build's manifest.json again whenever the build is newer than the copy kept; null before the build. */
export function manifestReader<T extends BuildManifest>(directory: () => string): () => T | null {
  let kept: { directory: string; mtime: number; manifest: T } | null = null;
  return () => {
    const folder = directory();
    const file = join(folder, "manifest.json");
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (kept?.mtime !== mtime || kept.directory !== folder)
      kept = { directory: folder, mtime, manifest: JSON.parse(readFileSync(file, "utf8")) as T };
    return kept.manifest;
  };
}

/** A script name no build file or embed answers: the error shape, as every other refusal (the resilience suite checks it). */
export const scriptNotFound = () => new StoreError("cw_script_not_found", "No script has this name.", 404);

export const SCRIPT_TYPE = "text/javascript; charset=utf-8";
const HASHED_CACHE = "public, max-age=31536000, immutable";

function readOptional(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Sends a hashed script of a build, only by a name its manifest lists (no path can leave the build),
 * as the .br or .gz written beside it when the request accepts one; cached a year, and open to other
 * sites' module imports (the one-tag embeds). Answers null when the build has no such file.
 */
export function hashedScriptSender(directory: () => string, manifest: () => BuildManifest | null) {
  const files = new Map<string, { body: Buffer; br?: Buffer; gz?: Buffer }>();
  return (request: FastifyRequest, reply: FastifyReply, name: string): FastifyReply | null => {
    if (!manifest()?.files.includes(name)) return null;
    const path = join(directory(), name);
    let file = files.get(path);
    if (!file) {
      file = { body: readFileSync(path), br: readOptional(`${path}.br`), gz: readOptional(`${path}.gz`) };
      files.set(path, file);
    }
    const accepts = String(request.headers["accept-encoding"] ?? "");
    const encoding = file.br && /\bbr\b/.test(accepts) ? "br" : file.gz && /\bgzip\b/.test(accepts) ? "gzip" : null;
    reply
      .header("content-type", SCRIPT_TYPE)
      .header("cache-control", HASHED_CACHE)
      .header("vary", "accept-encoding")
      .header("access-control-allow-origin", "*")
      .header("cross-origin-resource-policy", "cross-origin");
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(encoding === "br" ? file.br : encoding === "gzip" ? file.gz : file.body);
  };
}
