/**
 * The country list for an address form, imported when the form wants it (after the page's first
 * paint) so the country names never weigh on a console page's first load; null until it arrives.
 */
import { useEffect, useState } from "react";
import type { CountryList } from "./address-choices.ts";

let loaded: CountryList | null = null;
let loading: Promise<CountryList> | undefined;

export function useCountryList(wanted = true): CountryList | null {
  const [list, setList] = useState<CountryList | null>(loaded);
  useEffect(() => {
    if (!wanted || list) return;
    let live = true;
    loading ??= import("./country-list.ts").then((module) => {
      loaded = module;
      return module;
    });
    // A failed import leaves the codes shown as they are: the next form that opens asks again.
    loading.then(
      (module) => live && setList(module),
      () => {
        loading = undefined;
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, list]);
  return list;
}
