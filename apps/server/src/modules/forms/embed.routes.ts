/**
 * The one-tag embed (decision 0027): `<script src="https://shop/forms/{slug}.js"></script>` on any
 * site shows the form where the tag is (or in `[data-cartwright-form="{slug}"]`): the script writes
 * the rendered form and its payload (absolute addresses) into a shadow root, its stylesheet adopted there (constructed,
 * so a host page's CSP that refuses inline styles keeps it), then
 * imports the runtime, which mounts it. Cached briefly and privately: it carries a fresh form token.
 * A form whose embed origins name sites draws nothing on any other site, as the widget's embed does.
 */
import type { FormPagePayload } from "@cartwright/commerce/forms";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { accentCss, FORM_CSS, renderForm } from "../../../../web/forms/render/index.ts";
import { scriptNotFound } from "../../http/assets.ts";
import type { ContextFactory } from "../../http/context.ts";
import { type EmbedSites, embedSites, siteGuard } from "../contact-widget/index.ts";
import { formsRuntimePath } from "./assets.ts";
import { formPage } from "./page.ts";

const JS = "text/javascript; charset=utf-8";
const EMBED_CACHE = "private, max-age=300";
/** The queue main.ts reads (apps/web/forms/main.ts FORMS_QUEUE). */
const FORMS_QUEUE = "cartwrightForms";

/** A JSON text safe inside a script: nothing in it can end the script or break a line. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const REFUSED = "The form is not shown: the shop does not allow this site (the shop's owner can add it to the form's embed origins): ";

/**
 * The embed's script: a host beside the tag (or the page's placeholder), its shadow root filled, the runtime imported.
 * With `sites` (the form names its embed origins), on any other site it stops first, saying why: /ajax would refuse
 * the visitor's send there, and the answer would reach only the console, after the form was filled in.
 */
export function embedScript(payload: FormPagePayload, runtimeUrl: string, sites: EmbedSites | null): string {
  const F = payload.form.id;
  const payloadTag = `<script type="application/json" id="cwf${F}-payload">${JSON.stringify(payload).replace(/</g, "\\u003c")}</script>`;
  // A constructed sheet and no style attribute: a host page's CSP refuses inline styles unless it allows 'unsafe-inline',
  // and the form unstyled would show its honeypot, which a visitor could fill and be taken for a bot.
  const css = FORM_CSS + accentCss(payload);
  const html = `${renderForm(payload, { scripted: true, accentInSheet: true })}${payloadTag}`;
  const slug = payload.form.slug;
  const guard = sites ? siteGuard(sites, REFUSED) : "";
  return `(function(d,w){${guard}var s=d.currentScript,h=d.querySelector('[data-cartwright-form="'+${scriptJson(slug)}+'"]');\
if(!h||h.shadowRoot){h=d.createElement("div");h.setAttribute("data-cartwright-form",${scriptJson(slug)});\
if(s&&s.parentNode)s.parentNode.insertBefore(h,s);else d.body.appendChild(h);}\
var r=h.attachShadow({mode:"open"}),c=new w.CSSStyleSheet();c.replaceSync(${scriptJson(css)});r.adoptedStyleSheets=[c];\
r.innerHTML=${scriptJson(html)};\
var q=w.${FORMS_QUEUE}=w.${FORMS_QUEUE}||[];q.push(r);import(${scriptJson(runtimeUrl)});})(document,window);\n`;
}

function shopOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** GET /forms/{slug}.js (a slug never has a dot, so the storefront's /forms/{slug} page is not this route). */
export async function formsEmbedRoutes(app: FastifyInstance, { contextFor }: { contextFor: ContextFactory }): Promise<void> {
  app.get<{ Params: { slug: string } }>(
    "/forms/:slug(^[a-z0-9][a-z0-9-]{0,99}).js",
    { schema: { operationId: "getFormEmbedScript" } },
    async (request, reply) => {
      // Loaded by other sites' pages: the shop's same-origin resource policy (helmet) does not apply here.
      reply
        .header("cross-origin-resource-policy", "cross-origin")
        .header("content-type", JS)
        .header("cache-control", EMBED_CACHE)
        .header("x-content-type-options", "nosniff");
      // A guest's context, as /ajax gives calls from other sites: no session, no cookie.
      request.ctx = contextFor(request, { sid: "", uid: 0 });
      const runtime = formsRuntimePath();
      const origin = shopOrigin(request);
      const payload = runtime ? await formPage(request, request.params.slug, { origin }) : null;
      if (!payload || !runtime) throw scriptNotFound();
      // Empty embed origins: any site may show the form (decision 0027).
      const { embedOrigins } = payload.form.settings;
      const sites = embedOrigins.length > 0 ? embedSites(request, request.ctx.db, { allowed_origins: embedOrigins }) : null;
      return reply.send(embedScript(payload, `${origin}${runtime}`, sites));
    },
  );
}
