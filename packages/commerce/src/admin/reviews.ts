/** The owner API's product reviews (`/api/admin/v1/reviews`, decision 0090). */
import type { ReviewStatus } from "../reviews.ts";
import type { OwnerPaging } from "./catalogue.ts";

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

/** A page of reviews with each tab's count. */
export interface ReviewList extends OwnerPaging {
  reviews: AdminReview[];
  /** `pages` under the name the console read first. */
  total_pages: number;
  counts: Record<ReviewTab, number>;
}

export interface ReviewPatch {
  content?: string;
  rating?: number | null;
  reviewer?: string;
  status?: ReviewStatus;
  /** The shop's answer; "" takes it away. */
  reply?: string;
}
