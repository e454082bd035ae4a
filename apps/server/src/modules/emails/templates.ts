/**
 * Order e-mails as pure functions: an order in, `{subject, text, html}` out. The HTML is a plain
 * table with inline styles (mail clients ignore style sheets) and every value from the order,
 * the settings or the shopper is escaped.
 */

import {
  addressNames,
  BANK_ACCOUNT_KEYS,
  BANK_DETAIL_KEYS,
  currencyFromFields,
  formatAmount,
  orderStatusName,
  PAYMENT_DETAIL_LABELS,
  type StoreCartTotals,
  addressLines as sharedAddressLines,
} from "@cartwright/commerce";
import { longDate, shortTime, zoneName } from "@cartwright/commerce/time-zone";
import type { OrderView } from "../orders/index.ts";
import { awaitsPayment } from "../payments/index.ts";

export interface OrderEmailData {
  order: OrderView;
  siteTitle: string;
  /** The absolute link to the order-received page, with the order's key. */
  orderUrl: string;
  /** The absolute link to the page where the shopper pays the order (`/checkout/order-pay/{id}?key=…`). */
  payUrl: string;
  /** The absolute link to the order in the owner's console (`/admin/orders/{id}`). */
  consoleUrl: string;
  /** What the payment method asks of the shopper (bank transfer, check, cash on delivery); may be empty. */
  instructions: string;
  /** The shop's time zone, which the order's date is written in; UTC when left out. */
  timeZone?: string;
  /** The files a paid order's buyer may download, with absolute links (decision 0094). */
  downloads?: EmailDownload[];
}

