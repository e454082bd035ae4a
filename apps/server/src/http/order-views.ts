/**
 * The guest orders this browser session answered the email question for, on the order-received or
 * the pay-for-order page (decisions 0083, 0085): a cookie of `{order id}.{mark}` pairs, each mark
 * signed for the session and the order (tokens.ts), so a forged or copied pair shows nothing. Sent
 * under /checkout only: both pages are there.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { CART_TTL_SECONDS, createOrderViewMark, verifyOrderViewMark } from "./tokens.ts";

export const ORDER_VIEWS_COOKIE = "cw_order_views";
const COOKIE_PATH = "/checkout";
/** The newest orders kept; an older one asks its question again. */
const KEPT = 20;

/** The pairs the cookie holds that are good for this session. */
function keptPairs(secret: string, request: FastifyRequest, sessionId: string): { id: number; mark: string }[] {
  const raw = request.cookies?.[ORDER_VIEWS_COOKIE];
  if (!raw || raw.length > 2048) return [];
  const pairs: { id: number; mark: string }[] = [];
  for (const pair of raw.split("~")) {
    const [id, mark, extra] = pair.split(".");
    const orderId = Number(id);
    if (extra !== undefined || !mark || !/^[1-9]\d{0,9}$/.test(id ?? "")) continue;
    if (verifyOrderViewMark(secret, sessionId, orderId, mark)) pairs.push({ id: orderId, mark });
  }
  return pairs;
}

/** Whether this session answered the question for the order. */
export function orderVerifiedHere(secret: string, request: FastifyRequest, sessionId: string, orderId: number): boolean {
  return keptPairs(secret, request, sessionId).some((pair) => pair.id === orderId);
}

/** Remembers that this session answered the question for the order, for as long as a guest session lives. */
export function rememberOrderVerified(secret: string, request: FastifyRequest, reply: FastifyReply, sessionId: string, orderId: number) {
  const others = keptPairs(secret, request, sessionId).filter((pair) => pair.id !== orderId);
  const pairs = [...others.slice(-(KEPT - 1)), { id: orderId, mark: createOrderViewMark(secret, sessionId, orderId) }];
  reply.setCookie(ORDER_VIEWS_COOKIE, pairs.map((pair) => `${pair.id}.${pair.mark}`).join("~"), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: CART_TTL_SECONDS,
  });
}
