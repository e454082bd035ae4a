/**
 * GET /download/{key}: a download link (decision 0094). The file as an attachment, kept out of
 * shared caches; a refusal answers JSON to an API client and, to a browser, sends it to the
 * shop's page saying what happened (/download/problem/{reason}).
 */
import type { FastifyPluginAsync } from "fastify";
import { type ContextFactory, registerRequestContext } from "../../http/context.ts";
import { StoreError, sendError } from "../../http/errors.ts";
import type { LoginSessionCheck } from "../../http/session.ts";
import { registerSessionHooks } from "../../http/session.ts";
import { takeDownload } from "./downloads.service.ts";
import { attachmentHeader, type DownloadRefusal, servedType } from "./rules.ts";

/** Each refusal's status, code and message (the API's error shape). */
export const DOWNLOAD_REFUSALS: Record<DownloadRefusal, { status: number; code: string; message: string }> = {
  not_found: { status: 404, code: "cw_download_not_found", message: "This download link is not valid." },
  sign_in: { status: 401, code: "cw_download_sign_in", message: "Sign in to the account that placed the order to download this file." },
  not_yours: { status: 403, code: "cw_download_not_yours", message: "This download belongs to another account." },
  not_paid: { status: 403, code: "cw_download_not_paid", message: "This order is not paid, so its files cannot be downloaded." },
  expired: { status: 410, code: "cw_download_expired", message: "This download link has expired." },
  used_up: { status: 410, code: "cw_download_used_up", message: "This file has been downloaded as many times as allowed." },
};

export interface DownloadRoutesOptions {
  secret: string;
  stands: LoginSessionCheck;
  contextFor: ContextFactory;
}

const wantsJson = (accept: string | undefined) => Boolean(accept && /application\/json/.test(accept) && !/text\/html/.test(accept));

export const downloadRoutes: FastifyPluginAsync<DownloadRoutesOptions> = async (app, options) => {
  registerSessionHooks(app, options.secret, options.stands);
  registerRequestContext(app, options.contextFor);
  // No HEAD route: a link checker's HEAD would otherwise count as a download.
  app.get<{ Params: { key: string } }>("/download/:key", { exposeHeadRoute: false }, async (request, reply) => {
    const result = await takeDownload(request.ctx, request.params.key, request.ip);
    if (!result.ok) {
      const refusal = DOWNLOAD_REFUSALS[result.reason];
      if (wantsJson(request.headers.accept)) return sendError(reply, new StoreError(refusal.code, refusal.message, refusal.status));
      const back = result.reason === "sign_in" ? `?redirect=${encodeURIComponent(request.url)}` : "";
      return reply.redirect(`/download/problem/${result.reason.replace("_", "-")}${back}`, 303);
    }
    const { file } = result;
    return reply
      .header("Content-Type", servedType(file.contentType))
      .header("Content-Disposition", attachmentHeader(file.fileName))
      .header("Cache-Control", "private, no-store")
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'; sandbox")
      .header("X-Robots-Tag", "noindex")
      .send(Buffer.from(file.data));
  });
};
