/**
 * The Store API's attribute filters in a query string, as WooCommerce writes them:
 * attributes[0][attribute]=pa_color&attributes[0][slug][]=red&attributes[0][operator]=in (or [term_id][]).
 * Read from the raw keys, since the query parser keeps brackets as they are; every wrong key gets its own reason.
 */
import type { AttributeFilter } from "./catalog.types.ts";

export const MAX_ATTRIBUTE_FILTERS = 10;
export const MAX_FILTER_TERMS = 50;

const KEY = /^attributes\[(\d{1,3})\]\[(attribute|operator|slug|term_id)\](\[\d{0,3}\])?$/;
const ATTRIBUTE = /^(\d{1,10}|(pa_)?[a-z0-9-]{1,200})$/;
const SLUG = /^[a-z0-9-]{1,200}$/;
const OPERATORS = ["in", "not_in", "and"] as const;

/** A query value's strings: repeated keys come as a list, and one value may hold several separated by commas. */
const valuesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);

interface Draft {
  attribute?: string[];
  operator?: string[];
  slug?: string[];
  term_id?: string[];
}

/**
 * The filters a query asks for, in the order of their numbers, with the name of each one's attribute field
 * (for a later refusal of it), or the reason for each key that is wrong.
 */
export function readAttributeFilters(query: Record<string, unknown>): {
  filters: AttributeFilter[];
  fields: string[];
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const drafts = new Map<number, Draft>();
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith("attributes")) continue;
    const match = KEY.exec(key);
    if (!match) {
      errors[key] = `${key} is not an attribute filter's field: use attributes[N][attribute], [operator], [slug][] or [term_id][].`;
      continue;
    }
    const index = Number(match[1]);
    const field = match[2] as keyof Draft;
    const draft = drafts.get(index) ?? {};
    draft[field] = [...(draft[field] ?? []), ...valuesOf(value)];
    drafts.set(index, draft);
  }
  if (drafts.size > MAX_ATTRIBUTE_FILTERS) errors.attributes = `At most ${MAX_ATTRIBUTE_FILTERS} attribute filters are taken at once.`;
  const filters: AttributeFilter[] = [];
  const fields: string[] = [];
  for (const [index, draft] of [...drafts].sort(([a], [b]) => a - b)) {
    const at = (field: string) => `attributes[${index}][${field}]`;
    const before = Object.keys(errors).length;
    const [attribute, ...moreAttributes] = draft.attribute ?? [];
    if (!attribute)
      errors[at("attribute")] = `${at("attribute")} is missing: name the attribute by its slug (pa_color or color) or its id.`;
    else if (moreAttributes.length) errors[at("attribute")] = `${at("attribute")} names more than one attribute; give each its own filter.`;
    else if (!ATTRIBUTE.test(attribute))
      errors[at("attribute")] = `${at("attribute")} must be an attribute's slug (pa_color or color) or its id.`;
    const operator = draft.operator ?? ["in"];
    if (operator.length !== 1 || !(OPERATORS as readonly string[]).includes(operator[0] as string))
      errors[at("operator")] = `${at("operator")} must be one of in, not_in, and.`;
    const slugs = draft.slug ?? [];
    const termIds = draft.term_id ?? [];
    const bad = slugs.find((slug) => !SLUG.test(slug));
    if (bad !== undefined) errors[at("slug")] = `${at("slug")} has '${bad}', which is no term slug (lower-case letters, digits, hyphens).`;
    const badId = termIds.find((id) => !/^\d{1,10}$/.test(id));
    if (badId !== undefined) errors[at("term_id")] = `${at("term_id")} has '${badId}', which is no term id.`;
    if (!slugs.length && !termIds.length)
      errors[at("slug")] = `${at("slug")} is missing: give the terms' slugs, or their ids in ${at("term_id")}.`;
    if (slugs.length + termIds.length > MAX_FILTER_TERMS) errors[at("slug")] = `One filter takes at most ${MAX_FILTER_TERMS} terms.`;
    if (Object.keys(errors).length > before) continue;
    fields.push(at("attribute"));
    filters.push({
      attribute: attribute as string,
      operator: operator[0] as AttributeFilter["operator"],
      ...(slugs.length ? { slugs: [...new Set(slugs)] } : {}),
      ...(termIds.length ? { termIds: [...new Set(termIds.map(Number))] } : {}),
    });
  }
  return { filters, fields, errors };
}

export const MAX_ATTRIBUTE_COUNTS = 20;

const COUNT_KEY = /^calculate_attribute_counts\[(\d{1,3})\]\[(taxonomy|query_type)\]$/;

/**
 * The attributes `GET /products/collection-data` is asked to count, as WooCommerce writes them:
 * calculate_attribute_counts[0][taxonomy]=pa_color&calculate_attribute_counts[0][query_type]=or ("or" unless
 * given), with the name of each one's taxonomy field (for a later refusal of it), or the reason for each wrong key.
 */
export function readAttributeCounts(query: Record<string, unknown>): {
  counts: { attribute: string; queryType: "or" | "and" }[];
  fields: string[];
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const drafts = new Map<number, { taxonomy?: string[]; query_type?: string[] }>();
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith("calculate_attribute_counts")) continue;
    const match = COUNT_KEY.exec(key);
    if (!match) {
      errors[key] = `${key} is not an attribute count's field: use calculate_attribute_counts[N][taxonomy] and [query_type].`;
      continue;
    }
    const index = Number(match[1]);
    const field = match[2] as "taxonomy" | "query_type";
    const draft = drafts.get(index) ?? {};
    draft[field] = [...(draft[field] ?? []), ...(Array.isArray(value) ? value : [value]).map((v) => String(v).trim())];
    drafts.set(index, draft);
  }
  if (drafts.size > MAX_ATTRIBUTE_COUNTS)
    errors.calculate_attribute_counts = `At most ${MAX_ATTRIBUTE_COUNTS} attributes are counted at once.`;
  const counts: { attribute: string; queryType: "or" | "and" }[] = [];
  const fields: string[] = [];
  for (const [index, draft] of [...drafts].sort(([a], [b]) => a - b)) {
    const at = (field: string) => `calculate_attribute_counts[${index}][${field}]`;
    const taxonomy = draft.taxonomy ?? [];
    const queryType = draft.query_type ?? ["or"];
    const before = Object.keys(errors).length;
    if (taxonomy.length !== 1 || !taxonomy[0])
      errors[at("taxonomy")] = taxonomy.length
        ? `${at("taxonomy")} must name one attribute.`
        : `${at("taxonomy")} is missing: name the attribute by its slug (pa_color or color) or its id.`;
    else if (!ATTRIBUTE.test(taxonomy[0]))
      errors[at("taxonomy")] = `${at("taxonomy")} must be an attribute's slug (pa_color or color) or its id.`;
    if (queryType.length !== 1 || (queryType[0] !== "or" && queryType[0] !== "and"))
      errors[at("query_type")] = `${at("query_type")} must be one of or, and.`;
    if (Object.keys(errors).length > before) continue;
    fields.push(at("taxonomy"));
    counts.push({ attribute: taxonomy[0] as string, queryType: queryType[0] as "or" | "and" });
  }
  return { counts, fields, errors };
}
