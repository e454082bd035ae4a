/** The loader half of a product listing: one catalogue query, 404 past the last page. */
import { data } from "react-router";
import type { ProductQuery } from "../../../server/src/modules/catalog/index.ts";
import type { Storefront } from "../context.ts";
import { type ListingParams, orderingFor, parseListingParams } from "./listing.ts";

export async function loadListing(request: Request, storefront: Storefront, filter: Pick<ProductQuery, "category"> = {}) {
  const { settings, catalog } = storefront;
  const params: ListingParams = parseListingParams(new URL(request.url).searchParams);
  const result = await catalog.listProducts({
    ...filter,
    ...orderingFor(params.sort),
    ...(params.tag ? { tag: [params.tag] } : {}),
    ...(params.search ? { search: params.search } : {}),
    page: params.page,
    perPage: settings.productsPerPage,
  });
  if (params.page > 1 && params.page > result.totalPages) throw data(null, { status: 404, statusText: "Not Found" });
  // The tag's display name comes from the products that carry it.
  const tagName = params.tag ? (result.products.flatMap((p) => p.tags).find((t) => t.slug === params.tag)?.name ?? params.tag) : "";
  return {
    params,
    tagName,
    products: result.products,
    total: result.total,
    totalPages: result.totalPages,
    page: result.page,
    perPage: result.perPage,
  };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
