/**
 * The link a shopper asked for to choose a new password (`POST /account/lost-password`): our own
 * short text with the link to /my-account/reset-password, how long it works, and what to do if
 * the request was not theirs.
 */
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, type Mailer, type MailShop, senderFor } from "./transport.ts";

export interface PasswordResetEmailData {
  /** The reset's row id, which names the outbox file. */
  resetId: number;
  siteTitle: string;
  /** `{shop}/my-account/reset-password?key=…`. */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderPasswordReset(data: PasswordResetEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const subject = `[${site}] Choose a new password`.slice(0, 200);
  const lasts =
    data.validMinutes % 60 === 0 ? `${data.validMinutes / 60} hour${data.validMinutes === 60 ? "" : "s"}` : `${data.validMinutes} minutes`;
  const text = [
    `Someone asked to choose a new password for your account on ${site}.`,
    "",
    "Open this link to choose it:",
    data.link,
    "",
    `The link works once, for ${lasts}. Choosing a new password signs your account out everywhere else.`,
    "If you did not ask for this, ignore this message: your password stays as it is.",
    "",
  ].join("\n");
  const html = emailDocument(
    subject,
    `<p>Someone asked to choose a new password for your account on ${escapeHtml(site)}.</p>
<p><a href="${escapeHtml(data.link)}">Choose a new password</a></p>
<p>The link works once, for ${escapeHtml(lasts)}. Choosing a new password signs your account out everywhere else.</p>
<p>If you did not ask for this, ignore this message: your password stays as it is.</p>`,
  );
  return { subject, text, html };
}

/** To the account's address; from the shop. Rejects on failure. */
export function sendPasswordReset(mailer: Mailer, data: PasswordResetEmailData, to: string, shop: MailShop): Promise<Delivery> {
  const from = senderFor(mailer, shop);
  return mailer.send({ ...renderPasswordReset(data), from, to, orderId: data.resetId, kind: "password-reset" });
}