/** A download an order e-mail lists. */
export interface EmailDownload {
  product: string;
  file: string;
  url: string;
  /** null: unlimited. */
  remaining: number | null;
  /** ISO-8601; null: never. */
  expires: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The HTML every e-mail shares: the document, its subject as title, a white 600 px card on grey around `body`. */
export function emailDocument(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:16px;background:#f6f6f6;font-family:Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#222;">
<table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#fff;border-collapse:collapse;">
<tr><td style="padding:24px;">
${body}
</td></tr></table>
</body></html>
`;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

/**
 * "November 29, 2026" (and "at 12:45 AM UTC"), as Intl's en-US long date and short time write them,
 * in the shop's time zone (decision 0086). In UTC written by hand: a DateTimeFormat touches several MB
 * of ICU's data in every process that sends an order e-mail (decision 0066); another zone needs Intl.
 */
export function formatDate(iso: string, withTime: boolean, zone = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = longDate(date, zone);
  if (!withTime) return day;
  return `${day} at ${shortTime(date, zone)} ${zoneName(date, zone)}`;
}

/** The order's address as the order pages write it, then the phone and e-mail. */
function addressLines(address: Record<string, string>): string[] {
  return [...sharedAddressLines(address, addressNames(address), { phone: true }), (address.email ?? "").trim()].filter(Boolean);
}

interface Row {
  label: string;
  value: string;
}

/** What both messages show, worked out once: lines, totals, payment, addresses, note. */
function summary(data: OrderEmailData) {
  const { order } = data;
  const totals = order.totals as unknown as StoreCartTotals;
  const currency = currencyFromFields(totals);
  const money = (amount: string | number | null | undefined) => formatAmount(amount ?? "0", currency);
  const items: Row[] = order.items.map((item) => {
    const variation = item.variation.map((v) => `${v.attribute}: ${v.value}`).join(", ");
    return { label: `${item.name}${variation ? ` (${variation})` : ""} × ${item.quantity}`, value: money(item.totals.line_subtotal) };
  });
  const rows: Row[] = [{ label: "Subtotal", value: money(totals.total_items) }];
  if (Number(totals.total_discount) > 0) {
    const codes = order.coupons.map((c) => c.code).join(", ");
    rows.push({ label: codes ? `Discount (${codes})` : "Discount", value: `-${money(totals.total_discount)}` });
  }
  if (totals.total_shipping !== null && totals.total_shipping !== undefined) {
    const names = (order.shipping_lines as { name?: string }[]).map((l) => l.name ?? "").filter(Boolean);
    rows.push({
      label: names.length ? `Shipping (${names.join(", ")})` : "Shipping",
      value: Number(totals.total_shipping) === 0 ? "Free" : money(totals.total_shipping),
    });
  }
  for (const fee of order.fees as { name: string; total: string }[]) rows.push({ label: fee.name, value: money(fee.total) });
  const taxLines = totals.tax_lines ?? [];
  for (const tax of taxLines) rows.push({ label: tax.name || "Tax", value: money(tax.price) });
  if (!taxLines.length && Number(totals.total_tax) > 0) rows.push({ label: "Tax", value: money(totals.total_tax) });
  rows.push({ label: "Total", value: money(totals.total_price) });
  // Money already given back shows under the total it came out of, as the shopper's order pages show it.
  if (order.refunds.length) {
    for (const refund of order.refunds) {
      const reason = oneLine(refund.reason);
      rows.push({ label: reason ? `Refund: ${reason}` : "Refund", value: `-${money(refund.total)}` });
    }
    const left = Number(totals.total_price) - order.refunds.reduce((sum, refund) => sum + Number(refund.total), 0);
    rows.push({ label: "Total after refunds", value: money(left) });
  }

  // The account to pay into, while the transfer is still awaited: a paid order asks for nothing more.
  const bankDetails = order.payment_details.filter(
    (d) => BANK_DETAIL_KEYS.includes(d.key) && d.value && awaitsPayment(order.payment_method, order.status),
  );
  const shipping = order.shipping_address.address_1 ? addressLines(order.shipping_address) : [];
  return {
    number: order.order_number,
    items,
    rows,
    paymentTitle: order.payment_method_title,
    instructions: data.instructions.trim(),
    bankDetails: bankDetails.map((d): Row => ({ label: PAYMENT_DETAIL_LABELS[d.key] ?? d.key, value: d.value })),
    namesBankAccount: bankDetails.some((d) => BANK_ACCOUNT_KEYS.includes(d.key)),
    billing: addressLines(order.billing_address),
    shipping,
    note: order.customer_note.trim(),
    downloads: (data.downloads ?? []).map((d) => ({
      label: d.product === d.file ? d.file : `${d.product}: ${d.file}`,
      url: d.url,
      terms: downloadTerms(d, data.timeZone),
    })),
  };
}

/** "3 downloads left, until 1 March 2027", or "" for unlimited and never expiring. */
function downloadTerms(d: EmailDownload, zone?: string): string {
  const left = d.remaining === null ? "" : d.remaining === 1 ? "1 download left" : `${d.remaining} downloads left`;
  const until = d.expires ? `until ${formatDate(d.expires, false, zone)}` : "";
  return [left, until].filter(Boolean).join(", ");
}

type Summary = ReturnType<typeof summary>;

// --- plain text ---

function textBody(intro: string[], s: Summary, noteHeading: string, link: { label: string; url: string }, date: string): string {
  const width = Math.max(...[...s.items, ...s.rows].map((r) => r.label.length), 20);
  const line = (r: Row) => `${r.label.padEnd(width)}  ${r.value}`;
  const parts = [
    ...intro,
    "",
    `Order #${s.number} (${date})`,
    "",
    ...s.items.map(line),
    "-".repeat(width + 12),
    ...s.rows.map(line),
    ...(s.downloads.length
      ? ["", "Downloads:", ...s.downloads.flatMap((d) => [`  ${d.label}${d.terms ? ` (${d.terms})` : ""}`, `  ${d.url}`])]
      : []),
    "",
    `Payment method: ${s.paymentTitle || "None needed"}`,
    ...(s.instructions ? ["", s.instructions] : []),
    ...(s.bankDetails.length ? ["", ...s.bankDetails.map((d) => `${d.label}: ${d.value}`)] : []),
    "",
    "Billing address:",
    ...s.billing.map((l) => `  ${l}`),
    ...(s.shipping.length ? ["", "Shipping address:", ...s.shipping.map((l) => `  ${l}`)] : []),
    ...(s.note ? ["", `${noteHeading}:`, ...s.note.split("\n").map((l) => `  ${l}`)] : []),
    "",
    `${link.label}: ${link.url}`,
  ];
  return `${parts.join("\n")}\n`;
}

