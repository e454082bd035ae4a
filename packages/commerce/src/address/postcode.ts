/**
 * Postcode rules (spec §5 "Postcode patterns").
 *
 * The patterns are postcode-validator's (3.9.2, the version the modelled system ships), except
 * where it disagrees with the spec or with the country's real format; those countries are in
 * OWN_PATTERNS below, each with the reason. Countries without a pattern accept anything.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

/**
 * Our own patterns, tested against the upper-cased postcode. Everything else comes from
 * postcode-validator unchanged.
 */
const OWN_PATTERNS: ReadonlyMap<string, RegExp> = new Map([
  // GB and its legacy alias UK: the library's inward code uses [A-z], which also admits [ \ ] ^ _ `,
  // and it has no BFPO (British Forces Post Office) numbers, which the spec gives GB alone.
  ["GB", /^(?:[A-Z](?:[0-9]{1,2}|[A-Z][0-9][A-Z]|[A-Z][0-9]{1,2}|[0-9][A-Z]) ?[0-9][A-Z]{2}|BFPO ?[0-9]{1,4})$/],
  ["UK", /^[A-Z](?:[0-9]{1,2}|[A-Z][0-9][A-Z]|[A-Z][0-9]{1,2}|[0-9][A-Z]) ?[0-9][A-Z]{2}$/],
  // NL: the spec's 4 digits (any), then 2 letters but for the pairs SA, SD and SS.
  ["NL", /^[0-9]{4} ?(?!SA|SD|SS)[A-Z]{2}$/],
  // Countries the spec lists as having their own formats (BA, KH, LI, MN, NI, SI):
  // BA: 5 digits starting with 7 or 8 (the library accepts any 5 digits).
  ["BA", /^[78][0-9]{4}$/],
  // KH: 6 digits since 2015 (the library still has the old 5).
  ["KH", /^[0-9]{6}$/],
  // LI: 9485–9498. The library's /^(948[5-9])|(949[0-7])$/ is unanchored on each side of the |.
  ["LI", /^(?:948[5-9]|949[0-8])$/],
  // MN: 5 digits, older 6-digit codes still in use.
  ["MN", /^[0-9]{5,6}$/],
  // NI: 5 digits, or empty (the spec's list of countries that accept an empty postcode).
  ["NI", /^(?:[0-9]{5})?$/],
  // SI: 4 digits not starting with 0, optional "SI-" prefix.
  ["SI", /^(?:SI-)?[1-9][0-9]{3}$/],
]);

/** Whether the country has a postcode pattern (otherwise every postcode passes). */
export function hasPostcodePattern(country: string): boolean {
  const code = country.trim().toUpperCase();
  return OWN_PATTERNS.has(code) || postcodeValidatorExistsForCountry(code);
}

/**
 * The postcode as the form keeps it while typing: leading whitespace removed, upper-cased
 * (spec §5 "Field messages"). Trailing spaces stay so that "SW1A " can be typed.
 */
export function normalisePostcode(value: string): string {
  return value.trimStart().toUpperCase();
}

/** The postcode for comparing two addresses: upper-cased, every space removed (spec §5 "Address rules"). */
export function comparablePostcode(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/**
 * Whether `postcode` is valid for `country` (ISO alpha-2, any case). The value is trimmed and
 * upper-cased first. Countries without a pattern pass; an empty postcode passes only where the
 * pattern allows it (BH, BB, EC, HN, LB, MU, NI, NG) or there is no pattern — whether the
 * field is required is the locale's business, not this function's.
 */
export function isValidPostcode(postcode: string, country: string): boolean {
  const code = country.trim().toUpperCase();
  const value = postcode.trim().toUpperCase();
  const own = OWN_PATTERNS.get(code);
  if (own) return own.test(value);
  return postcodeValidatorExistsForCountry(code) ? postcodeValidator(value, code) : true;
}
