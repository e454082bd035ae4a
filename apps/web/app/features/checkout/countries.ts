/** The country select's options, built in the browser from the names and states the script already carries. */
import { allCountries, countryName, statesOf } from "@cartwright/commerce";
import type { CheckoutCountry } from "../../context.ts";

const optionsByCodes = new Map<string, CheckoutCountry[]>();

/** The given countries (every country when null), sorted by name, each with its states. */
export function countryOptions(codes: string[] | null): CheckoutCountry[] {
  const key = codes?.join(",") ?? "*";
  let options = optionsByCodes.get(key);
  if (!options) {
    const list = codes
      ? codes.map((code) => ({ code, name: countryName(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, "en"))
      : allCountries();
    options = list.map(({ code, name }) => ({ code, name, states: (statesOf(code) ?? []).map((s) => ({ code: s.code, name: s.name })) }));
    optionsByCodes.set(key, options);
  }
  return options;
}
