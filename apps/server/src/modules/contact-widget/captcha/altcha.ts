/**
 * The shop's own captcha: an altcha proof of work (altcha-lib's v1 format, which the widget
 * solves). Challenges are HMAC-signed with a key derived from the shop's SECRET, name their subject
 * and expire after ten minutes; a solution is good once (captcha_solutions keeps it until then).
 */
import { createHmac } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import type { Db } from "../../../db/index.ts";
import type { CaptchaProvider, CaptchaScope } from "./captcha.ts";

/** How long a challenge may be solved and sent in. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/**
 * The search space: the answer is uniform below it, so a phone's browser (some 100,000 SHA-256 a
 * second in altcha's solver) needs half a second on average and a second at worst.
 */
export const ALTCHA_MAX_NUMBER = 100_000;

export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Never the SECRET itself: a key of its own, for this use only. */
const hmacKey = (secret: string) => createHmac("sha256", secret).update("altcha-captcha").digest("hex");

/** A challenge for one subject ("widget:3", "form:2"), so a widget's solution never passes a form of the same id. */
export async function createAltchaChallenge(secret: string, subject: string, now: number): Promise<AltchaChallenge> {
  const challenge = await createChallenge({
    hmacKey: hmacKey(secret),
    maxnumber: ALTCHA_MAX_NUMBER,
    expires: new Date(now + CHALLENGE_TTL_MS),
    params: { subject },
  });
  return { ...challenge, maxnumber: challenge.maxnumber ?? ALTCHA_MAX_NUMBER };
}

interface Solved {
  algorithm: "SHA-1" | "SHA-256" | "SHA-512";
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The token as altcha's widget sends it: base64 of the JSON solution. */
function readToken(token: string): Solved | null {
  if (!token || token.length > 2048) return null;
  try {
    const value = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as Partial<Solved>;
    const texts = [value.algorithm, value.challenge, value.salt, value.signature].every((v) => typeof v === "string" && v.length <= 512);
    if (!texts || !Number.isSafeInteger(value.number) || !["SHA-1", "SHA-256", "SHA-512"].includes(value.algorithm ?? "")) return null;
    return value as Solved;
  } catch {
    return null;
  }
}

/** Records a solution as used; false when it already was (a replay). Expired ones are swept first. */
export async function spendSolution(db: Db, signature: string, expiresMs: number, now: number): Promise<boolean> {
  await db.deleteFrom("captcha_solutions").where("expires_ms", "<", now).execute();
  const stored = await db
    .insertInto("captcha_solutions")
    .values({ signature, expires_ms: expiresMs })
    .onConflict((conflict) => conflict.column("signature").doNothing())
    .returning("signature")
    .executeTakeFirst();
  return stored !== undefined;
}

export function altchaProvider(scope: CaptchaScope): CaptchaProvider {
  return {
    name: "altcha",
    async verify(token) {
      const solved = readToken(token);
      if (!solved) return false;
      const params = extractParams(solved);
      const expiresMs = Number(params.expires) * 1000;
      const now = scope.now();
      if (!Number.isFinite(expiresMs) || expiresMs < now || params.subject !== scope.subject) return false;
      // Expiry is checked above against the shop's clock; the library checks the signature and the work.
      if (!(await verifySolution(solved, hmacKey(scope.secret), false))) return false;
      return spendSolution(scope.db, solved.signature, expiresMs, now);
    },
  };
}
