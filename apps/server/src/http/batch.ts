/**
 * POST /api/store/v1/batch: up to 25 Store API writes in one round trip, run one after another
 * in the batch's session, each answered {body, headers, status} (spec §7).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { BatchBody } from "../modules/cart/cart.schemas.ts";
import { StoreError } from "./errors.ts";
import { type RequestSession, tokenPayload } from "./session.ts";
import { createSessionToken } from "./tokens.ts";

export const MAX_BATCH = 25;

export const batchRoutes: FastifyPluginAsyncTypebox<{ apiPrefix: string; secret: string }> = async (app, { apiPrefix: prefix, secret }) => {
  app.post("/batch", { schema: { tags: ["cart"], summary: "Run several Store API writes", body: BatchBody } }, async (request) => {
    const { requests } = request.body;
    if (requests.length > MAX_BATCH) {
      throw new StoreError(
        "cw_rest_batch_too_many_requests",
        `A batch may hold at most ${MAX_BATCH} requests; this one has ${requests.length}.`,
        400,
        {
          max: MAX_BATCH,
        },
      );
    }
    for (const sub of requests) {
      const path = new URL(sub.path, "http://localhost").pathname;
      if (!sub.path.startsWith("/") || !path.startsWith(`${prefix}/`) || path === `${prefix}/batch`) {
        throw new StoreError("cw_rest_invalid_path", `Batch requests must be Store API paths under ${prefix}/ (not ${sub.path}).`, 400);
      }
    }
    // Sub-requests run in the batch's session, already checked for a nonce; the token carries it.
    const session = request.cartSession as RequestSession;
    const token = createSessionToken(secret, tokenPayload(session));
    const responses = [];
    for (const sub of requests) {
      const response = await app.inject({
        method: sub.method,
        url: sub.path,
        // The client's address, not loopback: rate limits count sub-requests like any other call.
        remoteAddress: request.ip,
        headers: {
          ...(sub.headers ?? {}),
          "content-type": "application/json",
          "cart-token": token,
          "user-agent": request.headers["user-agent"] ?? "",
        },
        payload: sub.body === undefined ? undefined : JSON.stringify(sub.body),
      });
      const headers = Object.fromEntries(
        Object.entries(response.headers).filter(([name]) => name !== "set-cookie" && name !== "content-length"),
      );
      let body: unknown = response.body;
      try {
        body = JSON.parse(response.body);
      } catch {
        // a non-JSON body is passed on as text
      }
      responses.push({ body, headers, status: response.statusCode });
    }
    return { responses };
  });
};
