/** The catalogue's read side: listings, single products, variations, categories, media. */
import { type Currency, currencyFields, type StoreProductAttribute, type StoreTerm } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import { CATALOGUE_AND_STOCK, deepFreeze, revisionCache, revisionMap, revisionNow } from "../../db/revisions.ts";
import { type Cached, cached, rows, runSteps, type Work } from "../../db/unit-of-work.ts";
import type { RequestContext } from "../../http/context.ts";
import { shopPriceDisplay, shopPriceDisplayCached, shownPriceFormulas, storedPriceFilter } from "../cart/index.ts";
import { storeImage } from "../media/index.ts";
import { type ShopContext, shopCurrency, withShopSettings } from "../settings/index.ts";
import * as repo from "./catalog.repo.ts";
import type {
  AttributeFacet,
  AttributeFilter,
  ListingQuery,
  ProductOffers,
  ProductPage,
  ProductQuery,
  RatingFacet,
  StoreAttribute,
  StoreAttributeTermCount,
  StoreCategory,
  StoreCollectionData,
  StoreProduct,
  StoreProductCategory,
  StoreTagTerm,
  StoreVariation,
} from "./catalog.types.ts";
import {
  brandLink,
  categoryLink,
  type ProductDetails,
  type ShapeOptions,
  shapeProduct,
  shapeVariation,
  shapeVariationAsProduct,
  shownStockQuantity,
  tagLink,
  type VariationWithRow,
} from "./product-shape.ts";
import { currentStockQuery, stockCounter } from "./purchasable.ts";
import { salePhase } from "./sale-schedule.ts";

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 10;

/**
 * How this request shapes products. Rows and details are cached per catalogue revision; prices are
 * shaped here per request, from the settings (with or without tax, the suffix) and the rates of the
 * pricing revision, so a change to any of them shows on the next request on every process.
 */
async function shapeOptions(ctx: ShopContext): Promise<ShapeOptions> {
  return shapeOptionsWith(ctx, await shopPriceDisplay(ctx));
}

function shapeOptionsWith(ctx: ShopContext, display: ShapeOptions["displayPrice"] | null): ShapeOptions {
  const { settings } = ctx;
  const displayPrice = display ?? undefined;
  return {
    currency: shopCurrency(settings),
    lowStockAmount: settings.lowStockAmount,
    stockFormat: settings.stockFormat,
    now: ctx.now ?? new Date(),
    displayPrice,
    priceSuffix: settings.priceDisplaySuffix,
  };
}

/** The stock statuses a listing shows: those asked for, else in stock and on backorder when the shop hides sold-out products. */
const listedStock = (ctx: ShopContext, query: ProductQuery): ProductQuery["stockStatus"] =>
  query.stockStatus ?? (ctx.settings.hideOutOfStock ? ["instock", "onbackorder"] : undefined);

export async function listProducts(context: RequestContext, query: ProductQuery): Promise<ProductPage> {
  const ctx = await withShopSettings(context);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.perPage ?? DEFAULT_PER_PAGE));
  const page = Math.max(1, query.page ?? 1);
  // The attribute filters are part of the query, so of the listing's cache key (decision 0009).
  const effective = await listingQuery(ctx, { ...query, stockStatus: listedStock(ctx, query) });
  // The on-sale filter and the price order depend on the clock: such a page is filed under the schedule's phase (decision 0047).
  const at = readsClock(effective) || effective.orderBy === "price" ? await phaseOf(ctx) : undefined;
  // A collection's offset skips products before the first page: they count for no page.
  const skipped = Math.max(0, query.offset ?? 0);
  const key = JSON.stringify({ query: effective, limit: perPage, offset: skipped + (page - 1) * perPage, at });
  const { total: all, rows } = (await listingPages(ctx.db, [key])).get(key) as ListingPage;
  const products = await shapeMany(ctx, rows);
  const total = Math.max(0, all - skipped);
  return { products, total, totalPages: Math.ceil(total / perPage), page, perPage };
}

interface ListingPage {
  total: number;
  rows: repo.ProductRow[];
}

/** A listing's count and rows by query and page, kept until the catalogue or a stock figure changes (shaped per request: prices follow the settings). */
const listingPages = revisionMap(
  CATALOGUE_AND_STOCK,
  async (db, keys: string[]) => {
    const found = new Map<string, ListingPage>();
    for (const key of keys) {
      const { query, limit, offset, at } = JSON.parse(key) as { query: ListingQuery; limit: number; offset: number; at?: string };
      // Pages that do not depend on the clock never read it.
      const now = at ?? new Date(0).toISOString();
      const [total, rows] = await Promise.all([repo.countProducts(db, query, now), repo.findProducts(db, query, now, limit, offset)]);
      found.set(key, deepFreeze({ total, rows }));
    }
    return found;
  },
  // Queries come from visitors (searches, pages of up to 100 products): bounded in number and in bytes
  // (8 MB of JSON, two to three times that as objects: decision 0050).
  { maxEntries: 500, maxBytes: 8 * 1024 * 1024, sizeOf: (key, page) => key.length + JSON.stringify(page.rows).length },
);

/**
 * Whether the products a query picks depend on the clock (which sales hold): its on-sale and price filters do,
 * and the price order where a collection's offset or last page cuts the list.
 */
