/** The page a console list's address asks for, as every paged list reads it (decision 0171). */

/** The last page the owner API pages to: a page past it is refused (400), so the console never asks for one. */
export const MAX_PAGE = 100_000;

/** A whole number from 1 to MAX_PAGE; anything else (missing, 0, "abc", 1.5, a million) is the first page. */
export function pageParam(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page > 0 && page <= MAX_PAGE ? page : 1;
}
