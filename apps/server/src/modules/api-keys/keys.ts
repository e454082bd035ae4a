/**
 * The pure parts of API keys (decision 0098): making a key id and secret, reading them from an
 * Authorization header (Basic key:secret, or Bearer key.secret), hashing a secret and comparing
 * hashes in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const KEY_PREFIX = "cwk_";
export const SECRET_PREFIX = "cws_";
/** The key id's random part: 12 bytes, 16 base64url characters. */
const KEY_BYTES = 12;
/** The secret's random part: 32 bytes (256 bits), 43 base64url characters. */
const SECRET_BYTES = 32;

const KEY_PATTERN = /^cwk_[A-Za-z0-9_-]{16}$/;
const SECRET_PATTERN = /^cws_[A-Za-z0-9_-]{43}$/;

export interface NewKey {
  keyId: string;
  secret: string;
  secretHash: string;
  truncated: string;
}

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** What the console shows of a secret: its prefix and last four characters. */
export const truncatedSecret = (secret: string) => `${SECRET_PREFIX}…${secret.slice(-4)}`;

export function newKey(): NewKey {
  const keyId = `${KEY_PREFIX}${randomBytes(KEY_BYTES).toString("base64url")}`;
  const secret = `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64url")}`;
  return { keyId, secret, secretHash: hashSecret(secret), truncated: truncatedSecret(secret) };
}

/** Whether `secret` hashes to `storedHash`, comparing the two digests in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * `notOurs`: the header is not an API key's (another scheme, or Basic credentials whose user is not
 * a key id, as a browser sends to a shop behind a password-protecting proxy): the request goes on
 * as if it had none. `malformed`: it names a key but does not hold a well-formed key and secret.
 */
export type ParsedCredentials = { ok: true; keyId: string; secret: string } | { ok: false; reason: "notOurs" | "malformed" };

/**
 * The key id and secret of an Authorization header: `Basic base64(key:secret)` (as curl -u sends)
 * or `Bearer key.secret`. The secret is never part of the answer when refused.
 */
export function parseAuthorization(header: string): ParsedCredentials {
  const space = header.indexOf(" ");
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const value = space < 0 ? "" : header.slice(space + 1).trim();
  let keyId: string;
  let secret: string;
  if (scheme === "basic") {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (!decoded.startsWith(KEY_PREFIX)) return { ok: false, reason: "notOurs" };
    if (colon < 0) return { ok: false, reason: "malformed" };
    keyId = decoded.slice(0, colon);
    secret = decoded.slice(colon + 1);
  } else if (scheme === "bearer") {
    if (!value.startsWith(KEY_PREFIX)) return { ok: false, reason: "notOurs" };
    const dot = value.indexOf(".");
    if (dot < 0) return { ok: false, reason: "malformed" };
    keyId = value.slice(0, dot);
    secret = value.slice(dot + 1);
  } else return { ok: false, reason: "notOurs" };
  if (!KEY_PATTERN.test(keyId) || !SECRET_PATTERN.test(secret)) return { ok: false, reason: "malformed" };
  return { ok: true, keyId, secret };
}

/** Whether an address is this machine's (a request from loopback may use a key over plain HTTP). */
export function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}
