/**
 * GET /products, /products/{id or slug}, the attributes with their terms, the categories, brands and tags, and the
 * collection data: parse, call the service, shape the reply.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { type Static, Type } from "typebox";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { sendPaging, withPagingHeaders } from "../../http/paging.ts";
import { readAttributeCounts, readAttributeFilters } from "./attribute-query.ts";
import {
  AttributeParams,
  AttributeSchema,
  AttributeTermSchema,
  BrandSchema,
  CategoryListQuery,
  CategoryParams,
  CategorySchema,
  CollectionDataQuery,
  CollectionDataSchema,
  ErrorSchema,
  ProductListQuery,
  ProductParams,
  ProductSchema,
  TagListQuery,
  TagSchema,
} from "./catalog.schemas.ts";
import {
  getAttribute,
  getProduct,
  getStoreCategory,
  listAttributes,
  listAttributeTerms,
  listProducts,
  listStoreCategories,
  listStoreTags,
  productCollectionData,
  type TermListing,
  type TermPage,
  unknownAttributes,
} from "./catalog.service.ts";
import type { ProductOrderBy, ProductQuery } from "./catalog.types.ts";
import { sendCollectionsLastModified } from "./last-modified.ts";
import { LIST_RULES, readDateParams, readListParams, readPriceParams } from "./product-list-params.ts";

const split = (value: string | undefined) => (value ? value.split(",").filter(Boolean) : undefined);

/** The Store API routes of the catalogue, registered under /api/store/v1. */
export const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook("preHandler", sendCollectionsLastModified);
  app.get(
    "/products",
    {
      schema: {
        operationId: "listStoreProducts",
        tags: ["catalogue"],
        summary: "List products",
        querystring: ProductListQuery,
        response: { 200: withPagingHeaders(Type.Array(ProductSchema)), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const query = await productQueryOf(request.ctx, request.query);
      const page = await listProducts(request.ctx, query);
      sendPaging(reply, request.url, page);
      return page.products;
    },
  );

  app.get(
    "/products/attributes",
    {
      schema: { tags: ["catalogue"], summary: "The product attributes", response: { 200: Type.Array(AttributeSchema) } },
    },
    async (request) => listAttributes(request.ctx),
  );

  app.get(
    "/products/attributes/:id",
    {
      schema: {
        tags: ["catalogue"],
        summary: "One product attribute",
        params: AttributeParams,
        response: { 200: AttributeSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const attribute = await getAttribute(request.ctx, request.params.id);
      if (!attribute) throw attributeMissing();
      return attribute;
    },
  );

  app.get(
    "/products/attributes/:id/terms",
    {
      schema: {
        tags: ["catalogue"],
        summary: "An attribute's terms, each with the number of listed products that offer it",
        params: AttributeParams,
        response: { 200: Type.Array(AttributeTermSchema), 404: ErrorSchema },
      },
    },
    async (request) => {
      const terms = await listAttributeTerms(request.ctx, request.params.id);
      if (!terms) throw attributeMissing();
      return terms;
    },
  );

  app.get(
    "/products/collection-data",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Price range and attribute, rating and stock status counts of the products GET /products would list",
        querystring: CollectionDataQuery,
        response: { 200: CollectionDataSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const [query, attributeCounts] = await Promise.all([productQueryOf(request.ctx, q), attributeCountsOf(request.ctx, q)]);
      return productCollectionData(request.ctx, {
        // Counts cover every product the filters pick, whatever the page (WooCommerce's count no page either).
        query: { ...query, offset: undefined },
        priceRange: q.calculate_price_range === true,
        attributeCounts,
        ratingCounts: q.calculate_rating_counts === true,
        stockStatusCounts: q.calculate_stock_status_counts === true,
      });
    },
  );

  // Categories and brands: the same hierarchical taxonomy's list and one term (decision 0095).
  for (const taxonomy of HIERARCHICAL_TAXONOMIES) {
    app.get(
      `/products/${taxonomy.path}`,
      {
        schema: {
          tags: ["catalogue"],
          summary: `The product ${taxonomy.path}, each with the number of products its page lists`,
          querystring: CategoryListQuery,
          response: { 200: withPagingHeaders(Type.Array(taxonomy.schema)), 400: ErrorSchema },
        },
      },
      async (request, reply) => {
        const found = await listStoreCategories(request.ctx, termListingOf(request.query), taxonomy.kind);
        return termReply(request.url, request.query, found, reply);
      },
    );

    app.get(
      `/products/${taxonomy.path}/:id`,
      {
        schema: {
          tags: ["catalogue"],
          summary: `One product ${taxonomy.kind}`,
          params: CategoryParams,
          response: { 200: taxonomy.schema, 404: ErrorSchema },
        },
      },
      async (request) => {
        const term = await getStoreCategory(request.ctx, request.params.id, taxonomy.kind);
        if (!term) throw new StoreError(`cw_rest_${taxonomy.kind}_invalid_id`, `No product ${taxonomy.kind} has this id.`, 404);
        return term;
      },
    );
  }

  app.get(
    "/products/tags",
    {
      schema: {
        tags: ["catalogue"],
        summary: "The product tags, each with the number of listed products that carry it",
        querystring: TagListQuery,
        response: { 200: withPagingHeaders(Type.Array(TagSchema)), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const found = await listStoreTags(request.ctx, termListingOf(request.query));
      return termReply(request.url, request.query, found, reply);
    },
  );

  app.get(
    "/products/:idOrSlug",
    {
      schema: {
        operationId: "getStoreProduct",
        tags: ["catalogue"],
        summary: "One product by id or slug",
        params: ProductParams,
        response: { 200: ProductSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const product = await getProduct(request.ctx, request.params.idOrSlug);
      if (!product) throw new StoreError("cw_rest_product_invalid_id", "Invalid product ID.", 404);
      return product;
    },
  );
};

const HIERARCHICAL_TAXONOMIES = [
  { path: "categories", kind: "category", schema: CategorySchema },
  { path: "brands", kind: "brand", schema: BrandSchema },
] as const;

/** The listing parameters that take one value: a bracketed form of one (`orderby[]=price`) is refused, not ignored. */
const SINGLE_VALUED = Object.keys(CollectionDataQuery.properties).filter((name) => !Object.hasOwn(LIST_RULES, name));

/** The listing query of GET /products' parameters (also those of /products/collection-data): one reading for both. */
async function productQueryOf(ctx: RequestContext, q: Static<typeof ProductListQuery>): Promise<ProductQuery> {
  const raw = q as Record<string, unknown>;
  const { filters, fields, errors } = readAttributeFilters(raw);
  const { lists, errors: listErrors } = readListParams(raw, SINGLE_VALUED);
  Object.assign(errors, listErrors);
  const prices = readPriceParams(q);
  Object.assign(errors, prices.errors);
  // The shop's time zone reads a date given without an offset; asked for only then.
  const dates = readDateParams(q, q.after || q.before ? (await ctx.shopSettings()).timeZone : "UTC");
  Object.assign(errors, dates.errors);
  const rating = readRatingFilter(raw);
  if (rating.error) errors.rating = rating.error;
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  const unknown = await unknownAttributes(ctx, filters);
  if (unknown.length)
    throw fieldsInvalid(Object.fromEntries(unknown.map((i) => [fields[i], `The shop has no attribute '${filters[i]?.attribute}'.`])));
  const ids = (values: string[] | undefined) => values?.map(Number);
  return {
    page: q.page,
    perPage: q.per_page,
    offset: q.offset,
    search: q.search,
    slug: lists.slug,
    sku: lists.sku,
    include: ids(lists.include),
    exclude: ids(lists.exclude),
    parent: ids(lists.parent),
    parentExclude: ids(lists.parent_exclude),
    catalogVisibility: q.catalog_visibility as ProductQuery["catalogVisibility"],
    type: q.type as ProductQuery["type"],
    featured: q.featured,
    ...(lists.category ? { category: lists.category, categoryOperator: q.category_operator ?? "in" } : {}),
    ...(lists.tag ? { tag: lists.tag, tagOperator: q.tag_operator ?? "in" } : {}),
    ...(lists.brand ? { brand: lists.brand, brandOperator: q.brand_operator ?? "in" } : {}),
    onSale: q.on_sale,
    minPrice: prices.minPrice,
    maxPrice: prices.maxPrice,
    createdAfter: dates.createdAfter,
    createdBefore: dates.createdBefore,
    stockStatus: lists.stock_status as ProductQuery["stockStatus"],
    orderBy: q.orderby as ProductOrderBy,
    order: q.order,
    ...(filters.length ? { attributes: filters, attributeRelation: q.attribute_relation ?? "and" } : {}),
    ...(rating.stars ? { rating: rating.stars } : {}),
  };
}

/** The attributes collection-data is asked to count, each one the shop has. */
async function attributeCountsOf(ctx: RequestContext, q: Record<string, unknown>) {
  const { counts, fields, errors } = readAttributeCounts(q);
  if (Object.keys(errors).length) throw fieldsInvalid(errors);
  const unknown = await unknownAttributes(
    ctx,
    counts.map((c) => ({ attribute: c.attribute, operator: "in" })),
  );
  if (unknown.length)
    throw fieldsInvalid(Object.fromEntries(unknown.map((i) => [fields[i], `The shop has no attribute '${counts[i]?.attribute}'.`])));
  return counts;
}

const ids = (value: string | undefined) => split(value)?.map(Number);

function termListingOf(q: Static<typeof CategoryListQuery>): TermListing {
  return {
    page: q.page,
    perPage: q.per_page,
    search: q.search,
    include: ids(q.include),
    exclude: ids(q.exclude),
    order: q.order,
    orderBy: q.orderby as TermListing["orderBy"],
    hideEmpty: q.hide_empty,
    parent: q.parent,
  };
}

/** A page of terms with the listing's paging headers (sendPaging); one page, without Link, when per_page is 0 (all of them). */
function termReply<T>(url: string, q: { page: number; per_page: number }, found: TermPage<T>, reply: FastifyReply): T[] {
  const totalPages = q.per_page > 0 ? Math.ceil(found.total / q.per_page) : found.total ? 1 : 0;
  sendPaging(reply, url, { page: q.page, total: found.total, totalPages }, q.per_page > 0);
  return found.terms;
}

/** The rating filter of a query: `rating` or `rating[]`, repeated or separated by commas, each whole stars 1-5. */
export function readRatingFilter(query: Record<string, unknown>): { stars?: number[]; error?: string } {
  const raw = [query.rating, query["rating[]"]].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  if (!raw.length) return {};
  const values = raw
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.length || values.some((v) => !/^[1-5]$/.test(v)) || values.length > 5)
    return { error: "rating must be whole stars from 1 to 5, such as rating=4,5." };
  return { stars: [...new Set(values.map(Number))].sort() };
}

const attributeMissing = () => new StoreError("cw_rest_attribute_invalid_id", "No product attribute has this id.", 404);
