/**
 * Signed tokens and nonces, stateless so that any server process sharing the SECRET verifies
 * them: a token is base64url(JSON payload) + "." + base64url(HMAC-SHA256).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface SessionPayload {
  /** The cart session id (a random id; the cart row is created on the first write). */
  sid: string;
  /** Signed-in customer id, 0 for a guest. */
  uid: number;
  /** Expiry, unix seconds. */
  exp: number;
  iat: number;
}

/** A guest cart lives two days after its last use (spec-modelled session expiry). */
export const CART_TTL_SECONDS = 2 * 24 * 60 * 60;
/** A nonce is good for 12 to 24 hours: it is bound to a 12-hour tick and accepts the previous tick. */
export const NONCE_TICK_SECONDS = 12 * 60 * 60;

const b64 = (data: Buffer | string) => Buffer.from(data).toString("base64url");

function sign(secret: string, purpose: string, text: string): string {
  return createHmac("sha256", secret).update(`${purpose}|${text}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const newSessionId = () => randomBytes(16).toString("base64url");

export function createSessionToken(secret: string, payload: Omit<SessionPayload, "iat" | "exp">, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = b64(JSON.stringify({ ...payload, iat, exp: iat + CART_TTL_SECONDS }));
  return `${body}.${sign(secret, "session", body)}`;
}

export function verifySessionToken(secret: string, token: string | undefined, now = Date.now()): SessionPayload | null {
  if (!token || token.length > 2048) return null;
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || !safeEqual(signature, sign(secret, "session", body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SessionPayload;
    if (typeof payload.sid !== "string" || typeof payload.uid !== "number" || typeof payload.exp !== "number") return null;
    return payload.exp * 1000 > now ? payload : null;
  } catch {
    return null;
  }
}

const tick = (now: number) => Math.floor(now / 1000 / NONCE_TICK_SECONDS);

/** A nonce is bound to the session: a page from one visitor cannot be replayed for another. */
export function createNonce(secret: string, sessionId: string, now = Date.now()): string {
  return sign(secret, "nonce", `${sessionId}|${tick(now)}`).slice(0, 22);
}

export function verifyNonce(secret: string, sessionId: string, nonce: string, now = Date.now()): boolean {
  const current = tick(now);
  return [current, current - 1].some((t) => safeEqual(nonce, sign(secret, "nonce", `${sessionId}|${t}`).slice(0, 22)));
}
