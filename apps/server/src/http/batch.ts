/**
 * POST /api/store/v1/batch: up to 25 Store API writes in one round trip, run one after another
 * in the batch's session, each answered {body, headers, status} (spec §7).
 */
import { randomBytes } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { StoreError } from "./errors.ts";
import { type RequestSession, tokenPayload } from "./session.ts";
import { createSessionToken } from "./tokens.ts";

export const MAX_BATCH = 25;

/** At most MAX_BATCH requests, counted by the route so the refusal can name the limit. */
export const BatchBody = Type.Object({
  requests: Type.Array(
    Type.Object({
      path: Type.String({ minLength: 1, maxLength: 500 }),
      method: Type.Union(
        ["POST", "PUT", "PATCH", "DELETE"].map((m) => Type.Literal(m)),
        { default: "POST" },
      ),
      body: Type.Optional(Type.Unknown()),
      headers: Type.Optional(Type.Record(Type.String(), Type.String())),
    }),
    { minItems: 1 },
  ),
});

/** Marks the batch's own sub-requests: a value no client can know, so a batch run by a batch is refused however it was reached. */
const SUB_REQUEST_HEADER = "cw-batch-sub-request";
const subRequestMark = randomBytes(16).toString("base64url");

/**
 * A sub-request's path as the router will match it: query and fragment dropped, percent-escapes
 * decoded (and re-escaped one way), repeated and trailing slashes folded; null when it cannot be
 * read or climbs with dot segments. Every check runs on this, and this is what runs.
 */
export function canonicalPath(path: string): string | null {
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  const pathname = path.split(/[?#]/, 1)[0] as string;
  let segments: string[];
  try {
    segments = pathname.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === "." || segment === ".." || segment.includes("/") || segment.includes("\\"))) return null;
  return `/${segments.filter(Boolean).map(encodeURIComponent).join("/")}`;
}

export const batchRoutes: FastifyPluginAsyncTypebox<{ apiPrefix: string; secret: string }> = async (app, { apiPrefix: prefix, secret }) => {
  app.post(
    "/batch",
    {
      schema: {
        operationId: "runBatch",
        tags: ["cart"],
        summary: "Run several Store API writes",
        body: BatchBody,
        replies: {
          200: Type.Object({
            responses: Type.Array(
              Type.Object({
                body: Type.Unknown({ description: "The request's reply: its JSON, or its text when it is no JSON" }),
                headers: Type.Record(Type.String(), Type.Unknown()),
                status: Type.Integer(),
              }),
              { description: "One per request, in their order" },
            ),
          }),
        },
      },
    },
    async (request) => {
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
      // A batch inside a batch would multiply the cap: refused whichever spelling reached this route.
      if (request.headers[SUB_REQUEST_HEADER] === subRequestMark) {
        throw new StoreError("cw_rest_invalid_path", "A batch may not hold another batch.", 400);
      }
      const urls = requests.map((sub) => {
        const path = canonicalPath(sub.path);
        // Compared in lower case: a router that ignores case must not find a way around it.
        if (!path?.startsWith(`${prefix}/`) || path.toLowerCase() === `${prefix}/batch`) {
          throw new StoreError("cw_rest_invalid_path", `Batch requests must be Store API paths under ${prefix}/ (not ${sub.path}).`, 400);
        }
        const query = /\?[^#]*/.exec(sub.path)?.[0] ?? "";
        return `${path}${query}`;
      });
      // Sub-requests run in the batch's session, already checked for a nonce; the token carries it.
      const session = request.requestSession as RequestSession;
      const token = createSessionToken(secret, tokenPayload(session));
      const responses = [];
      for (const [index, sub] of requests.entries()) {
        const response = await app.inject({
          method: sub.method,
          url: urls[index] as string,
          // The client's address, not loopback: rate limits count sub-requests like any other call.
          remoteAddress: request.ip,
          headers: {
            ...(sub.headers ?? {}),
            [SUB_REQUEST_HEADER]: subRequestMark,
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
    },
  );
};
