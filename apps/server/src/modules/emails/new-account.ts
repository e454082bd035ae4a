/**
 * "Your account is ready" (WooCommerce's new-account email): to a shopper who made an account, on
 * my account's form, through the Store API or at the checkout. It names the address they sign in
 * with and where their orders are; it never carries the password.
 */
import { escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, emailIsOn, type Mailer, type MailShop, senderFor } from "./transport.ts";

export interface NewAccountEmailData {
  /** The account's id, which names the outbox file. */
  customerId: number;
  siteTitle: string;
  /** The address the account signs in with, where the email goes. */
  email: string;
  /** `{shop}/my-account`. */
  accountUrl: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderNewAccount(data: NewAccountEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const subject = `[${site}] Your account is ready`.slice(0, 200);
  const intro = `Thank you for creating an account on ${site}. You sign in with ${data.email}.`;
  const where = "Your orders, your addresses and your password are in your account:";
  const forgot = "Forgot your password? The sign-in page offers a link to choose a new one.";
  const text = [intro, "", where, data.accountUrl, "", forgot, ""].join("\n");
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#222;">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(where)} <a href="${escapeHtml(data.accountUrl)}">My account</a></p>
<p>${escapeHtml(forgot)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** To the new account's address, from the shop; null when the owner switched it off. Rejects on failure. */
export async function sendNewAccount(mailer: Mailer, data: NewAccountEmailData, shop: MailShop): Promise<Delivery | null> {
  if (!emailIsOn(shop, "customer_new_account")) return null;
  const from = senderFor(mailer, shop);
  return mailer.send({ ...renderNewAccount(data), from, to: data.email, orderId: data.customerId, kind: "new-account" });
}
