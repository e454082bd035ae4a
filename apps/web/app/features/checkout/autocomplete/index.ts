/**
 * Address autocomplete: the registry, the search logic and the built-in offline provider, which
 * importing this module registers (first, so extension providers registered later come after it).
 */
import { offlineAddressProvider } from "./offline-provider.ts";
import { registerAddressAutocompleteProvider } from "./registry.ts";

export { OFFLINE_PROVIDER_ID, offlineAddressProvider } from "./offline-provider.ts";
export {
  type AddressAutocompleteProvider,
  type AddressSuggestion,
  type AutocompleteAddress,
  addressAutocompleteProviderIds,
  getAddressAutocompleteProviders,
  providerFor,
  registerAddressAutocompleteProvider,
  unregisterAddressAutocompleteProvider,
} from "./registry.ts";
export {
  AddressAutocompleteController,
  AUTOCOMPLETE_MAX_SUGGESTIONS,
  AUTOCOMPLETE_MIN_CHARS,
  AUTOCOMPLETE_SELECT_LOCK_MS,
  type AutocompleteState,
  useAddressAutocomplete,
} from "./use-address-autocomplete.ts";

// Registering the same object again is a no-op, so re-evaluating this module is harmless.
registerAddressAutocompleteProvider(offlineAddressProvider);
