/**
 * The pure rules of webhooks (decision 0097): the topics, the retry schedule, when a webhook is
 * disabled, the signature, which delivery URLs and addresses are refused, and what of an answer is kept.
 */
import { createHmac, randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { WebhookStatus } from "@cartwright/commerce/admin";

/**
 * Every topic an owner may subscribe to: resource.event. Orders are never deleted here (they are
 * cancelled), so they have no `.deleted` topic; a shopper's account is, by the owner (decision 0103).
 */
export const WEBHOOK_TOPICS: readonly string[] = [
  "order.created",
  "order.updated",
  "product.created",
  "product.updated",
  "product.deleted",
  "customer.created",
  "customer.updated",
  "customer.deleted",
  "coupon.created",
  "coupon.updated",
  "coupon.deleted",
];

export const WEBHOOK_STATUSES = ["active", "paused", "disabled"] as const satisfies readonly WebhookStatus[];
export type { WebhookStatus };

/** After a failed attempt n (1-based), the next one waits RETRY_DELAYS_MS[n - 1]; after the last, the delivery fails. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** Attempts a delivery gets in all: the first and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Consecutive failed attempts (over all its deliveries) after which a webhook is disabled, as WooCommerce does. */
export const DISABLE_AFTER_FAILURES = 5;
/** How long one attempt may take before it counts as failed. */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** How long a process's claim on a delivery holds: well past the timeout, so only a process that died loses it. */
export const CLAIM_MS = 60_000;
/** The characters of an answer's body kept in the delivery log. */
export const RESPONSE_EXCERPT = 1_000;
/** The bytes of an answer read at most: enough for RESPONSE_EXCERPT characters of UTF-8 (up to 4 bytes each) and one more to know it went on. */
export const RESPONSE_READ_BYTES = RESPONSE_EXCERPT * 4 + 4;
/** Deliveries kept per webhook, newest first; older ones are pruned. */
export const KEEP_DELIVERIES = 200;
/** And none finished more than this long ago. */
export const KEEP_DAYS = 30;

/** When a delivery that has just failed its `attempts`-th attempt is tried again, or null: no attempt left. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** base64(HMAC-SHA256(secret, body)): what X-Cartwright-Webhook-Signature carries. */
export function signBody(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

/**
 * What X-Cartwright-Webhook-Signature-V2 carries (decision 0170): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * The time is signed with the body, so a receiver that refuses old times refuses a captured delivery sent again.
 */
export function signTimestamped(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`, "utf8").digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new secret when the owner leaves it blank: 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** 2xx is delivered; anything else (redirects included, which are not followed) is a failure. */
export const isDelivered = (status: number) => status >= 200 && status < 300;

/** The start of an answer's body, for the log. */
export function excerpt(text: string): string {
  return text.length > RESPONSE_EXCERPT ? `${text.slice(0, RESPONSE_EXCERPT)}…` : text;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local (AWS's metadata fd00:ec2::254 among them)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** An IPv6 address's eight 16-bit groups (a trailing dotted IPv4 and `::` expanded, a zone dropped), or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, "").toLowerCase();
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (side: string) => (side ? side.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const groups = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address reaches, with how (decision 0097, amended): IPv4-mapped
 * (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64's well-known
 * prefix (64:ff9b::/96), 6to4 (2002::/16: the relay's IPv4 in bits 16-47) and Teredo (2001::/32: the
 * server's IPv4 in bits 32-63, the client's inverted in the last 32). Empty for any other address.
 */
export function embeddedIPv4(groups: readonly number[]): { form: string; ipv4: string }[] {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(5) && g5 === 0xffff) return [{ form: "IPv4-mapped", ipv4: v4Of(g6, g7) }];
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return [{ form: "IPv4-translated", ipv4: v4Of(g6, g7) }];
  if (zeroTo(6)) return [{ form: "IPv4-compatible", ipv4: v4Of(g6, g7) }];
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [{ form: "NAT64", ipv4: v4Of(g6, g7) }];
  if (g0 === 0x2002) return [{ form: "6to4", ipv4: v4Of(g1, g2) }];
  if (g0 === 0x2001 && g1 === 0)
    return [
      { form: "Teredo server", ipv4: v4Of(g2, g3) },
      { form: "Teredo client", ipv4: v4Of(g6 ^ 0xffff, g7 ^ 0xffff) },
    ];
  return [];
}

const REFUSED = "is a loopback, private, link-local or reserved address";

/**
 * Why an address is no place to deliver to (loopback, private, link-local, metadata, ...), or null
 * when it is public. An IPv6 address that reaches an IPv4 one (mapped, compatible, NAT64, 6to4,
 * Teredo: `embeddedIPv4`) is judged by that IPv4 address too; NAT64's local-use prefix
 * 64:ff9b:1::/48, which the Internet does not route (RFC 8215), is refused whatever it carries.
 */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 4) return blocked.check(address, "ipv4") ? `${address} ${REFUSED}` : null;
  const groups = ipv6Groups(address);
  if (!groups) return "not an IP address";
  if (blocked.check(address.replace(/%.*$/, ""), "ipv6")) return `${address} ${REFUSED}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1)
    return `${address} is in NAT64's local-use prefix 64:ff9b:1::/48, which only reaches a local network`;
  for (const { form, ipv4 } of embeddedIPv4(groups)) {
    if (blocked.check(ipv4, "ipv4")) return `${address} reaches ${ipv4} (${form}), which ${REFUSED}`;
  }
  return null;
}

/** A delivery URL's problem as the owner should read it, or null. `allowPrivate` lets local addresses through (tests, a receiver on the same network). */
export function deliveryUrlProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "Enter a full URL starting with https:// (or http://).";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The delivery URL must start with https:// or http://.";
  if (url.username || url.password)
    return "The delivery URL cannot carry a user name or password; put a token in its path or query instead.";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local"))
    return "The delivery URL names this machine or a local network, which webhooks do not deliver to (WEBHOOKS_ALLOW_PRIVATE allows it).";
  if (isIP(host) && refusedAddress(host))
    return "The delivery URL is a loopback, private, link-local or reserved address, which webhooks do not deliver to (WEBHOOKS_ALLOW_PRIVATE allows it).";
  return null;
}
