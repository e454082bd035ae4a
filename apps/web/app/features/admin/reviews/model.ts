/** The reviews page's address and choices (decision 0090), pure: what a URL asks for, and the links that keep it. */

import { pageParam } from "../components/page-param.ts";
import type { BulkAction, ReviewListQuery, ReviewStatus, ReviewTab } from "./api.ts";

export const REVIEW_TABS: ReviewTab[] = ["all", "pending", "approved", "spam", "trash"];

export function reviewsQuery(params: URLSearchParams): ReviewListQuery {
  const status = params.get("status") ?? "all";
  const product = Number(params.get("product"));
  const rating = Number(params.get("rating"));
  return {
    status: (REVIEW_TABS as string[]).includes(status) ? (status as ReviewTab) : "all",
    search: (params.get("search") ?? "").trim().slice(0, 100),
    ...(Number.isInteger(product) && product > 0 ? { product_id: product } : {}),
    ...(Number.isInteger(rating) && rating >= 1 && rating <= 5 ? { rating } : {}),
    page: pageParam(params),
  };
}

/** The page's address for a query; defaults left out. */
export function reviewsLink(query: ReviewListQuery, change: Partial<ReviewListQuery> = {}): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.status !== "all") params.set("status", next.status);
  if (next.search) params.set("search", next.search);
  if (next.product_id) params.set("product", String(next.product_id));
  if (next.rating) params.set("rating", String(next.rating));
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `/admin/reviews?${text}` : "/admin/reviews";
}

/** The bulk actions that make sense in a tab: restore and delete for good only where trash and spam are. */
export function bulkActionsFor(tab: ReviewTab): BulkAction[] {
  if (tab === "trash" || tab === "spam") return ["restore", "delete"];
  if (tab === "approved") return ["unapprove", "spam", "trash"];
  if (tab === "pending") return ["approve", "spam", "trash"];
  return ["approve", "unapprove", "spam", "trash"];
}

/** A row's own actions: the status moves a review in that status may take. */
export function rowActionsFor(status: ReviewStatus): BulkAction[] {
  switch (status) {
    case "pending":
      return ["approve", "spam", "trash"];
    case "approved":
      return ["unapprove", "spam", "trash"];
    default:
      return ["restore", "delete"];
  }
}
