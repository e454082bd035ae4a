/**
 * The built-in address autocomplete provider: searches a small address book shipped with the app
 * (offline-addresses.ts, loaded on the first search), so the demo works without any network
 * service. Matching is case- and accent-insensitive on the start of words of the street and city.
 */
import type { AddressAutocompleteProvider, AddressSuggestion, AutocompleteAddress } from "./registry.ts";

export const OFFLINE_PROVIDER_ID = "cartwright/offline";
/** Spec §9: at most 5 suggestions. */
export const OFFLINE_MAX_SUGGESTIONS = 5;
/** The countries the address book covers. */
export const OFFLINE_COUNTRIES: ReadonlySet<string> = new Set(["US", "GB", "DE"]);

export interface OfflineAddress {
  id: string;
  country: string;
  address_1: string;
  city: string;
  state: string;
  postcode: string;
  /** "street, city": what the text is matched against, and the start of the label. */
  searchText: string;
  /** The folded (lower-case, accent-free) searchText, same length. */
  folded: string;
  /** Where each word of searchText starts. */
  wordStarts: number[];
}

/** Lower-cases and drops accents character by character, so offsets stay the same. */
export function fold(text: string): string {
  let out = "";
  for (const ch of text) {
    const base = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const lower = ch.toLowerCase();
    out += base.length === ch.length ? base : lower.length === ch.length ? lower : ch;
  }
  return out;
}

const WORD_SEPARATOR = /[\s,.\-/'’()]/;

function wordStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++)
    if (!WORD_SEPARATOR.test(text[i] as string) && (i === 0 || WORD_SEPARATOR.test(text[i - 1] as string))) starts.push(i);
  return starts;
}

/** The typed text's words, folded. */
const queryWords = (text: string) =>
  fold(text)
    .split(WORD_SEPARATOR)
    .filter((word) => word !== "");

let book: Promise<OfflineAddress[]> | undefined;

/** The address book, flattened; imported once, on first use. */
export function loadOfflineAddresses(): Promise<OfflineAddress[]> {
  book ??= import("./offline-addresses.ts").then(({ OFFLINE_PLACES }) => {
    const rows: OfflineAddress[] = [];
    for (const [country, places] of Object.entries(OFFLINE_PLACES))
      for (const [city, state, postcode, streets] of places)
        for (const street of streets) {
          const searchText = `${street}, ${city}`;
          rows.push({
            id: `${country}-${rows.length}`,
            country,
            address_1: street,
            city,
            state,
            postcode,
            searchText,
            folded: fold(searchText),
            wordStarts: wordStarts(searchText),
          });
        }
    return rows;
  });
  return book;
}

/**
 * Where each query word matches the start of a distinct word of the address, or null when one
 * does not. Words are matched in order of length (longest first) so "main mai" can use two words.
 */
export function matchAddress(address: Pick<OfflineAddress, "folded" | "wordStarts">, words: readonly string[]) {
  if (words.length === 0) return null;
  const used = new Set<number>();
  const matches: { offset: number; length: number }[] = [];
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    const start = address.wordStarts.find((s) => !used.has(s) && address.folded.startsWith(word, s));
    if (start === undefined) return null;
    used.add(start);
    matches.push({ offset: start, length: word.length });
  }
  return matches.sort((a, b) => a.offset - b.offset);
}

export const offlineLabel = (address: OfflineAddress) =>
  `${address.searchText}${address.state ? `, ${address.state}` : ""} ${address.postcode}`;

/** Up to `limit` suggestions in the country; addresses whose first word matches come first. */
export async function searchOfflineAddresses(text: string, country: string, limit = OFFLINE_MAX_SUGGESTIONS): Promise<AddressSuggestion[]> {
  const code = country.trim().toUpperCase();
  const words = queryWords(text);
  if (!OFFLINE_COUNTRIES.has(code) || words.length === 0) return [];
  const found: { suggestion: AddressSuggestion; leading: boolean }[] = [];
  for (const address of await loadOfflineAddresses()) {
    if (address.country !== code) continue;
    const matchedSubstrings = matchAddress(address, words);
    if (!matchedSubstrings) continue;
    found.push({
      suggestion: { id: address.id, label: offlineLabel(address), matchedSubstrings },
      leading: matchedSubstrings[0]?.offset === 0,
    });
  }
  // A stable sort: leading matches first, otherwise the address book's order.
  found.sort((a, b) => Number(b.leading) - Number(a.leading));
  return found.slice(0, Math.max(0, Math.min(limit, OFFLINE_MAX_SUGGESTIONS))).map((f) => f.suggestion);
}

/** The address of a suggestion; throws for an unknown id. */
export async function selectOfflineAddress(id: string): Promise<AutocompleteAddress> {
  const address = (await loadOfflineAddresses()).find((a) => a.id === id);
  if (!address) throw new Error(`Unknown address suggestion '${id}'.`);
  const { address_1, city, state, postcode, country } = address;
  return { address_1, city, state, postcode, country };
}

export const offlineAddressProvider: AddressAutocompleteProvider = {
  id: OFFLINE_PROVIDER_ID,
  name: "Cartwright address book",
  canSearch: (country) => OFFLINE_COUNTRIES.has(country.trim().toUpperCase()),
  search: (text, country) => searchOfflineAddresses(text, country),
  select: (id) => selectOfflineAddress(id),
};
