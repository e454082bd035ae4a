/**
 * The widget's scripts (decision 0020): the build's hashed files at /widget/<name>-<hash>.js,
 * cached for a year, sent as the .br or .gz the build wrote beside them when the request accepts it;
 * and the one-tag embed GET /widget/{id}.js, the widget's settings (H2's embedPage) and an import
 * of the loader, cached briefly and privately (it carries the visitor's country and a nonce).
 */
import type { WidgetPage } from "@cartwright/commerce/contact-widget";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isStoredId } from "../../db/ids.ts";
import type { Db } from "../../db/index.ts";
import { type BuildManifest, hashedScriptSender, SCRIPT_TYPE as JS, manifestReader, scriptNotFound } from "../../http/assets.ts";
import { embedPage, keptWidget } from "./page.ts";
import { type EmbedSites, embedSites } from "./reports.ts";

export interface EmbedRouteOptions {
  db: Db;
  secret: string;
  /** apps/web/build/widget: the files and manifest.json of scripts/build-widget.ts. */
  widgetDirectory: string;
}

interface WidgetManifest extends BuildManifest {
  loader: string;
}

/** The embed holds a nonce of the current 12-hour tick and the visitor's country: a short, private cache. */
const EMBED_CACHE = "private, max-age=300";
/** The queue loader.ts reads (apps/web/widget/page.ts PAGE_QUEUE). */
const PAGE_QUEUE = "cartwrightContactWidgets";

/** Reads the loader's address under /widget/ (null before the widget is built), again only when the build changes. */
export function widgetLoaderPath(widgetDirectory: string): () => string | null {
  const manifest = manifestReader<WidgetManifest>(() => widgetDirectory);
  return () => {
    const loader = manifest()?.loader;
    return loader ? `/widget/${loader}` : null;
  };
}

/** JSON inside a script: no "</script" or line separators can end or break it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The embed's script: queue the settings, then import the loader (a second tag's import is the same
 * module). On a site the widget does not allow it stops first, saying why in the console: the shop
 * would refuse every report and message from there, and only the page knows its own origin (a
 * script's request carries none). The check lives here, so the loader carries none of it.
 */
export function embedScript(page: WidgetPage, loaderUrl: string, sites: EmbedSites): string {
  const refused =
    "The contact widget is not shown: the shop does not allow this site (the shop's owner can add it to the widget's allowed origins): ";
  return `(function(w){${siteGuard(sites, refused)}var q=w.${PAGE_QUEUE}=w.${PAGE_QUEUE}||[];q.push(${scriptJson(page)});import(${JSON.stringify(loaderUrl)});})(window);\n`;
}

/**
 * The start of an embed's function of `w` (the window): on a page whose origin is neither one of `sites` nor
 * the shop's, it says `refused` and the page's origin in the console and returns. Shared with the forms' embed.
 */
export function siteGuard(sites: EmbedSites, refused: string): string {
  return `var l=w.location;if(${scriptJson(sites.origins)}.indexOf(l.origin)<0&&l.host!==${scriptJson(sites.shopHost)}){console.info(${scriptJson(refused)}+l.origin);return}`;
}

function shopOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function embedRoutes(app: FastifyInstance, options: EmbedRouteOptions): Promise<void> {
  const manifest = manifestReader<WidgetManifest>(() => options.widgetDirectory);
  const sendHashed = hashedScriptSender(() => options.widgetDirectory, manifest);
  app.get<{ Params: { file: string } }>("/widget/:file", { schema: { operationId: "getWidgetScript" } }, async (request, reply) => {
    const { file } = request.params;
    // Loaded by other sites' pages: the shop's same-origin resource policy (helmet) does not apply here.
    reply.header("cross-origin-resource-policy", "cross-origin");
    const embed = /^([1-9][0-9]{0,9})\.js$/.exec(file);
    if (!embed || !isStoredId(Number(embed[1]))) {
      const sent = sendHashed(request, reply, file);
      if (!sent) throw scriptNotFound();
      return sent;
    }
    const loader = manifest()?.loader;
    const visitor = { headers: request.headers, ip: request.ip };
    const id = Number(embed[1]);
    const page = loader ? await embedPage(options.db, options.secret, id, visitor, shopOrigin(request)) : null;
    const kept = page ? await keptWidget(options.db, id) : undefined;
    reply.header("content-type", JS).header("cache-control", EMBED_CACHE).header("x-content-type-options", "nosniff");
    if (!page || !loader || !kept) throw scriptNotFound();
    return reply.send(embedScript(page, `${page.assetsUrl}${loader}`, embedSites(request, options.db, kept.widget)));
  });
}
