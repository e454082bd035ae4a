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

/**
 * Why an address is no place to deliver to (loopback, private, link-local, metadata, ...), or null
 * when it is public. An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as IPv4.
 */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return refusedAddress(mapped);
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6")
    ? `${address} is a loopback, private, link-local or reserved address`
    : null;
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
