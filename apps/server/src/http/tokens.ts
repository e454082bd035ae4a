/**
 * Signed tokens and nonces, stateless so that any server process sharing the SECRET verifies
 * them: a token is base64url(JSON payload) + "." + base64url(HMAC-SHA256).
 */
import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";

export interface SessionPayload {
  /** The cart session id (a random id; the cart row is created on the first write). */
  sid: string;
  /** Signed-in customer id, 0 for a guest. */
  uid: number;
  /** The login session of a signed-in token (a customer_sessions row, decision 0017); absent for a guest. */
  lid?: string;
  /** Expiry, unix seconds. */
  exp: number;
  iat: number;
}

/** A guest cart lives two days after its last use (spec-modelled session expiry). */
export const CART_TTL_SECONDS = 2 * 24 * 60 * 60;
/** A nonce is good for 12 to 24 hours: it is bound to a 12-hour tick and accepts the previous tick. */
export const NONCE_TICK_SECONDS = 12 * 60 * 60;

const b64 = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** Per secret, made once: the key object, and what was already signed or checked with it. */
interface SecretState {
  key: KeyObject;
  /** Tokens whose signature checked out (expiry is still checked on every use). */
  verified: Remembered<SessionPayload>;
  /** Nonces by session and tick. */
  nonces: Remembered<string>;
  /** A token signed afresh for an older one that came in, and when (epoch ms). */
  reissued: Remembered<{ token: string; at: number }>;
}
const states = new Map<string, SecretState>();
/**
 * Every request checks a token and signs a nonce: remembering them saves two HMACs per request. Up to twice `half`
 * entries, in two generations: when the newer fills it becomes the older and the older is let go, and a hit in the
 * older moves up. A hit costs one or two Map lookups (moving every hit to the end of one map, least recently used
 * first, cost ~1.5 µs a lookup at 10,000 entries), and an active shopper is never forgotten with the idle ones
 * (emptying one full map at once made every active shopper's next request sign again).
 */
class Remembered<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();
  private readonly half: number;

  constructor(half: number) {
    this.half = half;
  }

  get(key: string): V | undefined {
    const value = this.newer.get(key);
    if (value !== undefined) return value;
    const old = this.older.get(key);
    return old === undefined ? undefined : this.set(key, old);
  }

  has(key: string): boolean {
    return this.newer.has(key) || this.older.has(key);
  }

  set(key: string, value: V): V {
    if (this.newer.size >= this.half) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
    return value;
  }
}
/** At most 10,000 of each kept: a few megabytes at most. */
const REMEMBERED_HALF = 5_000;
const remembered = <V>() => new Remembered<V>(REMEMBERED_HALF);

function stateOf(secret: string): SecretState {
  let state = states.get(secret);
  if (!state) {
    state = { key: createSecretKey(Buffer.from(secret)), verified: remembered(), nonces: remembered(), reissued: remembered() };
    states.set(secret, state);
  }
  return state;
}

function sign(secret: string, purpose: string, text: string): string {
  return createHmac("sha256", stateOf(secret).key).update(`${purpose}|${text}`).digest("base64url");
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

/**
 * A fresh token for one that came in older than `withinMs`: the one signed for it in the last
 * `withinMs` when there is one, so a shopper's every request does not sign (and send) a new token.
 * Its expiry slides by at most `withinMs` less than signing afresh each time would.
 */
export function reissuedToken(
  secret: string,
  old: string,
  payload: Omit<SessionPayload, "iat" | "exp">,
  withinMs: number,
  now = Date.now(),
): string {
  const { reissued } = stateOf(secret);
  const held = reissued.get(old);
  if (held && now - held.at < withinMs && now >= held.at) return held.token;
  return reissued.set(old, { token: createSessionToken(secret, payload, now), at: now }).token;
}

export function verifySessionToken(secret: string, token: string | undefined, now = Date.now()): SessionPayload | null {
  if (!token || token.length > 2048) return null;
  const { verified } = stateOf(secret);
  let payload: SessionPayload | null | undefined = verified.get(token);
  if (!payload) {
    payload = checkSignedToken(secret, token);
    if (!payload) return null;
    verified.set(token, payload);
  }
  return payload.exp * 1000 > now ? payload : null;
}

function checkSignedToken(secret: string, token: string): SessionPayload | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || !safeEqual(signature, sign(secret, "session", body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SessionPayload;
    if (typeof payload.sid !== "string" || typeof payload.uid !== "number" || typeof payload.exp !== "number") return null;
    if (payload.lid !== undefined && typeof payload.lid !== "string") return null;
    return Object.freeze(payload);
  } catch {
    return null;
  }
}

const tick = (now: number) => Math.floor(now / 1000 / NONCE_TICK_SECONDS);

/** A nonce is bound to the session: a page from one visitor cannot be replayed for another. */
export function createNonce(secret: string, sessionId: string, now = Date.now()): string {
  return nonceFor(secret, sessionId, tick(now));
}

function nonceFor(secret: string, sessionId: string, at: number): string {
  const { nonces } = stateOf(secret);
  const key = `${sessionId}|${at}`;
  return nonces.get(key) ?? nonces.set(key, sign(secret, "nonce", key).slice(0, 22));
}

export function verifyNonce(secret: string, sessionId: string, nonce: string, now = Date.now()): boolean {
  const current = tick(now);
  return [current, current - 1].some((t) => safeEqual(nonce, nonceFor(secret, sessionId, t)));
}

/**
 * A contact widget's nonce (spec §6): stateless, needs no cookie (the widget also runs on other
 * sites), bound to the widget and its random token (a new token voids every page's nonce), good
 * for its 12-hour tick and the previous one.
 */
export function createWidgetNonce(secret: string, widgetId: number, widgetToken: string, now = Date.now()): string {
  return widgetNonceFor(secret, widgetId, widgetToken, tick(now));
}

function widgetNonceFor(secret: string, widgetId: number, widgetToken: string, at: number): string {
  return sign(secret, "widget-nonce", `${widgetId}|${widgetToken}|${at}`).slice(0, 22);
}

export function verifyWidgetNonce(
  secret: string,
  widgetId: number,
  widgetToken: string,
  nonce: string | undefined,
  now = Date.now(),
): boolean {
  if (!nonce || nonce.length > 64) return false;
  const current = tick(now);
  return [current, current - 1].some((t) => safeEqual(nonce, widgetNonceFor(secret, widgetId, widgetToken, t)));
}

/**
 * The mark that a session answered an order's email question (decision 0083): bound to the session
 * and the order, so it cannot be made for another order or carried to another session.
 */
export function createOrderViewMark(secret: string, sessionId: string, orderId: number): string {
  return sign(secret, "order-view", `${sessionId}|${orderId}`).slice(0, 22);
}

export function verifyOrderViewMark(secret: string, sessionId: string, orderId: number, mark: string): boolean {
  return mark.length === 22 && safeEqual(mark, createOrderViewMark(secret, sessionId, orderId));
}
