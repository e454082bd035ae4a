/**
 * The list parameters of GET /products (and /products/collection-data), read as WooCommerce's Store API takes
 * them: one value, several separated by commas, or the key repeated. Every value is checked, and a wrong one
 * is refused by the parameter's name with what it should be: never ignored. Also the prices and dates, whose
 * forms a schema could only refuse without saying what they should be.
 */
import { wallTimeToInstant } from "@cartwright/commerce/time-zone";

/** What a list parameter's values must be: one of a few words, or a form with its description. */
type ListRule = { allowed: readonly string[] } | { form: RegExp; what: string; caseless?: boolean };

/** Slugs are matched in lower case, as WooCommerce cleans them. */
const TERM = { form: /^[a-z0-9-]{1,200}$/, what: "an id or a slug (lower-case letters, digits and hyphens)", caseless: true };
const PRODUCT_ID = { form: /^\d{1,10}$/, what: "a product id" };

export const STOCK_STATUSES = ["instock", "outofstock", "onbackorder"] as const;

export const LIST_RULES = {
  slug: { form: /^[a-z0-9-]{1,200}$/, what: "a product slug (lower-case letters, digits and hyphens)", caseless: true },
  sku: { form: /^[^,]{1,100}$/, what: "a SKU of at most 100 characters" },
  include: PRODUCT_ID,
  exclude: PRODUCT_ID,
  parent: { form: /^\d{1,10}$/, what: "a product id (0 for no parent)" },
  parent_exclude: { form: /^\d{1,10}$/, what: "a product id (0 for no parent)" },
  category: TERM,
  tag: TERM,
  brand: TERM,
  stock_status: { allowed: STOCK_STATUSES },
} satisfies Record<string, ListRule>;

export type ListName = keyof typeof LIST_RULES;

/** At most this many values a parameter: a longer list is refused, not cut. */
export const MAX_LIST_VALUES = 100;

