/**
 * Pieces of `validateSubmission`: reading submitted inputs, the length cap, and the address
 * field (spec §3.5: countries without states have their state cleared and not required).
 */
import { isCountryCode, isValidPostcode, normaliseState, statesOf } from "../address/index.ts";
import { characterCount, FORM_MESSAGES, fill, TEXT_LIMITS } from "./rules.ts";
import type { AddressField, FormInput } from "./types.ts";

/** Countries whose addresses have no state (spec §3.5 "configured list"); a field may name its own. */
export const COUNTRIES_WITHOUT_STATES: readonly string[] = [
  "AF",
  "AT",
  "AX",
  "BE",
  "BI",
  "CZ",
  "DE",
  "DK",
  "EE",
  "FI",
  "FR",
  "GP",
  "GF",
  "IS",
  "IL",
  "KR",
  "KW",
  "LB",
  "LU",
  "MQ",
  "MT",
  "NL",
  "NO",
  "PL",
  "PT",
  "RE",
  "SG",
  "SI",
  "SK",
  "SE",
  "VN",
  "YT",
];

/** What one field's check gives: an error (or errors by sub-input), or the value to keep. */
export type Outcome = { error?: string | Record<string, string>; value?: FormInput };

export function lengthError(value: string, max: number | undefined, cap: number): string | undefined {
  const limit = Math.min(max ?? cap, cap);
  return characterCount(value) > limit ? fill(FORM_MESSAGES.maxLength, { 0: limit }) : undefined;
}

export const text = (input: FormInput | undefined): string =>
  typeof input === "string" ? input.trim() : Array.isArray(input) ? (input[0] ?? "").trim() : "";
export const list = (input: FormInput | undefined): string[] =>
  typeof input === "string"
    ? input.trim() === ""
      ? []
      : [input.trim()]
    : Array.isArray(input)
      ? input.map((item) => item.trim()).filter(Boolean)
      : [];
export const group = (input: FormInput | undefined): Record<string, string> => {
  if (!input || typeof input === "string" || Array.isArray(input)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) out[key] = text(value);
  return out;
};

/** The address field: its sub-inputs checked together; the state cleared for countries without one. */
export function checkAddress(field: AddressField, input: FormInput | undefined): Outcome {
  const parts = group(input);
  const country = (parts.country || field.defaultCountry || "").toUpperCase();
  const noStates = field.countriesWithoutStates ?? COUNTRIES_WITHOUT_STATES;
  const stateless = noStates.includes(country);
  const errors: Record<string, string> = {};
  const anything = ["address1", "address2", "city", "state", "postal"].some((key) => (parts[key] ?? "") !== "");
  if (!field.required && !anything) return {};
  for (const key of ["address1", "city", "postal", "country"])
    if (!(key === "country" ? country : parts[key])) errors[key] = FORM_MESSAGES.required;
  if (country && !isCountryCode(country)) errors.country = FORM_MESSAGES.choice;
  let state = stateless ? "" : (parts.state ?? "");
  if (!stateless && !errors.country && country) {
    if (state === "" && statesOf(country)) errors.state = FORM_MESSAGES.required;
    const normalised = normaliseState(country, state);
    if (normalised === null) errors.state = FORM_MESSAGES.choice;
    else state = normalised;
  }
  if (parts.postal && country && !errors.country && !isValidPostcode(parts.postal, country))
    errors.postal = "Please enter a valid postcode.";
  for (const [key, value] of Object.entries(parts)) {
    const error = lengthError(value, undefined, TEXT_LIMITS.line);
    if (error) errors[key] = error;
  }
  if (Object.keys(errors).length > 0) return { error: errors };
  const value: Record<string, string> = {
    address1: parts.address1 ?? "",
    city: parts.city ?? "",
    state,
    postal: (parts.postal ?? "").toUpperCase(),
    country,
  };
  if (field.address2) value.address2 = parts.address2 ?? "";
  return { value };
}
