/**
 * An example extension: a product collection (decision 0087). It registers one ready-made listing,
 * accessories under $30, cheapest first, three a page so its pages show; the shop lists it at
 * /collection/small-accessories. Load it with EXTENSIONS=./extensions/demo-collections/index.ts npm start
 * (docs/architecture.md "Extension points"); the journeys' server loads it (e2e/collections.spec.ts).
 */
import type { Extension } from "../../apps/server/src/extensions.ts";

const demoCollections: Extension = {
  name: "demo-collections",
  productCollections: [
    {
      name: "demo-collections/product-collection/small-accessories",
      title: "Accessories under $30",
      description: "Small things that finish an outfit, each under $30 at today's price.",
      query: {
        taxQuery: { product_cat: ["accessories"] },
        // Minor units: $30.00, the price a shopper pays now (a sale price while it holds).
        priceRange: { max: 3000 },
        orderBy: "price",
        perPage: 3,
      },
      layout: { type: "flex", columns: 3 },
    },
  ],
};

export default demoCollections;
