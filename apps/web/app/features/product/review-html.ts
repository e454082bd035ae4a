/**
 * One review as HTML text (decision 0090), pure: the server draws the product page's reviews with it,
 * and the "more reviews" script the pages it fetches, so both look the same. Every text is escaped;
 * the review and the reply come from the Store API as escaped paragraphs already.
 */
import type { StoreReview } from "@cartwright/commerce";
// The subpath, so the reviews' code stays in the chunks that use it (no shared chunk of every page carries it).
import { ratedText } from "@cartwright/commerce/reviews";
import { reviewMessages as m } from "./review-messages.ts";

// Its own two helpers rather than the forms renderer's (forms/render/html.ts): that module is a chunk of its own, and
// importing it would make the page's dynamic import of "More reviews" carry a preload list (bytes of the page's budget).
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
/** An element with escaped attributes (false and undefined left out); `inner` is HTML already. */
export function el(name: string, attributes: Record<string, string | number | boolean | undefined>, inner = ""): string {
  const list = Object.entries(attributes)
    .filter(([, v]) => v !== false && v !== undefined)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${esc(v as string | number)}"`))
    .join("");
  return `<${name}${list}>${inner}</${name}>`;
}

/** Five stars filled to the rating, read as "Rated 4.61 out of 5". */
export function starsHtml(rating: number): string {
  const width = `${Math.max(0, Math.min(100, rating * 20)).toFixed(1)}%`;
  return el(
    "span",
    { class: "stars", role: "img", "aria-label": ratedText(rating) },
    el("span", { class: "stars__fill", style: `width: ${width}` }),
  );
}

export function reviewItemHtml(review: StoreReview, shop: string): string {
  const meta =
    el("strong", { class: "review__author" }, esc(review.reviewer)) +
    (review.verified ? ` ${el("em", { class: "review__verified" }, esc(`(${m.verified})`))}` : "") +
    ` <span aria-hidden="true">–</span> ` +
    el("time", { datetime: `${review.date_created_gmt}Z` }, esc(review.formatted_date_created));
  const reply = review.owner_reply
    ? el(
        "div",
        { class: "review__reply" },
        el(
          "p",
          { class: "review__meta" },
          el("strong", {}, esc(m.replyFrom(shop))) +
            ` <span aria-hidden="true">–</span> ` +
            el("time", {}, esc(review.owner_reply.formatted_date_created)),
        ) + el("div", { class: "review__text" }, review.owner_reply.reply),
      )
    : "";
  return el(
    "li",
    { class: "review", id: `review-${review.id}` },
    el(
      "article",
      {},
      (review.rating > 0 ? starsHtml(review.rating) : "") +
        el("p", { class: "review__meta" }, meta) +
        el("div", { class: "review__text" }, review.review) +
        reply,
    ),
  );
}
