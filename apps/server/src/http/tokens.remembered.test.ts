import * as crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createNonce, createSessionToken, verifySessionToken } from "./tokens.ts";

// Counts the HMACs tokens.ts computes: what it remembers it does not sign again.
vi.mock("node:crypto", async (original) => {
  const actual = await original<typeof import("node:crypto")>();
  return { ...actual, createHmac: vi.fn(actual.createHmac) };
});
const hmacs = () => vi.mocked(crypto.createHmac).mock.calls.length;

const SECRET = "unit-secret-remembered-unit-secret-0003";
const now = Date.UTC(2026, 11, 1, 12);

describe("remembered tokens and nonces", () => {
  it("keep a shopper in use while thousands of others come and go (the idle ones are forgotten)", () => {
    const mine = createSessionToken(SECRET, { sid: "mine", uid: 0 }, now);
    verifySessionToken(SECRET, mine, now);
    createNonce(SECRET, "mine", now);
    const others = Array.from({ length: 12_000 }, (_, i) => createSessionToken(SECRET, { sid: `other-${i}`, uid: 0 }, now));
    let mineSigned = 0;
    for (const [i, other] of others.entries()) {
      expect(verifySessionToken(SECRET, other, now)?.sid).toBe(`other-${i}`);
      createNonce(SECRET, `other-${i}`, now);
      if (i % 1000 === 0) {
        const before = hmacs();
        expect(verifySessionToken(SECRET, mine, now)?.sid).toBe("mine");
        createNonce(SECRET, "mine", now);
        mineSigned += hmacs() - before;
      }
    }
    expect(mineSigned).toBe(0);
    // The first of the others, unused since, was forgotten: checking it signs again, and still verifies.
    const before = hmacs();
    expect(verifySessionToken(SECRET, others[0], now)?.sid).toBe("other-0");
    expect(hmacs() - before).toBe(1);
  });
});
