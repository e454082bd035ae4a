/**
 * The owner's "New form entry" notice (issue 17, decision 0025): the form's title, the visible
 * fields' values with their labels, the total to pay and the names of the files (never their
 * bytes). Sent after the entry is stored; a failure is logged and loses nothing.
 */
import { dayTimeText } from "@cartwright/commerce/time-zone";
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, emailIsOn, type Mailer, type MailShop, ownerAddress, senderFor, sendOwnerNotice } from "./transport.ts";

export interface FormEntryEmailData {
  entryId: number;
  siteTitle: string;
  formTitle: string;
  /** The owner's subject with {form_title} filled, or "" for ours. */
  subject: string;
  fields: { label: string; value: string }[];
  files: { label: string; fileName: string; size: number }[];
  /** The total as the shop writes money, "" when there is nothing to pay. */
  total: string;
  receivedAt: string;
  /** The shop's time zone, which `receivedAt` is written in (decision 0086); UTC when left out. */
  timeZone?: string;
  /** The entry in the owner's console. */
  entryUrl: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderFormEntryNotice(data: FormEntryEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const title = oneLine(data.formTitle);
  const subject = `[${site}] ${oneLine(data.subject).slice(0, 150) || `New entry: ${title}`}`;
  const when = dayTimeText(data.receivedAt, data.timeZone ?? "UTC");
  const files = data.files.map((f) => `${f.fileName} (${f.size} bytes, ${f.label})`);
  const text = [
    `A visitor sent the form "${title}" on ${site} (${when}), entry ${data.entryId}.`,
    "",
    ...data.fields.flatMap((f) =>
      f.value.includes("\n") ? [`${f.label}:`, ...f.value.split("\n").map((l) => `  ${l}`)] : [`${f.label}: ${f.value}`],
    ),
    ...(data.total ? ["", `Total: ${data.total}`] : []),
    ...(files.length ? ["", "Files:", ...files.map((f) => `  ${f}`)] : []),
    "",
    `Read it in the console: ${data.entryUrl}`,
    "",
  ].join("\n");
  const cell = "padding:6px 8px;border-bottom:1px solid #e5e5e5;vertical-align:top;";
  const rows = data.fields
    .map(
      (f) =>
        `<tr><th style="${cell}text-align:left;">${escapeHtml(f.label)}</th><td style="${cell}white-space:pre-line;">${escapeHtml(f.value)}</td></tr>`,
    )
    .join("");
  const html = emailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:20px;">New form entry</h1>
<p>A visitor sent the form “${escapeHtml(title)}” on ${escapeHtml(site)} (${escapeHtml(when)}), entry ${data.entryId}.</p>
<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><tbody>${rows}</tbody></table>
${data.total ? `<p><strong>Total: ${escapeHtml(data.total)}</strong></p>` : ""}
${files.length ? `<h2 style="font-size:15px;">Files</h2><ul>${files.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>` : ""}
<p style="margin:24px 0 0;"><a href="${escapeHtml(data.entryUrl)}" style="color:#1a5fb4;">Read it in the console</a></p>`,
  );
  return { subject, text, html };
}

/** The notice to the owner (sendOwnerNotice, as the contact notice); null when the owner switched it off. Rejects on failure. */
export async function sendFormEntryNotice(
  mailer: Mailer,
  data: FormEntryEmailData,
  options: { shop: MailShop; ownerAccountEmail: string | null; replyTo?: string },
): Promise<Delivery | null> {
  if (!emailIsOn(options.shop, "form_entry")) return null;
  return sendOwnerNotice(mailer, renderFormEntryNotice(data), {
    reference: data.entryId,
    kind: "form-entry",
    ...options,
  });
}

export interface FormVisitorEmailData {
  entryId: number;
  siteTitle: string;
  formTitle: string;
  /** The owner's subject and message, {form_title} filled; shown as text, never as markup. */
  subject: string;
  message: string;
}

/** The visitor's copy (the form's `notifications.visitor`): the owner's words, as plain text in both parts. */
export function renderFormVisitorNotice(data: FormVisitorEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const subject = oneLine(data.subject).slice(0, 150) || `[${site}] ${oneLine(data.formTitle)}`;
  const text = `${data.message.trim()}\n`;
  const html = emailDocument(subject, `<div style="white-space:pre-line;">${escapeHtml(data.message.trim())}</div>`);
  return { subject, text, html };
}

/** To the address the visitor gave; from the shop, replies to the owner's address when known. Rejects on failure. */
export async function sendFormVisitorNotice(mailer: Mailer, data: FormVisitorEmailData, to: string, shop: MailShop): Promise<Delivery> {
  const notice = renderFormVisitorNotice(data);
  const from = senderFor(mailer, shop);
  const replyTo = ownerAddress(mailer, shop) ?? undefined;
  return mailer.send({ ...notice, from, to, ...(replyTo ? { replyTo } : {}), orderId: data.entryId, kind: "form-visitor" });
}
