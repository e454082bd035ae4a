/** API keys' pure parts (decision 0098): making, reading the Authorization header, hashing and comparing. */
import { describe, expect, it } from "vitest";
import { permissionAllows } from "../../http/api-key-caller.ts";
import { hashSecret, isLoopback, newKey, parseAuthorization, secretMatches, truncatedSecret } from "./keys.ts";

const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

describe("newKey", () => {
  it("makes a key id and a 256-bit secret, keeping its hash and last characters", () => {
    const key = newKey();
    expect(key.keyId).toMatch(/^cwk_[A-Za-z0-9_-]{16}$/);
    expect(key.secret).toMatch(/^cws_[A-Za-z0-9_-]{43}$/);
    expect(key.secretHash).toBe(hashSecret(key.secret));
    expect(key.secretHash).not.toContain(key.secret);
    expect(key.truncated).toBe(`cws_…${key.secret.slice(-4)}`);
    expect(newKey().secret).not.toBe(key.secret);
  });
});

describe("secretMatches", () => {
  it("accepts the secret of the hash and nothing else", () => {
    const { secret, secretHash } = newKey();
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}x`, secretHash)).toBe(false);
    expect(secretMatches(secret, "")).toBe(false);
    expect(secretMatches(secret, "abc")).toBe(false);
  });
});

describe("parseAuthorization", () => {
  const { keyId, secret } = newKey();

  it("reads Basic key:secret and Bearer key.secret, any case of the scheme", () => {
    expect(parseAuthorization(basic(`${keyId}:${secret}`))).toEqual({ ok: true, keyId, secret });
    expect(parseAuthorization(`basic ${Buffer.from(`${keyId}:${secret}`).toString("base64")}`)).toEqual({ ok: true, keyId, secret });
    expect(parseAuthorization(`Bearer ${keyId}.${secret}`)).toEqual({ ok: true, keyId, secret });
  });

  it("leaves headers that are not a key's alone", () => {
    expect(parseAuthorization(basic("staging:password"))).toEqual({ ok: false, reason: "notOurs" });
    expect(parseAuthorization("Bearer eyJhbGciOi.something")).toEqual({ ok: false, reason: "notOurs" });
    expect(parseAuthorization("Digest username=x")).toEqual({ ok: false, reason: "notOurs" });
    expect(parseAuthorization("")).toEqual({ ok: false, reason: "notOurs" });
  });

  it("refuses a key's header that is not whole", () => {
    for (const header of [
      basic(keyId),
      basic(`${keyId}:`),
      basic(`${keyId}:${secret}x`),
      basic(`${keyId}x:${secret}`),
      `Bearer ${keyId}`,
      `Bearer ${keyId}:${secret}`,
      `Bearer ${keyId}.${secret.slice(0, -2)}`,
    ])
      expect(parseAuthorization(header)).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("permissionAllows", () => {
  it("lets read keys read, write keys write, read_write keys both", () => {
    expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].map((m) => permissionAllows("read", m))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].map((m) => permissionAllows("write", m))).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(["GET", "POST", "DELETE"].every((m) => permissionAllows("read_write", m))).toBe(true);
  });
});

describe("truncatedSecret and isLoopback", () => {
  it("show four characters; know this machine's addresses", () => {
    expect(truncatedSecret("cws_abcdefgh")).toBe("cws_…efgh");
    expect(["127.0.0.1", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
    expect(["10.0.0.1", "203.0.113.7", "::ffff:10.0.0.1"].some(isLoopback)).toBe(false);
  });
});
