/**
 * "Your account is ready" (WooCommerce's new-account email): to a shopper who made an account, on
 * my account's form, through the Store API or at the checkout. It names the address they sign in
 * with and where their orders are; it never carries the password.
 */
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, emailIsOn, type Mailer, type MailShop, senderFor } from "./transport.ts";

export interface NewAccountEmailData {
  /** The account's id, which names the outbox file. */
  customerId: number;
  siteTitle: string;
  /** The address the account signs in with, where the email goes. */
  email: string;
  /** `{shop}/my-account`. */
  accountUrl: string;
  /**
   * An account the shop made for them (the owner's "Add customer"): the link that chooses its first
   * password (a password reset link, /my-account/reset-password) and how many hours it works.
   */
  setPassword?: { link: string; validHours: number };
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderNewAccount(data: NewAccountEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const subject = `[${site}] Your account is ready`.slice(0, 200);
  const made = data.setPassword;
  const intro = made
    ? `${site} has made an account for you. You sign in with ${data.email}.`
    : `Thank you for creating an account on ${site}. You sign in with ${data.email}.`;
  const where = "Your orders, your addresses and your password are in your account:";
  const choose = made ? `Choose your password with this link first (it works once, for ${made.validHours} hours):` : "";
  const forgot = made
    ? "If the link has stopped working, the sign-in page offers a new one (Lost your password?)."
    : "Forgot your password? The sign-in page offers a link to choose a new one.";
  const text = [intro, "", ...(made ? [choose, made.link, ""] : []), where, data.accountUrl, "", forgot, ""].join("\n");
  const html = emailDocument(
    subject,
    `<p>${escapeHtml(intro)}</p>
${made ? `<p>${escapeHtml(choose)} <a href="${escapeHtml(made.link)}">Choose your password</a></p>\n` : ""}<p>${escapeHtml(where)} <a href="${escapeHtml(data.accountUrl)}">My account</a></p>
<p>${escapeHtml(forgot)}</p>`,
  );
  return { subject, text, html };
}

/**
 * To the new account's address, from the shop; null when the owner switched it off (never for an
 * account the owner made and asked to mail: that is the owner's own ask). Rejects on failure.
 */
export async function sendNewAccount(mailer: Mailer, data: NewAccountEmailData, shop: MailShop): Promise<Delivery | null> {
  if (!data.setPassword && !emailIsOn(shop, "customer_new_account")) return null;
  const from = senderFor(mailer, shop);
  return mailer.send({ ...renderNewAccount(data), from, to: data.email, orderId: data.customerId, kind: "new-account" });
}
