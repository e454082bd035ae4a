/**
 * The product page's reviews as HTML built on the server (decision 0090): the stars near the price,
 * the approved reviews with a "More reviews" link, and the form, a plain POST to the page that works
 * without JavaScript. No code for them ships with the page (its script budget, bench/budgets.json);
 * only "More reviews" loads a small script on its first click (features/product/reviews-more.ts).
 */
import type { ReviewPage, ReviewSettings, StoreProduct } from "@cartwright/commerce";
import { el, esc } from "../../forms/render/html.ts";
import { reviewItemHtml, starsHtml } from "../features/product/review-html.ts";
import { reviewMessages as m } from "../features/product/review-messages.ts";

export const REVIEWS_PER_PAGE = 5;

/** The stars and the count linking to the reviews, under the price; empty while the product has no rated review. */
export function ratingSummaryHtml(product: StoreProduct, settings: ReviewSettings): string {
  if (!settings.enabled || !settings.ratingsEnabled || product.review_count < 1) return "";
  const average = Number(product.average_rating);
  return el(
    "div",
    { class: "product__rating" },
    `${starsHtml(average)} ${el("a", { href: "#reviews", class: "product__rating-link" }, esc(m.ratingLink(product.review_count)))}`,
  );
}

/** The section around the list and the form, carrying what "More reviews" needs (reviews-more.ts). */
export function reviewsSectionHtml(product: StoreProduct, meta: { perPage: number; shop: string }, list: string, form: string): string {
  return el(
    "section",
    {
      id: "reviews",
      class: "reviews",
      "aria-labelledby": "reviews-heading",
      "data-reviews": true,
      "data-product-id": product.id,
      "data-per-page": meta.perPage,
      "data-shop": meta.shop,
    },
    list + form,
  );
}

/** The heading, summary, the page's reviews and the link to the next page. */
export function reviewListHtml(product: StoreProduct, page: ReviewPage, settings: ReviewSettings, shop: string): string {
  const heading = el("h2", { id: "reviews-heading" }, esc(page.total ? m.heading(page.total) : m.addReview));
  const summary =
    settings.ratingsEnabled && product.review_count > 0
      ? el(
          "p",
          { class: "reviews__summary" },
          `${starsHtml(Number(product.average_rating))} ${esc(m.summary(product.average_rating, product.review_count))}`,
        )
      : "";
  if (!page.reviews.length) return heading + el("p", { class: "reviews__none" }, esc(m.noReviews));
  const list = el("ol", { class: "reviews__list", "data-reviews-list": true }, page.reviews.map((r) => reviewItemHtml(r, shop)).join(""));
  const next = page.page + 1;
  const more =
    page.page < page.totalPages
      ? el(
          "p",
          { class: "reviews__more" },
          el(
            "a",
            { class: "button button--secondary", href: `?reviews_page=${next}#reviews`, "data-reviews-more": true, "data-next-page": next },
            esc(m.more),
          ),
        )
      : "";
  const status = el("p", { class: "visually-hidden", role: "status", "data-reviews-status": true }, "");
  return heading + summary + list + more + status;
}

export interface ReviewFormState {
  values: { reviewer: string; email: string; rating: string; review: string };
  errors: Record<string, string>;
  /** A refusal that is no field's fault (closed, duplicate, too many). */
  message?: string;
  /** What became of a sent review. */
  outcome?: { status: "approved" | "pending"; message: string };
}

export const emptyReviewForm = (): ReviewFormState => ({ values: { reviewer: "", email: "", rating: "", review: "" }, errors: {} });

const FIELD_IDS: Record<string, string> = {
  rating: "review-rating-5",
  review: "review-text",
  reviewer: "review-author",
  reviewer_email: "review-email",
};

