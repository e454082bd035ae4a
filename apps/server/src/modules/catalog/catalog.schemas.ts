/** Request and response schemas of the catalogue routes: validation, serialisation and OpenAPI. */
import { Type } from "typebox";
import { nullable } from "../../http/openapi.ts";
import { pagingQuery } from "../../http/paging.ts";

export const Money = Type.String({ description: "Amount in minor units", pattern: "^(-?\\d+)?$" });

/** The currency's fields beside every amount. */
export const CurrencyFields = {
  currency_code: Type.String(),
  currency_symbol: Type.String(),
  currency_minor_unit: Type.Integer(),
  currency_decimal_separator: Type.String(),
  currency_thousand_separator: Type.String(),
  currency_prefix: Type.String(),
  currency_suffix: Type.String(),
};

const Term = Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String(), link: Type.String() });

export const Image = Type.Object({
  id: Type.Integer(),
  src: Type.String(),
  thumbnail: Type.String(),
  srcset: Type.String(),
  sizes: Type.String(),
  name: Type.String(),
  alt: Type.String(),
});

export const Prices = Type.Object({
  price: Money,
  regular_price: Money,
  sale_price: Money,
  price_range: nullable(Type.Object({ min_amount: Money, max_amount: Money })),
  ...CurrencyFields,
});

const VariationAttribute = Type.Object({ name: Type.String(), value: Type.String() });

export const ProductSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  parent: Type.Integer(),
  type: Type.String(),
  variation: Type.String(),
  permalink: Type.String(),
  sku: Type.String(),
  short_description: Type.String(),
  description: Type.String(),
  on_sale: Type.Boolean(),
  prices: Prices,
  price_html: Type.String(),
  average_rating: Type.String(),
  review_count: Type.Integer(),
  images: Type.Array(Image),
  categories: Type.Array(Term),
  tags: Type.Array(Term),
  attributes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      taxonomy: Type.String(),
      has_variations: Type.Boolean(),
      terms: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String(), default: Type.Boolean() })),
    }),
  ),
  variations: Type.Array(Type.Object({ id: Type.Integer(), attributes: Type.Array(VariationAttribute) })),
  has_options: Type.Boolean(),
  is_purchasable: Type.Boolean(),
  is_in_stock: Type.Boolean(),
  is_on_backorder: Type.Boolean(),
  low_stock_remaining: nullable(Type.Integer()),
  sold_individually: Type.Boolean(),
  add_to_cart: Type.Object({
    text: Type.String(),
    description: Type.String(),
    url: Type.String(),
    minimum: Type.Integer(),
    maximum: Type.Integer(),
    multiple_of: Type.Integer(),
  }),
});

export const ErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  data: Type.Object({ status: Type.Integer() }, { additionalProperties: true }),
});

const commaList = (description: string, pattern: string) =>
  Type.String({ description: `${description}; several separated by commas`, pattern: `^(${pattern})(,(${pattern}))*$`, maxLength: 500 });

/** A list parameter: one value, several separated by commas, or the key repeated, as name or name[] (product-list-params.ts reads both and checks each value). */
const list = (description: string) =>
  Type.Optional(
    Type.Array(Type.String(), {
      description: `${description}; several separated by commas, or the key repeated, with or without [] after its name`,
    }),
  );

const termOperator = (terms: string) =>
  Type.Optional(
    Type.Union([Type.Literal("in"), Type.Literal("not_in"), Type.Literal("and")], {
      description: `How the ${terms} given match: any of them (in, the default), none of them (not_in) or every one (and)`,
    }),
  );

/** A price in minor units (product-list-params.ts readPriceParams checks it: a decimal is refused, not read as cents). */
const MinorUnits = (description: string) => Type.Optional(Type.String({ maxLength: 20, description }));

