/**
 * The owner API's products (under /api/admin/v1, behind requireOwner), open to managers too
 * (MANAGER_AREAS, decision 0043). Field rules the schema cannot state are checked by the
 * service, each error beside its field.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { isStoredId, MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { patchFields, withoutDefault } from "../../http/input.ts";
import { NoContent, nullable, OwnerCurrencyFields } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import { OwnerImageSchema } from "../media/index.ts";
import {
  bulkEditProducts,
  deleteProduct,
  generateVariations,
  listOwnerProducts,
  MAX_MONEY,
  MAX_VARIATIONS,
  readProduct,
  saveProduct,
  updateProduct,
} from "./products.admin.ts";
import { productsCsvRoutes } from "./products.csv.routes.ts";

const tags = ["owner"];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Params = Type.Object({ id: Id });
// One schema with two types, not a union: Ajv's coercion would turn a refused value into null through the union's other branch.
const nullableInteger = (minimum: number, maximum: number, description: string) =>
  Type.Unsafe<number | null>({ type: ["integer", "null"], minimum, maximum, default: null, description });
const money = (description: string) => nullableInteger(0, MAX_MONEY, description);
const StockStatus = Type.Union([Type.Literal("instock"), Type.Literal("outofstock"), Type.Literal("onbackorder")], {
  default: "instock",
  description: "Kept as given only when stock is not managed; a managed quantity decides it",
});
const Backorders = Type.Union([Type.Literal("no"), Type.Literal("notify"), Type.Literal("yes")], {
  default: "no",
  description: "Whether a managed product sells below zero (notify: and tells the shopper)",
});
const Status = Type.Union([Type.Literal("publish"), Type.Literal("draft")], {
  default: "publish",
  description: "A draft stays out of the shop (listings, its page, carts) until published",
});
const saleInstant = (description: string) =>
  Type.Unsafe<string | null>({ type: ["string", "null"], maxLength: 40, default: null, description });
const saleStarts = saleInstant("ISO 8601 date and time with its zone: the sale price holds from it; null from now on");
const saleEnds = saleInstant("ISO 8601 date and time with its zone, after the start: the sale price holds until it; null until changed");
const stockQuantity = nullableInteger(-1_000_000_000, 1_000_000_000, "Units in stock when stock is managed (below zero on backorder)");
/** Absent unless sent (no default): a client that does not say what it loaded writes the quantity as given. */
const originalStock = Type.Optional(
  // A type list, as nullableInteger's, so that null stays null (a union would let Ajv's coercion make it 0).
  Type.Unsafe<number | null>({
    type: ["integer", "null"],
    minimum: -1_000_000_000,
    maximum: 1_000_000_000,
    description:
      "The quantity the editor loaded: left unchanged, stock orders moved since is kept; changed after such a move, 409 cw_rest_stock_changed with data.stock, the quantities now",
  }),
);
const weight = nullableInteger(0, 1_000_000_000, "Grams, for weight-based shipping; null for none");

const VariationBody = Type.Object(
  {
    id: Type.Unsafe<number | null>({
      type: ["integer", "null"],
      minimum: 1,
      maximum: MAX_ID,
      default: null,
      description: "An existing variation to keep; null for a new one (variations not given are deleted)",
    }),
    attributes: Type.Array(Type.Object({ attribute_id: Id, term_id: Id }, { additionalProperties: false }), {
      maxItems: 20,
      description: "One term of each of the product's attributes used for variations",
    }),
    sku: Type.String({ maxLength: 100, default: "", description: "Unique when given" }),
    regular_price: money("Minor units; null for a variation that cannot be bought yet"),
    sale_price: money("Minor units, below the regular price; null for none"),
    sale_starts_at: saleStarts,
    sale_ends_at: saleEnds,
    manage_stock: Type.Boolean({ default: false }),
    stock_quantity: stockQuantity,
    original_stock_quantity: originalStock,
    stock_status: StockStatus,
    backorders: Backorders,
    weight_grams: weight,
    tax_class: Type.String({
      minLength: 1,
      maxLength: 100,
      default: "parent",
      description: '"parent" (the product\'s class), "standard" or a tax class\'s slug',
    }),
    shipping_class_id: Type.Optional(
      Type.Unsafe<number | null>({
        type: ["integer", "null"],
        minimum: 1,
        maximum: MAX_ID,
        description: "Its own shipping class; null for the product's; absent keeps the saved one",
      }),
    ),
    image_id: Type.Optional(
      Type.Unsafe<number | null>({
        type: ["integer", "null"],
        minimum: 1,
        maximum: MAX_ID,
        description:
          "The image (a media id) shown when a shopper chooses this variation; null for the product's; absent keeps the saved one",
      }),
    ),
  },
  { additionalProperties: false },
);