const readsClock = (query: ListingQuery) =>
  query.onSale !== undefined ||
  query.prices !== undefined ||
  (query.orderBy === "price" && ((query.offset ?? 0) > 0 || query.limit !== undefined));

/**
 * The query as the repo runs it: a range of the prices the shop shows (with or without tax) turned into the stored
 * prices that show within it, per tax class (decision 0160), and the order by price given each class's shown prices
 * (decision 0164). Read per request from the settings and the rates held, they are part of the cached listing's key,
 * so a rate or setting change picks and orders products afresh on the next request.
 */
async function listingQuery(ctx: ShopContext, query: ProductQuery): Promise<ListingQuery> {
  const { minPrice, maxPrice, ...rest } = query;
  const [prices, shownPrices] = await Promise.all([
    minPrice === undefined && maxPrice === undefined ? undefined : storedPriceFilter(ctx, { min: minPrice, max: maxPrice }),
    query.orderBy === "price" ? shownPriceFormulas(ctx) : [],
  ]);
  return { ...rest, ...(prices ? { prices } : {}), ...(shownPrices.length ? { shownPrices } : {}) };
}

/** The instant standing for the request's moment in the sale schedule (decision 0047). */
async function phaseOf(ctx: ShopContext): Promise<string> {
  return phaseInstant(await saleBoundaries(ctx.db), ctx.now ?? new Date());
}

/** The catalogue's sale boundaries, read once per catalogue change. */
const saleBoundaries = revisionCache("catalogue", async (db) => deepFreeze(await repo.findSaleBoundaries(db)));

/**
 * One instant standing for every moment of `now`'s phase (sales hold alike between two boundaries):
 * the boundary that began it, or just before the first.
 */
function phaseInstant(boundaries: readonly number[], now: Date): string {
  const phase = salePhase(boundaries, now);
  if (phase > 0) return new Date(boundaries[phase - 1] as number).toISOString();
  return new Date(boundaries.length ? (boundaries[0] as number) - 1 : 0).toISOString();
}

/** A product by id or slug; a variation id answers the variation. Hidden products stay reachable directly. */
export async function getProduct(context: RequestContext, idOrSlug: string): Promise<StoreProduct | null> {
  const ctx = await withShopSettings(context);
  const row = await repo.findProductByIdOrSlug(ctx.db, idOrSlug);
  if (!row) return null;
  if (row.type === "variation" && row.parent_id !== null) {
    const parent = await repo.findProductByIdOrSlug(ctx.db, String(row.parent_id));
    if (!parent) return null;
    const [details] = await loadDetails(ctx.db, [parent]);
    const variation = details?.variations.find((v) => v.row.id === row.id);
    if (!details || !variation) return null;
    return shapeVariationAsProduct(parent, variation, details, await shapeOptions(ctx));
  }
  const [product] = await shapeMany(ctx, [row]);
  return product ?? null;
}

/** A product's variations; none when it is not a published product (its tax status and class price them). */
export async function getVariations(context: RequestContext, productId: number): Promise<StoreVariation[]> {
  const ctx = await withShopSettings(context);
  const [product, variations, options] = await Promise.all([
    repo.findProductByIdOrSlug(ctx.db, String(productId)),
    loadVariations(ctx.db, [productId]),
    shapeOptions(ctx),
  ]);
  if (!product) return [];
  return (variations.get(productId) ?? []).map((v) => shapeVariation(v, product, options));
}

/** Every attribute with its terms, read once per catalogue change. */
const attributes = revisionCache("catalogue", async (db) => deepFreeze(await repo.findAttributes(db)));

const storeAttribute = (a: { id: number; name: string; slug: string }, terms: number): StoreAttribute => ({
  id: a.id,
  name: a.name,
  taxonomy: `pa_${a.slug}`,
  type: "select",
  order: "menu_order",
  has_archives: false,
  count: terms,
});

export async function listAttributes(ctx: Pick<RequestContext, "db">): Promise<StoreAttribute[]> {
  const { attributes: all, terms } = await attributes(ctx.db);
  return all.map((a) => storeAttribute(a, terms.filter((t) => t.attribute_id === a.id).length));
}

export async function getAttribute(ctx: Pick<RequestContext, "db">, id: number): Promise<StoreAttribute | null> {
  return (await listAttributes(ctx)).find((a) => a.id === id) ?? null;
}

/** The positions of the filters whose attribute the shop does not have. */
export async function unknownAttributes(ctx: Pick<RequestContext, "db">, filters: readonly AttributeFilter[]): Promise<number[]> {
  const { attributes: all } = await attributes(ctx.db);
  return filters.flatMap((f, i) => (attributeNamed(all, f.attribute) ? [] : [i]));
}

/** What each kind of count answers (catalog.repo.ts), over the products a listing's query picks. */
interface CountRows {
  terms: { term_id: number; count: number }[];
  categories: { term_id: number; count: number; reviews: number }[];
  brands: { term_id: number; count: number; reviews: number }[];
  tags: { term_id: number; count: number; reviews: number }[];
  ratings: { rating: number; count: number }[];
  stock: { status: string; count: number }[];
  prices: { tax_status: string; tax_class: string; min: number; max: number }[];
}
type CountKind = keyof CountRows;

