/**
 * The resume link a visitor asked for (a form's `saveProgress.email`, decision 0030): our own short
 * text with the link to the form page that brings the kept values back, and when it stops working.
 */
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, type Mailer, type MailShop, senderFor } from "./transport.ts";

export interface FormResumeEmailData {
  formId: number;
  siteTitle: string;
  formTitle: string;
  /** The form page with `?resume={key}`. */
  link: string;
  /** ISO time the draft is deleted. */
  expiresAt: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderFormResumeLink(data: FormResumeEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const title = oneLine(data.formTitle);
  const until = new Date(data.expiresAt).toISOString().slice(0, 10);
  const subject = `[${site}] Finish "${title}" later`.slice(0, 200);
  const text = [
    `You asked us to keep your answers to "${title}" on ${site}.`,
    "",
    "Open this link to carry on where you left off:",
    data.link,
    "",
    `The link works until ${until}. Files, passwords and card details were not kept: add them again before sending.`,
    "If you did not ask for this, you can ignore this message.",
    "",
  ].join("\n");
  const html = emailDocument(
    subject,
    `<p>You asked us to keep your answers to “${escapeHtml(title)}” on ${escapeHtml(site)}.</p>
<p><a href="${escapeHtml(data.link)}">Carry on where you left off</a></p>
<p>The link works until ${escapeHtml(until)}. Files, passwords and card details were not kept: add them again before sending.</p>
<p>If you did not ask for this, you can ignore this message.</p>`,
  );
  return { subject, text, html };
}

/** To the address the visitor typed; from the shop. Rejects on failure. */
export function sendFormResumeLink(mailer: Mailer, data: FormResumeEmailData, to: string, shop: MailShop): Promise<Delivery> {
  const from = senderFor(mailer, shop);
  return mailer.send({ ...renderFormResumeLink(data), from, to, orderId: data.formId, kind: "form-resume" });
}