const fields = {
  type: Type.Union([Type.Literal("simple"), Type.Literal("variable")], { default: "simple" }),
  status: Status,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  slug: Type.String({
    maxLength: 200,
    default: "",
    description: "Lower-case letters, digits, hyphens; unique; made from the name when empty",
  }),
  sku: Type.String({ maxLength: 100, default: "", description: "Unique when given" }),
  short_description: Type.String({ maxLength: 20_000, default: "", description: "HTML, sanitised by the server's allowlist" }),
  description: Type.String({ maxLength: 200_000, default: "", description: "HTML, sanitised by the server's allowlist" }),
  regular_price: money("Minor units; null for a product that cannot be bought yet, and for variable products"),
  sale_price: money("Minor units, below the regular price; null for none"),
  sale_starts_at: saleStarts,
  sale_ends_at: saleEnds,
  manage_stock: Type.Boolean({ default: false }),
  stock_quantity: stockQuantity,
  original_stock_quantity: originalStock,
  stock_status: StockStatus,
  backorders: Backorders,
  low_stock_amount: nullableInteger(0, 1_000_000_000, "Low-stock threshold; null for the shop's"),
  quantity_min: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  quantity_max: nullableInteger(1, 1_000_000, "The most one order may hold; null for no limit"),
  quantity_step: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: "Quantities are multiples of it" }),
  sold_individually: Type.Boolean({ default: false, description: "At most one per order" }),
  virtual: Type.Boolean({ default: false, description: "Needs no shipping" }),
  weight_grams: weight,
  tax_status: Type.Union([Type.Literal("taxable"), Type.Literal("shipping"), Type.Literal("none")], {
    default: "taxable",
    description: "taxable: the product and its shipping; shipping: only its shipping; none: neither. Variations follow it",
  }),
  tax_class: Type.String({ minLength: 1, maxLength: 100, default: "standard", description: '"standard" or a tax class\'s slug' }),
  shipping_class_id: Type.Optional(
    Type.Unsafe<number | null>({
      type: ["integer", "null"],
      minimum: 1,
      maximum: MAX_ID,
      description: "The shipping class flat rates price it by; null for none; absent keeps the saved one",
    }),
  ),
  featured: Type.Boolean({ default: false }),
  catalog_visibility: Type.Union([Type.Literal("visible"), Type.Literal("catalog"), Type.Literal("search"), Type.Literal("hidden")], {
    default: "visible",
    description: "catalog: listings only; search: search results only; hidden: its own page only",
  }),
  menu_order: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, default: 0, description: "The listings' default order" }),
  category_ids: Type.Array(Id, { maxItems: 100, default: [] }),
  brand_ids: Type.Array(Id, { maxItems: 100, default: [], description: "The product's brands (decision 0095)" }),
  tag_ids: Type.Array(Id, { maxItems: 100, default: [] }),
  cross_sell_ids: Type.Array(Id, { maxItems: 50, default: [], description: "Products offered in the cart, in this order" }),
  upsell_ids: Type.Array(Id, { maxItems: 50, default: [], description: "Products offered on its page in its place, in this order" }),
  attributes: Type.Array(
    Type.Object(
      {
        attribute_id: Id,
        term_ids: Type.Array(Id, { maxItems: 200 }),
        used_for_variations: Type.Boolean({ default: false }),
      },
      { additionalProperties: false },
    ),
    { maxItems: 20, default: [] },
  ),
  variations: Type.Array(VariationBody, { maxItems: MAX_VARIATIONS, default: [], description: "Variable products only" }),
  images: Type.Optional(
    Type.Array(
      Type.Object(
        {
          id: Id,
          alt: Type.Optional(
            Type.String({ maxLength: 2000, description: "Replaces the image's alt text (every product showing it shows it)" }),
          ),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 100,
        description: "The gallery in order, the first the main image (upload images with POST /media); absent keeps the saved gallery",
      },
    ),
  ),
};
const ProductBody = Type.Object(fields, { additionalProperties: false });
// A replace or a change may name the version it was made on (decision 0158).
const ProductReplace = Type.Object({ ...fields, version: VersionField }, { additionalProperties: false });
const ProductPatch = Type.Partial(Type.Object({ ...patchFields(fields), version: VersionField }), { additionalProperties: false });
const ListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100, description: "Part of the name, SKU (a variation's too) or slug" })),
  include: Type.Optional(
    Type.String({
      pattern: "^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$",
      description: "Only these products, by id, comma-separated (at most 100): the names of those a coupon or a product names",
    }),
  ),
  category: Type.Optional(Id),
  stock_status: Type.Optional(
    Type.Union([Type.Literal("instock"), Type.Literal("outofstock"), Type.Literal("onbackorder")], {
      description: "As the shop shows it: a variable product's from its priced variations (decision 0148)",
    }),
  ),
  type: Type.Optional(Type.Union([Type.Literal("simple"), Type.Literal("variable")])),
  status: Type.Optional(Type.Union([Type.Literal("publish"), Type.Literal("draft")])),
  orderby: Type.Union([Type.Literal("date"), Type.Literal("name"), Type.Literal("price")], { default: "date" }),
  order: Type.Optional(Type.Union([Type.Literal("asc"), Type.Literal("desc")])),
  ...pagingQuery(20),
});
const BulkBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 100 }),
    changes: Type.Object(
      {
        regular_price: Type.Optional(withoutDefault(money("Minor units"))),
        sale_price: Type.Optional(withoutDefault(money("Minor units; null ends the sale (and its schedule)"))),
        stock_quantity: Type.Optional(withoutDefault(stockQuantity)),
        stock_status: Type.Optional(
          Type.Union([Type.Literal("instock"), Type.Literal("outofstock"), Type.Literal("onbackorder")], {
            description:
              "A variable product's goes to its variations that count no stock (decision 0154); one whose variations all count theirs, or that has none, is refused",
          }),
        ),
        status: Type.Optional(Type.Union([Type.Literal("publish"), Type.Literal("draft")])),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  { additionalProperties: false },
);

// The replies, documented only (decision 0173): OwnerProduct, ProductList and BulkResult of @cartwright/commerce/admin.
const { original_stock_quantity: _loaded, images: _images, variations: _variations, shipping_class_id: _class, ...stored } = fields;
const {
  id: _id,
  original_stock_quantity: _variationLoaded,
  shipping_class_id: _own,
  image_id: _image,
  ...variationStored
} = VariationBody.properties;
const ProductReply = Type.Object({
  id: Id,
  ...stored,
  shipping_class_id: nullable(Id),
  variations: Type.Array(Type.Object({ id: Id, ...variationStored, shipping_class_id: nullable(Id), image_id: nullable(Id) })),
  permalink: Type.String(),
  images: Type.Array(OwnerImageSchema, { description: "The gallery in order, the first the main image" }),
  total_sales: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  version: Type.String({ description: "Send it back with a save: a product changed since is refused (409)" }),
  // A read and every save answer one shape, with the shop's currency.
  ...OwnerCurrencyFields,
});
const ProductListReply = pagedListReply({
  products: Type.Array(
    Type.Object({
      id: Id,
      name: Type.String(),
      slug: Type.String(),
      type: fields.type,
      status: Status,
      sku: Type.String(),
      regular_price: nullable(Type.Integer()),
      sale_price: nullable(Type.Integer()),
      price_range: nullable(Type.Object({ min: Type.Integer(), max: Type.Integer() }, { description: "A variable product's" })),
      manage_stock: Type.Boolean(),
      stock_quantity: nullable(Type.Integer()),
      stock_status: StockStatus,
      variations: Type.Integer(),
      priced_variations: Type.Integer({ description: "Variations with a price, the only ones the shop sells" }),
      catalog_visibility: fields.catalog_visibility,
      categories: Type.Array(Type.Object({ id: Id, name: Type.String() })),
      image: nullable(Type.Object({ src: Type.String(), alt: Type.String() })),
      permalink: Type.String(),
      updated_at: Type.String(),
    }),
  ),
  ...OwnerCurrencyFields,
});
const BulkReply = Type.Object({
  updated: Type.Array(Id),
  failed: Type.Array(
    Type.Object({
      id: Id,
      code: Type.String(),
      message: Type.String(),
      details: Type.Optional(
        Type.Record(
          Type.String(),
          Type.Object({
            code: Type.String(),
            message: Type.String(),
            data: Type.Unknown(),
            additional_errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String(), data: Type.Unknown() })),
          }),
          { description: "Each refused field's error, by field" },
        ),
      ),
    }),
    { description: "Products left as they were, with the reason" },
  ),
});

