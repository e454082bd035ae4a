/**
 * Product collections (spec §3 "Product collection query", §5 registration rule, §8 defaults): a named,
 * ready-made listing an extension registers, shown at /collection/{slug} (decision 0087). Pure: the
 * registration checks, the address segment, and the collection query turned into the catalogue's query.
 */
import type { StockStatus } from "./store-api.ts";
import type { AttributeFilter, ProductOrderBy, ProductQuery } from "./storefront/catalog.ts";

export type CollectionLayoutType = "flex" | "list" | "carousel";

/** The spec's attribute query: an attribute by slug (color or pa_color) or id, and term slugs; in: any of them, and: all, not_in: none. */
export interface CollectionAttributeQuery {
  attribute: string | number;
  operator?: AttributeFilter["operator"];
  slug: string[];
}

export interface CollectionLayout {
  type: CollectionLayoutType;
  /** Columns of the grid on wide screens (1–6). */
  columns: number;
}

/** The spec's collection query; the platform's fields carry our prefix, `cartwright`. */
export interface ProductCollectionQuery {
  perPage?: number;
  /** At most this many pages; 0 for no limit. */
  pages?: number;
  /** Products skipped before the first page. */
  offset?: number;
  postType?: "product";
  order?: "asc" | "desc";
  orderBy?: ProductOrderBy;
  search?: string;
  /** Product ids left out. */
  exclude?: number[];
  /** Take the query of the page around it; collection pages have none, so only false is accepted. */
  inherit?: boolean;
  /** Category and tag ids or slugs; a product in any of a list's terms matches. */
  taxQuery?: { product_cat?: (number | string)[]; product_tag?: (number | string)[] };
  featured?: boolean;
  cartwrightOnSale?: boolean;
  cartwrightStockStatus?: StockStatus[];
  /** Attribute filters, every one of them holding; an attribute the shop does not have matches nothing. */
  cartwrightAttributes?: CollectionAttributeQuery[];
  /** Only these product ids. */
  cartwrightHandPickedProducts?: number[];
  /** Products created within (in) or before (not-in) the last `days` days, counted from the hour. */
  timeFrame?: { operator: "in" | "not-in"; days: number };
  /** Current price bounds in minor units, both inclusive, on the prices the shop shows (with or without tax: decision 0160). */
  priceRange?: { min?: number; max?: number };
  /** Whether its page has the shop's Filter by area; false leaves it out (decision 0091). On unless false. */
  filterable?: boolean;
  /**
   * Products sharing the current product's categories or tags: drawn on product pages when the
   * collection's placement is "product"; a collection's own page has no product and lists without it.
   */
  relatedBy?: { categories?: boolean; tags?: boolean };
}

export interface ProductCollection {
  /** '<plugin-name>/product-collection/<collection-name>'. */
  name: string;
  title: string;
  description?: string;
  query?: ProductCollectionQuery;
  layout?: Partial<CollectionLayout>;
  /**
   * Where it is drawn besides its own page: "product" adds its first page to every product page,
   * after the related products, the product itself left out and `relatedBy` applied. Default "page".
   */
  placement?: "page" | "product";
}

/** Spec §8's defaults; the stock statuses default to all (the catalogue hides out-of-stock ones when the shop's setting says so). */
export const COLLECTION_QUERY_DEFAULTS = {
  perPage: 9,
  pages: 0,
  offset: 0,
  postType: "product",
  order: "asc",
  orderBy: "title",
} as const;

export const COLLECTION_LAYOUT_DEFAULT: CollectionLayout = { type: "flex", columns: 3 };

