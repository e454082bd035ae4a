/** The storefront port's reviews (decision 0090): the product page's list and form, over the same services as the Store API. */
import type { ReviewResult, StorefrontReviews } from "@cartwright/commerce";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { listStoreReviews, writeReview } from "./reviews.service.ts";

export function reviewServices(ctx: RequestContext): StorefrontReviews {
  return {
    async list(productId, page, perPage) {
      const listing = await listStoreReviews(ctx, { productIds: [productId], page, perPage });
      return { reviews: listing.reviews, total: listing.total, totalPages: listing.totalPages, page: listing.page };
    },
    async write(input): Promise<ReviewResult> {
      try {
        const written = await writeReview(ctx, input);
        return { ok: true, status: written.status, message: written.message };
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        const params = (error.data.params ?? {}) as Record<string, string>;
        return { ok: false, status: error.status, message: error.message, errors: params };
      }
    },
    async reviewer() {
      if (ctx.session.uid <= 0) return null;
      const account = await ctx.db
        .selectFrom("customers")
        .select(["email", "first_name", "last_name"])
        .where("id", "=", ctx.session.uid)
        .executeTakeFirst();
      return account ? { name: `${account.first_name} ${account.last_name}`.trim(), email: account.email } : null;
    },
  };
}
