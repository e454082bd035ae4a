import { describe, expect, it, vi } from "vitest";
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./password.ts";

// Small parameters keep the unit tests quick; the HTTP tests use the real ones.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe("password hashes", () => {
  it("hash a password as its NFC form: typed composed or decomposed, it verifies", async () => {
    const composed = await hashPassword("caf\u00e9-pass", FAST);
    expect(await verifyPassword("cafe\u0301-pass", composed)).toBe(true);
    expect(await verifyPassword("cafe-pass", composed)).toBe(false);
  });
  it("are self-describing, salted, and verify only the right password", async () => {
    const hash = await hashPassword("s3cret-password", FAST);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain("s3cret-password");
    expect(await hashPassword("s3cret-password", FAST)).not.toBe(hash);
    expect(await verifyPassword("s3cret-password", hash)).toBe(true);
    expect(await verifyPassword("s3cret-passworD", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("tell when a hash was made with other parameters", async () => {
    const hash = await hashPassword("s3cret-password", FAST);
    expect(needsRehash(hash)).toBe(true);
    expect(needsRehash(hash, FAST)).toBe(false);
  });

  it("use N=2^15, r=8, p=1 by default", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 });
    const hash = await hashPassword("s3cret-password");
    expect(hash.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(await verifyPassword("s3cret-password", hash)).toBe(true);
  });

  it("are made cheaper only under Vitest, only to a smaller power of two, when the HTTP tests ask (decision 0108)", async () => {
    const paramsWith = async (env: Record<string, string>) => {
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      vi.resetModules();
      return (await import("./password.ts")).HASH_PARAMS;
    };
    try {
      expect(await paramsWith({ CW_TEST_SCRYPT_N: "1024" })).toEqual({ N: 1024, r: 8, p: 1 });
      for (const n of ["1000", "65536", "32768", "", "2e3"]) expect(await paramsWith({ CW_TEST_SCRYPT_N: n })).toEqual(SCRYPT_PARAMS);
      // A running shop is not under Vitest: the setting is not read.
      expect(await paramsWith({ CW_TEST_SCRYPT_N: "1024", VITEST: "" })).toEqual(SCRYPT_PARAMS);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("refuse what they cannot read, and absurd parameters, without throwing", async () => {
    const hash = await hashPassword("pw-12345678", FAST);
    const [, , r, p, salt, key] = hash.split("$");
    for (const bad of [
      "",
      "plain-text",
      hash.replace("scrypt", "bcrypt"),
      ["scrypt", 1000, r, p, salt, key].join("$"),
      ["scrypt", 2 ** 24, r, p, salt, key].join("$"),
      ["scrypt", 1024, 0, p, salt, key].join("$"),
      ["scrypt", 1024, r, p, "", key].join("$"),
      `${hash}$extra`,
    ]) {
      expect(await verifyPassword("pw-12345678", bad)).toBe(false);
    }
  });
});
