/** Product reviews (decision 0090): the Store API's listing and writing, the owner's moderation. */

export { reviewsAdminRoutes } from "./reviews.admin.routes.ts";
export { pendingCount as pendingReviewCount } from "./reviews.admin.ts";
export { refreshProductRating } from "./reviews.repo.ts";
export { reviewsRoutes } from "./reviews.routes.ts";
export {
  listStoreReviews,
  type NewReview,
  REVIEW_MESSAGES,
  type ReviewListing,
  type WrittenReview,
  writeReview,
} from "./reviews.service.ts";
export { reviewServices } from "./reviews.storefront.ts";
