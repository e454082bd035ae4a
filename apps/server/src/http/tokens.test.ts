import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CART_TTL_SECONDS,
  createNonce,
  createOrderViewMark,
  createSessionToken,
  createWidgetNonce,
  NONCE_TICK_SECONDS,
  reissuedToken,
  verifyNonce,
  verifyOrderViewMark,
  verifySessionToken,
  verifyWidgetNonce,
} from "./tokens.ts";

const SECRET = "unit-secret-unit-secret-unit-secret-0001";
const OTHER = "unit-secret-unit-secret-unit-secret-0002";
const now = Date.UTC(2026, 10, 22, 12);

describe("session tokens", () => {
  it("verify under their own secret only, also once remembered", () => {
    const token = createSessionToken(SECRET, { sid: "abc", uid: 7 }, now);
    expect(verifySessionToken(SECRET, token, now)).toMatchObject({ sid: "abc", uid: 7 });
    expect(verifySessionToken(SECRET, token, now)).toMatchObject({ sid: "abc", uid: 7 });
    expect(verifySessionToken(OTHER, token, now)).toBeNull();
  });

  it("expire after the cart's lifetime even when remembered", () => {
    const token = createSessionToken(SECRET, { sid: "ttl", uid: 0 }, now);
    expect(verifySessionToken(SECRET, token, now + 1000)).not.toBeNull();
    expect(verifySessionToken(SECRET, token, now + CART_TTL_SECONDS * 1000 + 1000)).toBeNull();
  });

  it("carry a signed-in token's login session, and refuse one that is not text", () => {
    const token = createSessionToken(SECRET, { sid: "abc", uid: 7, lid: "login-1" }, now);
    expect(verifySessionToken(SECRET, token, now)).toMatchObject({ sid: "abc", uid: 7, lid: "login-1" });
    const signed = (lid: unknown) => {
      const body = Buffer.from(JSON.stringify({ sid: "abc", uid: 7, lid, iat: now / 1000, exp: now / 1000 + 60 })).toString("base64url");
      return `${body}.${createHmac("sha256", SECRET).update(`session|${body}`).digest("base64url")}`;
    };
    expect(verifySessionToken(SECRET, signed("login-2"), now)).toMatchObject({ lid: "login-2" });
    expect(verifySessionToken(SECRET, signed(12), now)).toBeNull();
  });

  it("refuse a changed signature, body or shape", () => {
    const token = createSessionToken(SECRET, { sid: "abc", uid: 0 }, now);
    verifySessionToken(SECRET, token, now);
    const [body, signature] = token.split(".");
    expect(verifySessionToken(SECRET, `${body}.${signature?.slice(0, -2)}xx`, now)).toBeNull();
    const otherBody = Buffer.from(JSON.stringify({ sid: "abc", uid: 1, iat: now / 1000, exp: now / 1000 + 60 })).toString("base64url");
    expect(verifySessionToken(SECRET, `${otherBody}.${signature}`, now)).toBeNull();
    expect(verifySessionToken(SECRET, `${token}.extra`, now)).toBeNull();
    expect(verifySessionToken(SECRET, "", now)).toBeNull();
  });
});

