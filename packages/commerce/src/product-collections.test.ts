import { describe, expect, it } from "vitest";
import {
  COLLECTION_LAYOUT_DEFAULT,
  type CollectionAttributeQuery,
  collectionLayout,
  collectionOnProductQuery,
  collectionProductQuery,
  collectionSlug,
  hasCollectionNameForm,
  type ProductCollection,
  productCollectionProblem,
  productCollectionWarnings,
} from "./product-collections.ts";

const NOW = new Date("2026-06-15T12:00:00.000Z");
const base: ProductCollection = { name: "demo/product-collection/on-sale", title: "On sale" };

describe("collectionProductQuery (spec §3 query, §8 defaults)", () => {
  it("fills in the spec's defaults: 9 a page, no page limit, no offset, by title ascending", () => {
    expect(collectionProductQuery({}, 1, NOW)).toEqual({
      query: { page: 1, perPage: 9, orderBy: "title", order: "asc" },
      maxPages: 0,
    });
  });

  it("keeps a default for a field given as undefined", () => {
    expect(collectionProductQuery({ perPage: undefined, orderBy: undefined }, 2, NOW).query).toEqual({
      page: 2,
      perPage: 9,
      orderBy: "title",
      order: "asc",
    });
  });

  it.each([
    ["perPage", { perPage: 4 }, { perPage: 4 }],
    ["offset", { offset: 3 }, { offset: 3 }],
    ["order and orderBy", { order: "desc", orderBy: "price" }, { order: "desc", orderBy: "price" }],
    ["search, trimmed", { search: "  hoodie " }, { search: "hoodie" }],
    ["exclude", { exclude: [4, 5] }, { exclude: [4, 5] }],
    ["hand-picked products as include", { cartwrightHandPickedProducts: [7, 9] }, { include: [7, 9] }],
    ["categories", { taxQuery: { product_cat: [12, "accessories"] } }, { category: ["12", "accessories"] }],
    ["tags", { taxQuery: { product_tag: ["summer"] } }, { tag: ["summer"] }],
    ["featured", { featured: true }, { featured: true }],
    ["on sale", { cartwrightOnSale: true }, { onSale: true }],
    ["stock statuses", { cartwrightStockStatus: ["instock", "onbackorder"] }, { stockStatus: ["instock", "onbackorder"] }],
    ["a time frame within the last 7 days", { timeFrame: { operator: "in", days: 7 } }, { createdAfter: "2026-06-08T12:00:00.000Z" }],
    [
      "a time frame before the last 30 days",
      { timeFrame: { operator: "not-in", days: 30 } },
      { createdBefore: "2026-05-16T12:00:00.000Z" },
    ],
    ["a price range", { priceRange: { min: 1000, max: 2500 } }, { minPrice: 1000, maxPrice: 2500 }],
    ["a price range's floor alone, 0 kept", { priceRange: { min: 0 } }, { minPrice: 0 }],
    [
      "attribute queries, every one holding, the operator in unless given",
      {
        cartwrightAttributes: [
          { attribute: "pa_color", slug: ["red"] },
          { attribute: 7, operator: "not_in", slug: ["s", "m"] },
        ],
      },
      {
        attributes: [
          { attribute: "pa_color", operator: "in", slugs: ["red"] },
          { attribute: "7", operator: "not_in", slugs: ["s", "m"] },
        ],
        attributeRelation: "and",
      },
    ],
  ] as const)("maps %s", (_name, query, expected) => {
    expect(collectionProductQuery(query as never, 1, NOW).query).toMatchObject(expected);
  });

  it("leaves out what means 'all' or 'none': empty lists, false flags, no offset, a blank search", () => {
    const { query } = collectionProductQuery(
      {
        exclude: [],
        cartwrightHandPickedProducts: [],
        cartwrightStockStatus: [],
        featured: false,
        cartwrightOnSale: false,
        offset: 0,
        search: " ",
        taxQuery: { product_cat: [] },
        cartwrightAttributes: [],
      },
      1,
      NOW,
    );
    expect(query).toEqual({ page: 1, perPage: 9, orderBy: "title", order: "asc" });
  });

  it("counts a time frame from the hour, so the page's query stays the same for an hour", () => {
    const at = (time: string) => collectionProductQuery({ timeFrame: { operator: "in", days: 1 } }, 1, new Date(time)).query.createdAfter;
    expect(at("2026-06-15T12:34:56.789Z")).toBe("2026-06-14T12:00:00.000Z");
    expect(at("2026-06-15T12:59:59.999Z")).toBe(at("2026-06-15T12:00:00.000Z"));
  });

  it("passes pages on as the page limit", () => {
    expect(collectionProductQuery({ pages: 2 }, 1, NOW).maxPages).toBe(2);
  });

  it("fills in the layout: a 3-column grid", () => {
    expect(collectionLayout(undefined)).toEqual(COLLECTION_LAYOUT_DEFAULT);
    expect(COLLECTION_LAYOUT_DEFAULT).toEqual({ type: "flex", columns: 3 });
    expect(collectionLayout({ type: "list" })).toEqual({ type: "list", columns: 3 });
    expect(collectionLayout({ type: undefined, columns: 4 })).toEqual({ type: "flex", columns: 4 });
  });
});

