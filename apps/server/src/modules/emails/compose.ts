/**
 * A message's bytes as SMTP sends them: byte for byte what nodemailer's composer writes (its
 * `MailComposer` and `MimeNode.build`), made without its stream pipeline (decision 0067). The
 * order e-mails' usual shape (a plain sender, plain addresses, a short ASCII subject, a text and an
 * HTML part) is written here directly; any other message goes through nodemailer's node tree. A
 * property test holds both to nodemailer's own output (`compose.test.ts`).
 */
import type { SendMailOptions } from "nodemailer";

type Encoders = [typeof import("nodemailer/lib/qp"), typeof import("nodemailer/lib/base64")];
/** nodemailer's two body encoders, imported with the first message (decision 0050). */
let encoders: Promise<Encoders> | undefined;
/**
 * nodemailer's composer, imported with the first message not of the direct way's shape: with its node
 * tree, address parser, fetch and MIME type table it holds about 4 MB of heap (decision 0067).
 */
let mailComposer: Promise<typeof import("nodemailer/lib/mail-composer")> | undefined;
type MimeNode = import("nodemailer/lib/mime-node").default;
type BodyEncoder = import("nodemailer/lib/qp").Encoder | import("nodemailer/lib/base64").Encoder;

/**
 * A body through one of nodemailer's encoders, called directly: the very transform its stream would run
 * on the body's one chunk, without the streams around it.
 */
function encodedBody(encoder: BodyEncoder, body: string | Buffer): string {
  const out: string[] = [];
  encoder.push = (chunk: string | Buffer) => out.push(typeof chunk === "string" ? chunk : chunk.toString("latin1")) > 0;
  const done = (error?: Error | null) => {
    if (error) throw error;
  };
  // A Buffer chunk, as a stream hands it on: its encoding argument is "buffer", which the types do not list.
  encoder._transform(typeof body === "string" ? Buffer.from(body, "utf8") : body, "buffer" as BufferEncoding, done);
  encoder._flush(done);
  return out.join("");
}

/**
 * The message nodemailer's `MimeNode.build` writes, made synchronously from the same node tree with its
 * own header builder and body encoders, without its stream pipeline (a PassThrough, an encoder and
 * `pipeline` per part, a `setImmediate` per step). Only string bodies; null for anything else, which
 * the caller leaves to nodemailer's own `build`.
 */