const countReaders: { [K in CountKind]: (db: Db, query: ListingQuery, now: string) => Promise<CountRows[K]> } = {
  terms: repo.countTermProducts,
  categories: (db, query, now) => repo.countTaxonomyProducts(db, "category", query, now),
  brands: (db, query, now) => repo.countTaxonomyProducts(db, "brand", query, now),
  tags: (db, query, now) => repo.countTaxonomyProducts(db, "tag", query, now),
  ratings: repo.countRatings,
  stock: repo.countStockStatuses,
  prices: repo.findPriceRange,
};

/**
 * A listing's counts by kind, query and sale phase, kept until the catalogue or a stock figure changes (decision 0091): the
 * filter areas' terms, the Store API's collection data and its categories' and tags' counts. One GROUP BY
 * each, over the listing's own filters (`catalog.repo.ts` `filtered`).
 */
const listingCounts = revisionMap(
  CATALOGUE_AND_STOCK,
  async (db, keys: string[]) => {
    const found = new Map<string, unknown>();
    for (const key of keys) {
      const { kind, query, at } = JSON.parse(key) as { kind: CountKind; query: ListingQuery; at: string };
      found.set(key, deepFreeze(await countReaders[kind](db, query, at)));
    }
    return found;
  },
  { maxEntries: 1000, maxBytes: 4 * 1024 * 1024, sizeOf: (key, rows) => key.length + JSON.stringify(rows).length },
);

/**
 * What of a listing's query decides which products it holds, in one form so that the same selection shares
 * its counts: never the page, nor the order unless a collection's offset or last page cuts the list (then term
 * counts rank by it); the stock statuses the listing shows.
 */
function selection(ctx: ShopContext, query: ProductQuery): ProductQuery {
  const { page: _page, perPage: _perPage, orderBy, order, offset, limit, ...picked } = query;
  const { search, attributes, attributeRelation: _relation, stockStatus: _stock, rating, ...rest } = picked;
  const stockStatus = listedStock(ctx, query);
  // A collection's skipped products and last page are the first ones in its order: then the order counts too.
  const cut = (offset ?? 0) > 0 || limit !== undefined;
  return {
    ...rest,
    ...(cut ? { orderBy, order, ...(offset ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) } : {}),
    ...(search?.trim() ? { search: search.trim() } : {}),
    ...(attributes?.length ? { attributes: [...attributes], attributeRelation: query.attributeRelation ?? "and" } : {}),
    ...(rating?.length ? { rating: [...rating].sort() } : {}),
    ...(stockStatus ? { stockStatus } : {}),
  };
}

/**
 * The rows of one kind of count over the products each query picks, at the request's sale phase when they
 * depend on it; one look at the cache (and its revision) for all of them.
 */
async function countsOfAll<K extends CountKind>(ctx: ShopContext, kind: K, queries: readonly ProductQuery[]): Promise<CountRows[K][]> {
  const picked = await Promise.all(queries.map((query) => listingQuery(ctx, selection(ctx, query))));
  const phase = kind === "prices" || picked.some(readsClock) ? await phaseOf(ctx) : undefined;
  const keys = picked.map((query) =>
    JSON.stringify({ kind, query, at: kind === "prices" || readsClock(query) ? phase : new Date(0).toISOString() }),
  );
  const found = await listingCounts(ctx.db, keys);
  return keys.map((key) => found.get(key) as CountRows[K]);
}

async function countsOf<K extends CountKind>(ctx: ShopContext, kind: K, query: ProductQuery): Promise<CountRows[K]> {
  return (await countsOfAll(ctx, kind, [query]))[0] as CountRows[K];
}

const termMap = (rows: CountRows["terms"]): ReadonlyMap<number, number> => new Map(rows.map((r) => [r.term_id, r.count]));

async function termCountsOf(ctx: ShopContext, query: ProductQuery): Promise<ReadonlyMap<number, number>> {
  return termMap(await countsOf(ctx, "terms", query));
}

/** An attribute's terms (the spec's Term), each counting the published, listed products that offer it; null for no such attribute. */
export async function listAttributeTerms(context: RequestContext, id: number): Promise<StoreAttributeTermCount[] | null> {
  const ctx = await withShopSettings(context);
  const { attributes: all, terms } = await attributes(ctx.db);
  if (!all.some((a) => a.id === id)) return null;
  const counts = await termCountsOf(ctx, {});
  return terms.filter((t) => t.attribute_id === id).map((t) => storeTerm(t, counts));
}

const storeTerm = (t: { id: number; name: string; slug: string }, counts: ReadonlyMap<number, number>): StoreAttributeTermCount => ({
  id: t.id,
  name: t.name,
  slug: t.slug,
  description: "",
  parent: 0,
  count: counts.get(t.id) ?? 0,
});

/** The attribute a filter or count names (its id, slug, or pa_ and its slug), among the shop's. */
function attributeNamed<A extends { id: number; slug: string }>(all: readonly A[], name: string): A | undefined {
  return all.find((a) => (/^\d+$/.test(name) ? a.id === Number(name) : a.slug === name.replace(/^pa_/, "")));
}

/**
 * The storefront's filter area for a listing (decision 0088): each attribute with the terms that products
 * of the listing offer and their counts. `query` is the page's own (a category, a search, a collection's whole
 * query with its own attribute filters); `chosen` the shopper's filters, joined to it by and. A term's count
 * follows the page's query and every other attribute's chosen terms, not its own attribute's, so it says what
 * ticking it would list. Terms counting 0 are left out unless chosen (so they can be unticked); attributes
 * with no term left out unless the address names them. One GROUP BY per chosen attribute, and one for the
 * rest, each kept per query and catalogue revision.
 */
