/** The owner API's product reviews (`/api/admin/v1/reviews`, decision 0090) as the console reads and writes them. */
import type { ReviewStatus } from "@cartwright/commerce";
import type { AdminReview, BulkAction, ReviewList, ReviewPatch, ReviewTab } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";

export type { AdminReview, BulkAction, ReviewList, ReviewPatch, ReviewStatus, ReviewTab };

export interface ReviewListQuery {
  status: ReviewTab;
  search: string;
  product_id?: number;
  rating?: number;
  page: number;
}

const c = () => adminClient();

export const reviewsApi = {
  list: (query: ReviewListQuery, perPage: number) =>
    c().admin<ReviewList>("/reviews", {
      query: {
        status: query.status,
        search: query.search || undefined,
        product_id: query.product_id ? String(query.product_id) : undefined,
        rating: query.rating ? String(query.rating) : undefined,
        page: String(query.page),
        per_page: String(perPage),
      },
    }),
  update: (id: number, patch: ReviewPatch) => c().admin<AdminReview>(`/reviews/${id}`, { method: "PATCH", body: patch }),
  bulk: (ids: number[], action: BulkAction) =>
    c().admin<{ changed: number; ids: number[] }>("/reviews/bulk", { method: "POST", body: { ids, action } }),
  pendingCount: () => c().admin<{ pending: number }>("/reviews/pending-count"),
};