const NAME_FORM = /^[A-Za-z0-9-]+\/product-collection\/([A-Za-z0-9-]+)$/;
const ORDER_BY: readonly ProductOrderBy[] = ["date", "price", "popularity", "rating", "title", "menu_order", "id"];
const STOCK: readonly StockStatus[] = ["instock", "outofstock", "onbackorder"];
const LAYOUTS: readonly CollectionLayoutType[] = ["flex", "list", "carousel"];
const OPERATORS: readonly AttributeFilter["operator"][] = ["in", "not_in", "and"];
const ATTRIBUTE = /^(pa_)?[a-z0-9-]+$/;
const TERM_SLUG = /^[a-z0-9-]+$/;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The collection's address segment: its collection-name, or for a name of another form the name made lower-case letters, digits and dashes. */
export function collectionSlug(name: string): string {
  const match = NAME_FORM.exec(name);
  if (match) return (match[1] as string).toLowerCase();
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Whether the name has the form the spec asks for (anything else is accepted with a warning). */
export const hasCollectionNameForm = (name: string) => NAME_FORM.test(name);

/** What a collection that passed productCollectionProblem does otherwise than its author may expect: one sentence each, for the log. */
export function productCollectionWarnings(collection: ProductCollection): string[] {
  const named = `Product collection '${collection.name}'`;
  const slug = collectionSlug(collection.name);
  const warnings: string[] = [];
  if (!hasCollectionNameForm(collection.name))
    warnings.push(`${named} should be named '<plugin-name>/product-collection/<collection-name>'; it is shown at /collection/${slug}.`);
  const related = collection.query?.relatedBy;
  if ((related?.categories || related?.tags) && collection.placement !== "product")
    warnings.push(`${named}: relatedBy needs a product page; /collection/${slug} lists without it.`);
  return warnings;
}

const isCount = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
const isIdList = (value: unknown) => Array.isArray(value) && value.every((id) => isCount(id, 1, 2147483647));

/** What is wrong with a collection, in one sentence, or null: the spec's rule first, then the query and layout. */
export function productCollectionProblem(collection: ProductCollection): string | null {
  if (typeof collection.name !== "string" || !collection.name.trim()) return "A product collection's name must not be empty.";
  const named = `Product collection '${collection.name}'`;
  if (typeof collection.title !== "string" || !collection.title.trim()) return `${named}: its title must not be empty.`;
  if (!collectionSlug(collection.name)) return `${named}: its name has no letters or digits to make its address from.`;
  const q = collection.query ?? {};
  if (q.perPage !== undefined && !isCount(q.perPage, 1, 100)) return `${named}: perPage must be a whole number from 1 to 100.`;
  if (q.pages !== undefined && !isCount(q.pages, 0, 1000)) return `${named}: pages must be a whole number from 0 (no limit) to 1000.`;
  if (q.offset !== undefined && !isCount(q.offset, 0, 10000)) return `${named}: offset must be a whole number from 0 to 10000.`;
  if (q.postType !== undefined && q.postType !== "product") return `${named}: postType can only be 'product'.`;
  if (q.order !== undefined && q.order !== "asc" && q.order !== "desc") return `${named}: order must be 'asc' or 'desc'.`;
  if (q.orderBy !== undefined && !ORDER_BY.includes(q.orderBy)) return `${named}: orderBy must be one of ${ORDER_BY.join(", ")}.`;
  if (q.exclude !== undefined && !isIdList(q.exclude)) return `${named}: exclude must be a list of product ids.`;
  if (q.cartwrightHandPickedProducts !== undefined && !isIdList(q.cartwrightHandPickedProducts))
    return `${named}: cartwrightHandPickedProducts must be a list of product ids.`;
  if (
    q.cartwrightStockStatus !== undefined &&
    !(Array.isArray(q.cartwrightStockStatus) && q.cartwrightStockStatus.every((s) => STOCK.includes(s)))
  )
    return `${named}: cartwrightStockStatus must list only ${STOCK.join(", ")}.`;
  if (q.inherit) return `${named}: inherit needs a page whose query it takes, and a collection page has none.`;
  if (q.cartwrightAttributes !== undefined) {
    if (!Array.isArray(q.cartwrightAttributes)) return `${named}: cartwrightAttributes must be a list of { attribute, operator, slug }.`;
    for (const [i, filter] of q.cartwrightAttributes.entries()) {
      const at = `${named}: cartwrightAttributes[${i}]`;
      const attribute = filter?.attribute;
      if (!(isCount(attribute, 1, 2147483647) || (typeof attribute === "string" && ATTRIBUTE.test(attribute))))
        return `${at}.attribute must be an attribute's slug (color or pa_color) or its id.`;
      if (filter.operator !== undefined && !OPERATORS.includes(filter.operator))
        return `${at}.operator must be one of ${OPERATORS.join(", ")}.`;
      if (
        !(Array.isArray(filter.slug) && filter.slug.length && filter.slug.every((slug) => typeof slug === "string" && TERM_SLUG.test(slug)))
      )
        return `${at}.slug must list one or more term slugs (lower-case letters, digits, hyphens).`;
    }
  }
  if (
    q.timeFrame !== undefined &&
    !((q.timeFrame.operator === "in" || q.timeFrame.operator === "not-in") && isCount(q.timeFrame.days, 1, 36500))
  )
    return `${named}: timeFrame must be { operator: 'in' or 'not-in', days: a whole number of days }.`;
  const range = q.priceRange;
  if (
    range &&
    ((range.min !== undefined && !isCount(range.min, 0, Number.MAX_SAFE_INTEGER)) ||
      (range.max !== undefined && !isCount(range.max, 0, Number.MAX_SAFE_INTEGER)))
  )
    return `${named}: priceRange's min and max must be whole amounts in minor units.`;
  if (collection.placement !== undefined && collection.placement !== "page" && collection.placement !== "product")
    return `${named}: placement must be 'page' or 'product'.`;
  const layout = collection.layout ?? {};
  if (layout.type !== undefined && !LAYOUTS.includes(layout.type)) return `${named}: layout type must be one of ${LAYOUTS.join(", ")}.`;
  if (layout.columns !== undefined && !isCount(layout.columns, 1, 6)) return `${named}: layout columns must be a whole number from 1 to 6.`;
  return null;
}

export interface CollectionListing {
  /** The catalogue's query for the asked page. */
  query: ProductQuery;
  /** The most pages the collection shows; 0 for no limit. */
  maxPages: number;
}

const terms = (values: (number | string)[] | undefined) => (values?.length ? values.map(String) : undefined);

/** The catalogue query for `page` of a collection (checked by productCollectionProblem), with the spec's defaults filled in; `now` places its time frame. */
export function collectionProductQuery(query: ProductCollectionQuery, page: number, now: Date): CollectionListing {
  const d = COLLECTION_QUERY_DEFAULTS;
  // `??` rather than a spread: a field given as undefined still takes its default.
  const q = {
    ...query,
    perPage: query.perPage ?? d.perPage,
    pages: query.pages ?? d.pages,
    offset: query.offset ?? d.offset,
    order: query.order ?? d.order,
    orderBy: query.orderBy ?? d.orderBy,
  };
  // On the hour, so a page stays one catalogue query (kept, decision 0009) for an hour rather than one per request.
  const since = q.timeFrame
    ? new Date(Math.floor((now.getTime() - q.timeFrame.days * DAY_MS) / HOUR_MS) * HOUR_MS).toISOString()
    : undefined;
  const catalogue: ProductQuery = {
    page,
    perPage: q.perPage,
    orderBy: q.orderBy,
    order: q.order,
    ...(q.offset ? { offset: q.offset } : {}),
    ...(q.search?.trim() ? { search: q.search.trim() } : {}),
    ...(q.exclude?.length ? { exclude: q.exclude } : {}),
    ...(q.cartwrightHandPickedProducts?.length ? { include: q.cartwrightHandPickedProducts } : {}),
    ...(terms(q.taxQuery?.product_cat) ? { category: terms(q.taxQuery?.product_cat) } : {}),
    ...(terms(q.taxQuery?.product_tag) ? { tag: terms(q.taxQuery?.product_tag) } : {}),
    ...(q.featured ? { featured: true } : {}),
    ...(q.cartwrightOnSale ? { onSale: true } : {}),
    // An empty list is "all", which the catalogue reads as its own default (out of stock hidden when the shop says so).
    ...(q.cartwrightStockStatus?.length ? { stockStatus: q.cartwrightStockStatus } : {}),
    ...(since && q.timeFrame?.operator === "in" ? { createdAfter: since } : {}),
    ...(since && q.timeFrame?.operator === "not-in" ? { createdBefore: since } : {}),
    ...(q.priceRange?.min !== undefined ? { minPrice: q.priceRange.min } : {}),
    ...(q.priceRange?.max !== undefined ? { maxPrice: q.priceRange.max } : {}),
    ...(q.cartwrightAttributes?.length
      ? {
          attributes: q.cartwrightAttributes.map((a) => ({ attribute: String(a.attribute), operator: a.operator ?? "in", slugs: a.slug })),
          attributeRelation: "and" as const,
        }
      : {}),
  };
  return { query: catalogue, maxPages: q.pages };
}

/**
 * The catalogue query of a "product" collection on one product's page: its first page, the product
 * left out, and with `relatedBy` only products sharing one of the product's categories or tags (none
 * when the product has no term of the kinds asked).
 */
export function collectionOnProductQuery(
  query: ProductCollectionQuery,
  product: { id: number; categories: { id: number }[]; tags: { id: number }[] },
  now: Date,
): ProductQuery | null {
  const { query: catalogue } = collectionProductQuery(query, 1, now);
  const related = query.relatedBy;
  const categories = related?.categories ? product.categories.map((c) => c.id) : [];
  const tags = related?.tags ? product.tags.map((t) => t.id) : [];
  if ((related?.categories || related?.tags) && !categories.length && !tags.length) return null;
  return {
    ...catalogue,
    exclude: [...(catalogue.exclude ?? []), product.id],
    ...(categories.length || tags.length ? { sharesTerms: { categories, tags } } : {}),
  };
}

/** The layout with the defaults filled in. */
export const collectionLayout = (layout: Partial<CollectionLayout> | undefined): CollectionLayout => ({
  type: layout?.type ?? COLLECTION_LAYOUT_DEFAULT.type,
  columns: layout?.columns ?? COLLECTION_LAYOUT_DEFAULT.columns,
});
