/**
 * Who is asking, for the Store API and the storefront: a signed Cart-Token header (API clients)
 * or a signed session cookie (browsers). Writes need a valid Nonce unless they carry a valid
 * Cart-Token header, which a cross-site form cannot send (spec §7, DESIGN §8). A signed-in token
 * also names a login session, which must still stand in the database (decision 0017).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type {} from "./api-key-caller.ts";
import { StoreError } from "./errors.ts";
import {
  CART_TTL_SECONDS,
  createNonce,
  createSessionToken,
  newSessionId,
  reissuedToken,
  type SessionPayload,
  verifyNonce,
  verifySessionToken,
} from "./tokens.ts";

export const SESSION_COOKIE = "cw_session";

/**
 * Whether a signed-in token's login session still stands (the customers module answers from the
 * database, so every process agrees at once). Asked for signed-in tokens only: guests cost no query.
 */
export type LoginSessionCheck = (loginSessionId: string, customerId: number) => Promise<boolean>;

/**
 * Who is asking, as every service sees it: a session id (which is also the cart's id), the
 * customer id (0 for a guest) and, when signed in, the login session (a customer_sessions row,
 * decision 0017). Several devices of one customer share the sid of the saved cart; each sign-in
 * has a login session of its own.
 */
export interface Session {
  sid: string;
  /** Signed-in customer id, 0 for a guest. */
  uid: number;
  /** The login session of a signed-in request; absent for a guest. */
  lid?: string;
}

/** The session as the request carried it: the Session, and how it came (for the nonce check and the reply's token). */
export interface RequestSession extends Session {
  /** Came from the Cart-Token header (exempt from the nonce check). */
  viaHeader: boolean;
  /** No valid token or cookie came in: a new session was started for this request. */
  isNew: boolean;
  /** The valid token that came in, and when it was issued (unix seconds): sent back while fresh. */
  token?: string;
  issuedAt?: number;
}

/** A token issued this recently is sent back as it came, not signed afresh (its expiry slides by at most this much less). */
const TOKEN_REISSUE_MS = 60_000;

/** What a token carries of a session: a guest's has no login session. */
export const tokenPayload = (session: Session) =>
  session.uid && session.lid ? { sid: session.sid, uid: session.uid, lid: session.lid } : { sid: session.sid, uid: session.uid };

const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

/** A signed-in token's login session still stands; a token naming none (from before decision 0017) does not. */
const stillSignedIn = async (payload: SessionPayload, stands: LoginSessionCheck) =>
  payload.lid !== undefined && (await stands(payload.lid, payload.uid));

/**
 * The request's session; a token whose login session has ended counts as no token, so the request
 * is a new guest. A guest's token is never looked up, and is answered without a promise: most
 * Store API requests are a guest's, and each promise in the hook chain costs (decision 0055).
 */
export function resolveSession(
  secret: string,
  request: FastifyRequest,
  stands: LoginSessionCheck,
): RequestSession | Promise<RequestSession> {
  const rawHeader = request.headers["cart-token"];
  const header = Array.isArray(rawHeader) ? rawHeader[0] : rawHeader;
  const fromHeader = verifySessionToken(secret, header);
  if (fromHeader?.uid === 0) return sessionFrom(fromHeader, header as string, true);
  if (fromHeader)
    return stillSignedIn(fromHeader, stands).then((signedIn) =>
      signedIn ? sessionFrom(fromHeader, header as string, true) : cookieSession(secret, request, stands),
    );
  return cookieSession(secret, request, stands);
}

/** The session the browser's cookie carries, else a new guest's. */
function cookieSession(secret: string, request: FastifyRequest, stands: LoginSessionCheck): RequestSession | Promise<RequestSession> {
  const cookie = request.cookies?.[SESSION_COOKIE];
  const fromCookie = verifySessionToken(secret, cookie);
  if (fromCookie?.uid === 0) return sessionFrom(fromCookie, cookie as string, false);
  if (fromCookie)
    return stillSignedIn(fromCookie, stands).then((signedIn) => (signedIn ? sessionFrom(fromCookie, cookie as string, false) : newGuest()));
  return newGuest();
}

const newGuest = (): RequestSession => ({ sid: newSessionId(), uid: 0, viaHeader: false, isNew: true });