function written(node: MimeNode, libraries: Encoders): string | null {
  const [qp, base64] = libraries;
  if ((node as unknown as { _raw?: unknown })._raw) return null;
  // The headers first: they set the part's Content-Transfer-Encoding, which getTransferEncoding then
  // reads back instead of scanning the body a second time (nodemailer's stream asks before and after).
  let out = `${node.buildHeaders()}\r\n\r\n`;
  const encoding = node.getTransferEncoding();
  const body = node.content;
  if (body) {
    if (typeof body !== "string" && !Buffer.isBuffer(body)) return null;
    if (encoding === "base64") out += encodedBody(new base64.Encoder(), body);
    else if (encoding === "quoted-printable")
      out += encodedBody(new qp.Encoder({ binary: !/^text\//i.test(node.contentType ?? "") }), body);
    else if (typeof body === "string")
      out += body; // 7bit: plain ASCII text, as it is
    else return null;
  }
  if (node.multipart) {
    for (const [i, child] of node.childNodes.entries()) {
      const part = written(child, libraries);
      if (part === null) return null;
      out += `${i > 0 ? "\r\n" : ""}--${node.boundary}\r\n${part}`;
    }
    out += `\r\n--${node.boundary}--\r\n`;
  }
  return out;
}

/** A name nodemailer writes as it is (no quotes, no encoded word): words of letters and digits. */
const PLAIN_NAME = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;
/**
 * An address nodemailer writes as it is: a dot-atom of common characters at a lower-case domain of
 * plain labels ending in one that starts with a letter (not read as an IPv4 number, not punycode).
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@(?:[a-z0-9]+(?:-[a-z0-9]+)*\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** A subject nodemailer writes as it is: printable ASCII words, one space apart, no quote, nothing like an encoded word. */
const PLAIN_SUBJECT = /^[!#-~]+(?: [!#-~]+)*$/;
/** Custom headers written as they are, by exact name (nodemailer rewrites some names' case). */
const PLAIN_HEADERS = new Set(["Auto-Submitted"]);
/** The options the direct path knows; any other leaves the message to nodemailer's node tree. */
const KNOWN_OPTIONS = new Set(["from", "to", "replyTo", "subject", "text", "html", "date", "headers", "messageId", "baseBoundary"]);

/** An address header's value as nodemailer writes a plain one; null when it is not plain. */
function plainAddress(value: SendMailOptions["from"]): string | null {
  if (typeof value === "string") return PLAIN_ADDRESS.test(value) ? value : null;
  if (!value || Array.isArray(value) || typeof value !== "object") return null;
  const { name, address } = value as { name?: unknown; address?: unknown };
  if (typeof name !== "string" || typeof address !== "string" || !PLAIN_ADDRESS.test(address)) return null;
  return name === "" ? address : PLAIN_NAME.test(name) ? `${name} <${address}>` : null;
}

/**
 * Which transfer encoding nodemailer gives a text part: 7bit when nothing needs escaping (no control
 * character but tab and line breaks, nothing beyond ASCII) and no line is over 76 characters (in at
 * most 128 KB); else quoted-printable when Latin letters outnumber what needs escaping; else base64.
 */
function transferEncoding(body: string): "7bit" | "quoted-printable" | "base64" {
  let latin = 0;
  let escaped = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code >= 0x80 || code < 0x09 || code === 0x0b || code === 0x0c || (code >= 0x0e && code < 0x20)) escaped++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  if (escaped === 0 && body.length <= 128 * 1024 && !/^.{77,}/m.test(body)) return "7bit";
  return escaped < latin ? "quoted-printable" : "base64";
}

/**
 * The order e-mails' usual shape written directly: headers that need no encoding or folding, and a
 * multipart/alternative of the text and the HTML, each encoded by nodemailer's own encoder. Null for
 * any message not of this shape (nodemailer's node tree writes it).
 */
function plainAlternative(options: SendMailOptions, [qp, base64]: Encoders): string | null {
  if (Object.keys(options).some((key) => !KNOWN_OPTIONS.has(key))) return null;
  const { subject, text, html, date, messageId, baseBoundary, headers } = options;
  if (typeof text !== "string" || typeof html !== "string" || !text || !html) return null;
  if (typeof subject !== "string" || !PLAIN_SUBJECT.test(subject) || subject.includes("=?")) return null;
  if (!(date instanceof Date) || !(date.getUTCFullYear() >= 1970 && date.getUTCFullYear() <= 9999)) return null;
  if (typeof messageId !== "string" || !/^<[A-Za-z0-9-]+@[A-Za-z0-9.-]+>$/.test(messageId)) return null;
  if (typeof baseBoundary !== "string" || !/^[0-9a-f]{16}$/.test(baseBoundary)) return null;
  const from = plainAddress(options.from);
  const to = plainAddress(options.to);
  const replyTo = options.replyTo === undefined ? undefined : plainAddress(options.replyTo);
  if (from === null || to === null || replyTo === null) return null;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!PLAIN_HEADERS.has(name) || typeof value !== "string" || !/^[!-~]+$/.test(value)) return null;
    lines.push(`${name}: ${value}`);
  }
  lines.push(`From: ${from}`, `To: ${to}`);
  if (replyTo !== undefined) lines.push(`Reply-To: ${replyTo}`);
  lines.push(`Subject: ${subject}`, `Message-ID: ${messageId}`, `Date: ${date.toUTCString().replace("GMT", "+0000")}`);
  // nodemailer folds a header line of 76 characters or more; these are written only when none is.
  if (lines.some((line) => line.length >= 76)) return null;
  const boundary = `--_NmP-${baseBoundary}-Part_1`;
  const part = (type: string, body: string) => {
    const encoding = transferEncoding(body);
    const encoded =
      encoding === "7bit" ? body : encodedBody(encoding === "base64" ? new base64.Encoder() : new qp.Encoder({ binary: false }), body);
    return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${encoded}`;
  };
  return (
    `${lines.join("\r\n")}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n` +
    `--${boundary}\r\n${part("text/plain", text)}\r\n--${boundary}\r\n${part("text/html", html)}\r\n--${boundary}--\r\n`
  );
}

/** How a message was written: directly, from nodemailer's node tree, or by nodemailer's own streams. */
export type ComposedBy = "direct" | "node tree" | "streams";

/**
 * A message's bytes as SMTP would send them, byte for byte what nodemailer's composer writes, with
 * CRLF line breaks as on the wire (the stream transport's "windows" newline did the same).
 */
export async function composedMessage(options: SendMailOptions): Promise<Buffer> {
  return (await composed(options)).bytes;
}

/** `composedMessage`, saying which way the message was written (its test checks the order e-mails' way). */
export async function composed(options: SendMailOptions): Promise<{ bytes: Buffer; by: ComposedBy }> {
  encoders ??= Promise.all([import("nodemailer/lib/qp"), import("nodemailer/lib/base64")]);
  const libraries = await encoders;
  const crlf = (text: string) => text.replace(/\r?\n/g, "\r\n");
  // As nodemailer's stream ends a message: with a line break. UTF-8 as its stream writes strings (all is
  // ASCII but the local part of an address nodemailer passes on as it is, RFC 6532).
  const ended = (text: string) => Buffer.from(crlf(text.endsWith("\n") ? text : `${text}${text.endsWith("\r") ? "\n" : "\r\n"}`), "utf8");
  const direct = plainAlternative(options, libraries);
  if (direct !== null) return { bytes: ended(direct), by: "direct" };
  mailComposer ??= import("nodemailer/lib/mail-composer");
  const { default: MailComposer } = await mailComposer;
  const root = new MailComposer(options as ConstructorParameters<typeof MailComposer>[0]).compile();
  const fromTree = written(root, libraries);
  if (fromTree !== null) return { bytes: ended(fromTree), by: "node tree" };
  // latin1 reads the built bytes one for one.
  return { bytes: Buffer.from(crlf((await root.build()).toString("latin1")), "latin1"), by: "streams" };
}
