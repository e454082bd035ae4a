/**
 * The console's forms pick countries and states by name (values stay codes): the choices of the
 * address selects, the state kept or cleared when the country changes, the pickers' options. Pure; the lists come in
 * from `country-list.ts`, loaded when a form needs them, so nothing here pulls the country data.
 */
import type { Country, Subdivision } from "@cartwright/commerce";
import type { PickerOption } from "./picker.ts";

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

/** A picker's options for every country by name, its code beside it (typing "US" finds it too). */
export function countryOptions(list: CountryList): PickerOption[] {
  return list.allCountries().map((c) => ({ value: c.code, label: c.name, hint: c.code }));
}

/** Every state of every country with states, named with its country ("Nevada, United States"), valued "US:NV". */
export function stateOptions(list: CountryList): PickerOption[] {
  return list.allCountries().flatMap((country) =>
    (list.statesOf(country.code) ?? []).map((state) => ({
      value: `${country.code}:${state.code}`,
      label: `${state.name}, ${country.name}`,
      hint: `${country.code}:${state.code}`,
    })),
  );
}
