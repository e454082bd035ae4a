/** The loader half of a product listing: one catalogue query, 404 past the last page. */

import type { ProductQuery } from "@cartwright/commerce";
import { data, redirect } from "react-router";
import { toCardProduct } from "../components/ProductCard.tsx";
import type { Storefront } from "../context.ts";
import { addToCartMessages } from "../messages.ts";
import { attributeFiltersHtml, chosenFilters, filtersQuery } from "./attribute-filters.server.ts";
import {
  DEFAULT_SORT,
  type ListingParams,
  orderingFor,
  parseFilters,
  parseListingParams,
  parsePage,
  parseRatings,
  withKept,
} from "./listing.ts";

const listingNoticeAdded = addToCartMessages.added;

/** The cart's address when the shop's after-add setting is "Go to the cart" (spec §4 "Add-to-cart button"); null to stay. */
export function cartAfterAdd(settings: Storefront["settings"]): string | null {
  return settings.addToCartBehaviour === "navigate" ? settings.storePages.cart || "/cart" : null;
}

/** A notice at the top of a listing or product page. */
export interface LinkNotice {
  kind: "success" | "error";
  text: string;
}

/**
 * A listing's add-to-cart link (?add-to-cart=ID, for browsers without JavaScript): added, come
 * back to the same page without the parameter, saying so (or go to the cart when the shop says
 * so); refused, the page shows the cart's reason where it is, as WooCommerce's does. The reason
 * never travels in the address, where anyone could write one of their own for the shop to show.
 */
export async function addFromLink(url: URL, storefront: Storefront): Promise<LinkNotice> {
  const id = Number(url.searchParams.get("add-to-cart"));
  url.searchParams.delete("add-to-cart");
  url.searchParams.delete("added");
  if (!Number.isInteger(id) || id < 1) throw redirect(`${url.pathname}${url.search}`, 303);
  const product = await storefront.catalog.getProduct(String(id));
  const quantity = product?.add_to_cart.minimum ?? 1;
  const result = await storefront.cart.addItem({ id, quantity, variation: [] });
  if (!result.ok) return { kind: "error", text: result.message };
  url.searchParams.set("added", String(id));
  throw redirect(cartAfterAdd(storefront.settings) ?? `${url.pathname}${url.search}`, 303);
}

/** `address` is the loader's own `url`: React Router's, without the `.data` of a client navigation, so redirects name the page. */
export async function loadListing(address: URL, storefront: Storefront, filter: Pick<ProductQuery, "category" | "brand"> = {}) {
  const url = new URL(address);
  const asked = parseListingParams(url.searchParams);
  // A tag no product tag has is a page that does not exist, as an unknown category's is; one without products is not.
  const tag = asked.tag ? await storefront.catalog.getTag(asked.tag) : null;
  if (asked.tag && !tag) throw data(null, { status: 404, statusText: "Not Found" });
  const refused = url.searchParams.has("add-to-cart") ? await addFromLink(url, storefront) : null;
  const base: ProductQuery = {
    ...filter,
    ...(asked.tag ? { tag: [asked.tag] } : {}),
    ...(asked.search ? { search: asked.search } : {}),
  };
  const { params, query, filtersHtml } = await withFilters(url, storefront, asked, base);
  const page = { ...query, ...orderingFor(params.sort), page: params.page, perPage: storefront.settings.productsPerPage };
  return { ...(await listingPage(url, storefront, params, page, refused)), tagName: tag?.name ?? "", filtersHtml };
}

/**
 * A collection's listing (decision 0087): its own query and order, ?page and the "Filter by" area's ?filter_…
 * from the address (decision 0091; none when the collection says it is not `filterable`); `maxPages` (when
 * above 0) is the last page it shows.
 */
export async function loadCollectionListing(
  address: URL,
  storefront: Storefront,
  collection: { query: ProductQuery; maxPages: number; filterable: boolean },
) {
  const url = new URL(address);
  const refused = url.searchParams.has("add-to-cart") ? await addFromLink(url, storefront) : null;
  const asked = withKept({
    sort: DEFAULT_SORT,
    page: parsePage(url.searchParams.get("page")),
    tag: "",
    search: "",
    filters: collection.filterable ? parseFilters(url.searchParams) : [],
    ratings: collection.filterable ? parseRatings(url.searchParams) : [],
  });
  if (!collection.filterable) {
    const page = { ...collection.query, page: asked.page };
    return { ...(await listingPage(url, storefront, asked, page, refused, collection.maxPages)), filtersHtml: "" };
  }
  const { params, query, filtersHtml } = await withFilters(url, storefront, asked, collection.query);
  return { ...(await listingPage(url, storefront, params, { ...query, page: params.page }, refused, collection.maxPages)), filtersHtml };
}

/**
 * The "Filter by" area of a page listing `base` (decisions 0088, 0090, 0091): the facets counted over the page's
 * own products, the address's chosen terms of attributes the shop has and its chosen stars, the query with them
 * joined to the page's own filters, and the area's HTML.
 */
async function withFilters(url: URL, storefront: Storefront, asked: ListingParams, base: ProductQuery) {
  // Stars are a filter only while the shop shows ratings (decision 0090).
  const { reviews } = storefront.settings;
  const rated = reviews.enabled && reviews.ratingsEnabled;
  const ratings = rated ? asked.ratings : [];
  const withRatings: ProductQuery = ratings.length ? { ...base, rating: ratings } : base;
  // Each attribute's counts follow the page's query, the chosen stars and the other attributes' chosen terms.
  const facets = await storefront.catalog.attributeFacets(withRatings, filtersQuery(asked.filters));
  const chosen = chosenFilters(asked, facets);
  const params = withKept({ ...asked, filters: chosen.filters, ratings });
  const own = base.attributes ?? [];
  const attributes = chosen.query.length ? { attributes: [...own, ...chosen.query], attributeRelation: "and" as const } : {};
  // The stars' counts follow everything chosen but the stars.
  const ratingFacets = rated
    ? await storefront.catalog.ratingFacets({ ...base, ...attributes, ...(ratings.length ? { rating: ratings } : {}) })
    : [];
  const query: ProductQuery = { ...withRatings, ...attributes };
  return { params, query, filtersHtml: attributeFiltersHtml(url.pathname, params, facets, ratingFacets) };
}

async function listingPage(
  url: URL,
  storefront: Storefront,
  params: ListingParams,
  query: ProductQuery,
  refused: LinkNotice | null,
  maxPages = 0,
) {
  const { catalog } = storefront;
  const result = await catalog.listProducts(query);
  const totalPages = maxPages > 0 ? Math.min(maxPages, result.totalPages) : result.totalPages;
  const total = maxPages > 0 ? Math.min(result.total, maxPages * result.perPage) : result.total;
  if (params.page > 1 && params.page > totalPages) throw data(null, { status: 404, statusText: "Not Found" });
  return {
    params,
    notice: refused ?? (await linkNotice(url, storefront)),
    products: result.products.map(toCardProduct),
    total,
    totalPages,
    page: result.page,
    perPage: result.perPage,
  };
}

/** What the page says after an add-to-cart link came back to it (?added=ID, the product's name looked up); null otherwise. */
export async function linkNotice(url: URL, storefront: Storefront): Promise<LinkNotice | null> {
  const addedId = Number(url.searchParams.get("added"));
  const added = addedId ? ((await storefront.catalog.getProduct(String(addedId)))?.name ?? null) : null;
  return added ? { kind: "success", text: listingNoticeAdded(added) } : null;
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
