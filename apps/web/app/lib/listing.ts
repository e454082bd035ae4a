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
}

export function parseListingParams(searchParams: URLSearchParams): ListingParams {
  return {
    sort: parseSort(searchParams.get("orderby")),
    page: parsePage(searchParams.get("page")),
    tag: (searchParams.get("tag") ?? "").trim(),
    search: (searchParams.get("s") ?? "").trim().slice(0, 200),
  };
}

/** The query string of a listing page; defaults are left out so URLs stay short. */
export function listingSearch(params: ListingParams, page: number): string {
  const query = new URLSearchParams();
  if (params.search) query.set("s", params.search);
  if (params.tag) query.set("tag", params.tag);
  if (params.sort !== DEFAULT_SORT) query.set("orderby", params.sort);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}
