/**
 * Password hashing with node:crypto scrypt (memory-hard, no add-on). A hash is stored as
 * 'scrypt$N$r$p$salt$hash' (salt and hash base64url), so its parameters travel with it and
 * can be raised later: old hashes still verify, and needsRehash says when to renew one.
 */

import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { normalized } from "@cartwright/commerce";

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** 2^15 × 8 × 128 bytes = 32 MiB and some 50–100 ms per hash on one core of this kind of machine. */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds on what a stored hash may ask for, so a corrupt row cannot make us spend gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  // Node refuses a call needing more than maxmem (about 128 × N × r bytes); leave it room.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    // The async form runs in libuv's thread pool: the event loop is not blocked while hashing.
    scrypt(normalized(password, "NFC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = HASH_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

/**
 * What new hashes are made with and renewed to: SCRYPT_PARAMS, but in Vitest's HTTP projects the smaller N
 * they ask for in CW_TEST_SCRYPT_N (decision 0108), since their thousands of sign-ins spent most of their
 * time in scrypt. Read only under Vitest, so no setting of a running shop can weaken its hashes.
 */
export const HASH_PARAMS: ScryptParams = (() => {
  const n = process.env.VITEST ? Number(process.env.CW_TEST_SCRYPT_N) : Number.NaN;
  return isPowerOfTwo(n) && n < SCRYPT_PARAMS.N ? { ...SCRYPT_PARAMS, N: n } : SCRYPT_PARAMS;
})();

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : Number.NaN)) as [number, number, number];
  if (!isPowerOfTwo(N) || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return null;
  const salt = Buffer.from(parts[4] as string, "base64url");
  const key = Buffer.from(parts[5] as string, "base64url");
  if (salt.length < 8 || key.length < 16) return null;
  return { params: { N, r, p }, salt, key };
}

/** True when the password matches; false for a wrong password and for a hash we cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a (verified) hash was made with other parameters than today's. */
export function needsRehash(stored: string, params: ScryptParams = HASH_PARAMS): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}
