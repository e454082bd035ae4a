/**
 * Content-Security-Policy for storefront pages: only our own origin, plus the inline scripts and
 * styles React Router writes into the page, which carry a nonce fresh for each page.
 * API replies get helmet's fixed policy instead (they are never rendered as documents).
 */
import { randomBytes } from "node:crypto";

export const newCspNonce = () => randomBytes(16).toString("base64");

export function pageContentSecurityPolicy(nonce: string, options: { upgradeInsecureRequests: boolean }): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["base-uri", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`],
    ["script-src-attr", "'none'"],
    ["style-src", "'self'", `'nonce-${nonce}'`],
    // React sets style attributes (widths of skeletons, drawer transforms).
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
    ["object-src", "'none'"],
  ];
  if (options.upgradeInsecureRequests) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}