export async function attributeFacets(
  context: RequestContext,
  query: ProductQuery,
  chosen: readonly AttributeFilter[],
): Promise<AttributeFacet[]> {
  const ctx = await withShopSettings(context);
  const { attributes: all, terms } = await attributes(ctx.db);
  // Filters in one order, so the same choice in another address order shares the cached counts.
  const filters = chosen
    .flatMap((filter) => {
      const attribute = attributeNamed(all, filter.attribute);
      const slugs = filter.slugs ? { slugs: [...filter.slugs].sort() } : {};
      return attribute ? [{ id: attribute.id, filter: { ...filter, attribute: attribute.slug, ...slugs } }] : [];
    })
    .sort((a, b) => a.id - b.id);
  const own = query.attributes ?? [];
  const queryWithout = (id: number): ProductQuery => ({
    ...query,
    attributes: [...own, ...filters.filter((f) => f.id !== id).map((f) => f.filter)],
    attributeRelation: "and",
  });
  // Attributes nobody chose all count under every chosen filter: one query (id 0 is no attribute's).
  const keyOf = (id: number) => (filters.some((f) => f.id === id) ? id : 0);
  const counted = [...new Set(all.map((a) => keyOf(a.id)))];
  const rows = await countsOfAll(ctx, "terms", counted.map(queryWithout));
  const countsBy = new Map(counted.map((id, i) => [id, termMap(rows[i] ?? [])]));
  return all.flatMap((a) => {
    const counts = countsBy.get(keyOf(a.id)) ?? new Map<number, number>();
    const picked = new Set(filters.filter((f) => f.id === a.id && f.filter.operator !== "not_in").flatMap((f) => f.filter.slugs ?? []));
    const shown = terms.filter((t) => t.attribute_id === a.id && ((counts.get(t.id) ?? 0) > 0 || picked.has(t.slug)));
    if (!shown.length && !filters.some((f) => f.id === a.id)) return [];
    return [{ id: a.id, name: a.name, slug: a.slug, terms: shown.map((t) => storeTerm(t, counts)) }];
  });
}

/**
 * The storefront's "Filter by rating" group for a listing (decision 0090): 5 to 1 stars, each with the products
 * of the listing (its category, tag, search and attribute filters, not its own rating choice) whose average
 * rounds to it, from the listing counts' cache; stars no product has are left out unless chosen.
 */
export async function ratingFacets(context: RequestContext, query: ProductQuery): Promise<RatingFacet[]> {
  const ctx = await withShopSettings(context);
  const { rating: chosen, ...rest } = query;
  const counts = await countsOf(ctx, "ratings", rest);
  return [5, 4, 3, 2, 1].flatMap((stars) => {
    const count = counts.find((c) => c.rating === stars)?.count ?? 0;
    return count > 0 || chosen?.includes(stars) ? [{ stars, count }] : [];
  });
}

export async function listCategories(ctx: Pick<RequestContext, "db">): Promise<readonly StoreCategory[]> {
  return categories(ctx.db);
}

/** Every category (or brand) with its product count, read once per catalogue change (every page's header lists the categories). */
const hierarchyCache = (kind: "category" | "brand", linkOf: (slug: string) => string) =>
  revisionCache("catalogue", async (db) => {
    const rows = await repo.findCategories(db, kind);
    return deepFreeze(
      rows.map((c) => ({
        id: c.id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        parent: c.parent_id ?? 0,
        count: Number(c.count ?? 0),
        link: linkOf(c.slug),
      })),
    );
  });
const categories = hierarchyCache("category", categoryLink);
const brands = hierarchyCache("brand", brandLink);
const HIERARCHY = {
  category: { all: categories, counts: "categories" },
  brand: { all: brands, counts: "brands" },
} as const;

export async function getCategory(ctx: Pick<RequestContext, "db">, slug: string): Promise<StoreCategory | null> {
  return (await listCategories(ctx)).find((c) => c.slug === slug) ?? null;
}

/** The brand at /brand/{slug} (decision 0095), in the storefront's category shape; null when none has the slug. */
export async function getBrand(ctx: Pick<RequestContext, "db">, slug: string): Promise<StoreCategory | null> {
  return (await brands(ctx.db)).find((c) => c.slug === slug) ?? null;
}

/** A product's brands (name, slug, link to the brand page), from its details kept per catalogue revision. */
export async function getProductBrands(ctx: Pick<RequestContext, "db">, productId: number): Promise<StoreTerm[]> {
  const found = await detailsById(ctx.db, [productId]);
  return [...(found.get(productId)?.brands ?? [])];
}

/** The quantity in stock a published product tracks, as the shop's stock format shows it; null when it tracks none or hides it (decision 0153). */
export async function getStockQuantity(context: RequestContext, productId: number): Promise<number | null> {
  const ctx = await withShopSettings(context);
  const row = await repo.findProductByIdOrSlug(ctx.db, String(productId));
  return row ? shownStockQuantity(row, ctx.settings) : null;
}

/** How many related products a product page shows (WooCommerce's single product template shows four). */
export const RELATED_LIMIT = 4;

