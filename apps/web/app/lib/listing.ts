/** What a product listing's URL means: sort order, page, filters. Shared by loaders and components. */
import type { ProductQuery } from "@cartwright/commerce";

export const SORT_OPTIONS = ["menu_order", "popularity", "rating", "date", "price", "price-desc"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = "menu_order";

const ORDERING: Record<SortOption, Pick<ProductQuery, "orderBy" | "order">> = {
  menu_order: { orderBy: "menu_order", order: "asc" },
  popularity: { orderBy: "popularity", order: "desc" },
  rating: { orderBy: "rating", order: "desc" },
  date: { orderBy: "date", order: "desc" },
  price: { orderBy: "price", order: "asc" },
  "price-desc": { orderBy: "price", order: "desc" },
};

export function parseSort(value: string | null): SortOption {
  return (SORT_OPTIONS as readonly string[]).includes(value ?? "") ? (value as SortOption) : DEFAULT_SORT;
}

export function orderingFor(sort: SortOption): Pick<ProductQuery, "orderBy" | "order"> {
  return ORDERING[sort];
}

/** A page number from the query string; anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The listing state a URL carries, in the form the components need to rebuild links. */
export interface ListingParams {
  sort: SortOption;
  page: number;
  tag: string;
  search: string;
  /** Chosen attribute terms, [attribute slug, term slug], from ?filter_color=red (WooCommerce's names). */
  filters: [string, string][];
  /** Chosen whole stars of ?rating_filter=4,5 (WooCommerce's name; decision 0090), ascending. */
  ratings: number[];
  /** The query fields sorting and pages keep (`keptFields`). */
  kept: [string, string][];
}

const FILTER_KEY = /^filter_([a-z0-9-]{1,100})$/;
const TERM_SLUG = /^[a-z0-9-]{1,100}$/;

/** The chosen terms of ?filter_<attribute>=<term> (repeated, or several separated by commas), each once, at most 50. */
export function parseFilters(searchParams: URLSearchParams): [string, string][] {
  const chosen = new Map<string, [string, string]>();
  for (const [key, value] of searchParams) {
    const attribute = FILTER_KEY.exec(key)?.[1];
    if (attribute) for (const term of value.split(",")) if (TERM_SLUG.test(term)) chosen.set(`${attribute}=${term}`, [attribute, term]);
  }
  return [...chosen.values()].slice(0, 50);
}

/** The chosen stars of ?rating_filter (repeated, or several separated by commas): 1-5, each once. */
export function parseRatings(searchParams: URLSearchParams): number[] {
  const stars = searchParams
    .getAll("rating_filter")
    .flatMap((v) => v.split(","))
    .filter((v) => /^[1-5]$/.test(v.trim()))
    .map(Number);
  return [...new Set(stars)].sort();
}

export function parseListingParams(searchParams: URLSearchParams): ListingParams {
  return withKept({
    sort: parseSort(searchParams.get("orderby")),
    page: parsePage(searchParams.get("page")),
    tag: (searchParams.get("tag") ?? "").trim(),
    search: (searchParams.get("s") ?? "").trim().slice(0, 200),
    filters: parseFilters(searchParams),
    ratings: parseRatings(searchParams),
  });
}

/** The fields a listing keeps when it is sorted or paged: the search, the tag and the chosen filters. */
export const keptFields = (params: Omit<ListingParams, "kept">): [string, string][] => [
  ...(params.search ? [["s", params.search] as [string, string]] : []),
  ...(params.tag ? [["tag", params.tag] as [string, string]] : []),
  ...params.filters.map(([attribute, term]): [string, string] => [`filter_${attribute}`, term]),
  ...(params.ratings.length ? [["rating_filter", params.ratings.join(",")] as [string, string]] : []),
];

/** The params with their kept fields worked out afresh (the loader's, after it changed the filters). */
export const withKept = (params: Omit<ListingParams, "kept">): ListingParams => ({ ...params, kept: keptFields(params) });

/** The query string of a listing page; defaults are left out so URLs stay short. */
export function listingSearch(params: ListingParams, page: number): string {
  // Built by the loader, so the browser's copy of this code stays small (the /shop script budget).
  const query = new URLSearchParams(params.kept);
  if (params.sort !== DEFAULT_SORT) query.set("orderby", params.sort);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}
