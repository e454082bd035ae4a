/**
 * The country list for an address form, imported when the form wants it (after the page's first
 * paint) so the country names never weigh on a console page's first load; null until it arrives.
 * A failed import leaves the codes shown as they are: the next form that opens asks again.
 */
import type { CountryList } from "./address-choices.ts";
import { loadedOnce, useLoadedOnce } from "./use-loaded-once.ts";

const countryList = loadedOnce<CountryList>(() => import("./country-list.ts"));

export function useCountryList(wanted = true): CountryList | null {
  return useLoadedOnce(countryList, wanted);
}