/**
 * A product's upsells and related products, shaped per request from rows and details kept per
 * catalogue revision and stock setting: a warm product page reads nothing more for them.
 */
export async function getProductOffers(context: RequestContext, productId: number): Promise<ProductOffers> {
  const ctx = await withShopSettings(context);
  const key = `${productId}:${ctx.settings.hideOutOfStock ? "in-stock" : "all"}`;
  const [found, options] = await Promise.all([offersOf(ctx.db, [key]), shapeOptions(ctx)]);
  const offers = found.get(key) as { upsells: readonly CrossSell[]; related: readonly CrossSell[] };
  // Shaped now: prices and the sale badge follow the request's clock (decision 0047) and price display.
  const shape = (list: readonly CrossSell[]) => list.map(({ row, details }) => shapeProduct(row, details, options));
  return { upsells: shape(offers.upsells), related: shape(offers.related) };
}

/** Upsell and related rows with their details per product and stock setting, kept until the catalogue or a stock figure changes. */
const offersOf = revisionMap(
  CATALOGUE_AND_STOCK,
  async (db, keys: string[]) => {
    const found = new Map<string, { upsells: CrossSell[]; related: CrossSell[] }>();
    for (const key of keys) {
      const [id, stock] = key.split(":");
      const productId = Number(id);
      const hide = stock === "in-stock";
      const [upsells, related] = await Promise.all([
        repo.findUpsells(db, productId, hide),
        repo.findRelated(db, productId, hide, RELATED_LIMIT),
      ]);
      const details = await loadDetails(db, [...upsells, ...related]);
      const withDetails = (rows: repo.ProductRow[], from: number) =>
        rows.map((row, i) => ({ row, details: details[from + i] as ProductDetails }));
      found.set(key, { upsells: withDetails(upsells, 0), related: withDetails(related, upsells.length) });
    }
    return deepFreeze(found);
  },
  // Every product page is a key (two with the stock setting): bounded in number and in bytes.
  { maxEntries: 2000, maxBytes: 8 * 1024 * 1024, sizeOf: (key, found) => key.length + JSON.stringify(found).length },
);

/** The visible cross-sells of the given products, shaped for the Store API, leaving out some (those already in the cart). */
export async function getCrossSells(context: RequestContext, productIds: number[], exclude: number[]): Promise<StoreProduct[]> {
  return (await runSteps(context.db, crossSellsNow(await withShopSettings(context), productIds, exclude))).products;
}

/** Cross-sells as shown, and the rows of all the set's cross-sells that track their stock, with their figures as read. */
export interface CrossSellsShown {
  products: StoreProduct[];
  /** For a kept cart reply's stamp (decision 0132): the figures it was shaped from, the products left out included. */
  trackedRows: readonly repo.ProductRow[];
}

/**
 * The same as a step of a unit of work (db/unit-of-work.ts): the rows from the catalogue's cache, the stock
 * figures of those that track it as they are now (decision 0131), shaped at the request's clock.
 */
export function* crossSellsNow(ctx: ShopContext, productIds: number[], exclude: number[]): Work<CrossSellsShown> {
  const key = [...new Set(productIds)].sort((a, b) => a - b).join(",");
  const found = yield* crossSellsWithCurrentStock(ctx.db, yield* cached(crossSellSetCached(key)));
  const displayPrice = yield* cached(shopPriceDisplayCached(ctx));
  const boundaries = yield* cached(saleBoundariesCached);
  const products = shapedCrossSells(found, shapeOptionsWith(ctx, displayPrice), salePhase(boundaries, ctx.now ?? new Date()), exclude);
  return { products, trackedRows: trackedRowsOf(found) };
}

/** The rows of a list that track their stock, found once per list (a list is frozen, and kept per counter value). */
const trackedOf = new WeakMap<readonly CrossSell[], readonly repo.ProductRow[]>();
function trackedRowsOf(found: readonly CrossSell[]): readonly repo.ProductRow[] {
  let tracked = trackedOf.get(found);
  if (!tracked) {
    tracked = found.filter(({ row }) => row.manage_stock).map(({ row }) => row);
    trackedOf.set(found, tracked);
  }
  return tracked;
}

const crossSellSetCached = (key: string): Cached<CrossSellSet> => ({
  peek: (db, revisions) => crossSellsOf.peek(db, revisions, [key])?.get(key),
  // crossSellsOf answers every key it is asked for.
  load: async (db) => (await crossSellsOf(db, [key])).get(key) as CrossSellSet,
});
const saleBoundariesCached: Cached<readonly number[]> = {
  peek: (db, revisions) => saleBoundaries.peek(db, revisions),
  load: (db) => saleBoundaries(db),
};

/**
 * A set's cross-sells with the stock figures they have now: while the `stock` counter is the one read before
 * their rows, as they are; else those that track their stock read again, once per value of the counter (a
 * value is random and never handed to another change: decision 0009), so the next carts shape the same list.
 */