describe("reissued tokens", () => {
  it("are signed once for an old token, given again within the window and signed afresh after it", () => {
    const old = createSessionToken(SECRET, { sid: "re-1", uid: 0 }, now - 3_600_000);
    const first = reissuedToken(SECRET, old, { sid: "re-1", uid: 0 }, 60_000, now);
    expect(first).not.toBe(old);
    expect(verifySessionToken(SECRET, first, now)).toMatchObject({ sid: "re-1", uid: 0, iat: Math.floor(now / 1000) });
    expect(reissuedToken(SECRET, old, { sid: "re-1", uid: 0 }, 60_000, now + 59_000)).toBe(first);
    const later = reissuedToken(SECRET, old, { sid: "re-1", uid: 0 }, 60_000, now + 60_000);
    expect(later).not.toBe(first);
    expect(verifySessionToken(SECRET, later, now + 60_000)?.iat).toBe(Math.floor((now + 60_000) / 1000));
  });

  it("are kept apart by the token that came in and by secret", () => {
    const one = createSessionToken(SECRET, { sid: "re-2", uid: 0 }, now - 3_600_000);
    const two = createSessionToken(SECRET, { sid: "re-3", uid: 0 }, now - 3_600_000);
    const forOne = reissuedToken(SECRET, one, { sid: "re-2", uid: 0 }, 60_000, now);
    const forTwo = reissuedToken(SECRET, two, { sid: "re-3", uid: 0 }, 60_000, now);
    expect(verifySessionToken(SECRET, forOne, now)?.sid).toBe("re-2");
    expect(verifySessionToken(SECRET, forTwo, now)?.sid).toBe("re-3");
    expect(verifySessionToken(OTHER, reissuedToken(OTHER, one, { sid: "re-2", uid: 0 }, 60_000, now), now)?.sid).toBe("re-2");
  });
});

describe("nonces", () => {
  it("are bound to the session and accepted for the current and previous tick", () => {
    const nonce = createNonce(SECRET, "abc", now);
    expect(createNonce(SECRET, "abc", now)).toBe(nonce);
    expect(verifyNonce(SECRET, "abc", nonce, now)).toBe(true);
    expect(verifyNonce(SECRET, "other", nonce, now)).toBe(false);
    expect(verifyNonce(OTHER, "abc", nonce, now)).toBe(false);
    expect(verifyNonce(SECRET, "abc", nonce, now + NONCE_TICK_SECONDS * 1000)).toBe(true);
    expect(verifyNonce(SECRET, "abc", nonce, now + 2 * NONCE_TICK_SECONDS * 1000)).toBe(false);
  });
});

describe("widget nonces", () => {
  const secret = "widget-secret-widget-secret-widget!";
  const tick = NONCE_TICK_SECONDS * 1000;
  const now = 1_800_000_000_000;

  it("holds for its widget and token in this tick and the next, and no longer", () => {
    const nonce = createWidgetNonce(secret, 1, "token-a", now);
    expect(verifyWidgetNonce(secret, 1, "token-a", nonce, now)).toBe(true);
    expect(verifyWidgetNonce(secret, 1, "token-a", nonce, now + tick)).toBe(true);
    expect(verifyWidgetNonce(secret, 1, "token-a", nonce, now + 2 * tick)).toBe(false);
  });

  it("is refused for another widget, a new token, another secret, a session's nonce or nothing", () => {
    const nonce = createWidgetNonce(secret, 1, "token-a", now);
    expect(verifyWidgetNonce(secret, 2, "token-a", nonce, now)).toBe(false);
    expect(verifyWidgetNonce(secret, 1, "token-b", nonce, now)).toBe(false);
    expect(verifyWidgetNonce(`${secret}x`, 1, "token-a", nonce, now)).toBe(false);
    expect(verifyWidgetNonce(secret, 1, "token-a", createNonce(secret, "1", now), now)).toBe(false);
    expect(verifyWidgetNonce(secret, 1, "token-a", "", now)).toBe(false);
  });
});

describe("order view marks (decision 0083)", () => {
  it("hold for the session and order they were made for, under the shop's secret only", () => {
    const mark = createOrderViewMark(SECRET, "session-a", 12);
    expect(verifyOrderViewMark(SECRET, "session-a", 12, mark)).toBe(true);
    expect(verifyOrderViewMark(SECRET, "session-b", 12, mark)).toBe(false);
    expect(verifyOrderViewMark(SECRET, "session-a", 13, mark)).toBe(false);
    expect(verifyOrderViewMark(OTHER, "session-a", 12, mark)).toBe(false);
    expect(verifyOrderViewMark(SECRET, "session-a", 12, `${mark}x`)).toBe(false);
    expect(verifyOrderViewMark(SECRET, "session-a", 12, "")).toBe(false);
  });
});
