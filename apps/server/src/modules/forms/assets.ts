/**
 * The forms' browser runtime (decision 0027): the build's hashed files (scripts/build-forms.ts,
 * apps/web/build/forms/) at /forms/static/<name>-<hash>.js, cached a year and sent as the .br or
 * .gz written beside them; and `formsRuntimePath()`, the entry's address pages put in their script tag.
 */
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

interface FormsManifest {
  main: string;
  files: string[];
}

interface BuiltFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
}

export const FORMS_STATIC_PREFIX = "/forms/static/";
const HASHED_CACHE = "public, max-age=31536000, immutable";
const JS = "text/javascript; charset=utf-8";

/** apps/web/build/forms, unless the app was given another web build (tests, `deps.web.buildDirectory`). */
let buildDirectory = resolve(import.meta.dirname, "../../../../web/build/forms");
let kept: { directory: string; mtime: number; manifest: FormsManifest } | null = null;

/** Reads the build's manifest again whenever the build is newer than the copy kept; null before the build. */
function manifest(): FormsManifest | null {
  const file = join(buildDirectory, "manifest.json");
  let mtime: number;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  if (kept?.mtime !== mtime || kept.directory !== buildDirectory)
    kept = { directory: buildDirectory, mtime, manifest: JSON.parse(readFileSync(file, "utf8")) as FormsManifest };
  return kept.manifest;
}

/** The runtime's entry under /forms/static/, or null when the build is missing (the page then works without JavaScript). */
export function formsRuntimePath(): string | null {
  const main = manifest()?.main;
  return main ? `${FORMS_STATIC_PREFIX}${main}` : null;
}

function readOptional(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

export interface FormsAssetOptions {
  /** apps/web/build/forms: the files and manifest.json of scripts/build-forms.ts. */
  directory?: string;
}

/** GET /forms/static/<file>: only names the manifest lists, so no path can leave the build. */
export async function formsAssetRoutes(app: FastifyInstance, options: FormsAssetOptions): Promise<void> {
  if (options.directory) buildDirectory = options.directory;
  const files = new Map<string, BuiltFile>();
  const builtFile = (name: string): BuiltFile | null => {
    if (!manifest()?.files.includes(name)) return null;
    let file = files.get(name);
    if (!file) {
      const path = join(buildDirectory, name);
      file = { body: readFileSync(path), br: readOptional(`${path}.br`), gz: readOptional(`${path}.gz`) };
      files.set(name, file);
    }
    return file;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, file: BuiltFile) => {
    const accepts = String(request.headers["accept-encoding"] ?? "");
    const encoding = file.br && /\bbr\b/.test(accepts) ? "br" : file.gz && /\bgzip\b/.test(accepts) ? "gzip" : null;
    reply
      .header("content-type", JS)
      .header("cache-control", HASHED_CACHE)
      .header("vary", "accept-encoding")
      // The one-tag embed imports the runtime on other sites' pages: module scripts are fetched with CORS.
      .header("access-control-allow-origin", "*")
      .header("cross-origin-resource-policy", "cross-origin");
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(encoding === "br" ? file.br : encoding === "gzip" ? file.gz : file.body);
  };

  app.get<{ Params: { file: string } }>(`${FORMS_STATIC_PREFIX}:file`, async (request, reply) => {
    const file = builtFile(request.params.file);
    if (!file) return reply.code(404).header("content-type", JS).send("");
    return send(request, reply, file);
  });
}
