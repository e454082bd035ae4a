import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type AltchaChallenge, altchaToken, isAltchaChallenge, solveAltcha } from "./altcha.ts";

/** A challenge made the way altcha-lib makes one: sha256(salt + number), HMAC-signed. */
function makeChallenge(number: number, maxnumber: number, algorithm = "SHA-256"): AltchaChallenge {
  const salt = `${createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 24)}?expires=${Date.now() + 60_000}&`;
  const challenge = createHash("sha256")
    .update(salt + number)
    .digest("hex");
  const signature = createHmac("sha256", "test-secret").update(challenge).digest("hex");
  return { algorithm, challenge, maxnumber, salt, signature };
}

describe("solveAltcha", () => {
  it("finds the number and builds the token altcha's server reads", async () => {
    const challenge = makeChallenge(1234, 5000);
    const number = await solveAltcha(challenge);
    expect(number).toBe(1234);
    const payload = JSON.parse(atob(altchaToken(challenge, 1234)));
    expect(payload).toEqual({
      algorithm: "SHA-256",
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });
  it("finds 0 and maxnumber itself", async () => {
    expect(await solveAltcha(makeChallenge(0, 10))).toBe(0);
    expect(await solveAltcha(makeChallenge(700, 700))).toBe(700);
  });
  it("gives up past maxnumber, on unknown algorithms and when aborted", async () => {
    expect(await solveAltcha(makeChallenge(900, 800))).toBeNull();
    expect(await solveAltcha({ ...makeChallenge(1, 10), algorithm: "MD5" })).toBeNull();
    const controller = new AbortController();
    controller.abort();
    expect(await solveAltcha(makeChallenge(5, 10), controller.signal)).toBeNull();
  });
  it("recognises a challenge answer", () => {
    expect(isAltchaChallenge(makeChallenge(1, 2))).toBe(true);
    expect(isAltchaChallenge({ algorithm: "SHA-256", challenge: "x" })).toBe(false);
    expect(isAltchaChallenge(null)).toBe(false);
  });
});
