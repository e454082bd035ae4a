/** Addresses as every console page prints them, in the storefront's label lines (names for codes). */
import { addressLines, addressNames } from "@cartwright/commerce";

/** The label lines: name, company, street, "City, State Postcode", country; no phone or email (the order documents). */
export function addressLabel(address: Readonly<Record<string, unknown>>): string[] {
  return addressLines(...named(address));
}

/** The label lines, then the phone and the email (the order and customer pages). */
export function printedAddress(address: Readonly<Record<string, unknown>>): string[] {
  const [parts, names] = named(address);
  return [...addressLines(parts, names, { phone: true }), (parts.email ?? "").trim()].filter(Boolean);
}

function named(address: Readonly<Record<string, unknown>>) {
  // The shop's own address fields may be booleans: only the text parts print.
  const parts: Record<string, string> = Object.fromEntries(
    Object.entries(address).map(([key, value]) => [key, typeof value === "string" ? value : ""]),
  );
  return [parts, addressNames(parts)] as const;
}