// --- HTML ---

const CELL = "padding:6px 8px;border-bottom:1px solid #e5e5e5;vertical-align:top;";

function htmlRows(rows: Row[], strongLast = false): string {
  return rows
    .map((r, i) => {
      const weight = strongLast && i === rows.length - 1 ? "font-weight:bold;" : "";
      return `<tr><td style="${CELL}${weight}">${escapeHtml(r.label)}</td><td style="${CELL}${weight}text-align:right;white-space:nowrap;">${escapeHtml(r.value)}</td></tr>`;
    })
    .join("");
}

const htmlLines = (lines: string[]) => lines.map(escapeHtml).join("<br>");

function htmlBody(
  title: string,
  heading: string,
  intro: string[],
  s: Summary,
  noteHeading: string,
  link: { label: string; url: string },
  date: string,
): string {
  const table = 'width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"';
  const addresses = [
    `<td style="padding:8px 8px 0 0;vertical-align:top;"><h3 style="margin:0 0 6px;font-size:15px;">Billing address</h3>${htmlLines(s.billing)}</td>`,
    s.shipping.length
      ? `<td style="padding:8px 0 0 8px;vertical-align:top;"><h3 style="margin:0 0 6px;font-size:15px;">Shipping address</h3>${htmlLines(s.shipping)}</td>`
      : "",
  ].join("");
  return emailDocument(
    title,
    `<h1 style="margin:0 0 16px;font-size:20px;">${escapeHtml(heading)}</h1>
${intro.map((p) => `<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(p)}</p>`).join("\n")}
<h2 style="margin:16px 0 8px;font-size:16px;">Order #${escapeHtml(s.number)} <span style="font-weight:normal;color:#666;">(${escapeHtml(date)})</span></h2>
<table ${table}><tbody>${htmlRows(s.items)}</tbody></table>
<table ${table}><tbody>${htmlRows(s.rows, true)}</tbody></table>
${s.downloads.length ? `<h3 style="margin:16px 0 6px;font-size:15px;">Downloads</h3><ul style="margin:0;padding-left:20px;">${s.downloads.map((d) => `<li><a href="${escapeHtml(d.url)}" style="color:#1a5fb4;">${escapeHtml(d.label)}</a>${d.terms ? ` <span style="color:#666;">(${escapeHtml(d.terms)})</span>` : ""}</li>`).join("")}</ul>` : ""}
<h3 style="margin:16px 0 6px;font-size:15px;">Payment method: ${escapeHtml(s.paymentTitle || "None needed")}</h3>
${s.instructions ? `<p style="margin:0 0 8px;white-space:pre-line;">${escapeHtml(s.instructions)}</p>` : ""}
${s.bankDetails.length ? `<table ${table}><tbody>${htmlRows(s.bankDetails)}</tbody></table>` : ""}
<table ${table}><tr>${addresses}</tr></table>
${s.note ? `<h3 style="margin:16px 0 6px;font-size:15px;">${escapeHtml(noteHeading)}</h3><p style="margin:0;white-space:pre-line;">${escapeHtml(s.note)}</p>` : ""}
<p style="margin:24px 0 0;"><a href="${escapeHtml(link.url)}" style="color:#1a5fb4;">${escapeHtml(link.label)}</a></p>`,
  );
}

const STATUS_LINE: Record<string, string> = {
  processing: "We are getting it ready now.",
  pending: "We will start on it as soon as your payment is confirmed.",
  completed: "It is complete.",
};

/** An order on hold waits for a transfer or a cheque: the line promises only what follows it (a shop may set no bank account). */
function onHoldLine(s: Summary): string {
  const waits = "It is on hold until your payment reaches us";
  if (s.namesBankAccount) return `${waits}; our bank details are below.`;
  if (s.instructions) return `${waits}; how to pay is below.`;
  return `${waits}.`;
}

