/** GET /products, /products/{id or slug} and the attributes with their terms: parse, call the service, shape the reply. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { readAttributeFilters } from "./attribute-query.ts";
import {
  AttributeParams,
  AttributeSchema,
  AttributeTermSchema,
  ErrorSchema,
  ProductListQuery,
  ProductParams,
  ProductSchema,
} from "./catalog.schemas.ts";
import { getAttribute, getProduct, listAttributes, listAttributeTerms, listProducts, unknownAttributes } from "./catalog.service.ts";
import type { ProductOrderBy, ProductQuery } from "./catalog.types.ts";

const split = (value: string | undefined) => (value ? value.split(",").filter(Boolean) : undefined);

/** The Store API routes of the catalogue, registered under /api/store/v1. */
export const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/products",
    {
      schema: {
        tags: ["catalogue"],
        summary: "List products",
        querystring: ProductListQuery,
        response: { 200: Type.Array(ProductSchema), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { filters, fields, errors } = readAttributeFilters(q);
      const rating = readRatingFilter(q as Record<string, unknown>);
      if (rating.error) errors.rating = rating.error;
      if (Object.keys(errors).length) throw fieldsInvalid(errors);
      const unknown = await unknownAttributes(request.ctx, filters);
      if (unknown.length)
        throw fieldsInvalid(Object.fromEntries(unknown.map((i) => [fields[i], `The shop has no attribute '${filters[i]?.attribute}'.`])));
      const query: ProductQuery = {
        page: q.page,
        perPage: q.per_page,
        search: q.search,
        category: split(q.category),
        tag: split(q.tag),
        onSale: q.on_sale,
        stockStatus: split(q.stock_status) as ProductQuery["stockStatus"],
        orderBy: q.orderby as ProductOrderBy,
        order: q.order,
        ...(filters.length ? { attributes: filters, attributeRelation: q.attribute_relation ?? "and" } : {}),
        ...(rating.stars ? { rating: rating.stars } : {}),
      };
      const page = await listProducts(request.ctx, query);
      reply.header("X-Total", String(page.total));
      reply.header("X-Total-Pages", String(page.totalPages));
      const link = pageLinks(request.url, page.page, page.totalPages);
      if (link) reply.header("Link", link);
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
    "/products/:idOrSlug",
    {
      schema: {
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

/** The Link header's prev and next pages (RFC 8288) of a paged listing. */
export function pageLinks(url: string, page: number, totalPages: number): string {
  const base = new URL(url, "http://localhost");
  const at = (n: number) => {
    base.searchParams.set("page", String(n));
    return `<${base.pathname}${base.search}>`;
  };
  const links: string[] = [];
  if (page > 1 && page <= totalPages) links.push(`${at(page - 1)}; rel="prev"`);
  if (page < totalPages) links.push(`${at(page + 1)}; rel="next"`);
  return links.join(", ");
}