export const ProductListQuery = Type.Object(
  {
    ...pagingQuery(10),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100000,
        description: "Products skipped before the first page (pages count from there); not read by collection data",
      }),
    ),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    slug: list("Only the products with these slugs"),
    sku: list("Only the products with these SKUs (letter case aside)"),
    include: list("Only the products with these ids"),
    exclude: list("Not the products with these ids"),
    parent: list(
      "Only the products whose parent has one of these ids, as WooCommerce's post_parent: 0 for none, which every listed product is (a variation is read in its product's variations)",
    ),
    parent_exclude: list("Not the products whose parent has one of these ids (0: none, so every listed product)"),
    catalog_visibility: Type.Optional(
      Type.Union(
        ["any", "visible", "catalog", "search", "hidden"].map((v) => Type.Literal(v)),
        {
          description:
            "Which catalogue visibilities to list: visible (shown in the shop and in search), catalog (shown in the shop: visible and shop-only ones), search (shown in search: visible and search-only ones), hidden (hidden ones alone, which stay reachable at their own address), any. Without it, what the shop lists: catalog, or search when searching",
        },
      ),
    ),
    type: Type.Optional(
      Type.Union(
        ["simple", "grouped", "external", "variable"].map((v) => Type.Literal(v)),
        {
          description:
            "Only products of this type (this shop makes simple and variable ones; a variable product's variations are in its own variations)",
        },
      ),
    ),
    featured: Type.Optional(Type.Boolean({ description: "Only featured products (true), or only the others (false)" })),
    category: list("Category id or slug"),
    category_operator: termOperator("categories"),
    tag: list("Tag id or slug"),
    tag_operator: termOperator("tags"),
    brand: list("Brand id or slug"),
    brand_operator: termOperator("brands"),
    on_sale: Type.Optional(Type.Boolean()),
    min_price: MinorUnits(
      "Only products a shopper can pay at least this for now, in minor units (1500 for $15.00): a variable product when its dearest priced variation costs this or more",
    ),
    max_price: MinorUnits(
      "Only products a shopper can pay at most this for now, in minor units: a variable product when its cheapest priced variation costs this or less",
    ),
    stock_status: list("Stock status: instock, outofstock or onbackorder"),
    after: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          "Only products created at or after this ISO 8601 date and time: 2026-11-01T09:00:00 in the shop's time zone, or with an offset (Z, +02:00)",
      }),
    ),
    before: Type.Optional(
      Type.String({ maxLength: 40, description: "Only products created before this ISO 8601 date and time, read as after is" }),
    ),
    orderby: Type.Union(
      ["date", "price", "popularity", "rating", "title", "menu_order", "id", "slug", "modified", "comment_count", "include"].map((v) =>
        Type.Literal(v),
      ),
      { default: "menu_order", description: "include: in the order of include's ids; comment_count: by the number of reviews" },
    ),
    order: Type.Optional(Type.Union([Type.Literal("asc"), Type.Literal("desc")])),
    attribute_relation: Type.Optional(
      Type.Union([Type.Literal("and"), Type.Literal("or")], {
        description: "How several attribute filters combine: every one (and, the default) or any one (or)",
      }),
    ),
  },
  {
    additionalProperties: true,
    description:
      "Attribute filters go beside these: attributes[N][attribute] (pa_color, color or the id), attributes[N][operator] (in, not_in, and; in unless given), attributes[N][slug][] or attributes[N][term_id][]. rating (or rating[], repeated or separated by commas): whole stars 1-5; a product matches when its average rating rounds to one of them.",
  },
);

export const AttributeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  taxonomy: Type.String(),
  type: Type.String(),
  order: Type.String(),
  has_archives: Type.Boolean(),
  count: Type.Integer({ description: "How many terms the attribute has" }),
});

export const AttributeTermSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  parent: Type.Integer(),
  count: Type.Integer({ description: "Published, listed products that offer the term" }),
});

export const AttributeParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const ProductParams = Type.Object({ idOrSlug: Type.String({ pattern: "^[A-Za-z0-9-]+$", maxLength: 200 }) });

export const CategoryParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const TermListFields = {
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  per_page: Type.Integer({ minimum: 0, maximum: 100, default: 0, description: "Terms a page; 0 (the default) for every term at once" }),
  search: Type.Optional(Type.String({ maxLength: 200, description: "Only terms whose name or slug holds this text" })),
  include: Type.Optional(commaList("Only these term ids", "[0-9]{1,10}")),
  exclude: Type.Optional(commaList("Not these term ids", "[0-9]{1,10}")),
  order: Type.Union([Type.Literal("asc"), Type.Literal("desc")], { default: "asc" }),
  orderby: Type.Union(
    ["name", "slug", "count", "id"].map((v) => Type.Literal(v)),
    { default: "name" },
  ),
  hide_empty: Type.Boolean({ default: true, description: "Leave out terms no listed product carries" }),
};

export const TagListQuery = Type.Object(TermListFields, { additionalProperties: true });

export const CategoryListQuery = Type.Object(
  {
    ...TermListFields,
    parent: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 2147483647, description: "Only this category's children; 0 for the top level" }),
    ),
  },
  { additionalProperties: true },
);

export const CategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  parent: Type.Integer(),
  count: Type.Integer({ description: "The products its page lists: published, shown in the catalogue, in a stock status the shop lists" }),
  image: Type.Null({ description: "Categories have no image in this shop" }),
  review_count: Type.Integer({ description: "Reviews of those products" }),
  permalink: Type.String(),
});

/** A brand (decision 0095): the category's shape, its permalink the brand page. */
export const BrandSchema = Type.Object({
  ...CategorySchema.properties,
  image: Type.Null({ description: "Brands have no image in this shop" }),
});

export const TagSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  parent: Type.Integer(),
  count: Type.Integer({ description: "Products listed with the tag" }),
});

export const CollectionDataQuery = Type.Object(
  {
    ...ProductListQuery.properties,
    calculate_price_range: Type.Optional(Type.Boolean()),
    calculate_rating_counts: Type.Optional(Type.Boolean()),
    calculate_stock_status_counts: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: true,
    description:
      "Every filter of GET /products, and calculate_attribute_counts[N][taxonomy] (pa_color, color or the id) with calculate_attribute_counts[N][query_type] (or, the default: the attribute's own filter left out of its counts; and: kept).",
  },
);

const Count = (name: string, value: ReturnType<typeof Type.Integer> | ReturnType<typeof Type.String>) =>
  nullable(Type.Array(Type.Object({ [name]: value, count: Type.Integer() })));

export const CollectionDataSchema = Type.Object({
  price_range: nullable(Type.Object({ min_price: Money, max_price: Money, ...CurrencyFields })),
  attribute_counts: Count("term", Type.Integer()),
  rating_counts: Count("rating", Type.Integer()),
  stock_status_counts: Count("status", Type.String()),
});