const restocked = new WeakMap<CrossSellSet, { counter: number; found: readonly CrossSell[] }>();
function* crossSellsWithCurrentStock(db: Db, set: CrossSellSet): Work<readonly CrossSell[]> {
  if (!trackedRowsOf(set.found).length) return set.found;
  const counter = yield* cached(stockCounter);
  if (counter === set.stockAsOf) return set.found;
  const held = restocked.get(set);
  if (held?.counter === counter) return held.found;
  const found: CrossSell[] = [];
  for (const crossSell of set.found) {
    const [figures] = crossSell.row.manage_stock ? yield* rows(currentStockQuery(db, crossSell.row.id)) : [];
    found.push(figures ? { row: { ...crossSell.row, ...figures }, details: crossSell.details } : crossSell);
  }
  deepFreeze(found);
  restocked.set(set, { counter, found });
  return found;
}

/**
 * The shaped cross-sells of one set of rows (one catalogue revision), frozen and reused while the
 * settings, the price display, the sale phase and the products left out are the same: a cart
 * write shapes none afresh, and its reply serialises them once (cart/reply-cache.ts).
 */
const shapedOf = new WeakMap<readonly CrossSell[], { options: ShapeOptions; phase: number; exclude: string; products: StoreProduct[] }>();
function shapedCrossSells(found: readonly CrossSell[], options: ShapeOptions, phase: number, exclude: number[]): StoreProduct[] {
  const excluded = exclude.join(",");
  const held = shapedOf.get(found);
  if (held && held.phase === phase && held.exclude === excluded && sameShapeOptions(held.options, options)) return held.products;
  const products = deepFreeze(
    found.filter(({ row }) => !exclude.includes(row.id)).map(({ row, details }) => shapeProduct(row, details, options)),
  );
  shapedOf.set(found, { options, phase, exclude: excluded, products });
  return products;
}

/** Every option a shape reads, but the time (its sale phase is compared instead). */
const sameShapeOptions = (a: ShapeOptions, b: ShapeOptions) =>
  a.displayPrice === b.displayPrice &&
  a.priceSuffix === b.priceSuffix &&
  a.lowStockAmount === b.lowStockAmount &&
  (Object.keys(a.currency) as (keyof Currency)[]).every((field) => a.currency[field] === b.currency[field]);

type CrossSell = { row: repo.ProductRow; details: ProductDetails };
/** One set's cross-sells as loaded, and the `stock` counter read before their rows. */
type CrossSellSet = { found: readonly CrossSell[]; stockAsOf: number };

/**
 * Cross-sell rows and details per set of products (the cart's), kept until the catalogue changes; not when only a
 * stock figure does, which `crossSellsWithCurrentStock` reads afresh (a cross-sell's shape shows its own row's stock,
 * never its variations').
 */
const crossSellsOf = revisionMap(
  "catalogue",
  async (db, keys: string[]) => {
    // Read before the rows, so the figures are never older than the counter they are filed under.
    const stockAsOf = await revisionNow(db, "stock");
    const found = new Map<string, CrossSellSet>();
    for (const key of keys) {
      const productRows = await repo.findCrossSells(db, key.split(",").map(Number));
      const details = productRows.length ? await loadDetails(db, productRows) : [];
      found.set(key, { found: productRows.map((row, i) => ({ row, details: details[i] as ProductDetails })), stockAsOf });
    }
    return deepFreeze(found);
  },
  // Every cart's set of products is a key: bounded in number and in bytes.
  { maxEntries: 1000, maxBytes: 4 * 1024 * 1024, sizeOf: (key, found) => key.length + JSON.stringify(found).length },
);

async function shapeMany(ctx: ShopContext, rows: repo.ProductRow[]): Promise<StoreProduct[]> {
  const [details, options] = await Promise.all([loadDetails(ctx.db, rows), shapeOptions(ctx)]);
  return rows.map((row, i) => shapeProduct(row, details[i] as ProductDetails, options));
}

/** Images, terms, attributes and variations of products, read once per change to the catalogue or a stock figure (variations show theirs). */
async function loadDetails(db: Db, rows: repo.ProductRow[]): Promise<ProductDetails[]> {
  const found = await detailsById(
    db,
    rows.map((r) => r.id),
  );
  // readDetails answers every id it is asked for.
  return rows.map((row) => found.get(row.id) as ProductDetails);
}

const detailsById = revisionMap(CATALOGUE_AND_STOCK, async (db, ids: number[]) => deepFreeze(await readDetails(db, ids)));

/** Reads the details of many products in a fixed number of queries. */
async function readDetails(db: Db, ids: number[]): Promise<Map<number, ProductDetails>> {
  const [images, categories, brands, tags, attributeRows, variations] = await Promise.all([
    repo.findImages(db, ids),
    repo.findProductCategories(db, ids),
    repo.findProductCategories(db, ids, "brand"),
    repo.findProductTags(db, ids),
    repo.findProductAttributes(db, ids),
    // Only variable products have variations; asking for all ids finds just theirs.
    loadVariations(db, ids),
  ]);
  const details = new Map<number, ProductDetails>();
  for (const id of ids) {
    const usedTerms = new Set((variations.get(id) ?? []).flatMap((v) => v.attributes.map((a) => `${a.name}\u0000${a.value}`)));
    const attributes: StoreProductAttribute[] = attributeRows.attributes
      .filter((a) => a.product_id === id)
      .map((a) => ({
        id: a.id,
        name: a.name,
        taxonomy: `pa_${a.slug}`,
        has_variations: a.used_for_variations === 1,
        terms: attributeRows.terms
          .filter((t) => t.product_id === id && t.attribute_id === a.id)
          .filter((t) => a.used_for_variations !== 1 || usedTerms.size === 0 || usedTerms.has(`${a.name}\u0000${t.slug}`))
          .map((t) => ({ id: t.id, name: t.name, slug: t.slug, default: false })),
      }));
    details.set(id, {
      images: images.filter((i) => i.product_id === id).map(storeImage),
      categories: categories.filter((c) => c.product_id === id).map((c) => toTerm(c, categoryLink(c.slug))),
      brands: brands.filter((b) => b.product_id === id).map((b) => toTerm(b, brandLink(b.slug))),
      tags: tags.filter((t) => t.product_id === id).map((t) => toTerm(t, tagLink(t.slug))),
      attributes,
      variations: variations.get(id) ?? [],
    });
  }
  return details;
}