/** A value as a message quotes it: cut short, so a huge one is not sent back whole. */
const quoted = (value: string) => `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;

/** The strings of a query value: repeated keys come as a list, and one value may hold several separated by commas. */
const valuesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .flatMap((v) => (v === undefined ? [] : String(v).split(",")))
    .map((v) => v.trim())
    .filter(Boolean);

/** Why a parameter's values cannot be taken, or nothing when they all can. */
function wrongValues(name: ListName, values: string[]): string | undefined {
  const rule: ListRule = LIST_RULES[name];
  if (values.length > MAX_LIST_VALUES) return `${name} takes at most ${MAX_LIST_VALUES} values.`;
  if ("allowed" in rule) {
    const bad = values.find((v) => !rule.allowed.includes(v));
    if (bad !== undefined) return `${name} must be ${rule.allowed.join(", ")} (one or several); ${quoted(bad)} is none of them.`;
    return undefined;
  }
  const bad = values.find((v) => !rule.form.test(v));
  return bad === undefined ? undefined : `${name} has ${quoted(bad)}, which is not ${rule.what}.`;
}

/** A list parameter's bracketed key, as PHP clients write arrays: `stock_status[]` or `stock_status[0]`. */
const BRACKETED = /^([a-z_]+)\[(\d{0,3})\]$/;

/**
 * The values of each list parameter the query gives (none given: left out), under its name or its bracketed keys
 * (`stock_status[]=instock&stock_status[]=onbackorder`), or the reason for each one that is wrong. A bracketed key of
 * a parameter taking one value (`singleValued`: `type[]=simple`) is refused too, rather than left unread.
 */
export function readListParams(
  query: Record<string, unknown>,
  singleValued: readonly string[] = [],
): {
  lists: Partial<Record<ListName, string[]>>;
  errors: Record<string, string>;
} {
  const lists: Partial<Record<ListName, string[]>> = {};
  const errors: Record<string, string> = {};
  const bracketed = new Map<ListName, unknown[]>();
  for (const [key, value] of Object.entries(query)) {
    const name = key.slice(0, key.indexOf("["));
    if (key.includes("[") && singleValued.includes(name)) {
      errors[key] = `${name} takes one value: send ${name}=… without brackets.`;
      continue;
    }
    if (!key.includes("[") || !Object.hasOwn(LIST_RULES, name)) continue;
    if (BRACKETED.exec(key)?.[1] !== name) {
      errors[key] = `${quoted(key)} is not a form of ${name}: send ${name}=a,b or ${name}[]=a&${name}[]=b.`;
      continue;
    }
    bracketed.set(name as ListName, [...(bracketed.get(name as ListName) ?? []), value]);
  }
  for (const name of Object.keys(LIST_RULES) as ListName[]) {
    const rule: ListRule = LIST_RULES[name];
    const given = valuesOf([query[name], ...(bracketed.get(name) ?? [])].flat());
    const values = "caseless" in rule && rule.caseless ? given.map((v) => v.toLowerCase()) : given;
    if (!values.length) continue;
    const wrong = wrongValues(name, values);
    if (wrong) errors[name] = wrong;
    else lists[name] = [...new Set(values)];
  }
  return { lists, errors };
}

/** The largest price a filter takes: what the database's integer columns hold (a larger number would only fail there). */
const MAX_PRICE = 2147483647;

/**
 * min_price and max_price: whole amounts in minor units (1500 for $15.00), as WooCommerce takes them; a
 * decimal such as 15.00 is refused, not read as 15 cents.
 */
export function readPriceParams(query: { min_price?: string; max_price?: string }): {
  minPrice?: number;
  maxPrice?: number;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const read = (name: "min_price" | "max_price") => {
    const given = query[name]?.trim();
    if (!given) return undefined;
    if (/^\d{1,10}$/.test(given) && Number(given) <= MAX_PRICE) return Number(given);
    errors[name] = `${name} must be a whole amount in minor units, such as 1500 for 15.00, at most ${MAX_PRICE}.`;
    return undefined;
  };
  const minPrice = read("min_price");
  const maxPrice = read("max_price");
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) errors.max_price = "max_price must not be below min_price.";
  return { minPrice, maxPrice, errors };
}

/** An ISO 8601 date and time: the day, a time with optional seconds and fraction, and an optional offset. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The instant a date-time names: with an offset as it says, without one in the shop's time zone (WordPress reads it in the site's). */
function instantOf(text: string, zone: string): Date | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, day = "", time = "", seconds = "00", fraction = "", offset] = match;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  // A day or time that does not exist (February 30, 24:00, second 60) is refused, not read as the next one.
  const wall = new Date(Date.UTC(year, month - 1, date, hours, minutes, Number(seconds)));
  const exists = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes()];
  if (exists.join() !== [year, month, date, hours, minutes].join()) return undefined;
  const millis = Number(seconds) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3));
  if (!offset) return new Date(wallTimeToInstant(day, time, zone).getTime() + millis);
  const sign = offset.startsWith("-") ? -1 : 1;
  const offsetMinutes = offset === "Z" ? 0 : Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2));
  return new Date(Date.UTC(year, month - 1, date, hours, minutes) + millis - sign * offsetMinutes * 60_000);
}

/**
 * after and before: products created at or after, and before, an ISO 8601 date-time (2026-11-01T00:00:00, read in the
 * shop's time zone, or with its offset: 2026-11-01T00:00:00Z), as WooCommerce's `after` and `before` take them.
 */
export function readDateParams(
  query: { after?: string; before?: string },
  zone: string,
): { createdAfter?: string; createdBefore?: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const read = (name: "after" | "before") => {
    const given = query[name]?.trim();
    if (!given) return undefined;
    const instant = instantOf(given, zone);
    if (instant) return instant.toISOString();
    errors[name] = `${name} must be an ISO 8601 date and time, such as 2026-11-01T09:00:00 (the shop's time) or 2026-11-01T09:00:00Z.`;
    return undefined;
  };
  return { createdAfter: read("after"), createdBefore: read("before"), errors };
}
