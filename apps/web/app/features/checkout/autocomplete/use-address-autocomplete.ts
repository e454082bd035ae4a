/**
 * The address autocomplete's search logic (spec §4 "Customer data sync", §5 "Address
 * autocomplete", §9): searches with the first provider that can search the country, only at 3 or
 * more characters, debounced, showing at most 5 suggestions and ignoring stale replies; after a
 * selection, typing does not search for 1 s. `AddressAutocompleteController` holds it (no DOM, no
 * React); `useAddressAutocomplete` binds one to a component.
 */
import { ADDRESS_FIELD_KEYS } from "@cartwright/commerce";
import { useEffect, useState, useSyncExternalStore } from "react";
import { type AddressAutocompleteProvider, type AddressSuggestion, type AutocompleteAddress, providerFor } from "./registry.ts";

/** Spec §5/§9. */
export const AUTOCOMPLETE_MIN_CHARS = 3;
export const AUTOCOMPLETE_MAX_SUGGESTIONS = 5;
export const AUTOCOMPLETE_SELECT_LOCK_MS = 1000;
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;

export interface AutocompleteState {
  suggestions: readonly AddressSuggestion[];
  /** Whether the suggestion list is shown. */
  open: boolean;
  /** The highlighted suggestion, -1 for none. */
  activeIndex: number;
}

export interface AutocompleteOptions {
  /** The provider for a country; default: the registry's providerFor. */
  providerFor?: (country: string) => AddressAutocompleteProvider | undefined;
  debounceMs?: number;
  now?: () => number;
}

const CLOSED: AutocompleteState = Object.freeze({ suggestions: Object.freeze([]), open: false, activeIndex: -1 });

/** Only the address's known fields with string values (a provider's reply is not trusted). */
export function addressFields(value: unknown): AutocompleteAddress {
  const address: AutocompleteAddress = {};
  if (typeof value !== "object" || value === null) return address;
  for (const key of ADDRESS_FIELD_KEYS) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === "string" && key !== "email") address[key] = field;
  }
  return address;
}

export class AddressAutocompleteController {
  #state: AutocompleteState = CLOSED;
  readonly #listeners = new Set<() => void>();
  readonly #providerFor: (country: string) => AddressAutocompleteProvider | undefined;
  readonly #debounceMs: number;
  readonly #now: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every search, close, reset and selection: a reply to an older search is stale. */
  #searchGeneration = 0;
  /** Bumped by every selection, new search and reset: an older selection's address is dropped. */
  #selectGeneration = 0;
  #lockedUntil = Number.NEGATIVE_INFINITY;
  /** The provider and country that produced the current suggestions. */
  #source: { provider: AddressAutocompleteProvider; country: string } | undefined;

  constructor(options: AutocompleteOptions = {}) {
    this.#providerFor = options.providerFor ?? providerFor;
    this.#debounceMs = options.debounceMs ?? AUTOCOMPLETE_DEBOUNCE_MS;
    this.#now = options.now ?? Date.now;
  }

  getState = (): AutocompleteState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Whether a provider can search this country. */
  canSearch(country: string): boolean {
    return this.#provider(country) !== undefined;
  }

  /** Whether typing is locked after a selection. */
  isLocked(): boolean {
    return this.#now() < this.#lockedUntil;
  }

  /**
   * The shopper typed `text`. Below 3 characters the list closes; during the lock nothing
   * happens; otherwise a search starts once typing pauses.
   */
  input(text: string, country: string): void {
    if (this.isLocked()) return;
    this.#cancel();
    this.#selectGeneration++;
    if (text.trim().length < AUTOCOMPLETE_MIN_CHARS || !this.#provider(country)) {
      this.#set(CLOSED);
      return;
    }
    const generation = this.#searchGeneration;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#search(text, country, generation);
    }, this.#debounceMs);
  }

  /** Moves the highlight by `delta`, wrapping; reopens the list if it has suggestions. */
  move(delta: number): void {
    const { suggestions, open, activeIndex } = this.#state;
    if (suggestions.length === 0) return;
    if (!open) {
      this.#set({ suggestions, open: true, activeIndex: delta < 0 ? suggestions.length - 1 : 0 });
      return;
    }
    const start = activeIndex < 0 ? (delta > 0 ? -1 : suggestions.length) : activeIndex;
    const next = (((start + delta) % suggestions.length) + suggestions.length) % suggestions.length;
    this.#set({ suggestions, open, activeIndex: next });
  }

  /** Hides the list (Escape, blur); a pending search is dropped. */
  close(): void {
    this.#cancel();
    if (this.#state.open) this.#set({ ...this.#state, open: false, activeIndex: -1 });
  }

  /** Forgets the suggestions and any pending search (e.g. the country changed). */
  reset(): void {
    this.#cancel();
    this.#selectGeneration++;
    this.#source = undefined;
    this.#set(CLOSED);
  }

  /**
   * Selects a suggestion (by index, default the highlighted one): closes the list, starts the
   * 1 s lock and resolves to the provider's address, or null when there is nothing to select, the
   * provider fails, or a newer selection or search superseded this one.
   */
  async select(index: number = this.#state.activeIndex): Promise<AutocompleteAddress | null> {
    const suggestion = this.#state.suggestions[index];
    const source = this.#source;
    if (!suggestion || !source) return null;
    this.#cancel();
    this.#lock();
    this.#set({ ...this.#state, open: false, activeIndex: -1 });
    const generation = ++this.#selectGeneration;
    try {
      const address = await source.provider.select(suggestion.id, source.country);
      if (generation !== this.#selectGeneration) return null;
      // The address lands in the form now: keep the lock for a full second from here too.
      this.#lock();
      return addressFields(address);
    } catch {
      return null;
    }
  }

  /** Stops timers and drops pending replies (the controller stays usable). */
  dispose(): void {
    this.#cancel();
    this.#selectGeneration++;
  }

  #provider(country: string) {
    const code = country.trim().toUpperCase();
    return code === "" ? undefined : this.#providerFor(code);
  }

  #lock() {
    this.#lockedUntil = this.#now() + AUTOCOMPLETE_SELECT_LOCK_MS;
  }

  /** Drops the pending search, and the reply of one in flight. */
  #cancel() {
    this.#searchGeneration++;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #search(text: string, country: string, generation: number) {
    const code = country.trim().toUpperCase();
    const provider = this.#provider(code);
    if (!provider) return;
    let results: AddressSuggestion[];
    try {
      results = await provider.search(text, code);
    } catch {
      results = [];
    }
    if (generation !== this.#searchGeneration) return;
    const suggestions = (Array.isArray(results) ? results : [])
      .filter((s) => s && typeof s.id === "string" && typeof s.label === "string")
      .slice(0, AUTOCOMPLETE_MAX_SUGGESTIONS);
    this.#source = { provider, country: code };
    this.#set({ suggestions, open: suggestions.length > 0, activeIndex: -1 });
  }

  #set(state: AutocompleteState) {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}

/**
 * One controller for a component's lifetime, its state, and whether autocomplete is on: after
 * hydration (the server and the first client render show the plain input) and when a provider
 * can search `country`. Changing the country forgets the suggestions.
 */
export function useAddressAutocomplete(country: string) {
  const [controller] = useState(() => new AddressAutocompleteController());
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  // Reset whenever the country changes.
  useEffect(() => controller.reset(), [controller, country]);
  useEffect(() => () => controller.dispose(), [controller]);
  return { controller, state, enabled: hydrated && controller.canSearch(country) };
}
