/**
 * Retried owner API writes (decision 0169): a POST sent with an `Idempotency-Key` header is answered
 * once; the same request sent again with the key (a retry after a timeout or a lost connection) gets
 * the first answer back, marked `Idempotent-Replayed: true`, and changes nothing. Keys are the
 * caller's own (an API key's, or a staff member's session's) and kept a day. A server error's answer
 * is not kept, so its retry runs again.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/index.ts";
import { StoreError } from "./errors.ts";

/** How long a kept answer replays its request. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** Printable ASCII without spaces, as the clients that make such keys (UUIDs, hashes) write them. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The header as the OpenAPI document names it on every owner POST (app.ts's swagger transform). */
export const IDEMPOTENCY_KEY_HEADERS = {
  type: "object",
  properties: {
    "idempotency-key": {
      type: "string",
      minLength: 1,
      maxLength: 255,
      pattern: "^[\\x21-\\x7e]+$",
      description:
        "A value of the caller's own for this one change (a UUID): sent again with it within a day, the request is answered its first answer (Idempotent-Replayed: true) and runs once.",
    },
  },
} as const;

declare module "fastify" {
  interface FastifyRequest {
    /** The kept row this request answers, set while a keyed POST is being answered. */
    idempotency?: { caller: string; key: string };
  }
}

export const idempotencyErrors = {
  invalid: () =>
    new StoreError(
      "cw_rest_idempotency_key_invalid",
      "The Idempotency-Key header must be 1 to 255 printable characters without spaces.",
      400,
    ),
  reused: () =>
    new StoreError(
      "cw_rest_idempotency_key_reused",
      "This Idempotency-Key was sent with another request in the last 24 hours: send each change under a key of its own.",
      422,
    ),
  inProgress: () =>
    new StoreError(
      "cw_rest_idempotency_in_progress",
      "A request with this Idempotency-Key is still being answered (or the shop stopped while answering it: check whether the change was made before sending it again under a new key).",
      409,
    ),
};

function callerOf(request: FastifyRequest): string {
  return request.apiKey ? `key:${request.apiKey.id}` : `staff:${request.requestSession?.uid ?? 0}`;
}

function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash("sha256").update(`${request.method} ${request.url}\n`);
  const body = request.body;
  // A file sent as the body (the CSV import's text/csv) is hashed as its bytes, never written out as JSON.
  return (Buffer.isBuffer(body) ? hash.update(body) : hash.update(JSON.stringify(body ?? null))).digest("hex");
}

async function claim(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.method !== "POST") return;
  const key = request.headers["idempotency-key"];
  if (key === undefined) return;
  if (typeof key !== "string" || !KEY.test(key)) throw idempotencyErrors.invalid();
  const caller = callerOf(request);
  const fingerprint = fingerprintOf(request);
  const now = Date.now();
  // A key older than a day is free again.
  await db
    .deleteFrom("idempotent_replies")
    .where("caller", "=", caller)
    .where("idempotency_key", "=", key)
    .where("created_at", "<", new Date(now - IDEMPOTENCY_KEEP_MS).toISOString())
    .execute();
  const inserted = await db
    .insertInto("idempotent_replies")
    .values({ caller, idempotency_key: key, fingerprint, status_code: null, reply: null, created_at: new Date(now).toISOString() })
    .onConflict((conflict) => conflict.columns(["caller", "idempotency_key"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
    request.idempotency = { caller, key };
    return;
  }
  const kept = await db
    .selectFrom("idempotent_replies")
    .select(["fingerprint", "status_code", "reply"])
    .where("caller", "=", caller)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (kept && kept.fingerprint !== fingerprint) throw idempotencyErrors.reused();
  if (!kept || kept.status_code === null || kept.reply === null) throw idempotencyErrors.inProgress();
  return reply.code(kept.status_code).header("idempotent-replayed", "true").type("application/json; charset=utf-8").send(kept.reply);
}

async function keep(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const pending = request.idempotency;
  if (!pending) return;
  request.idempotency = undefined;
  const json = String(reply.getHeader("content-type") ?? "").startsWith("application/json");
  // A server error (or an answer that is not one JSON text) is not kept: the retry is answered afresh.
  if (reply.statusCode >= 500 || !json || typeof payload !== "string") {
    await db.deleteFrom("idempotent_replies").where("caller", "=", pending.caller).where("idempotency_key", "=", pending.key).execute();
    return;
  }
  await db
    .updateTable("idempotent_replies")
    .set({ status_code: reply.statusCode, reply: payload })
    .where("caller", "=", pending.caller)
    .where("idempotency_key", "=", pending.key)
    .execute();
}

/** Registers the key's check (after the caller and the body are checked) and the answer's keeping on the owner API's scope. */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook("preHandler", (request, reply) => claim(db, request, reply));
  app.addHook("onSend", async (request, reply, payload) => {
    await keep(db, request, reply, payload);
    return payload;
  });
}

/** The sweep's part: answers kept longer than a day. */
export async function deleteOldIdempotentReplies(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom("idempotent_replies")
    .where("created_at", "<", new Date(now - IDEMPOTENCY_KEEP_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
