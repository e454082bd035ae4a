/**
 * Where e-mails go: through SMTP when SMTP_URL is set, otherwise into the outbox folder as one
 * RFC 822 `.eml` file per message, to open in any mail client. The outbox holds the bytes
 * nodemailer's composer writes (`compose.ts`), so it shows exactly what SMTP would have sent.
 */
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { SendMailOptions, Transporter } from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import type { ShopSettings, SwitchableEmail } from "../settings/index.ts";
import { composedMessage } from "./compose.ts";
import type { RenderedEmail } from "./templates.ts";

export interface OutgoingMail {
  /** An address, `Name <address>`, or a name and address nodemailer quotes itself. */
  from: string | { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** With kind, names the outbox file: `{time}-{orderId}-{kind}.eml`. */
  orderId: number;
  kind: string;
}

export interface Delivery {
  via: "smtp" | "outbox";
  /** The outbox file written. */
  file?: string;
}

export interface Mailer {
  /** "smtp" when SMTP_URL is set, "outbox" otherwise. */
  readonly via: "smtp" | "outbox";
  /** MAIL_FROM, or null for the site title at `shop@{public host}` (see senderFor). */
  readonly from: string | null;
  /** SHOP_OWNER_EMAIL; null sends new-order notices to the outbox only. */
  readonly ownerEmail: string | null;
  /** PUBLIC_URL without a trailing slash. */
  readonly publicUrl: string;
  readonly outbox: string;
  /** Sends one message; `outboxOnly` writes it to the outbox even when SMTP is configured. Rejects on failure. */
  send(mail: OutgoingMail, options?: { outboxOnly?: boolean }): Promise<Delivery>;
}

/**
 * The message's id as nodemailer makes it, `<random@the sender's domain>`, with the multipart
 * boundaries' random part: made here from one random UUID, where nodemailer's own way costs a fifth
 * of composing a message (six random reads and the sender's address parsed again, decision 0065).
 * Left to nodemailer when the sender's domain is not plain ASCII.
 */
function ids(from: OutgoingMail["from"]): Pick<SendMailOptions, "messageId" | "baseBoundary"> {
  const address = typeof from === "string" ? (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from) : from.address;
  const domain = address.slice(address.lastIndexOf("@") + 1).trim();
  const random = randomUUID();
  const baseBoundary = random.replaceAll("-", "").slice(0, 16);
  return address.includes("@") && /^[A-Za-z0-9.-]+$/.test(domain) ? { messageId: `<${random}@${domain}>`, baseBoundary } : { baseBoundary };
}

/** The one message builder both transports use. */
export function messageOptions(mail: OutgoingMail, date: Date): SendMailOptions {
  return {
    ...ids(mail.from),
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    date,
    // Automatic mail: out-of-office replies should not answer it (RFC 3834).
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/** `2025-01-31T09-30-00.000Z`: ISO time that sorts by name and is a valid file name everywhere. */
const fileStamp = (date: Date) => date.toISOString().replaceAll(":", "-");
const safePart = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, "_");

/** nodemailer, imported with the first message rather than at start (decision 0050). */
let nodemailer: Promise<typeof import("nodemailer")> | undefined;
/** A transport made on its first use, which waits for nodemailer's import. */
function lazyTransport(options: Parameters<typeof import("nodemailer")["createTransport"]>[0]): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    nodemailer ??= import("nodemailer");
    transport ??= nodemailer.then(({ default: mailer }) => mailer.createTransport(options));
    return transport;
  };
}

/**
 * The outbox's file calls through the callback API: without `fs/promises`' FileHandle they cost the
 * event loop a quarter to two fifths less per file (decision 0067); the same calls in the thread pool.
 */
const writeFile = promisify(fs.writeFile);
const link = promisify(fs.link);
const unlink = promisify(fs.unlink);

/**
 * Writes one message into the outbox folder, whole: a draft under a hidden name, linked in under its
 * own name (never over another), the draft removed. Through the thread pool: creating a file can
 * block for most of a millisecond while the disk is busy (the bench's WAL), which must not stop the
 * event loop (decision 0060).
 */
async function writeToOutbox(folder: string, base: string, message: Buffer): Promise<string> {
  // Written whole under a hidden name first, then linked in: whoever reads the folder never sees half an e-mail.
  const draft = join(folder, `.draft-${randomUUID()}`);
  await writeFile(draft, message, { flag: "wx", mode: 0o600 });
  try {
    for (let attempt = 1; ; attempt++) {
      const file = join(folder, `${base}${attempt > 1 ? `-${attempt}` : ""}.eml`);
      try {
        await link(draft, file);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 20) throw error;
      }
    }
  } finally {
    await unlink(draft);
  }
}

