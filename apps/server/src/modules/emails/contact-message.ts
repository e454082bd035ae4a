/**
 * The owner's "New contact message" notice (issue 16, decision 0023): what a visitor sent through
 * a contact widget's form, the page it came from and the names of the files (never their bytes:
 * the owner downloads them from the inbox). Sent after the message is stored; a failure is logged
 * and loses nothing, since the message is already in the inbox.
 */
import { dayTimeText } from "@cartwright/commerce/time-zone";
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, emailIsOn, type Mailer, type MailShop, sendOwnerNotice } from "./transport.ts";

export interface ContactMessageEmailData {
  messageId: number;
  siteTitle: string;
  /** The visitor's name as they gave it ("" when none), for the subject. */
  visitorName: string;
  /** Each filled field with the label the owner gave it, in the form's order. */
  fields: { label: string; value: string }[];
  files: { label: string; fileName: string; size: number }[];
  pageUrl: string;
  pageTitle: string;
  /** ISO time it was received. */
  receivedAt: string;
  /** The shop's time zone, which `receivedAt` is written in (decision 0086); UTC when left out. */
  timeZone?: string;
  /** The message in the owner console. */
  inboxUrl: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Only web addresses become links; anything else the visitor's browser sent stays text. */
const webUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : "");

export function renderContactMessageNotice(data: ContactMessageEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const name = oneLine(data.visitorName);
  const subject = `[${site}] New contact message${name ? ` from ${name.slice(0, 80)}` : ""}`;
  const page = oneLine(data.pageTitle) || webUrl(data.pageUrl) || "an unknown page";
  const when = dayTimeText(data.receivedAt, data.timeZone ?? "UTC");
  const files = data.files.map((f) => `${f.fileName} (${sizeText(f.size)}, ${f.label})`);

  const text = [
    `A visitor sent a message through the contact form on ${site} (${when}).`,
    "",
    ...data.fields.flatMap((f) =>
      f.value.includes("\n") ? [`${f.label}:`, ...f.value.split("\n").map((l) => `  ${l}`)] : [`${f.label}: ${f.value}`],
    ),
    ...(files.length ? ["", "Files (download them from the inbox):", ...files.map((f) => `  ${f}`)] : []),
    "",
    `Sent from: ${page}${webUrl(data.pageUrl) && page !== data.pageUrl ? ` <${data.pageUrl}>` : ""}`,
    `Read it in the inbox: ${data.inboxUrl}`,
    "",
  ].join("\n");

  const cell = "padding:6px 8px;border-bottom:1px solid #e5e5e5;vertical-align:top;";
  const rows = data.fields
    .map(
      (f) =>
        `<tr><th style="${cell}text-align:left;">${escapeHtml(f.label)}</th><td style="${cell}white-space:pre-line;">${escapeHtml(f.value)}</td></tr>`,
    )
    .join("");
  const pageLink = webUrl(data.pageUrl)
    ? `<a href="${escapeHtml(data.pageUrl)}" style="color:#1a5fb4;">${escapeHtml(page)}</a>`
    : escapeHtml(page);
  const html = emailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:20px;">New contact message</h1>
<p style="margin:0 0 12px;">A visitor sent a message through the contact form on ${escapeHtml(site)} (${escapeHtml(when)}).</p>
<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><tbody>${rows}</tbody></table>
${files.length ? `<h2 style="margin:16px 0 6px;font-size:15px;">Files</h2><p style="margin:0 0 8px;">Download them from the inbox.</p><ul>${files.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>` : ""}
<p style="margin:16px 0 0;">Sent from: ${pageLink}</p>
<p style="margin:24px 0 0;"><a href="${escapeHtml(data.inboxUrl)}" style="color:#1a5fb4;">Read it in the inbox</a></p>`,
  );
  return { subject, text, html };
}

/**
 * The notice to the owner (sendOwnerNotice: where it goes, replies to the visitor); null, sending
 * nothing, when the owner switched it off. Rejects on failure.
 */
export async function sendContactMessageNotice(
  mailer: Mailer,
  data: ContactMessageEmailData,
  options: { shop: MailShop; ownerAccountEmail: string | null; replyTo?: string },
): Promise<Delivery | null> {
  if (!emailIsOn(options.shop, "contact_message")) return null;
  return sendOwnerNotice(mailer, renderContactMessageNotice(data), {
    reference: data.messageId,
    kind: "contact-message",
    ...options,
  });
}
