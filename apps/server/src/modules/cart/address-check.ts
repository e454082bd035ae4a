/** Interim address rules for update-customer until the shared address module lands in @cartwright/commerce. */
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};
const STATES: Record<string, Record<string, string>> = { US: US_STATES };

type Address = Record<string, string | undefined>;

export function normaliseAddress<T extends Address>(address: T): T {
  const out: Address = {};
  for (const [key, value] of Object.entries(address)) out[key] = typeof value === "string" ? value.trim() : value;
  if (out.postcode) out.postcode = out.postcode.toUpperCase();
  if (out.country) out.country = out.country.toUpperCase();
  if (out.email) out.email = out.email.toLowerCase();
  return out as T;
}

export function normaliseState(country: string, value: string): string | null {
  const states = STATES[country];
  if (!states) return value;
  const wanted = value.trim().toLowerCase();
  return Object.entries(states).find(([code, name]) => code.toLowerCase() === wanted || name.toLowerCase() === wanted)?.[0] ?? null;
}

export function validateAddress(
  address: Address,
  options: { kind: "billing" | "shipping"; allowedCountries?: string[]; shipToCountries?: string[]; requireFields?: boolean },
): Record<string, { code: string; message: string }> {
  const errors: Record<string, { code: string; message: string }> = {};
  const country = address.country ?? "";
  if (address.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.email))
    errors.email = { code: "invalid_email", message: "Please enter a valid email address" };
  if (!country && (address.city || address.state || address.postcode))
    errors.country = { code: "missing_country", message: "Please select your country" };
  if (country && !/^[A-Z]{2}$/.test(country)) errors.country = { code: "invalid_country", message: "Please select a valid country" };
  if (country && options.kind === "billing" && options.allowedCountries && !options.allowedCountries.includes(country)) {
    errors.country = { code: "invalid_country", message: "Sorry, we do not allow orders from the selected country" };
  }
  if (country && options.kind === "shipping" && options.shipToCountries && !options.shipToCountries.includes(country)) {
    errors.country = { code: "invalid_country", message: "Sorry, we do not ship orders to the selected country" };
  }
  if (country && address.state && STATES[country] && normaliseState(country, address.state) === null) {
    errors.state = { code: "invalid_state", message: "Please select a valid state" };
  }
  if (country && address.postcode && postcodeValidatorExistsForCountry(country) && !postcodeValidator(address.postcode, country)) {
    errors.postcode = { code: "invalid_postcode", message: "Please enter a valid postcode" };
  }
  return errors;
}
