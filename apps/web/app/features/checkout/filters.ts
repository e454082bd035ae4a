/**
 * Checkout filters (spec §5 "Extension registration"): extensions change what parts of the checkout
 * show — an item's name, the total's label, the place-order button's text — by registering
 * functions under a namespace. A filter must hand back the same type it was given: otherwise the
 * value is left as it was and the mistake is reported (thrown for the shop owner, logged for
 * everyone else).
 */
export type CheckoutFilter<T> = (value: T, extensions: Record<string, unknown>, args?: Record<string, unknown>) => T;

/** The filters the checkout applies, and the type of value each works on. */
export interface FilterValues {
  itemName: string;
  totalLabel: string;
  placeOrderButtonLabel: string;
  cartItemPrice: string;
  subtotalPriceFormat: string;
}
export type FilterName = keyof FilterValues;
export type CheckoutFilters = { [K in FilterName]?: CheckoutFilter<FilterValues[K]> };

const registered = new Map<string, CheckoutFilters>();

export function registerCheckoutFilters(namespace: string, filters: CheckoutFilters): void {
  if (!namespace.trim()) throw new TypeError("Checkout filters need a namespace.");
  registered.set(namespace, { ...(registered.get(namespace) ?? {}), ...filters });
}

/** For tests: forget every filter. */
export function clearCheckoutFilters(): void {
  registered.clear();
}

const typeName = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);

export const filterTypeMessage = (received: string, returned: string) =>
  `The type returned by checkout filters must be the same as the type they receive. The function received ${received} but returned ${returned}.`;

/**
 * Runs every namespace's filter of that name over the value, in registration order. A filter of
 * the wrong type, or one that throws, leaves the value as it was.
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
    value = next as T;
  }
  return value;
}
