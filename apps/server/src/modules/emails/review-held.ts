/**
 * The owner's "Review awaiting approval" notice: a shopper's review the shop held (every review when
 * the owner approves them first, or one with too many links), with its product, rating and text and
 * a link to the pending reviews. A review a trap caught as spam is never announced. Sent after the
 * review is stored; a failure is logged and loses nothing, since the review waits in the console.
 */
import { dayTimeText } from "@cartwright/commerce/time-zone";
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, emailIsOn, type Mailer, type MailShop, sendOwnerNotice } from "./transport.ts";

export interface ReviewHeldEmailData {
  reviewId: number;
  siteTitle: string;
  productName: string;
  reviewerName: string;
  reviewerEmail: string;
  /** 1 to 5, or null when the shop takes no ratings. */
  rating: number | null;
  text: string;
  verified: boolean;
  /** ISO time it was written. */
  writtenAt: string;
  /** The shop's time zone, which `writtenAt` is written in; UTC when left out. */
  timeZone?: string;
  /** The pending reviews in the owner console. */
  reviewsUrl: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();

export function renderReviewHeldNotice(data: ReviewHeldEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const product = oneLine(data.productName).slice(0, 120);
  const subject = `[${site}] Review awaiting approval: ${product}`;
  const when = dayTimeText(data.writtenAt, data.timeZone ?? "UTC");
  const who = `${oneLine(data.reviewerName) || "A shopper"} <${oneLine(data.reviewerEmail)}>${data.verified ? " (verified owner)" : ""}`;
  const rating = data.rating === null ? null : `${data.rating} out of 5`;
  const lines = data.text.split(/\r?\n/);

  const text = [
    `A review of "${product}" on ${site} waits for your approval (${when}).`,
    "",
    `From: ${who}`,
    ...(rating ? [`Rating: ${rating}`] : []),
    "",
    ...lines.map((l) => `  ${l}`),
    "",
    `Approve, reply to or remove it: ${data.reviewsUrl}`,
    "",
  ].join("\n");

  const html = emailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:20px;">Review awaiting approval</h1>
<p style="margin:0 0 12px;">A review of <strong>${escapeHtml(product)}</strong> on ${escapeHtml(site)} waits for your approval (${escapeHtml(when)}).</p>
<p style="margin:0 0 4px;">From: ${escapeHtml(who)}</p>
${rating ? `<p style="margin:0 0 4px;">Rating: ${escapeHtml(rating)}</p>` : ""}
<blockquote style="margin:12px 0;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-line;">${escapeHtml(data.text)}</blockquote>
<p style="margin:24px 0 0;"><a href="${escapeHtml(data.reviewsUrl)}" style="color:#1a5fb4;">Approve, reply to or remove it</a></p>`,
  );
  return { subject, text, html };
}

/** The notice to the owner (sendOwnerNotice); null, sending nothing, when the owner switched it off. Rejects on failure. */
export async function sendReviewHeldNotice(
  mailer: Mailer,
  data: ReviewHeldEmailData,
  options: { shop: MailShop; ownerAccountEmail: string | null },
): Promise<Delivery | null> {
  if (!emailIsOn(options.shop, "review_held")) return null;
  return sendOwnerNotice(mailer, renderReviewHeldNotice(data), { reference: data.reviewId, kind: "review-held", ...options });
}
