/**
 * Address validation and normalisation (spec §5 "Field messages", "Address rules").
 * Pure: the server uses it for update-customer and checkout, the checkout page for its fields.
 */

import { normalized } from "../text.ts";
import { isCountryCode, type Subdivision, statesOf } from "./countries.ts";
import { ADDRESS_FIELD_KEYS, type AddressFieldKey, type AddressFields, type FieldOverrides, fieldsForCountry } from "./locale.ts";
import { comparablePostcode, isValidPostcode } from "./postcode.ts";

/** A billing or shipping address as sent by a client: any field may be missing. Shipping addresses have no email. */
export type AddressInput = Partial<Record<AddressFieldKey, string | null | undefined>>;

export type AddressErrorCode = "required" | "invalid_postcode" | "invalid_email" | "missing_country" | "invalid_country" | "invalid_state";

export interface AddressFieldError {
  code: AddressErrorCode;
  message: string;
}

export type AddressErrors = Partial<Record<AddressFieldKey, AddressFieldError>>;

export interface ValidateAddressOptions {
  kind: "billing" | "shipping";
  /** Billing: the countries the shop sells to (all when absent). */
  allowedCountries?: readonly string[];
  /** Shipping: the countries the shop ships to (all when absent). */
  shipToCountries?: readonly string[];
  /**
   * Whether missing required fields are errors. Off by default: update-customer accepts a
   * half-filled address while the shopper types; checkout passes true.
   */
  requireFields?: boolean;
  /** Site or user locale ("en", "de_DE"…): labels inside messages are lower-cased except in German. Default "en". */
  locale?: string;
  /** The shop's field settings, applied after the country's (see fieldsForCountry). */
  fieldOverrides?: FieldOverrides;
}

export const ADDRESS_MESSAGES = Object.freeze({
  invalidPostcode: "Please enter a valid postcode",
  invalidEmail: "Please enter a valid email address",
  missingCountry: "Please select your country",
  billingCountryNotAllowed: "Sorry, we do not allow orders from the selected country",
  shippingCountryNotAllowed: "Sorry, we do not ship orders to the selected country",
});

/** Fields whose error counts as a shipping-address error (spec §5 "Address rules"). */
export const SHIPPING_ADDRESS_ERROR_FIELDS: readonly AddressFieldKey[] = Object.freeze([
  "city",
  "state",
  "address_1",
  "country",
  "postcode",
]);

function isGermanLocale(locale: string): boolean {
  return /^de(?:[-_]|$)/i.test(locale);
}

function labelInMessage(label: string, locale: string): string {
  return isGermanLocale(locale) ? label : label.toLowerCase();
}

/** 'Please enter a valid {label}', the label lower-cased except in German locales. */
export function requiredFieldMessage(label: string, locale = "en"): string {
  return `Please enter a valid ${labelInMessage(label, locale)}`;
}

/** 'Please select a {label}' for a required state select left empty. */
export function requiredStateMessage(label: string, locale = "en"): string {
  return `Please select a ${labelInMessage(label, locale)}`;
}

/** 'Please select a valid {label}' for a state that is not in the country's list. */
export function invalidStateMessage(label: string, locale = "en"): string {
  return `Please select a valid ${labelInMessage(label, locale)}`;
}

// The HTML e-mail input's rule, plus a dot in the domain (a shop must be able to mail the address).
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email);
}

/** Trimmed, with the domain lower-cased (the local part is case-sensitive in principle, so it stays). */
export function normaliseEmail(value: string): string {
  const email = value.trim();
  const at = email.lastIndexOf("@");
  return at < 0 ? email : email.slice(0, at + 1) + email.slice(at + 1).toLowerCase();
}

