/**
 * The invitation to join a shop's staff (decision 0032): who invited, the role, the link to
 * /admin/invite that accepts it, and when the link stops working.
 */
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, type Mailer, type MailShop, senderFor } from "./transport.ts";

export interface StaffInviteEmailData {
  inviteId: number;
  siteTitle: string;
  /** The owner who sent it (their e-mail, or name). */
  invitedBy: string;
  role: "manager";
  /** `{shop}/admin/invite?token=…`. */
  link: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderStaffInvite(data: StaffInviteEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const by = oneLine(data.invitedBy);
  const until = new Date(data.expiresAt).toISOString().slice(0, 10);
  const subject = `[${site}] You are invited to help run the shop`.slice(0, 200);
  const text = [
    `${by} invited you to join ${site} as a shop ${data.role}: you will see and handle orders, customers and messages.`,
    "",
    "Open this link to accept and choose your password:",
    data.link,
    "",
    `The link works once, until ${until}.`,
    "If you did not expect this, you can ignore this message.",
    "",
  ].join("\n");
  const html = emailDocument(
    subject,
    `<p>${escapeHtml(by)} invited you to join ${escapeHtml(site)} as a shop ${escapeHtml(data.role)}: you will see and handle orders, customers and messages.</p>
<p><a href="${escapeHtml(data.link)}">Accept the invitation</a></p>
<p>The link works once, until ${escapeHtml(until)}.</p>
<p>If you did not expect this, you can ignore this message.</p>`,
  );
  return { subject, text, html };
}

/** To the invited address; from the shop. Rejects on failure. */
export function sendStaffInvite(mailer: Mailer, data: StaffInviteEmailData, to: string, shop: MailShop): Promise<Delivery> {
  const from = senderFor(mailer, shop);
  return mailer.send({ ...renderStaffInvite(data), from, to, orderId: data.inviteId, kind: "staff-invite" });
}
