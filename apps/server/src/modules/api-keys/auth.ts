/**
 * API keys on the owner API (decision 0098): when an owner API request carries an Authorization
 * header naming a key, this hook checks it before the session hooks, which then leave the request
 * alone (no cookie read or set, no nonce asked: a browser never attaches this header by itself, so
 * the request is not exposed to CSRF). Requests without the header pay one property read.
 * Refusals are 401 with WWW-Authenticate, counted against the address like failed sign-ins.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import { StoreError } from "../../http/errors.ts";
import { type ClientLimits, RATE_LIMITS } from "../../http/rate-limits.ts";
import type { RequestSession } from "../../http/session.ts";
import { newSessionId } from "../../http/tokens.ts";
import { hashSecret, isLoopback, parseAuthorization, secretMatches } from "./keys.ts";

/** Last access is written when the one stored is older than this, so a busy key costs no write per request. */
export const LAST_ACCESS_EVERY_MS = 60_000;

export const API_KEY_CHALLENGE = 'Basic realm="Cartwright owner API", charset="UTF-8"';

export const apiKeyErrors = {
  malformed: () =>
    new StoreError(
      "cw_rest_api_key_invalid",
      "The Authorization header names an API key but does not hold it as Basic base64(key:secret) or Bearer key.secret.",
      401,
    ),
  wrong: () => new StoreError("cw_rest_api_key_invalid", "The API key or its secret is wrong.", 401),
  revoked: () => new StoreError("cw_rest_api_key_revoked", "This API key has been revoked.", 401),
  staffGone: () =>
    new StoreError("cw_rest_api_key_inactive", "The staff member this API key acts as is no longer on the shop's staff.", 401),
  needsHttps: () =>
    new StoreError(
      "cw_rest_api_key_https_required",
      "API keys are accepted over HTTPS only. Send the request to the shop's https:// address, and revoke this key if it crossed a network unencrypted.",
      403,
    ),
};

export interface ApiKeyAuthOptions {
  db: Db;
  /** The request's rate-limit handle (the app's limiter). */
  limitsFor(request: FastifyRequest): ClientLimits;
  /** Refuse keys over plain HTTP from anywhere but this machine (production with an https:// PUBLIC_URL). */
  httpsOnly: boolean;
}

/** A hash to compare against when no key has the id, so an unknown id costs the same work as a wrong secret. */
const NO_KEY_HASH = hashSecret("no such key");

async function refuse(request: FastifyRequest, reply: FastifyReply, options: ApiKeyAuthOptions, error: StoreError): Promise<never> {
  // Counted like a failed sign-in; once the address has none left the refusal is a 429 instead.
  await options.limitsFor(request).take(RATE_LIMITS.apiKeyFailuresPerAddress);
  reply.header("WWW-Authenticate", API_KEY_CHALLENGE);
  throw error;
}

async function authenticate(request: FastifyRequest, reply: FastifyReply, header: string, options: ApiKeyAuthOptions): Promise<void> {
  const parsed = parseAuthorization(header);
  if (!parsed.ok) {
    if (parsed.reason === "notOurs") return;
    return refuse(request, reply, options, apiKeyErrors.malformed());
  }
  if (options.httpsOnly && request.protocol !== "https" && !isLoopback(request.ip)) throw apiKeyErrors.needsHttps();
  const row = await options.db
    .selectFrom("api_keys")
    .innerJoin("customers", "customers.id", "api_keys.customer_id")
    .select([
      "api_keys.id",
      "api_keys.secret_hash",
      "api_keys.description",
      "api_keys.permission",
      "api_keys.customer_id",
      "api_keys.revoked_at",
      "api_keys.last_access_at",
      "customers.role",
    ])
    .where("api_keys.key_id", "=", parsed.keyId)
    .executeTakeFirst();
  if (!secretMatches(parsed.secret, row?.secret_hash ?? NO_KEY_HASH) || !row) return refuse(request, reply, options, apiKeyErrors.wrong());
  if (row.revoked_at) return refuse(request, reply, options, apiKeyErrors.revoked());
  if (row.role !== "owner" && row.role !== "manager") return refuse(request, reply, options, apiKeyErrors.staffGone());
  request.apiKey = { id: row.id, description: row.description, permission: row.permission, staffId: row.customer_id, role: row.role };
  // A session of its own for the request's services (who is asking), never sent back: the reply carries no token or cookie.
  const session: RequestSession = { sid: newSessionId(), uid: row.customer_id, viaHeader: true, isNew: false };
  request.requestSession = session;
  reply.header("Cache-Control", "private, no-store");
  const now = Date.now();
  if (row.last_access_at === null || now - Date.parse(row.last_access_at) >= LAST_ACCESS_EVERY_MS) {
    const at = new Date(now).toISOString();
    const cutoff = new Date(now - LAST_ACCESS_EVERY_MS).toISOString();
    // Conditional, so that processes answering the same key at once write it once.
    await options.db
      .updateTable("api_keys")
      .set({ last_access_at: at })
      .where("id", "=", row.id)
      .where((eb) => eb.or([eb("last_access_at", "is", null), eb("last_access_at", "<=", cutoff)]))
      .execute();
  }
}

/** Registers the key check on the owner API's scope; register it before the session hooks. */
export function registerApiKeyAuth(app: FastifyInstance, options: ApiKeyAuthOptions): void {
  app.addHook("onRequest", (request, reply, done) => {
    const header = request.headers.authorization;
    if (header === undefined) return done();
    authenticate(request, reply, header, options).then(
      () => done(),
      (error: Error) => done(error),
    );
  });
}
