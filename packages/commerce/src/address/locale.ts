/**
 * Address form fields: the default table of spec §5 "Default checkout fields" and the
 * per-country overrides of label, required, hidden and index (spec §3 "Country data").
 */
import { type Subdivision, statesOf } from "./countries.ts";

export type AddressFieldKey =
  | "email"
  | "country"
  | "first_name"
  | "last_name"
  | "company"
  | "address_1"
  | "address_2"
  | "city"
  | "state"
  | "postcode"
  | "phone";

export const ADDRESS_FIELD_KEYS: readonly AddressFieldKey[] = Object.freeze([
  "email",
  "country",
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "city",
  "state",
  "postcode",
  "phone",
]);

export type AddressFieldType = "text" | "email" | "tel" | "select";

export interface AddressFieldDefinition {
  key: AddressFieldKey;
  label: string;
  /** '{label} (optional)'. */
  optionalLabel: string;
  required: boolean;
  hidden: boolean;
  /** Sort order. */
  index: number;
  type: AddressFieldType;
  /** The autofill token without the section ("address-line1"); the form prefixes "billing " or "shipping ". */
  autocomplete: string;
  autocapitalize: "none" | "sentences" | "words" | "characters";
  /** For the state select: the country's states. */
  options?: readonly Subdivision[];
}

/** What a country (or the shop's settings) may change on a field. */
export interface FieldOverride {
  label?: string;
  required?: boolean;
  hidden?: boolean;
  index?: number;
}

export type FieldOverrides = Partial<Record<AddressFieldKey, FieldOverride>>;

export type AddressFields = Readonly<Record<AddressFieldKey, Readonly<AddressFieldDefinition>>>;

export function optionalLabel(label: string): string {
  return `${label} (optional)`;
}

function field(
  key: AddressFieldKey,
  label: string,
  required: boolean,
  hidden: boolean,
  index: number,
  type: AddressFieldType,
  autocomplete: string,
  autocapitalize: AddressFieldDefinition["autocapitalize"],
): AddressFieldDefinition {
  return { key, label, optionalLabel: optionalLabel(label), required, hidden, index, type, autocomplete, autocapitalize };
}

/** Spec §5 "Default checkout fields". */
export const DEFAULT_ADDRESS_FIELDS: AddressFields = Object.freeze({
  email: field("email", "Email address", true, false, 0, "email", "email", "none"),
  country: field("country", "Country/Region", true, false, 1, "select", "country", "none"),
  first_name: field("first_name", "First name", true, false, 10, "text", "given-name", "sentences"),
  last_name: field("last_name", "Last name", true, false, 20, "text", "family-name", "sentences"),
  company: field("company", "Company", false, true, 30, "text", "organization", "sentences"),
  address_1: field("address_1", "Address", true, false, 40, "text", "address-line1", "sentences"),
  address_2: field("address_2", "Apartment, suite, etc.", false, false, 50, "text", "address-line2", "sentences"),
  city: field("city", "City", true, false, 70, "text", "address-level2", "sentences"),
  state: field("state", "State/County", true, false, 80, "text", "address-level1", "sentences"),
  postcode: field("postcode", "Postal code", true, false, 90, "text", "postal-code", "characters"),
  phone: field("phone", "Phone", true, false, 100, "tel", "tel", "none"),
});

// Building blocks for the table below.
const NO_STATE: FieldOverride = { required: false, hidden: true };
const NO_POSTCODE: FieldOverride = { required: false, hidden: true };
const OPTIONAL: FieldOverride = { required: false };
/** Postcode before city, as most of continental Europe writes it ("10115 Berlin"). */
const POSTCODE_FIRST: FieldOverride = { index: 65 };
const label = (text: string, more: FieldOverride = {}): FieldOverride => ({ label: text, ...more });

/**
 * Per-country overrides, after the modelled system's country locale. Countries not listed use
 * the defaults: a required "State/County" text field and a required "Postal code".
 */
