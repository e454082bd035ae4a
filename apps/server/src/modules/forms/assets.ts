/**
 * The forms' browser runtime (decision 0027): the build's hashed files (scripts/build-forms.ts,
 * apps/web/build/forms/) at /forms/static/<name>-<hash>.js, cached a year and sent as the .br or
 * .gz written beside them; and `formsRuntimePath()`, the entry's address pages put in their script tag.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type BuildManifest, hashedScriptSender, manifestReader, scriptNotFound } from "../../http/assets.ts";
import { WEB_ROOT } from "../../paths.ts";

interface FormsManifest extends BuildManifest {
  main: string;
}

export const FORMS_STATIC_PREFIX = "/forms/static/";

/** apps/web/build/forms, unless the app was given another web build (tests, `deps.web.buildDirectory`). */
let buildDirectory = join(WEB_ROOT, "build/forms");
/** The build's manifest, read again whenever the build is newer; null before the build. */
const manifest = manifestReader<FormsManifest>(() => buildDirectory);

/** The runtime's entry under /forms/static/, or null when the build is missing (the page then works without JavaScript). */
export function formsRuntimePath(): string | null {
  const main = manifest()?.main;
  return main ? `${FORMS_STATIC_PREFIX}${main}` : null;
}

export interface FormsAssetOptions {
  /** apps/web/build/forms: the files and manifest.json of scripts/build-forms.ts. */
  directory?: string;
}

/** GET /forms/static/<file>: only names the manifest lists, so no path can leave the build. */
export async function formsAssetRoutes(app: FastifyInstance, options: FormsAssetOptions): Promise<void> {
  if (options.directory) buildDirectory = options.directory;
  const send = hashedScriptSender(() => buildDirectory, manifest);
  app.get<{ Params: { file: string } }>(
    `${FORMS_STATIC_PREFIX}:file`,
    { schema: { operationId: "getFormsRuntimeFile" } },
    async (request, reply) => {
      const sent = send(request, reply, request.params.file);
      if (!sent) throw scriptNotFound();
      return sent;
    },
  );
}
