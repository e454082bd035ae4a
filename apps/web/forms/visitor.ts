/**
 * The visitor identifier cookie `_formsuuid` (spec §3.5, §9): a random v4 UUID for 3999 days,
 * SameSite=Strict, Secure on https, set only with consent, by the attribution cookies' rule
 * (decision 0014): the visitor consented (a cw:consent event or the consent cookie says "allow"),
 * or the shop's attribution needs no consent and it was not withdrawn. Withdrawing removes it.
 */
import { type ConsentRule, trackingAllowed } from "@cartwright/commerce/attribution";

const COOKIE = "_formsuuid";
const DAYS = 3999;
/** The root layout's attribution settings (features/attribution/consent.ts CONSENT_META_NAME). */
const CONSENT_META = 'meta[name="cw-attribution"]';

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

function writeCookie(value: string, days: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: SameSite=Strict, which the attribution jar (Lax) does not write
  document.cookie = `${COOKIE}=${value}; Expires=${expires}; Path=/; SameSite=Strict${secure}`;
}

function consentRule(): ConsentRule {
  try {
    const meta = document.querySelector<HTMLMetaElement>(CONSENT_META);
    // No attribution settings (attribution off, or another site's page): only an explicit consent counts.
    return meta ? (JSON.parse(meta.content) as { consent: ConsentRule }).consent : "required";
  } catch {
    return "required";
  }
}

/** A version-4 UUID; crypto.randomUUID exists only on https and localhost pages. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function ensure(allowed: boolean): void {
  if (!allowed) {
    if (readCookie(COOKIE) !== undefined) writeCookie("", -1);
    return;
  }
  if (!/^[0-9a-f-]{36}$/i.test(readCookie(COOKIE) ?? "")) writeCookie(randomUuid(), DAYS);
}

let listening = false;

/** Sets the cookie now when consent allows it, and follows later cw:consent events. */
export function rememberVisitor(): void {
  ensure(trackingAllowed({ consent: consentRule() }, { get: readCookie }));
  if (listening) return;
  listening = true;
  window.addEventListener("cw:consent", (event) => {
    const granted = (event as CustomEvent<{ marketing?: unknown }>).detail?.marketing;
    if (typeof granted === "boolean") ensure(granted);
  });
}