export const COUNTRY_LOCALE: Readonly<Record<string, FieldOverrides>> = Object.freeze({
  AE: { postcode: NO_POSTCODE, state: label("Emirate", OPTIONAL) },
  AF: { state: NO_STATE },
  AO: { postcode: NO_POSTCODE, state: label("Province") },
  AR: { state: label("Province") },
  AT: { postcode: POSTCODE_FIRST, state: NO_STATE },
  AU: { city: label("Suburb"), postcode: label("Postcode"), state: label("State") },
  AX: { postcode: POSTCODE_FIRST, state: NO_STATE },
  BA: { postcode: POSTCODE_FIRST, state: label("Canton", NO_STATE) },
  BB: { postcode: OPTIONAL, state: label("Parish", OPTIONAL) },
  BD: { postcode: OPTIONAL, state: label("District") },
  BE: { postcode: POSTCODE_FIRST, state: NO_STATE },
  BG: { state: OPTIONAL },
  BH: { postcode: OPTIONAL, state: NO_STATE },
  BI: { state: NO_STATE },
  BO: { postcode: NO_POSTCODE, state: label("Department") },
  BR: { state: label("State") },
  BS: { postcode: NO_POSTCODE },
  BW: { postcode: NO_POSTCODE, state: label("District", NO_STATE) },
  BZ: { postcode: NO_POSTCODE, state: OPTIONAL },
  CA: { postcode: label("Postal code"), state: label("Province") },
  CH: { postcode: POSTCODE_FIRST, state: label("Canton", OPTIONAL) },
  CL: { postcode: OPTIONAL, state: label("Region") },
  CN: { state: label("Province") },
  CO: { postcode: OPTIONAL, state: label("Department") },
  CR: { state: label("Province") },
  CW: { postcode: NO_POSTCODE, state: NO_STATE },
  CY: { state: NO_STATE },
  CZ: { state: NO_STATE },
  DE: { postcode: POSTCODE_FIRST, state: NO_STATE },
  DK: { postcode: POSTCODE_FIRST, state: NO_STATE },
  DO: { state: label("Province") },
  EC: { postcode: OPTIONAL, state: label("Province") },
  EE: { postcode: POSTCODE_FIRST, state: NO_STATE },
  ES: { postcode: POSTCODE_FIRST, state: label("Province") },
  ET: { state: NO_STATE },
  FI: { postcode: POSTCODE_FIRST, state: NO_STATE },
  FR: { postcode: POSTCODE_FIRST, state: NO_STATE },
  GB: { postcode: label("Postcode"), state: label("County", OPTIONAL) },
  GF: { state: NO_STATE },
  GG: { state: label("Parish", OPTIONAL) },
  GH: { postcode: OPTIONAL, state: label("Region") },
  GP: { state: NO_STATE },
  GR: { state: OPTIONAL },
  GT: { postcode: OPTIONAL, state: label("Department") },
  HK: { postcode: NO_POSTCODE, city: label("Town/District"), state: label("Region") },
  HN: { postcode: OPTIONAL, state: label("Department") },
  HU: {
    last_name: { index: 10 },
    first_name: { index: 20 },
    postcode: POSTCODE_FIRST,
    city: { index: 66 },
    state: label("County", OPTIONAL),
  },
  ID: { state: label("Province") },
  IE: { postcode: label("Eircode", OPTIONAL), state: label("County") },
  IL: { postcode: POSTCODE_FIRST, state: NO_STATE },
  IM: { state: NO_STATE },
  IN: { postcode: label("PIN Code"), state: label("State") },
  IR: { state: label("Province", { index: 50 }), city: { index: 60 }, address_1: { index: 70 }, address_2: { index: 75 } },
  IS: { postcode: POSTCODE_FIRST, state: NO_STATE },
  IT: { postcode: POSTCODE_FIRST, state: label("Province") },
  JE: { state: label("Parish", OPTIONAL) },
  JM: { city: label("Town/City"), postcode: NO_POSTCODE, state: label("Parish") },
  // Japanese order: family name first, then postcode, prefecture, city, street.
  JP: {
    last_name: { index: 10 },
    first_name: { index: 20 },
    postcode: POSTCODE_FIRST,
    state: label("Prefecture", { index: 66 }),
    city: { index: 67 },
    address_1: { index: 68 },
    address_2: { index: 69 },
  },
  KN: { postcode: NO_POSTCODE, state: label("Parish") },
  KR: { state: NO_STATE },
  KW: { state: NO_STATE },
  LB: { postcode: OPTIONAL, state: NO_STATE },
  LI: { postcode: POSTCODE_FIRST, state: label("Municipality", OPTIONAL) },
  LK: { state: NO_STATE },
  LU: { postcode: POSTCODE_FIRST, state: NO_STATE },
  LV: { state: label("Municipality", OPTIONAL) },
  MD: { state: label("Municipality/District") },
  MQ: { state: NO_STATE },
  MT: { state: NO_STATE },
  MU: { postcode: OPTIONAL, state: NO_STATE },
  MX: { state: label("State") },
  MY: { state: label("State") },
  MZ: { postcode: NO_POSTCODE, state: label("Province") },
  NG: { postcode: label("Postcode", OPTIONAL), state: label("State") },
  NI: { postcode: OPTIONAL, state: label("Department") },
  NL: { postcode: POSTCODE_FIRST, state: NO_STATE },
  NO: { postcode: POSTCODE_FIRST, state: NO_STATE },
  NP: { postcode: OPTIONAL, state: label("State/Zone") },
  NZ: { postcode: label("Postcode"), state: label("Region", OPTIONAL) },
  PH: { state: label("Province") },
  PL: { postcode: POSTCODE_FIRST, state: NO_STATE },
  PR: { city: label("Municipality"), state: NO_STATE },
  PT: { postcode: POSTCODE_FIRST, state: NO_STATE },
  RE: { state: NO_STATE },
  RO: { state: label("County") },
  RS: { state: label("District", OPTIONAL) },
  RW: { state: NO_STATE },
  SE: { postcode: POSTCODE_FIRST, state: NO_STATE },
  SG: { city: OPTIONAL, state: NO_STATE },
  SI: { postcode: POSTCODE_FIRST, state: NO_STATE },
  SK: { postcode: POSTCODE_FIRST, state: NO_STATE },
  SR: { postcode: NO_POSTCODE },
  ST: { postcode: NO_POSTCODE, state: label("District") },
  SV: { state: label("Department") },
  TH: { state: label("Province") },
  TR: { postcode: POSTCODE_FIRST, state: label("Province") },
  UG: { postcode: NO_POSTCODE, city: label("Town/Village"), state: label("District") },
  US: { postcode: label("ZIP Code"), state: label("State") },
  UY: { state: label("Department") },
  VN: { postcode: OPTIONAL, state: NO_STATE, address_2: { hidden: true } },
  WS: { postcode: NO_POSTCODE },
  YT: { state: NO_STATE },
  ZA: { state: label("Province") },
  ZW: { postcode: NO_POSTCODE },
});

