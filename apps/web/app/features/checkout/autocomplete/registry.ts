/**
 * Address autocomplete provider registration (spec §3 "Address autocomplete provider", §4
 * "Customer data sync", §7 "Address autocomplete provider"). Providers are kept in registration
 * order with unique ids; the checkout uses the first one that can search the address's country.
 */
import type { AddressFieldKey } from "@cartwright/commerce";

/** The address fields a provider fills in on selection. */
export type AutocompleteAddress = Partial<Record<AddressFieldKey, string>>;

/** One suggestion: `matchedSubstrings` (optional) are the parts of `label` the text matched. */
export interface AddressSuggestion {
  id: string;
  label: string;
  matchedSubstrings?: { offset: number; length: number }[];
}

export interface AddressAutocompleteProvider {
  id: string;
  /** A display name (optional). */
  name?: string;
  /** Whether the provider can search addresses in this country (an upper-case ISO code). */
  canSearch(country: string): boolean;
  /** Suggestions for the typed text; the checkout shows at most 5. */
  search(text: string, country: string): Promise<AddressSuggestion[]>;
  /** The address of a suggestion the search returned. */
  select(id: string, country: string): Promise<AutocompleteAddress>;
}

const providers: AddressAutocompleteProvider[] = [];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Registers a provider after the ones already registered. Throws an Error when the provider is
 * not an object, has no non-empty string id, lacks one of its functions, or another provider
 * already uses its id (registering the same object again does nothing).
 */
export function registerAddressAutocompleteProvider(provider: AddressAutocompleteProvider): void {
  if (!isObject(provider)) throw new Error("The address autocomplete provider must be an object.");
  if (typeof provider.id !== "string" || provider.id.trim() === "")
    throw new Error("The address autocomplete provider must have an id (a non-empty string).");
  for (const key of ["canSearch", "search", "select"] as const)
    if (typeof provider[key] !== "function")
      throw new Error(`The address autocomplete provider '${provider.id}' must have a ${key} function.`);
  if (provider.name !== undefined && typeof provider.name !== "string")
    throw new Error(`The name of the address autocomplete provider '${provider.id}' must be a string.`);
  const existing = providers.find((p) => p.id === provider.id);
  if (existing === provider) return;
  if (existing) throw new Error(`An address autocomplete provider with the id '${provider.id}' is already registered.`);
  providers.push(provider);
}

/** Removes a provider by id; returns whether one was registered. */
export function unregisterAddressAutocompleteProvider(id: string): boolean {
  const index = providers.findIndex((p) => p.id === id);
  if (index >= 0) providers.splice(index, 1);
  return index >= 0;
}

/** The registered providers, in registration order. */
export const getAddressAutocompleteProviders = (): readonly AddressAutocompleteProvider[] => [...providers];

/** The registered provider ids, in registration order, without duplicates (spec §3 "Checkout data"). */
export const addressAutocompleteProviderIds = (): string[] => providers.map((p) => p.id);

/**
 * The first registered provider that can search the country (spec §4), or undefined. No country,
 * or a provider whose canSearch throws, counts as no.
 */
export function providerFor(country: string | null | undefined): AddressAutocompleteProvider | undefined {
  const code = (country ?? "").trim().toUpperCase();
  if (code === "") return undefined;
  const canSearch = (provider: AddressAutocompleteProvider) => {
    try {
      return provider.canSearch(code) === true;
    } catch {
      return false;
    }
  };
  // The built-in offline data is the fallback: a provider an extension registers comes first.
  return (
    providers.find((p) => p.id !== BUILT_IN_FALLBACK_ID && canSearch(p)) ??
    providers.find((p) => p.id === BUILT_IN_FALLBACK_ID && canSearch(p))
  );
}

/** The id of the built-in offline provider (offline-provider.ts), consulted last. */
const BUILT_IN_FALLBACK_ID = "cartwright/offline";

/** For tests: forget every registration. */
export function clearAddressAutocompleteProviders(): void {
  providers.length = 0;
}
