/**
 * For tests only: reads an RFC 822 message as nodemailer writes it (headers, a multipart/alternative
 * body, quoted-printable or base64 parts), enough to check what a shopper's mail client would show.
 */
import { existsSync, readdirSync } from "node:fs";

/**
 * An order's files in an outbox, named `{time}Z-{id}-{kind}.eml`: matched from the time's `Z`, since the
 * time's own digits hold `-11-` in November and `-26-` at 26 minutes past.
 */
export const outboxFilesOf = (outbox: string, id: number, kind = "") =>
  existsSync(outbox) ? readdirSync(outbox).filter((name) => name.includes(`Z-${id}-${kind}`)) : [];

export interface ParsedEml {
  headers: Record<string, string>;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf("\r\n\r\n");
  if (at < 0) throw new Error("no blank line after the headers");
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of raw
    .slice(0, at)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`not a header line: ${line}`);
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 4) };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : quotedPrintable(text.replaceAll("_", " ")),
    );
}

function quotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return quotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

export function parseEml(raw: string): ParsedEml {
  if (/(?<!\r)\n/.test(raw)) throw new Error("a line ends without CR: not RFC 822 line endings");
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers["content-type"] ?? "")?.[1];
  const parts: Record<string, string> = {};
  if (!boundary) {
    parts[(headers["content-type"] ?? "text/plain").split(";")[0] ?? ""] = decodeBody(headers, body);
  } else {
    const chunks = body.split(`--${boundary}`).slice(1, -1);
    for (const chunk of chunks) {
      const part = splitHead(chunk.replace(/^\r\n/, ""));
      const type = (part.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
      parts[type] = decodeBody(part.headers, part.body.replace(/\r\n$/, ""));
    }
  }
  return { headers, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
}