/** The review form with its errors beside their fields and a summary that links to each; the outcome after a send. */
export function reviewFormHtml(
  product: StoreProduct,
  settings: ReviewSettings,
  state: ReviewFormState,
  reviewer: { name: string; email: string } | null,
  first: boolean,
): string {
  if (!settings.enabled) return "";
  const { values, errors } = state;
  const error = (field: string) =>
    errors[field] ? el("p", { class: "field-error", id: `${FIELD_IDS[field]}-error` }, esc(errors[field] as string)) : "";
  const describedBy = (field: string, hint?: string) =>
    [errors[field] ? `${FIELD_IDS[field]}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined;
  const outcome = state.outcome
    ? el("p", { class: "notice notice--success", role: "status", tabindex: "-1", "data-review-outcome": true }, esc(state.outcome.message))
    : "";
  const refusal =
    state.message && !Object.keys(errors).length ? el("p", { class: "notice notice--error", role: "alert" }, esc(state.message)) : "";
  const summary = Object.keys(errors).length
    ? el(
        "div",
        { class: "notice notice--error review-form__summary", role: "alert" },
        el("p", {}, esc(m.errorSummary)) +
          el(
            "ul",
            {},
            Object.entries(errors)
              .map(([field, text]) => el("li", {}, el("a", { href: `#${FIELD_IDS[field] ?? "review-text"}` }, esc(text))))
              .join(""),
          ),
      )
    : "";
  const stars = settings.ratingsEnabled
    ? el(
        "fieldset",
        { class: "star-rating", "aria-describedby": describedBy("rating") },
        el("legend", {}, `${esc(m.yourRating)}${settings.ratingsRequired ? ` <span class="required">${esc(m.required)}</span>` : ""}`) +
          el(
            "div",
            { class: "star-rating__options" },
            [5, 4, 3, 2, 1]
              .map((n) =>
                el(
                  "label",
                  { class: "star-rating__star", title: m.starOption(n) },
                  el("input", {
                    type: "radio",
                    name: "rating",
                    value: n,
                    id: `review-rating-${n}`,
                    checked: values.rating === String(n),
                    required: settings.ratingsRequired && n === 5,
                  }) + el("span", { class: "visually-hidden" }, esc(m.starOption(n))),
                ),
              )
              .join(""),
          ),
      ) + error("rating")
    : "";
  const text =
    el(
      "p",
      { class: "field" },
      el(
        "label",
        { for: "review-text", class: "review-form__label" },
        `${esc(m.yourReview)} <span class="required">${esc(m.required)}</span>`,
      ),
    ) +
    el(
      "textarea",
      {
        id: "review-text",
        name: "review",
        rows: 6,
        maxlength: 5000,
        required: true,
        "aria-invalid": errors.review ? "true" : undefined,
        "aria-describedby": describedBy("review"),
      },
      esc(values.review),
    ) +
    error("review");
  const who = reviewer
    ? el("p", { class: "review-form__who" }, esc(m.signedInAs(reviewer.name || reviewer.email)))
    : el(
        "p",
        { class: "field" },
        el(
          "label",
          { for: "review-author", class: "review-form__label" },
          `${esc(m.name)} <span class="required">${esc(m.required)}</span>`,
        ),
      ) +
      el("input", {
        id: "review-author",
        name: "reviewer",
        autocomplete: "name",
        maxlength: 100,
        required: true,
        value: values.reviewer,
        "aria-invalid": errors.reviewer ? "true" : undefined,
        "aria-describedby": describedBy("reviewer"),
      }) +
      error("reviewer") +
      el(
        "p",
        { class: "field" },
        el(
          "label",
          { for: "review-email", class: "review-form__label" },
          `${esc(m.email)} <span class="required">${esc(m.required)}</span>`,
        ),
      ) +
      el("input", {
        id: "review-email",
        name: "reviewer_email",
        type: "email",
        autocomplete: "email",
        maxlength: 254,
        required: true,
        value: values.email,
        "aria-invalid": errors.reviewer_email ? "true" : undefined,
        "aria-describedby": describedBy("reviewer_email", "review-email-hint"),
      }) +
      el("p", { class: "field-hint", id: "review-email-hint" }, esc(m.emailHint)) +
      error("reviewer_email");
  // People never see or fill it; form-filling robots do, and their review is kept as spam.
  const trap = el(
    "div",
    { class: "review-form__trap", "aria-hidden": "true" },
    el("label", { for: "review-website" }, esc(m.trap)) +
      el("input", { id: "review-website", name: "website", tabindex: "-1", autocomplete: "off", value: "" }),
  );
  const form = el(
    "form",
    {
      method: "post",
      action: `${product.permalink}#review-form`,
      class: "review-form",
      novalidate: true,
      "aria-labelledby": "review-form-heading",
    },
    el("input", { type: "hidden", name: "intent", value: "review" }) +
      (settings.verifiedOnly ? el("p", { class: "review-form__note" }, esc(m.verifiedOnly)) : "") +
      summary +
      stars +
      text +
      who +
      trap +
      el("button", { type: "submit", class: "button" }, esc(m.submit)),
  );
  return el(
    "div",
    { class: "review-form__wrap", id: "review-form" },
    el("h3", { id: "review-form-heading" }, esc(first ? m.firstReview(product.name) : m.addReview)) + outcome + refusal + form,
  );
}

/** The review form's fields from a posted form. */
export function readReviewForm(form: FormData): ReviewFormState["values"] & { website: string } {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    reviewer: text("reviewer"),
    email: text("reviewer_email"),
    rating: text("rating"),
    review: text("review"),
    website: text("website"),
  };
}