describe("productCollectionProblem (spec §5 registration rule)", () => {
  it("accepts a named, titled collection", () => {
    expect(productCollectionProblem(base)).toBeNull();
  });

  it("accepts attribute queries by slug, pa_ name or id, each operator", () => {
    const cartwrightAttributes: CollectionAttributeQuery[] = [
      { attribute: "color", slug: ["red", "blue"] },
      { attribute: "pa_size", operator: "and", slug: ["s"] },
      { attribute: 3, operator: "not_in", slug: ["wool-blend"] },
    ];
    expect(productCollectionProblem({ ...base, query: { cartwrightAttributes } })).toBeNull();
  });

  it.each([
    [{ ...base, name: "" }, "A product collection's name must not be empty."],
    [{ ...base, name: "  " }, "A product collection's name must not be empty."],
    [{ ...base, title: "" }, "Product collection 'demo/product-collection/on-sale': its title must not be empty."],
    [{ ...base, name: "!!!" }, "Product collection '!!!': its name has no letters or digits to make its address from."],
    [{ ...base, query: { perPage: 0 } }, "perPage must be a whole number from 1 to 100."],
    [{ ...base, query: { pages: -1 } }, "pages must be a whole number from 0 (no limit) to 1000."],
    [{ ...base, query: { offset: 1.5 } }, "offset must be a whole number from 0 to 10000."],
    [{ ...base, query: { postType: "post" } }, "postType can only be 'product'."],
    [{ ...base, query: { orderBy: "name" } }, "orderBy must be one of"],
    [{ ...base, query: { exclude: ["4"] } }, "exclude must be a list of product ids."],
    [{ ...base, query: { cartwrightStockStatus: ["gone"] } }, "cartwrightStockStatus must list only instock, outofstock, onbackorder."],
    [{ ...base, query: { inherit: true } }, "inherit needs a page whose query it takes"],
    [
      { ...base, query: { cartwrightAttributes: { attribute: "pa_color" } } },
      "cartwrightAttributes must be a list of { attribute, operator, slug }.",
    ],
    [{ ...base, query: { cartwrightAttributes: [{ attribute: "Color!", slug: ["red"] }] } }, "cartwrightAttributes[0].attribute must be"],
    [{ ...base, query: { cartwrightAttributes: [{ attribute: 0, slug: ["red"] }] } }, "cartwrightAttributes[0].attribute must be"],
    [
      {
        ...base,
        query: {
          cartwrightAttributes: [
            { attribute: "color", slug: ["red"] },
            { attribute: "size", operator: "or", slug: ["s"] },
          ],
        },
      },
      "cartwrightAttributes[1].operator must be one of in, not_in, and.",
    ],
    [
      { ...base, query: { cartwrightAttributes: [{ attribute: "pa_color" }] } },
      "cartwrightAttributes[0].slug must list one or more term slugs",
    ],
    [
      { ...base, query: { cartwrightAttributes: [{ attribute: "pa_color", slug: [] }] } },
      "cartwrightAttributes[0].slug must list one or more",
    ],
    [{ ...base, query: { timeFrame: { operator: "in", days: 0 } } }, "timeFrame must be"],
    [{ ...base, query: { priceRange: { min: -1 } } }, "priceRange's min and max must be whole amounts"],
    [{ ...base, layout: { type: "masonry" } }, "layout type must be one of flex, list, carousel."],
    [{ ...base, layout: { columns: 7 } }, "layout columns must be a whole number from 1 to 6."],
    [{ ...base, placement: "sidebar" }, "placement must be 'page' or 'product'."],
  ])("refuses %j", (collection, message) => {
    expect(productCollectionProblem(collection as never)).toContain(message);
  });
});