/** To the shopper: their order was received, with everything they need to pay for it and find it again. */
export function renderOrderConfirmation(data: OrderEmailData): RenderedEmail {
  const s = summary(data);
  const site = oneLine(data.siteTitle);
  const name = (data.order.billing_address.first_name ?? "").trim();
  const subject = `Your ${site} order #${s.number} has been received`;
  const intro = [
    name ? `Hi ${name},` : "Hello,",
    `Thank you for shopping at ${site}. We have received your order. ${data.order.status === "on-hold" ? onHoldLine(s) : (STATUS_LINE[data.order.status] ?? "")}`.trim(),
  ];
  const link = { label: "View your order", url: data.orderUrl };
  const date = formatDate(data.order.date_created, false, data.timeZone);
  return {
    subject,
    text: textBody(intro, s, "Your note", link, date),
    html: htmlBody(subject, "Thank you for your order", intro, s, "Your note", link, date),
  };
}

/** Who an owner's notice says the order is from. */
function customerOf(data: OrderEmailData) {
  const billing = data.order.billing_address;
  const name = oneLine([billing.first_name, billing.last_name].filter(Boolean).join(" ")) || oneLine(billing.email ?? "") || "a guest";
  return { name, withEmail: `${name}${billing.email ? ` (${billing.email})` : ""}` };
}

/** An owner's notice: its words, then the order as the confirmation shows it, and the link to the console. */
function ownerNotice(data: OrderEmailData, subject: string, heading: string, intro: string[]): RenderedEmail {
  const s = summary(data);
  const link = { label: "View the order", url: data.consoleUrl };
  const date = formatDate(data.order.date_created, true, data.timeZone);
  return {
    subject,
    text: textBody(intro, s, "Note from the customer", link, date),
    html: htmlBody(subject, heading, intro, s, "Note from the customer", link, date),
  };
}

/** To the shop's owner: a new order came in, who placed it and what to send. */
export function renderNewOrderNotice(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  const number = data.order.order_number;
  const customer = customerOf(data);
  const waits = data.order.status === "on-hold" ? ": it waits for the payment to arrive" : "";
  return ownerNotice(data, `[${site}] New order #${number} from ${customer.name}`, `New order #${number}`, [
    `${customer.withEmail} placed an order. Its status is ${orderStatusName(data.order.status)}${waits}.`,
  ]);
}

/** To the shop's owner: an order's payment failed (a declined card, or the owner marked it failed); its stock is back on sale. */
export function renderFailedOrderNotice(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  const number = data.order.order_number;
  const customer = customerOf(data);
  return ownerNotice(data, `[${site}] Order #${number} from ${customer.name} has failed`, `Order #${number} has failed`, [
    `The payment for order #${number} from ${customer.withEmail} has failed. The order was not paid, and its stock and coupon uses were given back. The customer may try again.`,
  ]);
}

/** To the shop's owner: an order that was paid for or awaited its payment was cancelled; nothing is to be sent. */
export function renderCancelledOrderNotice(data: OrderEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle);
  const number = data.order.order_number;
  const customer = customerOf(data);
  return ownerNotice(data, `[${site}] Order #${number} from ${customer.name} has been cancelled`, `Order #${number} was cancelled`, [
    `Order #${number} from ${customer.withEmail} has been cancelled: do not send it. Its stock and coupon uses were given back. If it was paid, refund the payment from the order's page.`,
  ]);
}

/** What a shopper's message about their order says around the order itself (order-updates.ts fills it). */
export interface OrderMessage {
  subject: string;
  heading: string;
  intro: string[];
  link: { label: string; url: string };
}

/** A message to the shopper about their order: the words given, then the order as the confirmation shows it. */
/** Whether an order's e-mail says how to pay it: the method's instructions or the account to pay into follow the summary. */
export function showsHowToPay(data: OrderEmailData): boolean {
  const s = summary(data);
  return s.instructions !== "" || s.bankDetails.length > 0;
}

export function renderOrderMessage(data: OrderEmailData, message: OrderMessage): RenderedEmail {
  const s = summary(data);
  const date = formatDate(data.order.date_created, false, data.timeZone);
  return {
    subject: message.subject,
    text: textBody(message.intro, s, "Your note", message.link, date),
    html: htmlBody(message.subject, message.heading, message.intro, s, "Your note", message.link, date),
  };
}