const sessionFrom = (payload: SessionPayload, token: string, viaHeader: boolean): RequestSession => ({
  sid: payload.sid,
  uid: payload.uid,
  ...(payload.lid === undefined ? {} : { lid: payload.lid }),
  viaHeader,
  isNew: false,
  token,
  issuedAt: payload.iat,
});

/** 401 without a nonce, 403 with a wrong one; a valid Cart-Token header needs none. */
export function checkNonce(secret: string, request: FastifyRequest, session: RequestSession): void {
  if (!isWrite(request.method) || session.viaHeader) return;
  const nonce = request.headers.nonce;
  const value = Array.isArray(nonce) ? nonce[0] : nonce;
  if (!value) throw new StoreError("cw_rest_missing_nonce", "Missing the Nonce header. This endpoint requires a valid nonce.", 401);
  if (session.isNew || !verifyNonce(secret, session.sid, value)) throw new StoreError("cw_rest_invalid_nonce", "Nonce is invalid.", 403);
}

/** Sends the headers every Store API reply carries, and keeps the browser's session cookie fresh. */
export function sendSessionHeaders(secret: string, request: FastifyRequest, reply: FastifyReply, session: RequestSession): void {
  const now = Date.now();
  const fresh = session.token && session.issuedAt !== undefined && now - session.issuedAt * 1000 < TOKEN_REISSUE_MS;
  // An older token is signed afresh once a TOKEN_REISSUE_MS, not on every request (an HMAC and a new cookie each time).
  const token = fresh
    ? (session.token as string)
    : session.token
      ? reissuedToken(secret, session.token, tokenPayload(session), TOKEN_REISSUE_MS, now)
      : createSessionToken(secret, tokenPayload(session), now);
  reply.header("Cart-Token", token);
  reply.header("Nonce", createNonce(secret, session.sid, now));
  reply.header("Nonce-Timestamp", String(Math.floor(now / 1000)));
  reply.header("User-ID", String(session.uid));
  if (!session.viaHeader) {
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
      maxAge: CART_TTL_SECONDS,
    });
  }
}

/**
 * Moves this request onto another session (sign-in, sign-out): a new token in the Cart-Token
 * header and, for browsers, the cookie, with a nonce and User-ID for the new session.
 */
export function switchSession(secret: string, request: FastifyRequest, reply: FastifyReply, next: Session): void {
  const session: RequestSession = { ...tokenPayload(next), viaHeader: request.requestSession?.viaHeader ?? false, isNew: false };
  request.requestSession = session;
  sendSessionHeaders(secret, request, reply, session);
}

declare module "fastify" {
  interface FastifyRequest {
    /** The session as the request carried it (Store API, /ajax); services see it as `request.ctx.session`. */
    requestSession?: RequestSession;
  }
}

/** Every Store API reply, errors included, carries the session headers; writes check the nonce. */
export function registerSessionHooks(app: FastifyInstance, secret: string, stands: LoginSessionCheck): void {
  const begin = (request: FastifyRequest, reply: FastifyReply, session: RequestSession) => {
    request.requestSession = session;
    sendSessionHeaders(secret, request, reply, session);
    // Every reply carries the session's Cart-Token and nonce, and many the shopper's cart or account: no cache keeps them (decision 0018).
    reply.header("Cache-Control", "private, no-store");
  };
  // A callback hook: a guest's session is known at once, and only a signed-in token waits for its database check.
  app.addHook("onRequest", (request, reply, done) => {
    // A request the owner API's key hook let in (decision 0098) has its session already, and gets no token or cookie back.
    if (request.apiKey) return done();
    let found: RequestSession | Promise<RequestSession>;
    try {
      found = resolveSession(secret, request, stands);
    } catch (error) {
      return done(error as Error);
    }
    if (!(found instanceof Promise)) {
      begin(request, reply, found);
      return done();
    }
    found.then(
      (session) => {
        begin(request, reply, session);
        done();
      },
      (error: Error) => done(error),
    );
  });
  // Before body validation: a forged write learns nothing about what a valid body looks like.
  // A callback hook, not an async one: every write passes here, and a promise per request costs (decision 0013).
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.apiKey) return done();
    try {
      checkNonce(secret, request, request.requestSession as RequestSession);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