describe("productCollectionWarnings", () => {
  it("has none for a collection named as the spec asks", () => {
    expect(productCollectionWarnings({ ...base, query: { relatedBy: { categories: false, tags: false } } })).toEqual([]);
  });

  it("says where a name of another form is shown, and that relatedBy is left out of its page", () => {
    expect(productCollectionWarnings({ name: "Picks", title: "Picks", query: { relatedBy: { tags: true } } })).toEqual([
      "Product collection 'Picks' should be named '<plugin-name>/product-collection/<collection-name>'; it is shown at /collection/picks.",
      "Product collection 'Picks': relatedBy needs a product page; /collection/picks lists without it.",
    ]);
  });

  it("accepts relatedBy at registration, and the mapping leaves it out", () => {
    const query = { relatedBy: { categories: true, tags: true } };
    expect(productCollectionProblem({ ...base, query })).toBeNull();
    expect(collectionProductQuery(query, 1, NOW).query).toEqual({ page: 1, perPage: 9, orderBy: "title", order: "asc" });
  });
});

describe("collectionOnProductQuery (a collection placed on product pages)", () => {
  const hoodie = { id: 3, categories: [{ id: 1 }], tags: [{ id: 7 }, { id: 9 }] };

  it("says nothing of a collection placed on product pages with relatedBy: there it applies", () => {
    expect(productCollectionWarnings({ ...base, placement: "product", query: { relatedBy: { tags: true } } })).toEqual([]);
  });

  it("takes the first page, leaves the product out, and narrows to the product's categories or tags as relatedBy asks", () => {
    const query = { perPage: 4, exclude: [5], relatedBy: { categories: true, tags: true } };
    expect(collectionOnProductQuery(query, hoodie, NOW)).toEqual({
      page: 1,
      perPage: 4,
      orderBy: "title",
      order: "asc",
      exclude: [5, 3],
      sharesTerms: { categories: [1], tags: [7, 9] },
    });
    expect(collectionOnProductQuery({ relatedBy: { tags: true } }, hoodie, NOW)?.sharesTerms).toEqual({ categories: [], tags: [7, 9] });
  });

  it("lists without narrowing when relatedBy asks for nothing, and finds nothing for a product without the terms asked", () => {
    expect(collectionOnProductQuery({ relatedBy: { categories: false } }, hoodie, NOW)).toEqual({
      page: 1,
      perPage: 9,
      orderBy: "title",
      order: "asc",
      exclude: [3],
    });
    expect(collectionOnProductQuery({ relatedBy: { tags: true } }, { ...hoodie, tags: [] }, NOW)).toBeNull();
  });
});

describe("collectionSlug", () => {
  it("is the collection-name of a name of the spec's form", () => {
    expect(collectionSlug("gift-wrap/product-collection/On-Sale-Accessories")).toBe("on-sale-accessories");
    expect(hasCollectionNameForm("gift-wrap/product-collection/on-sale")).toBe(true);
  });

  it("makes any other name safe for an address: lower-case letters, digits and dashes only", () => {
    expect(hasCollectionNameForm("Summer picks/../x")).toBe(false);
    expect(collectionSlug("Summer picks/../x")).toBe("summer-picks-x");
    expect(collectionSlug("a/product-collection/b_c")).toBe("a-product-collection-b-c");
  });
});
