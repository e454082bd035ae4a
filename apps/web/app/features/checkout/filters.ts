/**
 * Checkout filters (spec §5 "Extension registration"): extensions change what parts of the cart and
 * checkout show — an item's name, how its prices read, the total's label, the place-order button's
 * text — by registering functions under a namespace. A filter must hand back the same type it was
 * given, and a price format must keep '<price/>': otherwise the value is left as it was and the
 * mistake is reported (thrown for the shop owner, logged for everyone else).
 */
import { useSyncExternalStore } from "react";

export type CheckoutFilter<T> = (value: T, extensions: Record<string, unknown>, args?: Record<string, unknown>) => T;

/** The filters the checkout applies, and the type of value each works on. */
export interface FilterValues {
  itemName: string;
  totalLabel: string;
  placeOrderButtonLabel: string;
  /** The format of a line's price (its quantity's worth, in the line's total), e.g. "<price/> for all items". */
  cartItemPrice: string;
  /** The format of an item's price for one unit, under its name, e.g. "<price/> each". */
  subtotalPriceFormat: string;
}
export type FilterName = keyof FilterValues;
export type CheckoutFilters = { [K in FilterName]?: CheckoutFilter<FilterValues[K]> };

const registered = new Map<string, CheckoutFilters>();
// Moved by every registration, so pages already drawn apply a filter registered after hydration.
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

export function registerCheckoutFilters(namespace: string, filters: CheckoutFilters): void {
  if (!namespace.trim()) throw new TypeError("Checkout filters need a namespace.");
  registered.set(namespace, { ...(registered.get(namespace) ?? {}), ...filters });
  changed();
}

/** For tests: forget every filter. */
export function clearCheckoutFilters(): void {
  registered.clear();
  changed();
}

export function subscribeToCheckoutFilters(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const currentVersion = () => version;

/** Draws the calling component again whenever a filter is registered. */
export function useCheckoutFilters(): void {
  useSyncExternalStore(subscribeToCheckoutFilters, currentVersion, currentVersion);
}

/** What a price format's filter must keep: it stands for the formatted price. */
export const PRICE_PLACEHOLDER = "<price/>";
/** The filters whose value is a price format (spec §5: they must contain '<price/>'). */
const PRICE_FORMAT_FILTERS: ReadonlySet<FilterName> = new Set(["cartItemPrice", "subtotalPriceFormat"]);

export const priceFormatMessage = (filterName: string, returned: string) =>
  `Price-format filters must contain '${PRICE_PLACEHOLDER}': the checkout filter '${filterName}' returned ${JSON.stringify(returned)}.`;

/** A price format split around its first '<price/>', for the price to be drawn between the two. */
export function splitPriceFormat(format: string): [before: string, after: string] {
  const at = format.indexOf(PRICE_PLACEHOLDER);
  return at < 0 ? ["", ""] : [format.slice(0, at), format.slice(at + PRICE_PLACEHOLDER.length)];
}

const typeName = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);

export const filterTypeMessage = (received: string, returned: string) =>
  `The type returned by checkout filters must be the same as the type they receive. The function received ${received} but returned ${returned}.`;

/**
 * Runs every namespace's filter of that name over the value, in registration order. A filter of
 * the wrong type, a price format without '<price/>', or a filter that throws, leaves the value as it was.
 */
export function applyCheckoutFilter<T>({
  filterName,
  defaultValue,
  extensions = {},
  args,
  isAdmin = false,
  report = (message: string) => console.error(message),
}: {
  filterName: FilterName;
  defaultValue: T;
  extensions?: Record<string, unknown>;
  args?: Record<string, unknown>;
  isAdmin?: boolean;
  report?: (message: string) => void;
}): T {
  let value = defaultValue;
  for (const filters of registered.values()) {
    const filter = filters[filterName] as CheckoutFilter<unknown> | undefined;
    if (!filter) continue;
    let next: unknown;
    try {
      next = filter(value, extensions, args);
    } catch (error) {
      if (isAdmin) throw error;
      report(error instanceof Error ? error.message : String(error));
      continue;
    }
    if (typeName(next) !== typeName(value)) {
      const message = filterTypeMessage(typeName(value), typeName(next));
      if (isAdmin) throw new TypeError(message);
      report(message);
      continue;
    }
    if (PRICE_FORMAT_FILTERS.has(filterName) && !(next as string).includes(PRICE_PLACEHOLDER)) {
      const message = priceFormatMessage(filterName, next as string);
      if (isAdmin) throw new TypeError(message);
      report(message);
      continue;
    }
    value = next as T;
  }
  return value;
}