async function loadVariations(db: Db, parentIds: number[]): Promise<Map<number, VariationWithRow[]>> {
  const rows = await repo.findVariations(db, parentIds);
  const ids = rows.map((r) => r.id);
  const [attributes, images] = await Promise.all([repo.findVariationAttributes(db, ids), repo.findImages(db, ids)]);
  const byParent = new Map<number, VariationWithRow[]>();
  for (const row of rows) {
    const own = attributes.filter((a) => a.variation_id === row.id);
    const list = byParent.get(row.parent_id ?? 0) ?? [];
    list.push({
      row,
      attributes: own.map((a) => ({ name: a.attribute_name, value: a.term_slug })),
      label: own.map((a) => `${a.attribute_name}: ${a.term_name}`).join(", "),
      image: images.filter((i) => i.product_id === row.id).map(storeImage)[0] ?? null,
    });
    byParent.set(row.parent_id ?? 0, list);
  }
  return byParent;
}

function toTerm(term: { id: number; name: string; slug: string }, link: string): StoreTerm {
  return { id: term.id, name: term.name, slug: term.slug, link };
}

/** How a taxonomy listing of the Store API is asked for (WooCommerce's terms parameters). */
export interface TermListing {
  page: number;
  /** 0: every term on one page. */
  perPage: number;
  search?: string;
  include?: number[];
  exclude?: number[];
  order: "asc" | "desc";
  orderBy: "name" | "slug" | "count" | "id";
  /** Leave out terms no listed product carries. */
  hideEmpty: boolean;
  /** Only the children of this category or brand (0: the top level); not for tags. */
  parent?: number;
}

/** A page of terms with the number of terms the listing has in all. */
export interface TermPage<T> {
  terms: T[];
  total: number;
}

/** Filters, orders and cuts a list of terms as a TermListing asks. */
function termPage<T extends { id: number; name: string; slug: string; count: number; parent: number }>(
  all: T[],
  listing: TermListing,
): TermPage<T> {
  const search = listing.search?.trim().toLowerCase();
  const kept = all.filter(
    (t) =>
      (!listing.hideEmpty || t.count > 0) &&
      (listing.parent === undefined || t.parent === listing.parent) &&
      (!listing.include?.length || listing.include.includes(t.id)) &&
      !listing.exclude?.includes(t.id) &&
      (!search || t.name.toLowerCase().includes(search) || t.slug.includes(search)),
  );
  const by = listing.orderBy;
  const sign = listing.order === "desc" ? -1 : 1;
  const compare = (a: T, b: T) =>
    by === "count" || by === "id"
      ? a[by] - b[by]
      : by === "name"
        ? a.name.localeCompare(b.name, "en", { sensitivity: "base" })
        : a.slug.localeCompare(b.slug);
  kept.sort((a, b) => sign * compare(a, b) || a.id - b.id);
  if (listing.perPage <= 0) return { terms: kept, total: kept.length };
  const from = (listing.page - 1) * listing.perPage;
  return { terms: kept.slice(from, from + listing.perPage), total: kept.length };
}

/**
 * Every category (or brand, decision 0095) as the Store API answers it, each counting the products its page lists
 * (published, shown in the catalogue, in a stock status the shop lists) and the reviews they have between them.
 * Categories and brands have no image in this shop (decisions 0091, 0095).
 */
async function storeHierarchy(context: RequestContext, kind: "category" | "brand"): Promise<StoreProductCategory[]> {
  const ctx = await withShopSettings(context);
  const { all: read, counts: countKind } = HIERARCHY[kind];
  const [all, counts] = await Promise.all([read(ctx.db), countsOf(ctx, countKind, {})]);
  const byId = new Map(counts.map((c) => [c.term_id, c]));
  return all.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    parent: c.parent,
    count: byId.get(c.id)?.count ?? 0,
    image: null,
    review_count: byId.get(c.id)?.reviews ?? 0,
    permalink: c.link,
  }));
}

export async function listStoreCategories(
  context: RequestContext,
  listing: TermListing,
  kind: "category" | "brand" = "category",
): Promise<TermPage<StoreProductCategory>> {
  return termPage(await storeHierarchy(context, kind), listing);
}

/** One category (or brand) by id, empty or not; null when the shop has none with that id. */
export async function getStoreCategory(
  context: RequestContext,
  id: number,
  kind: "category" | "brand" = "category",
): Promise<StoreProductCategory | null> {
  return (await storeHierarchy(context, kind)).find((c) => c.id === id) ?? null;
}