function fold(value: string): string {
  return normalized(value, "NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/**
 * The state code for a state typed or selected by the shopper, matched case-insensitively (and
 * ignoring accents) against the country's state codes, then names: 'california', 'Ca' → 'CA'.
 * Returns the trimmed value unchanged when the country has no state list, '' for an empty value,
 * and null when the country has a list and nothing matches.
 */
export function normaliseState(country: string, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return "";
  const states = statesOf(country);
  if (!states) return trimmed;
  const wanted = fold(trimmed);
  const lookup = stateLookup(states);
  return lookup.byCode.get(wanted) ?? lookup.byName.get(wanted) ?? null;
}

interface StateLookup {
  byCode: Map<string, string>;
  byName: Map<string, string>;
}

/** Each state list's codes and folded names, built on first use: the cart normalises a state on every address write. */
const stateLookups = new WeakMap<readonly Subdivision[], StateLookup>();

function stateLookup(states: readonly Subdivision[]): StateLookup {
  let lookup = stateLookups.get(states);
  if (!lookup) {
    lookup = { byCode: new Map(), byName: new Map() };
    for (const state of states) {
      const code = state.code.toLowerCase();
      const name = fold(state.name);
      if (!lookup.byCode.has(code)) lookup.byCode.set(code, state.code);
      if (!lookup.byName.has(name)) lookup.byName.set(name, state.code);
    }
    stateLookups.set(states, lookup);
  }
  return lookup;
}

function text(value: string | null | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * The address with every value trimmed, the country and postcode upper-cased, the email's domain
 * lower-cased and a recognised state replaced by its code. Only the keys present in the input
 * are returned. Hidden fields are not cleared here: see clearHiddenFields.
 */
export function normaliseAddress<T extends AddressInput>(address: T): { [K in keyof T]: string } {
  const country = text(address.country).toUpperCase();
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(address)) {
    const value = text(raw);
    if (key === "country") out[key] = country;
    else if (key === "postcode") out[key] = value.toUpperCase();
    else if (key === "email") out[key] = normaliseEmail(value);
    else if (key === "state") out[key] = normaliseState(country, value) ?? value;
    else out[key] = value;
  }
  return out as { [K in keyof T]: string };
}

/** The address with the values of hidden fields blanked (spec §5: cleared before use and before submit). */
export function clearHiddenFields<T extends AddressInput>(address: T, fields: AddressFields): T {
  const out: AddressInput = { ...address };
  for (const key of ADDRESS_FIELD_KEYS) if (fields[key].hidden && key in out) out[key] = "";
  return out as T;
}

/** The address with the values its own country hides blanked: the server's side of the same rule. */
export function withoutHiddenValues<T extends AddressInput>(address: T): T {
  return clearHiddenFields(address, fieldsForCountry(text(address.country)));
}

function countryAllowed(country: string, list: readonly string[] | undefined): boolean {
  return !list || list.some((code) => code.trim().toUpperCase() === country);
}

/**
 * Checks an address against its country's fields and the shop's country lists. Returns one
 * error per field, empty when the address is valid. Values are trimmed before checking; hidden
 * fields are ignored; the email is checked for billing addresses only.
 */
export function validateAddress(address: AddressInput, options: ValidateAddressOptions): AddressErrors {
  const { kind, requireFields = false, locale = "en" } = options;
  const errors: AddressErrors = {};
  const value = (key: AddressFieldKey) => text(address[key]);
  const country = value("country").toUpperCase();
  const fields = fieldsForCountry(country, options.fieldOverrides);

  const required = (key: AddressFieldKey): boolean => requireFields && fields[key].required && !fields[key].hidden;
  const missing = (key: AddressFieldKey): void => {
    errors[key] = { code: "required", message: requiredFieldMessage(fields[key].label, locale) };
  };

  // Country first: the postcode and state rules depend on it.
  let countryKnown = false;
  if (country === "") {
    if (required("country") || value("city") !== "" || value("state") !== "" || value("postcode") !== "") {
      errors.country = { code: "missing_country", message: ADDRESS_MESSAGES.missingCountry };
    }
  } else if (!isCountryCode(country) || !countryAllowed(country, kind === "billing" ? options.allowedCountries : options.shipToCountries)) {
    const message = kind === "billing" ? ADDRESS_MESSAGES.billingCountryNotAllowed : ADDRESS_MESSAGES.shippingCountryNotAllowed;
    errors.country = { code: "invalid_country", message };
  } else {
    countryKnown = true;
  }

  for (const key of ["first_name", "last_name", "company", "address_1", "address_2", "city", "phone"] as const) {
    if (!fields[key].hidden && value(key) === "" && required(key)) missing(key);
  }

  if (kind === "billing" && !fields.email.hidden) {
    const email = value("email");
    if (email === "") {
      if (required("email")) missing("email");
    } else if (!isValidEmail(email)) {
      errors.email = { code: "invalid_email", message: ADDRESS_MESSAGES.invalidEmail };
    }
  }

  if (!fields.postcode.hidden) {
    const postcode = value("postcode");
    if (postcode === "") {
      if (required("postcode")) missing("postcode");
    } else if (countryKnown && !isValidPostcode(postcode, country)) {
      errors.postcode = { code: "invalid_postcode", message: ADDRESS_MESSAGES.invalidPostcode };
    }
  }

  if (!fields.state.hidden) {
    const state = value("state");
    const hasList = countryKnown && statesOf(country) !== undefined;
    if (state === "") {
      if (required("state")) {
        errors.state = {
          code: "required",
          message: hasList ? requiredStateMessage(fields.state.label, locale) : requiredFieldMessage(fields.state.label, locale),
        };
      }
    } else if (hasList && normaliseState(country, state) === null) {
      errors.state = { code: "invalid_state", message: invalidStateMessage(fields.state.label, locale) };
    }
  }

  return errors;
}

/** Whether any of the fields that make a shipping-address error has one (spec §5 "Address rules"). */
export function hasShippingAddressError(errors: AddressErrors): boolean {
  return SHIPPING_ADDRESS_ERROR_FIELDS.some((key) => errors[key] !== undefined);
}

/** The fields that place an address: its shipping rates and its taxes are worked out from them. */
export const LOCATION_FIELDS = ["state", "country", "postcode", "city"] as const;

/**
 * Whether the address is complete enough to ask for shipping rates: a country is set and every
 * required, non-hidden field among state, country, postcode and city is filled.
 */
export function isAddressCompleteForRates(address: AddressInput, fieldOverrides?: FieldOverrides): boolean {
  const country = text(address.country).toUpperCase();
  if (country === "") return false;
  const fields = fieldsForCountry(country, fieldOverrides);
  return LOCATION_FIELDS.every((key) => !fields[key].required || fields[key].hidden || text(address[key]) !== "");
}

/** A value as compared between two addresses: email trimmed if valid, otherwise empty; postcode without spaces, upper-cased; others trimmed. */
function comparable(key: AddressFieldKey, raw: string | null | undefined): string {
  const value = text(raw);
  if (key === "email") return isValidEmail(value) ? normaliseEmail(value) : "";
  if (key === "postcode") return comparablePostcode(value);
  if (key === "country") return value.toUpperCase();
  return value;
}

/** The fields whose normalised values differ between two addresses, in the default field order. */
export function changedAddressFields(a: AddressInput, b: AddressInput): AddressFieldKey[] {
  return ADDRESS_FIELD_KEYS.filter((key) => comparable(key, a[key]) !== comparable(key, b[key]));
}

export function hasAddressChanged(a: AddressInput, b: AddressInput): boolean {
  return changedAddressFields(a, b).length > 0;
}
