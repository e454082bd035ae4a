/**
 * The custom-tee demo form's choice pictures (DEMO.md "Public forms"): two small T-shirts drawn as
 * SVG, served at the addresses the demo definition names (/media/forms/tee-*.svg), so the demo's
 * image choices show pictures without anything downloaded or stored.
 */
import type { FastifyInstance } from "fastify";
import { StoreError } from "../../http/errors.ts";

const tee = (label: string, body: string, trim: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${label}">
<rect width="240" height="240" fill="#f4f6f8"/>
<path d="M84 36 L48 52 L20 92 L52 110 L64 96 L64 206 L176 206 L176 96 L188 110 L220 92 L192 52 L156 36 C148 54 92 54 84 36 Z" fill="${body}" stroke="${trim}" stroke-width="4" stroke-linejoin="round"/>
<path d="M84 36 C92 54 148 54 156 36" fill="none" stroke="${trim}" stroke-width="6"/>
</svg>`;

export const DEMO_FORM_IMAGES: Readonly<Record<string, string>> = {
  "tee-classic.svg": tee("Classic T-shirt", "#3b82c4", "#1e4f7a"),
  "tee-premium.svg": tee("Premium T-shirt", "#1f2933", "#d4a017"),
};

export async function demoFormImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>("/media/forms/:file", { schema: { hide: true } }, async (request, reply) => {
    const svg = DEMO_FORM_IMAGES[request.params.file];
    if (!svg) throw new StoreError("cw_media_not_found", "No such file.", 404);
    reply.header("Cache-Control", "public, max-age=86400");
    reply.header("X-Content-Type-Options", "nosniff");
    // The forms' one-tag embed shows these pictures on other sites' pages.
    reply.header("Cross-Origin-Resource-Policy", "cross-origin");
    reply.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return reply.type("image/svg+xml").send(svg);
  });
}
