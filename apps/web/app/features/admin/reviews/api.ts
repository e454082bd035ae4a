/** The owner API's product reviews (`/api/admin/v1/reviews`, decision 0090) as the console reads and writes them. */
import { adminClient } from "../api.ts";

export type ReviewStatus = "pending" | "approved" | "spam" | "trash";
export type ReviewTab = "all" | ReviewStatus;
export type BulkAction = "approve" | "unapprove" | "spam" | "trash" | "restore" | "delete";

export interface AdminReview {
  id: number;
  product: { id: number; name: string; permalink: string };
  reviewer: string;
  reviewer_email: string;
  customer_id: number | null;
  rating: number | null;
  content: string;
  status: ReviewStatus;
  verified: boolean;
  reply: string | null;
  reply_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReviewList {
  reviews: AdminReview[];
  total: number;
  total_pages: number;
  page: number;
  per_page: number;
  counts: Record<ReviewTab, number>;
}

export interface ReviewListQuery {
  status: ReviewTab;
  search: string;
  product_id?: number;
  rating?: number;
  page: number;
}

export interface ReviewPatch {
  content?: string;
  rating?: number | null;
  status?: ReviewStatus;
  reply?: string;
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
