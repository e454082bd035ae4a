/**
 * An address written as a label is written: one line per part, in the order post and people read
 * it. Shared by the checkout's saved-address card and the order pages so both read the same.
 */
import { countryName, statesOf } from "./countries.ts";

export interface AddressParts {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  phone?: string;
}

/** Countries of the North American Numbering Plan: ten-digit numbers written (555) 010-0100. */
const NANP = new Set([
  "US",
  "CA",
  "PR",
  "GU",
  "VI",
  "AS",
  "MP",
  "AG",
  "AI",
  "BB",
  "BM",
  "BS",
  "DM",
  "DO",
  "GD",
  "JM",
  "KN",
  "KY",
  "LC",
  "MS",
  "SX",
  "TC",
  "TT",
  "VC",
  "VG",
]);

/**
 * A phone number as people write it. Ten-digit numbers of the North American plan get their
 * usual grouping; anything else keeps the shopper's own spelling (trimmed, spaces collapsed),
 * since grouping rules differ by country and a wrong grouping misleads more than none.
 */
export function formatPhone(phone: string | undefined, country: string | undefined): string {
  const typed = (phone ?? "").trim().replace(/\s+/g, " ");
  if (!typed || !NANP.has((country ?? "").toUpperCase())) return typed;
  if (!/^\+?[\d\s().-]+$/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, "");
  const local = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (local.length !== 10) return typed;
  const grouped = `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  return typed.startsWith("+") ? `+1 ${grouped}` : grouped;
}

/**
 * The address's lines: name, company, street lines, "City, State Postcode", country, then the
 * phone when asked for. `names` gives the country's and state's names as the caller knows them
 * (the codes are shown when a name is unknown). Empty parts leave no empty line.
 */
export function addressLines(
  address: AddressParts | undefined,
  names: { country?: string; state?: string } = {},
  options: { phone?: boolean } = {},
): string[] {
  if (!address) return [];
  const value = (key: keyof AddressParts) => String(address[key] ?? "").trim();
  const state = names.state || value("state");
  const lines = [
    [value("first_name"), value("last_name")].filter(Boolean).join(" "),
    value("company"),
    value("address_1"),
    value("address_2"),
    [value("city"), [state, value("postcode")].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    value("country") ? names.country || value("country").toUpperCase() : "",
    options.phone ? formatPhone(value("phone"), value("country")) : "",
  ];
  return lines.filter(Boolean);
}

/** The English names of an address's country and state, from the package's own tables (for the server's pages and e-mails). */
export function addressNames(address: AddressParts): { country?: string; state?: string } {
  const country = String(address.country ?? "")
    .trim()
    .toUpperCase();
  const state = String(address.state ?? "").trim();
  return { country: countryName(country), state: statesOf(country)?.find((s) => s.code === state)?.name };
}
