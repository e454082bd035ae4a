/**
 * The owner's markup (html fields, the confirmation message) cut down to an allowlist before it
 * reaches a visitor's page (decision 0026). Only tags and attributes we re-write ourselves come
 * out; everything else is escaped text, and script-like elements go with their content. Pure:
 * the server runs it on the payload, the renderer runs it again (the console preview has no server pass).
 */

const ALLOWED_TAGS = new Set([
  "a",
  "b",
  "blockquote",
  "br",
  "code",
  "div",
  "em",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "li",
  "ol",
  "p",
  "pre",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "u",
  "ul",
]);
const VOID_TAGS = new Set(["br", "hr", "img"]);
/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "textarea",
  "title",
  "svg",
  "math",
  "select",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ["href", "title"], img: ["src", "alt", "width", "height"] };

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const escapeText = (text: string) =>
  text
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", colon: ":", tab: "\t", newline: "\n" };
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});?/g, (whole, ref: string) => {
    if (ref.startsWith("#x") || ref.startsWith("#X")) return String.fromCodePoint(Math.min(Number.parseInt(ref.slice(2), 16), 0x10ffff));
    if (ref.startsWith("#")) return String.fromCodePoint(Math.min(Number(ref.slice(1)), 0x10ffff));
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** http(s), mailto, tel, or a relative address; never javascript:, data: or the like. */
export function isSafeUrl(url: string, images = false): boolean {
  // Browsers ignore control characters and spaces inside a scheme: so do we before looking at it.
  const compact = decodeEntities(url).replace(/[\p{Cc}\s]/gu, "");
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return images ? scheme === "http" || scheme === "https" : ["http", "https", "mailto", "tel"].includes(scheme);
}

function openTag(name: string, rawAttributes: string): string {
  let out = `<${name}`;
  const allowed = ALLOWED_ATTRIBUTES[name] ?? [];
  const seen = new Set<string>();
  for (const match of rawAttributes.matchAll(ATTRIBUTE)) {
    const attribute = (match[1] ?? "").toLowerCase();
    if (!allowed.includes(attribute) || seen.has(attribute)) continue;
    seen.add(attribute);
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
    if ((attribute === "href" || attribute === "src") && !isSafeUrl(value, attribute === "src")) continue;
    if ((attribute === "width" || attribute === "height") && !/^\d{1,4}$/.test(value)) continue;
    out += ` ${attribute}="${escapeAttribute(value)}"`;
  }
  if (name === "a") out += ' rel="nofollow noopener noreferrer"';
  if (name === "img" && !seen.has("alt")) out += ' alt=""';
  return `${out}>`;
}

/** The markup with only allowlisted tags and attributes; every other character is text. */
export function sanitizeHtml(html: string): string {
  let out = "";
  const open: string[] = [];
  let rest = html;
  while (rest.length > 0) {
    const lt = rest.indexOf("<");
    if (lt === -1) {
      out += escapeText(rest);
      break;
    }
    out += escapeText(rest.slice(0, lt));
    rest = rest.slice(lt);
    if (rest.startsWith("<!--")) {
      const end = rest.indexOf("-->", 4);
      rest = end === -1 ? "" : rest.slice(end + 3);
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) {
      out += "&lt;";
      rest = rest.slice(1);
      continue;
    }
    rest = rest.slice(tag[0].length);
    const closing = tag[1] === "/";
    const name = (tag[2] ?? "").toLowerCase();
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const end = rest.toLowerCase().indexOf(`</${name}`);
      if (end === -1) rest = "";
      else {
        const close = rest.indexOf(">", end);
        rest = close === -1 ? "" : rest.slice(close + 1);
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += openTag(name, tag[3] ?? "");
    if (!VOID_TAGS.has(name)) open.push(name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
