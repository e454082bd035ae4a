/**
 * When a sale price holds (decision 0047): from `sale_starts_at` (inclusive) until `sale_ends_at`
 * (exclusive), each null when open on that side. Prices are worked out from a row and the clock
 * when shaped, so cached rows never go stale by time; what a cache cannot work out per request
 * (the listing's SQL filter and sort) is keyed by the schedule's phase. Pure.
 */

export interface SaleFields {
  regular_price: number | null;
  sale_price: number | null;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
}

const at = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/** The sale price holds now: below the regular price and inside its window. */
export function saleActive(row: SaleFields, now: Date): boolean {
  if (row.sale_price === null || row.regular_price === null || row.sale_price >= row.regular_price) return false;
  const time = now.getTime();
  const starts = at(row.sale_starts_at);
  const ends = at(row.sale_ends_at);
  return !(starts > time) && !(ends <= time);
}

/** The price a shopper pays now: the sale price inside its window, else the regular one. */
export const currentPrice = (row: SaleFields, now: Date): number | null => (saleActive(row, now) ? row.sale_price : row.regular_price);

/** The next instant after `now` at which this row's price changes by the clock alone (ms; Infinity when none). */
export function nextSaleChange(row: SaleFields, now: Date): number {
  if (row.sale_price === null) return Number.POSITIVE_INFINITY;
  const later = [at(row.sale_starts_at), at(row.sale_ends_at)].filter((t) => t > now.getTime());
  return Math.min(Number.POSITIVE_INFINITY, ...later);
}

/**
 * How many of the catalogue's schedule boundaries (sorted, ms) have passed at `now`: two moments
 * with the same phase see the same sales everywhere, so it names a time-dependent cache entry.
 */
export function salePhase(boundaries: readonly number[], now: Date): number {
  const time = now.getTime();
  let low = 0;
  let high = boundaries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((boundaries[middle] as number) <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}
