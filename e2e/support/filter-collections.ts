/**
 * A product collection for the journeys' filter areas (e2e/listing-filters.spec.ts, decision 0091): clothes
 * from $30 at the price a shopper pays now (the Hoodie's variations cost $39 to $45), so the demo Hoodie, the
 * one product with Color and Size, is listed beside two without them. The journeys' server loads it after the
 * demo's (playwright.config.ts EXTENSIONS); it adds a page and changes no other.
 */
import type { Extension } from "../../apps/server/src/extensions.ts";

const filterCollections: Extension = {
  name: "e2e-filter-collections",
  productCollections: [
    {
      name: "e2e-filter-collections/product-collection/warm-layers",
      title: "Warm layers",
      description: "Clothes from $30.",
      query: { taxQuery: { product_cat: ["clothing"] }, priceRange: { min: 3000 } },
    },
  ],
};

export default filterCollections;
