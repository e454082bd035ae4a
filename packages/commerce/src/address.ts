/**
 * Address rules shared by the server (update-customer, checkout) and the browser: country and
 * state checks, postcodes through postcode-validator, and the spec's field messages (§5).
 */
import countries from "i18n-iso-countries";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

/** State lists for the countries where a state is part of the address (codes as shops use them). */
export const STATES: Record<string, Record<string, string>> = {
  US: {
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
    AA: "Armed Forces (AA)",
    AE: "Armed Forces (AE)",
    AP: "Armed Forces (AP)",
    PR: "Puerto Rico",
    GU: "Guam",
    VI: "US Virgin Islands",
  },
  CA: {
    AB: "Alberta",
    BC: "British Columbia",
    MB: "Manitoba",
    NB: "New Brunswick",
    NL: "Newfoundland and Labrador",
    NT: "Northwest Territories",
    NS: "Nova Scotia",
    NU: "Nunavut",
    ON: "Ontario",
    PE: "Prince Edward Island",
    QC: "Quebec",
    SK: "Saskatchewan",
    YT: "Yukon Territory",
  },
  AU: {
    ACT: "Australian Capital Territory",
    NSW: "New South Wales",
    NT: "Northern Territory",
    QLD: "Queensland",
    SA: "South Australia",
    TAS: "Tasmania",
    VIC: "Victoria",
    WA: "Western Australia",
  },
};

/** Countries that may leave the postcode empty (spec §5 "Postcode patterns"). */
const OPTIONAL_POSTCODE = new Set(["BH", "BB", "EC", "HN", "LB", "MU", "NI", "NG"]);

export type AddressFields = Record<string, string | undefined>;
export interface FieldError {
  code: string;
  message: string;
}

/** Trims every value; postcodes upper-cased, countries upper-cased, emails lower-cased. */
export function normaliseAddress<T extends AddressFields>(address: T): T {
  const out: AddressFields = {};
  for (const [key, value] of Object.entries(address)) out[key] = typeof value === "string" ? value.trim() : value;
  if (out.postcode) out.postcode = out.postcode.toUpperCase();
  if (out.country) out.country = out.country.toUpperCase();
  if (out.email) out.email = out.email.toLowerCase();
  return out as T;
}

/** The state code for a code or name typed in any case; null when the country lists states and none matches. */
export function normaliseState(country: string, value: string): string | null {
  const states = STATES[country];
  if (!states) return value;
  const wanted = value.trim().toLowerCase();
  return Object.entries(states).find(([code, name]) => code.toLowerCase() === wanted || name.toLowerCase() === wanted)?.[0] ?? null;
}

export function isValidPostcode(postcode: string, country: string): boolean {
  const value = postcode.trim().toUpperCase();
  if (!value) return OPTIONAL_POSTCODE.has(country);
  if (country === "GB" && /^BFPO ?\d{1,4}$/.test(value)) return true;
  // Countries without a known pattern pass (spec §5).
  return !postcodeValidatorExistsForCountry(country) || postcodeValidator(value, country);
}

export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim());
}

/**
 * The errors of what is filled in; empty fields are fine while the shopper types. Billing
 * countries must be among allowedCountries, shipping ones among shipToCountries (when given).
 */
export function validateAddress(
  address: AddressFields,
  options: { kind: "billing" | "shipping"; allowedCountries?: string[]; shipToCountries?: string[] },
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const country = address.country ?? "";
  if (address.email && !isValidEmail(address.email))
    errors.email = { code: "invalid_email", message: "Please enter a valid email address" };
  if (!country) {
    if (address.city || address.state || address.postcode)
      errors.country = { code: "missing_country", message: "Please select your country" };
    return errors;
  }
  if (!countries.isValid(country)) {
    errors.country = { code: "invalid_country", message: "Please select a valid country" };
    return errors;
  }
  if (options.kind === "billing" && options.allowedCountries && !options.allowedCountries.includes(country)) {
    errors.country = { code: "invalid_country", message: "Sorry, we do not allow orders from the selected country" };
  }
  if (options.kind === "shipping" && options.shipToCountries && !options.shipToCountries.includes(country)) {
    errors.country = { code: "invalid_country", message: "Sorry, we do not ship orders to the selected country" };
  }
  if (address.state && normaliseState(country, address.state) === null) {
    errors.state = { code: "invalid_state", message: `Please select a valid ${country === "CA" ? "province" : "state"}` };
  }
  if (address.postcode && !isValidPostcode(address.postcode, country)) {
    errors.postcode = { code: "invalid_postcode", message: "Please enter a valid postcode" };
  }
  return errors;
}
