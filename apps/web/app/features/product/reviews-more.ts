/**
 * "More reviews" without reloading the page (decision 0090): loaded on the link's first click, it
 * fetches the next page from the Store API, appends it with the server's own markup, moves focus
 * to the first new review and says how many came. Without JavaScript the link opens that page.
 */
import type { StoreReview } from "@cartwright/commerce";
import { reviewItemHtml } from "./review-html.ts";
import { reviewMessages as m } from "./review-messages.ts";

export async function showMoreReviews(link: HTMLAnchorElement): Promise<void> {
  const section = link.closest<HTMLElement>("[data-reviews]");
  const list = section?.querySelector<HTMLOListElement>("[data-reviews-list]");
  const status = section?.querySelector<HTMLElement>("[data-reviews-status]");
  if (!section || !list || !status || link.getAttribute("aria-disabled") === "true") return;
  const page = Number(link.dataset.nextPage);
  const perPage = Number(section.dataset.perPage);
  link.setAttribute("aria-disabled", "true");
  status.textContent = m.loading;
  try {
    const response = await fetch(
      `/api/store/v1/products/reviews?product_id=${section.dataset.productId}&page=${page}&per_page=${perPage}`,
      {
        headers: { accept: "application/json" },
      },
    );
    if (!response.ok) throw new Error(String(response.status));
    const reviews = (await response.json()) as StoreReview[];
    const totalPages = Number(response.headers.get("X-WP-TotalPages") ?? page);
    const known = new Set([...list.children].map((li) => li.id));
    const fresh = reviews.filter((review) => !known.has(`review-${review.id}`));
    list.insertAdjacentHTML("beforeend", fresh.map((review) => reviewItemHtml(review, section.dataset.shop ?? "")).join(""));
    status.textContent = m.loaded(fresh.length);
    const first = fresh[0] ? document.getElementById(`review-${fresh[0].id}`) : null;
    if (first) {
      first.tabIndex = -1;
      first.focus();
    }
    if (page >= totalPages) link.parentElement?.remove();
    else {
      link.dataset.nextPage = String(page + 1);
      link.href = `?reviews_page=${page + 1}#reviews`;
      link.removeAttribute("aria-disabled");
    }
  } catch {
    status.textContent = m.loadFailed;
    link.removeAttribute("aria-disabled");
  }
}
