/**
 * Solves the shop's self-hosted proof-of-work captcha in the browser (altcha's challenge format):
 * find the number n ≤ maxnumber with hex(hash(salt + n)) === challenge, then send
 * base64(JSON {algorithm, challenge, number, salt, signature}) as the form's `token`.
 */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const ALGORITHMS: Record<string, string> = { "SHA-1": "SHA-1", "SHA-256": "SHA-256", "SHA-512": "SHA-512" };
/** Hashes computed together; a batch keeps the page responsive between them. */
const BATCH = 256;
/** altcha's own default when the challenge does not say. */
const DEFAULT_MAX = 1_000_000;

export function isAltchaChallenge(value: unknown): value is AltchaChallenge {
  const v = value as Partial<AltchaChallenge> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.algorithm === "string" &&
    typeof v.challenge === "string" &&
    typeof v.salt === "string" &&
    typeof v.signature === "string"
  );
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The number that solves the challenge, or null (unknown algorithm, none found, or aborted). */
export async function solveAltcha(
  challenge: AltchaChallenge,
  signal?: AbortSignal,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<number | null> {
  const algorithm = ALGORITHMS[challenge.algorithm.toUpperCase()];
  if (!algorithm) return null;
  const target = challenge.challenge.toLowerCase();
  const max = challenge.maxnumber ?? DEFAULT_MAX;
  const encoder = new TextEncoder();
  for (let start = 0; start <= max; start += BATCH) {
    if (signal?.aborted) return null;
    const numbers = Array.from({ length: Math.min(BATCH, max - start + 1) }, (_, i) => start + i);
    const hashes = await Promise.all(numbers.map((n) => subtle.digest(algorithm, encoder.encode(challenge.salt + n))));
    const found = hashes.findIndex((hash) => hex(hash) === target);
    if (found >= 0) return start + found;
  }
  return null;
}

/** The `token` field: the solved payload as altcha's server side reads it. */
export function altchaToken(challenge: AltchaChallenge, number: number): string {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
}