function apply(base: AddressFieldDefinition, override: FieldOverride | undefined): AddressFieldDefinition {
  if (!override) return base;
  const next = { ...base };
  if (override.label !== undefined) {
    next.label = override.label;
    next.optionalLabel = optionalLabel(override.label);
  }
  if (override.required !== undefined) next.required = override.required;
  if (override.hidden !== undefined) next.hidden = override.hidden;
  if (override.index !== undefined) next.index = override.index;
  return next;
}

const cache = new Map<string, AddressFields>();

/** The longest value any address field takes: the Store API refuses more, and the form stops typing there. */
export const ADDRESS_FIELD_MAX_LENGTH = 200;

/**
 * The fields of an address form for a country: defaults, then the country's overrides, then the
 * shop's own `overrides` (e.g. company shown, phone optional). The state field becomes a select
 * with options when the country has a state list. A hidden field is never required.
 * Without overrides the result is cached and frozen: do not mutate it.
 */
export function fieldsForCountry(country: string, overrides?: FieldOverrides): AddressFields {
  const code = country.trim().toUpperCase();
  if (!overrides) {
    const cached = cache.get(code);
    if (cached) return cached;
  }
  const locale = Object.hasOwn(COUNTRY_LOCALE, code) ? COUNTRY_LOCALE[code] : undefined;
  const states = statesOf(code);
  const fields = {} as Record<AddressFieldKey, AddressFieldDefinition>;
  for (const key of ADDRESS_FIELD_KEYS) {
    let definition = apply(apply(DEFAULT_ADDRESS_FIELDS[key], locale?.[key]), overrides?.[key]);
    if (definition.hidden && definition.required) definition = { ...definition, required: false };
    if (key === "state" && states) definition = { ...definition, type: "select", options: states };
    fields[key] = Object.freeze(definition);
  }
  const frozen = Object.freeze(fields);
  if (!overrides && /^[A-Z]{2}$/.test(code)) cache.set(code, frozen);
  return frozen;
}

/** The fields in display order (by index, then by the default order). */
export function orderedFields(fields: AddressFields): Readonly<AddressFieldDefinition>[] {
  return ADDRESS_FIELD_KEYS.map((key) => fields[key]).sort((a, b) => a.index - b.index);
}
