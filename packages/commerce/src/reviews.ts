/**
 * Product reviews' pure parts (decision 0090), shared by the server, the storefront and the console:
 * the owner's review settings, the aggregate a product's rating follows, the checks a new review
 * passes, and the review's text as escaped paragraphs.
 */

/** The owner's review settings (Settings → Product reviews). */
export interface ReviewSettings {
  /** Shoppers may read and write reviews; off hides the product pages' reviews and refuses new ones. */
  enabled: boolean;
  /** Only a shopper whose e-mail or account has a paid order (processing or completed) of the product may write one. */
  verifiedOnly: boolean;
  /** Reviews carry a star rating. */
  ratingsEnabled: boolean;
  /** A review must carry a rating (when ratings are on). */
  ratingsRequired: boolean;
  /** New reviews wait for the owner's approval before they show. */
  holdForApproval: boolean;
  /** Show "Verified owner" beside a verified owner's review. */
  showVerifiedLabel: boolean;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  enabled: true,
  verifiedOnly: false,
  ratingsEnabled: true,
  ratingsRequired: true,
  holdForApproval: true,
  showVerifiedLabel: true,
};

export const REVIEW_STATUSES = ["pending", "approved", "spam", "trash"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Bounds of what a shopper writes. */
export const REVIEW_LIMITS = { nameMax: 100, emailMax: 254, textMin: 2, textMax: 5000, links: 2 } as const;

/** The product's figures from its approved reviews' ratings (nulls, reviews without a rating, not counted): average ×100, rounded. */
export function ratingAggregate(ratings: readonly (number | null)[]): { ratingX100: number; count: number } {
  const rated = ratings.filter((r): r is number => r !== null && r >= 1 && r <= 5);
  if (!rated.length) return { ratingX100: 0, count: 0 };
  const sum = rated.reduce((a, b) => a + b, 0);
  return { ratingX100: Math.round((sum * 100) / rated.length), count: rated.length };
}

/** The same figures from the ratings' sum and count (the database sums them). */
export function ratingFromSum(sum: number, count: number): { ratingX100: number; count: number } {
  return count > 0 ? { ratingX100: Math.round((sum * 100) / count), count } : { ratingX100: 0, count: 0 };
}

/** The whole stars a stored average (×100) rounds to, as the rating filter matches it: 4.49 → 4, 4.50 → 5; 0 for unrated. */
export function roundedStars(ratingX100: number): number {
  if (ratingX100 <= 0) return 0;
  return Math.min(5, Math.max(1, Math.floor((ratingX100 + 50) / 100)));
}

/** The lowest and highest stored average (×100, inclusive) that rounds to `stars`. */
export function starsRange(stars: number): [number, number] {
  return [stars * 100 - 50, stars === 5 ? 500 : stars * 100 + 49];
}

/** "Rated 4.61 out of 5", "Rated 4 out of 5": what the stars say to a screen reader. */
export function ratedText(rating: number): string {
  const shown = Number.isInteger(rating) ? String(rating) : rating.toFixed(2).replace(/0$/, "");
  return `Rated ${shown} out of 5`;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#039;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** A review's text as the Store API sends it (WordPress's wpautop shape): escaped paragraphs, single line breaks kept as <br />. */
export function reviewHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br />\n")}</p>`)
    .join("\n");
}

export interface ReviewInput {
  name: string;
  email: string;
  rating: number | null;
  text: string;
}

/** Simple e-mail shape check (the checkout's own rules live in address/validate; this keeps reviews free of that weight). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A new review's field errors by field name (empty when it may be stored). `guest`: no signed-in
 * account stands behind it, so a name and a valid e-mail are needed.
 */
export function reviewInputErrors(input: ReviewInput, settings: ReviewSettings, guest: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const text = input.text.trim();
  if (guest && !name) errors.reviewer = "Enter your name.";
  else if (name.length > REVIEW_LIMITS.nameMax) errors.reviewer = `Your name can be at most ${REVIEW_LIMITS.nameMax} characters.`;
  if (guest && !email) errors.reviewer_email = "Enter your email address.";
  else if (email && (email.length > REVIEW_LIMITS.emailMax || !EMAIL.test(email))) errors.reviewer_email = "Enter a valid email address.";
  if (settings.ratingsEnabled) {
    if (input.rating === null) {
      if (settings.ratingsRequired) errors.rating = "Please select a rating.";
    } else if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
      errors.rating = "Choose a rating from 1 to 5 stars.";
  }
  if (text.length < REVIEW_LIMITS.textMin) errors.review = "Write your review.";
  else if (text.length > REVIEW_LIMITS.textMax) errors.review = `Your review can be at most ${REVIEW_LIMITS.textMax} characters.`;
  return errors;
}

/** How many links a text holds (a review with more than REVIEW_LIMITS.links waits for approval, as WordPress holds comments). */
export function linkCount(text: string): number {
  return (text.match(/https?:\/\/|www\./gi) ?? []).length;
}

/** The text a duplicate is told by: case and runs of white space ignored. */
export const duplicateKey = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/** A review as the Store API lists it (`GET /products/reviews`, WooCommerce's shape; `owner_reply` is the shop's answer, ours). */
export interface StoreReview {
  id: number;
  date_created: string;
  /** The day in the shop's time zone, "November 29, 2026". */
  formatted_date_created: string;
  date_created_gmt: string;
  product_id: number;
  product_name: string;
  product_permalink: string;
  product_image: { id: number; src: string; thumbnail: string; srcset: string; sizes: string; name: string; alt: string } | null;
  reviewer: string;
  /** Escaped paragraphs. */
  review: string;
  /** 0 when the review has no rating. */
  rating: number;
  verified: boolean;
  owner_reply: { reply: string; date_created: string; formatted_date_created: string } | null;
}

/** The rating filter's counts on a listing: products whose rounded average is each number of stars. */
export interface RatingFacet {
  stars: number;
  count: number;
}