/** Every tag read once per catalogue change. */
const tags = revisionCache("catalogue", async (db) => deepFreeze(await repo.findTags(db)));

/** The product tag with this slug (a listing's ?tag=), from the tags kept per catalogue revision; null when none has it. */
export async function getTag(ctx: Pick<RequestContext, "db">, slug: string): Promise<{ id: number; name: string; slug: string } | null> {
  const tag = (await tags(ctx.db)).find((t) => t.slug === slug);
  return tag ? { id: tag.id, name: tag.name, slug: tag.slug } : null;
}

/** The tags as the Store API answers them (the spec's Term: tags have no description or parent here), counting listed products. */
export async function listStoreTags(context: RequestContext, listing: TermListing): Promise<TermPage<StoreTagTerm>> {
  const ctx = await withShopSettings(context);
  const [all, counts] = await Promise.all([tags(ctx.db), countsOf(ctx, "tags", {})]);
  const byId = new Map(counts.map((c) => [c.term_id, c.count]));
  const terms = all.map((t) => ({ id: t.id, name: t.name, slug: t.slug, description: "", parent: 0, count: byId.get(t.id) ?? 0 }));
  return termPage(terms, { ...listing, parent: undefined });
}

/** What `GET /products/collection-data` is asked to work out over the products a listing's query picks. */
export interface CollectionDataRequest {
  query: ProductQuery;
  priceRange: boolean;
  /** Attributes whose terms to count; "or" leaves the attribute's own filter out of its counts, "and" keeps it. */
  attributeCounts: { attribute: string; queryType: "or" | "and" }[];
  ratingCounts: boolean;
  stockStatusCounts: boolean;
}

const STOCK_STATUSES = ["instock", "outofstock", "onbackorder"] as const;

/**
 * The Store API's collection data (decision 0091): over the products the query picks, the range of prices
 * shoppers pay (as the shop shows them, with or without tax), and the products per attribute term, rounded
 * rating and stock status. As WooCommerce counts, each facet's own filter is left out of its counts (the price
 * filters of the range, the stock statuses of theirs, the stars of the rating counts, an "or" attribute's terms of its own), so a count says
 * what choosing it would list. Anything not asked for is null. Attributes the shop lacks are the caller's to
 * refuse (`unknownAttributes`).
 */
export async function productCollectionData(context: RequestContext, request: CollectionDataRequest): Promise<StoreCollectionData> {
  const ctx = await withShopSettings(context);
  const { query } = request;
  const [priceRange, attributeCounts, ratingCounts, stockCounts] = await Promise.all([
    request.priceRange ? collectionPriceRange(ctx, { ...query, minPrice: undefined, maxPrice: undefined }) : null,
    request.attributeCounts.length ? collectionAttributeCounts(ctx, query, request.attributeCounts) : null,
    request.ratingCounts ? countsOf(ctx, "ratings", { ...query, rating: undefined }) : null,
    request.stockStatusCounts ? countsOf(ctx, "stock", { ...query, stockStatus: undefined }) : null,
  ]);
  return {
    price_range: priceRange,
    attribute_counts: attributeCounts,
    rating_counts: ratingCounts?.map((r) => ({ rating: r.rating, count: r.count })) ?? null,
    stock_status_counts: stockCounts
      ? STOCK_STATUSES.map((status) => ({ status, count: stockCounts.find((r) => r.status === status)?.count ?? 0 }))
      : null,
  };
}

async function collectionPriceRange(ctx: ShopContext, query: ProductQuery): Promise<StoreCollectionData["price_range"]> {
  const [groups, display] = await Promise.all([countsOf(ctx, "prices", query), shopPriceDisplay(ctx)]);
  const shown = (amount: number, group: (typeof groups)[number]) =>
    display ? display(amount, group.tax_status as Parameters<typeof display>[1], group.tax_class) : amount;
  const mins = groups.map((g) => shown(g.min, g));
  const maxes = groups.map((g) => shown(g.max, g));
  return {
    min_price: mins.length ? String(Math.min(...mins)) : "",
    max_price: maxes.length ? String(Math.max(...maxes)) : "",
    ...currencyFields(shopCurrency(ctx.settings)),
  };
}

async function collectionAttributeCounts(
  ctx: ShopContext,
  query: ProductQuery,
  asked: CollectionDataRequest["attributeCounts"],
): Promise<{ term: number; count: number }[]> {
  const { attributes: all, terms } = await attributes(ctx.db);
  const counted = new Map<number, "or" | "and">();
  for (const a of asked) {
    const attribute = attributeNamed(all, a.attribute);
    // One count per attribute; asked twice, "or" (the filter's own terms left out) wins.
    if (attribute && counted.get(attribute.id) !== "or") counted.set(attribute.id, a.queryType);
  }
  const asking = [...counted];
  const rows = await countsOfAll(
    ctx,
    "terms",
    asking.map(([id, queryType]) => ({
      ...query,
      attributes: (query.attributes ?? []).filter((f) => queryType === "and" || attributeNamed(all, f.attribute)?.id !== id),
    })),
  );
  return asking.flatMap(([id], i) => {
    const counts = termMap(rows[i] ?? []);
    return terms
      .filter((t) => t.attribute_id === id && (counts.get(t.id) ?? 0) > 0)
      .map((t) => ({ term: t.id, count: counts.get(t.id) as number }));
  });
}
