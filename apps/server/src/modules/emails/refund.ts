/**
 * The shopper's refund e-mail (`customer_refunded`, issue 18): how much was refunded and for what,
 * the reason the owner gave, and whether the order is now refunded whole. Sent after the refund is
 * recorded; a failure is logged and loses nothing (the refund stands).
 */
import { type CurrencyFields, currencyFromFields, formatAmount } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import { registeredMailer } from "./emails.service.ts";
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, emailIsOn, type MailShop, ownerAddress, senderFor } from "./transport.ts";

export interface RefundEmailData {
  orderId: number;
  siteTitle: string;
  /** The order's totals as kept (their currency_* fields format the amounts). */
  currency: CurrencyFields;
  /** Minor units: this refund, every refund so far, and the order's total. */
  amount: number;
  refundedTotal: number;
  orderTotal: number;
  reason: string;
  lines: { name: string; quantity: number; amount: number }[];
  /** The order-received page with the order's key, or the account's order page. */
  orderUrl: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderRefundNotice(data: RefundEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const currency = currencyFromFields(data.currency);
  const money = (amount: number) => formatAmount(amount, currency);
  const whole = data.refundedTotal >= data.orderTotal;
  const subject = `[${site}] Your order #${data.orderId} has been ${whole ? "refunded" : "partially refunded"}`;
  const intro = `We have refunded ${money(data.amount)} of your order #${data.orderId} on ${site}.`;
  const state = whole
    ? `Your order has been refunded in full (${money(data.refundedTotal)}).`
    : `Refunded so far: ${money(data.refundedTotal)} of ${money(data.orderTotal)}.`;
  const reason = oneLine(data.reason);
  const lines = data.lines.filter((line) => line.quantity > 0 || line.amount > 0);
  const describe = (line: RefundEmailData["lines"][number]) =>
    `${oneLine(line.name)}${line.quantity ? ` × ${line.quantity}` : ""}: ${money(line.amount)}`;
  const text = [
    intro,
    "",
    ...(lines.length ? ["Refunded:", ...lines.map((line) => `  ${describe(line)}`), ""] : []),
    ...(reason ? [`Reason: ${reason}`, ""] : []),
    state,
    "It may take a few days to reach your account, depending on your bank or payment method.",
    "",
    `Your order: ${data.orderUrl}`,
    "",
  ].join("\n");
  const html = emailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:20px;">${whole ? "Your order has been refunded" : "Part of your order has been refunded"}</h1>
<p>${escapeHtml(intro)}</p>
${lines.length ? `<ul>${lines.map((line) => `<li>${escapeHtml(describe(line))}</li>`).join("")}</ul>` : ""}
${reason ? `<p>Reason: ${escapeHtml(reason)}</p>` : ""}
<p><strong>${escapeHtml(state)}</strong></p>
<p>It may take a few days to reach your account, depending on your bank or payment method.</p>
<p style="margin:24px 0 0;"><a href="${escapeHtml(data.orderUrl)}" style="color:#1a5fb4;">View your order</a></p>`,
  );
  return { subject, text, html };
}

/**
 * Sends it to the shopper through the mailer registered for this shop's database (buildApp), from
 * the shop, replies to the owner. Answers the delivery and its address (delivery null: the owner
 * switched this e-mail off, nothing was sent), or null when no mailer is registered or the send
 * failed (logged): never throws.
 */
export async function sendRefundNotice(
  db: Db,
  to: string,
  shop: MailShop,
  data: (siteUrl: string) => RefundEmailData,
): Promise<{ to: string; delivery: Delivery | null } | null> {
  const registration = registeredMailer(db);
  if (!registration || !to.trim()) return null;
  if (!emailIsOn(shop, "customer_refunded")) return { to: to.trim(), delivery: null };
  const { mailer, log } = registration;
  try {
    const filled = data(mailer.publicUrl);
    const notice = renderRefundNotice(filled);
    const from = senderFor(mailer, shop);
    const replyTo = ownerAddress(mailer, shop) ?? undefined;
    const delivery = await mailer.send({
      ...notice,
      from,
      to: to.trim(),
      ...(replyTo ? { replyTo } : {}),
      orderId: filled.orderId,
      kind: "customer_refunded",
    });
    log?.info({ orderId: filled.orderId, kind: "customer_refunded", via: delivery.via, file: delivery.file }, "order email sent");
    return { to: to.trim(), delivery };
  } catch (error) {
    log?.error({ err: error }, "the refund email could not be sent");
    return null;
  }
}