export function createOutboxWriter(folder: string, now: () => Date = () => new Date()) {
  let ready: Promise<unknown> | undefined;
  return async (mail: OutgoingMail): Promise<string> => {
    const date = now();
    const text = await composedMessage(messageOptions(mail, date));
    // The folder holds shoppers' names and addresses: only this user may read it.
    ready ??= mkdir(folder, { recursive: true, mode: 0o700 });
    await ready;
    return writeToOutbox(folder, `${fileStamp(date)}-${mail.orderId}-${safePart(mail.kind)}`, text);
  };
}

export function createMailer(config: Pick<Config, "mail" | "publicUrl">, now: () => Date = () => new Date()): Mailer {
  const { smtpUrl, from, ownerEmail, outbox } = config.mail;
  const toOutbox = createOutboxWriter(outbox, now);
  // Short timeouts: a mail server that does not answer must not hold a shutdown for minutes.
  const smtp = smtpUrl ? lazyTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }) : null;
  return {
    via: smtp ? "smtp" : "outbox",
    from,
    ownerEmail,
    publicUrl: config.publicUrl,
    outbox,
    async send(mail, options = {}) {
      if (!smtp || options.outboxOnly) return { via: "outbox", file: await toOutbox(mail) };
      await (await smtp()).sendMail(messageOptions(mail, now()));
      return { via: "smtp" };
    },
  };
}

/** What of the shop's settings addresses and switches its e-mails (the settings' e-mails group, decision 0048). */
export type MailShop = Pick<ShopSettings, "siteTitle" | "emails">;

/** Whether the owner lets the shop send this e-mail. */
export const emailIsOn = (shop: MailShop, email: SwitchableEmail) => !shop.emails.off.includes(email);

/**
 * Where the owner's notices go: the owner's recipient setting, else SHOP_OWNER_EMAIL, else the
 * owner account's address (ownerAccountEmail; decision 0147 for the order notices); null when none is known.
 */
export function ownerAddress(mailer: Pick<Mailer, "ownerEmail">, shop: MailShop, ownerAccountEmail: string | null = null): string | null {
  return shop.emails.ownerRecipient || mailer.ownerEmail || ownerAccountEmail;
}

/** The owner account's address (the account OWNER_EMAIL or `npm run owner` made), the owner's notices' last resort. */
export async function ownerAccountEmail(db: Db): Promise<string | null> {
  const row = await db.selectFrom("customers").select("email").where("role", "=", "owner").orderBy("id").executeTakeFirst();
  return row?.email ?? null;
}

/**
 * A notice for the shop owner (a contact message, a form entry): to the owner's address
 * (ownerAddress), else (no owner known) into the outbox only. Replies go to the visitor when they
 * gave a plain address. Rejects on failure.
 */
export function sendOwnerNotice(
  mailer: Mailer,
  notice: RenderedEmail,
  about: { shop: MailShop; reference: number; kind: string; ownerAccountEmail: string | null; replyTo?: string },
): Promise<Delivery> {
  const from = senderFor(mailer, about.shop);
  const owner = ownerAddress(mailer, about.shop, about.ownerAccountEmail);
  const to = owner ?? (typeof from === "string" ? from : from.address);
  const replyTo = about.replyTo && /^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(about.replyTo) ? about.replyTo : undefined;
  return mailer.send(
    { ...notice, from, to, ...(replyTo ? { replyTo } : {}), orderId: about.reference, kind: about.kind },
    { outboxOnly: !owner },
  );
}

/**
 * The sender: the owner's sender address (with their sender name, else the site title), else
 * MAIL_FROM as the server's operator wrote it, else the name at `shop@` the public host.
 */
export function senderFor(mailer: Pick<Mailer, "from" | "publicUrl">, shop: MailShop): OutgoingMail["from"] {
  const name = (shop.emails.senderName || shop.siteTitle).replace(/[\s\p{Cc}]+/gu, " ").trim() || "Shop";
  if (shop.emails.senderAddress) return { name, address: shop.emails.senderAddress };
  if (mailer.from) return mailer.from;
  const host = new URL(mailer.publicUrl).hostname || "localhost";
  return { name, address: `shop@${host}` };
}
