/** The pure rules of webhooks: back-off, signature, refused addresses and URLs, excerpts. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  deliveryUrlProblem,
  excerpt,
  ipv6Groups,
  isDelivered,
  MAX_ATTEMPTS,
  newSecret,
  nextAttemptAt,
  refusedAddress,
  signBody,
  signTimestamped,
  WEBHOOK_TOPICS,
} from "./rules.ts";

describe("the retry schedule", () => {
  it("waits 1 min, 5 min, 30 min, 2 h and 12 h after the failed attempts, then gives up", () => {
    const now = new Date("2026-01-01T00:00:00.000Z");
    const waits = [1, 2, 3, 4, 5].map((n) => (nextAttemptAt(n, now) as Date).getTime() - now.getTime());
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(6);
  });
});

describe("the signature", () => {
  it("is base64 HMAC-SHA256 of the raw body with the secret, as a receiver recomputes it", () => {
    const body = '{"id":1,"name":"Café"}';
    expect(signBody("s3cret", body)).toBe(createHmac("sha256", "s3cret").update(Buffer.from(body, "utf8")).digest("base64"));
    expect(signBody("s3cret", body)).not.toBe(signBody("other", body));
  });
  it('V2 is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">, as a receiver recomputes it', () => {
    const body = '{"id":1,"name":"Café"}';
    const expected = createHmac("sha256", "s3cret")
      .update(Buffer.from(`1765029600.${body}`, "utf8"))
      .digest("hex");
    expect(signTimestamped("s3cret", 1765029600, body)).toBe(`t=1765029600,v1=${expected}`);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });
  it("V2 verifies, as docs/webhooks.md checks it, only with its own time, body and secret, and only within the tolerance", () => {
    const body = '{"id":7,"status":"processing"}';
    const at = 1765029600;
    const header = signTimestamped("s3cret", at, body);
    expect(verifiedV2(header, body, "s3cret", at + 60)).toBe(true);
    // A captured delivery sent again later with a new time in its header: the signature no longer matches.
    expect(verifiedV2(header.replace(`t=${at}`, `t=${at + 600}`), body, "s3cret", at + 600)).toBe(false);
    expect(verifiedV2(header, body.replace("7", "8"), "s3cret", at)).toBe(false);
    expect(verifiedV2(header, body, "other", at)).toBe(false);
    // Sent again as it was, past the five minutes: refused by its time.
    expect(verifiedV2(header, body, "s3cret", at + 301)).toBe(false);
    expect(verifiedV2("v1=abc", body, "s3cret", at)).toBe(false);
  });
  it("makes secrets long and unlike each other", () => {
    const [a, b] = [newSecret(), newSecret()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
});

describe("refused addresses", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
  ])("refuses %s", (address) => {
    expect(refusedAddress(address)).not.toBeNull();
  });
  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::6810:84e5", "::ffff:8.8.8.8"])("allows the public %s", (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  // IPv6 forms that reach an IPv4 address are judged by that address (decision 0097, amended).
  it.each([
    ["::ffff:7f00:1", "127.0.0.1"], // IPv4-mapped, hex
    ["::ffff:a9fe:a9fe", "169.254.169.254"],
    ["::ffff:0:a00:1", "10.0.0.1"], // IPv4-translated
    ["::127.0.0.1", "127.0.0.1"], // IPv4-compatible
    ["::7f00:1", "127.0.0.1"],
    ["::169.254.169.254", "169.254.169.254"],
    ["::c0a8:101", "192.168.1.1"],
    ["64:ff9b::127.0.0.1", "127.0.0.1"], // NAT64
    ["64:ff9b::a9fe:a9fe", "169.254.169.254"],
    ["64:ff9b::10.1.2.3", "10.1.2.3"],
    ["2002:7f00:1::", "127.0.0.1"], // 6to4
    ["2002:a9fe:a9fe::1", "169.254.169.254"],
    ["2002:c0a8:101:1::5", "192.168.1.1"],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "127.0.0.1"], // Teredo: the client's address, inverted
    ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "10.0.0.1"],
    ["2001:0:a00:1:8000:63bf:f7f7:f7f7", "10.0.0.1"], // Teredo: a private server
  ])("refuses %s, which reaches %s", (address, ipv4) => {
    const why = refusedAddress(address);
    expect(why).toMatch(/is a loopback, private, link-local or reserved address$/);
    // Named by the IPv4 address it reaches (mapped ones the IPv6 block list already knows).
    if (!address.startsWith("::ffff:")) expect(why).toContain(`reaches ${ipv4} (`);
  });
  it("refuses NAT64's local-use prefix whatever it carries", () => {
    expect(refusedAddress("64:ff9b:1::a00:1")).toMatch(/64:ff9b:1::\/48/);
    expect(refusedAddress("64:ff9b:1:2:3::808:808")).toMatch(/64:ff9b:1::\/48/);
  });
  it.each([
    "64:ff9b::808:808",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
    "::ffff:0:808:808",
    "::808:808",
  ])("allows %s, which reaches a public IPv4 address", (address) => {
    expect(refusedAddress(address)).toBeNull();
  });
  it("reads every way of writing an IPv6 address", () => {
    expect(ipv6Groups("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups("2001:DB8::1")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups("10.0.0.1")).toBeNull();
  });
});

describe("delivery URLs", () => {
  it("takes https and http URLs to public hosts", () => {
    expect(deliveryUrlProblem("https://hooks.example.com/in?token=1", false)).toBeNull();
    expect(deliveryUrlProblem("http://93.184.215.14/in", false)).toBeNull();
  });
  it("refuses what is not a URL, other schemes and credentials", () => {
    expect(deliveryUrlProblem("hooks.example.com", false)).toMatch(/full URL/);
    expect(deliveryUrlProblem("ftp://example.com/x", false)).toMatch(/https:\/\/ or http:\/\//);
    expect(deliveryUrlProblem("https://me:pw@example.com/x", true)).toMatch(/user name or password/);
  });
  it("refuses local names and addresses unless allowed", () => {
    for (const url of [
      "http://localhost:3000/x",
      "http://app.localhost/x",
      "http://metadata.google.internal/",
      "http://[::1]/x",
      "http://10.0.0.2/x",
      // URLs write IPv6 in hex (new URL turns ::127.0.0.1 into ::7f00:1): judged all the same.
      "http://[::127.0.0.1]/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://[64:ff9b::169.254.169.254]/latest/meta-data/",
      "http://[2002:a00:1::1]/x",
      "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x",
    ]) {
      expect(deliveryUrlProblem(url, false), url).toMatch(/WEBHOOKS_ALLOW_PRIVATE/);
      expect(deliveryUrlProblem(url, true), url).toBeNull();
    }
  });
});

describe("answers", () => {
  it("counts only 2xx as delivered", () => {
    expect([200, 201, 204, 299].every(isDelivered)).toBe(true);
    expect([199, 301, 302, 400, 410, 500].some(isDelivered)).toBe(false);
  });
  it("keeps the first thousand characters of a body", () => {
    expect(excerpt("ok")).toBe("ok");
    expect(excerpt("x".repeat(1500))).toBe(`${"x".repeat(1000)}…`);
  });
  it("lists only topics the shop emits", () => {
    expect(WEBHOOK_TOPICS).toContain("order.created");
    expect(WEBHOOK_TOPICS).not.toContain("order.deleted");
  });
});

/** A receiver's check of X-Cartwright-Webhook-Signature-V2, written as docs/webhooks.md shows it. */
function verifiedV2(header: string, body: string, secret: string, nowSeconds: number): boolean {
  const fields = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(fields.get("t"));
  const given = Buffer.from(fields.get("v1") ?? "", "hex");
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