export const productsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The CSV export and import, in a scope of their own (they take text/csv and multipart bodies).
  await app.register(productsCsvRoutes);
  app.get(
    "/products",
    {
      schema: {
        tags,
        summary: "List products (drafts too): search, filters, sort, pages",
        querystring: ListQuery,
        replies: { 200: ProductListReply },
      },
    },
    async (request, reply) => {
      const { per_page, include, ...query } = request.query;
      const ids = include?.split(",").map(Number).filter(isStoredId);
      return pagedReply(reply, request.url, await listOwnerProducts(request.ctx, { ...query, include: ids, perPage: per_page }));
    },
  );
  app.post(
    "/products",
    { schema: { tags, summary: "Create a product", body: ProductBody, replies: { 201: ProductReply } } },
    async (request, reply) => reply.status(201).send(await saveProduct(request.ctx, null, request.body)),
  );
  app.post(
    "/products/bulk",
    {
      schema: {
        operationId: "bulkEditProducts",
        tags,
        summary: "Set prices, stock or status on many products",
        description: "Each product is its own checked, logged write: those refused are listed in failed with their reason.",
        body: BulkBody,
        replies: { 200: BulkReply },
      },
    },
    async (request) => bulkEditProducts(request.ctx, request.body.ids, request.body.changes),
  );
  app.get(
    "/products/:id",
    { schema: { tags, summary: "Read a product with its links and variations", params: Params, replies: { 200: ProductReply } } },
    async (request) => readProduct(request.ctx, request.params.id),
  );
  app.put(
    "/products/:id",
    { schema: { tags, summary: "Replace a product", params: Params, body: ProductReplace, replies: { 200: ProductReply } } },
    async (request) => {
      const { version, ...product } = request.body;
      return saveProduct(request.ctx, request.params.id, product, version);
    },
  );
  app.patch(
    "/products/:id",
    { schema: { tags, summary: "Change some of a product's fields", params: Params, body: ProductPatch, replies: { 200: ProductReply } } },
    async (request) => {
      const { version, ...changes } = request.body;
      return updateProduct(request.ctx, request.params.id, changes, version);
    },
  );
  app.post(
    "/products/:id/variations/generate",
    {
      schema: {
        tags,
        summary: "Add a variation for each combination of its variation attributes' terms it lacks",
        description:
          "New variations have no price yet, so they cannot be bought until priced. Answers how many were created and the product.",
        params: Params,
        replies: { 200: Type.Object({ created: Type.Integer(), product: ProductReply }) },
      },
    },
    async (request) => generateVariations(request.ctx, request.params.id),
  );
  app.delete(
    "/products/:id",
    {
      schema: {
        tags,
        summary: "Delete a product and its variations",
        description: "Past orders keep their lines. 409 cw_rest_product_in_use when a coupon names it.",
        params: Params,
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteProduct(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
