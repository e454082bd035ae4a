/**
 * GET /download/{key}: a download link (decision 0094). The file as an attachment, kept out of
 * shared caches; a refusal answers JSON to an API client and, to a browser, sends it to the
 * shop's page saying what happened (/download/problem/{reason}). Streamed a chunk at a time, with
 * single byte ranges (206, 416, If-Range) so a dropped download resumes; HEAD never counts
 * (decision 0100), nor a browser's prefetch, which is declined (503).
 */
import type { FastifyPluginAsync } from "fastify";
import { type ContextFactory, registerRequestContext } from "../../http/context.ts";
import { StoreError, sendError } from "../../http/errors.ts";
import type { LoginSessionCheck } from "../../http/session.ts";
import { registerSessionHooks } from "../../http/session.ts";
import { type DownloadedFile, fileBytes, noteReached, takeDownload } from "./downloads.service.ts";
import {
  attachmentHeader,
  type DownloadRefusal,
  fileValidators,
  ifRangeHolds,
  isSpeculative,
  type RangeAsked,
  rangeAsked,
  servedType,
} from "./rules.ts";

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
  // HEAD has its own route: it answers the headers a GET would, checked, and never counts (a link checker's HEAD is no download).
  app.route<{ Params: { key: string } }>({
    method: ["GET", "HEAD"],
    url: "/download/:key",
    exposeHeadRoute: false,
    // Sent as stored: a compressed body would lose its Content-Length and the byte ranges their meaning.
    compress: false,
    handler: async (request, reply) => {
      // A browser's prefetch of the link is declined, unchecked and uncounted: a browser uses no prefetch
      // answered other than 2xx, and asks again when the shopper really follows the link.
      if (isSpeculative(request.headers))
        return sendError(
          reply.header("Cache-Control", "no-store").header("Vary", "Sec-Purpose, Purpose"),
          new StoreError("cw_download_prefetch_declined", "A download link is not fetched ahead of a click.", 503),
        );
      const head = request.method === "HEAD";
      let asked: RangeAsked = { kind: "whole" };
      const result = await takeDownload(request.ctx, request.params.key, request.ip, (file) => {
        const range = rangeAsked(request.headers.range, file.size);
        // An If-Range that no longer matches asks for the whole file again (RFC 9110 §13.1.5).
        asked =
          range.kind !== "whole" && !ifRangeHolds(headerOf(request.headers["if-range"]), validatorsOf(file)) ? { kind: "whole" } : range;
        if (head || asked.kind === "unsatisfiable") return { kind: "look" };
        return asked.kind === "part" && asked.start > 0 ? { kind: "continue", start: asked.start } : { kind: "from_start" };
      });
      if (!result.ok) {
        const refusal = DOWNLOAD_REFUSALS[result.reason];
        if (wantsJson(request.headers.accept)) return sendError(reply, new StoreError(refusal.code, refusal.message, refusal.status));
        const back = result.reason === "sign_in" ? `?redirect=${encodeURIComponent(request.url)}` : "";
        return reply.redirect(`/download/problem/${result.reason.replace("_", "-")}${back}`, 303);
      }
      const { file } = result;
      const { etag, lastModified } = validatorsOf(file);
      reply
        .header("Content-Type", servedType(file.contentType))
        .header("Content-Disposition", attachmentHeader(file.fileName))
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("X-Robots-Tag", "noindex")
        .header("Accept-Ranges", "bytes")
        // Not buffered by a proxy in front (nginx): the sending's reach is then the client's, which resuming relies on.
        .header("X-Accel-Buffering", "no")
        .header("ETag", etag)
        .header("Last-Modified", lastModified);
      const range = asked as RangeAsked;
      if (range.kind === "unsatisfiable") {
        return reply.code(416).header("Content-Type", "text/plain; charset=utf-8").header("Content-Range", `bytes */${file.size}`).send("");
      }
      const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, file.size - 1];
      if (range.kind === "part") reply.code(206).header("Content-Range", `bytes ${start}-${end}/${file.size}`);
      reply.header("Content-Length", String(end - start + 1));
      if (head) return reply.send();
      const db = request.ctx.db;
      return reply.send(fileBytes(db, file, start, end, (offset) => noteReached(db, result.permissionId, offset)));
    },
  });
};

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const validatorsOf = (file: DownloadedFile) => fileValidators(file.digest, file.createdAt);
