import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "./demo-catalogue.ts";
import { demoReviews } from "./demo-reviews.ts";

describe("demoReviews", () => {
  it("gives each demo product its count of reviews, whose stars sum to its figure's nearest whole", () => {
    for (const [i, product] of DEMO_PRODUCTS.entries()) {
      const reviews = demoReviews(product, i);
      expect(reviews, product.slug).toHaveLength(product.reviews);
      if (!reviews.length) continue;
      const sum = reviews.reduce((a, r) => a + r.rating, 0);
      expect(sum, product.slug).toBe(Math.round(product.rating * product.reviews));
      expect(Math.abs(sum / reviews.length - product.rating), product.slug).toBeLessThanOrEqual(0.5 / reviews.length + 1e-9);
      for (const r of reviews) {
        expect(r.rating >= 1 && r.rating <= 5).toBe(true);
        expect(r.at > 0 && r.at < 1).toBe(true);
      }
    }
  });

  it("is the same on every seed", () => {
    expect(demoReviews(DEMO_PRODUCTS[0] as (typeof DEMO_PRODUCTS)[number], 0)).toEqual(
      demoReviews(DEMO_PRODUCTS[0] as (typeof DEMO_PRODUCTS)[number], 0),
    );
  });
});
