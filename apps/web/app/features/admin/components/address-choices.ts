/**
 * The console's address forms pick the country and state by name (values stay codes): the choices
 * of their selects and the state kept or cleared when the country changes. Pure; the lists come in
 * from `country-list.ts`, loaded when a form needs them, so nothing here pulls the country data.
 */
import type { Country, Subdivision } from "@cartwright/commerce";

export interface Choice {
  value: string;
  label: string;
}

/** What `country-list.ts` gives: every country by name, and a country's states (undefined: free text). */
export interface CountryList {
  allCountries(): readonly Country[];
  statesOf(country: string): readonly Subdivision[] | undefined;
}

/** The empty choice first (`empty` its text); a stored value the list does not know kept as a choice of its own, so saving loses nothing. */
function withCurrent(choices: Choice[], current: string, empty: string): Choice[] {
  const none = { value: "", label: empty };
  if (current === "" || choices.some((choice) => choice.value === current)) return [none, ...choices];
  return [none, { value: current, label: current }, ...choices];
}

/** The country select's choices: an empty one, every country by name (value its code). Without the list yet, only the current code. */
export function countryChoices(list: CountryList | null, current: string, empty: string): Choice[] {
  return withCurrent(list ? list.allCountries().map((c) => ({ value: c.code, label: c.name })) : [], current, empty);
}

/** The state select's choices for the country, or undefined when it takes a state as text (no list, or the list not loaded yet). */
export function stateChoices(list: CountryList | null, country: string, current: string, empty: string): Choice[] | undefined {
  const states = list?.statesOf(country);
  return states?.length
    ? withCurrent(
        states.map((s) => ({ value: s.code, label: s.name })),
        current,
        empty,
      )
    : undefined;
}

/** The state once the country changes: kept only when it is one of the new country's states, else cleared. */
export function stateForCountry(list: CountryList, country: string, state: string): string {
  return list.statesOf(country)?.some((s) => s.code === state) ? state : "";
}
