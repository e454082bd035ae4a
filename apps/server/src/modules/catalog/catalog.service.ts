/** The catalogue's read side: listings, single products, variations, categories, media. */
import type { Currency, StoreProductAttribute, StoreTerm } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import { deepFreeze, revisionCache, revisionMap } from "../../db/revisions.ts";
import type { Cached } from "../../db/unit-of-work.ts";
import type { RequestContext } from "../../http/context.ts";
import { shopPriceDisplay, shopPriceDisplayCached } from "../cart/index.ts";
import { storeImage } from "../media/index.ts";
import { type ShopContext, shopCurrency, withShopSettings } from "../settings/index.ts";
import * as repo from "./catalog.repo.ts";
import type {
  AttributeFacet,
  AttributeFilter,
  ProductOffers,
  ProductPage,
  ProductQuery,
  RatingFacet,
  StoreAttribute,
  StoreAttributeTermCount,
  StoreCategory,
  StoreProduct,
  StoreVariation,
} from "./catalog.types.ts";
import {
  categoryLink,
  type ProductDetails,
  type ShapeOptions,
  shapeProduct,
  shapeVariation,
  shapeVariationAsProduct,
  tagLink,
  type VariationWithRow,
} from "./product-shape.ts";
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
  const effective: ProductQuery = { ...query, stockStatus: listedStock(ctx, query) };
  // The on-sale filter and the price order depend on the clock: such a page is filed under the schedule's phase (decision 0047).
  const timed =
    effective.onSale !== undefined || effective.orderBy === "price" || effective.minPrice !== undefined || effective.maxPrice !== undefined;
  const at = timed ? phaseInstant(await saleBoundaries(ctx.db), ctx.now ?? new Date()) : undefined;
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

/** A listing's count and rows by query and page, kept until the catalogue changes (shaped per request: prices follow the settings). */
const listingPages = revisionMap(
  "catalogue",
  async (db, keys: string[]) => {
    const found = new Map<string, ListingPage>();
    for (const key of keys) {
      const { query, limit, offset, at } = JSON.parse(key) as { query: ProductQuery; limit: number; offset: number; at?: string };
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
  const known = (name: string) =>
    /^\d+$/.test(name) ? all.some((a) => a.id === Number(name)) : all.some((a) => a.slug === name.replace(/^pa_/, ""));
  return filters.flatMap((f, i) => (known(f.attribute) ? [] : [i]));
}

/** Products each term is offered by in a listing's query, by term id, kept per query until the catalogue changes. */
const termCounts = revisionMap(
  "catalogue",
  async (db, keys: string[]) => {
    const found = new Map<string, ReadonlyMap<number, number>>();
    for (const key of keys) {
      const rows = await repo.countTermProducts(db, JSON.parse(key) as ProductQuery, new Date(0).toISOString());
      found.set(key, new Map(rows.map((r) => [r.term_id, r.count])));
    }
    return found;
  },
  { maxEntries: 500, maxBytes: 2 * 1024 * 1024, sizeOf: (key, counts) => key.length + counts.size * 16 },
);

/** What of a listing's query the term counts follow: which products, never the page or the order; `attributes` are the other attributes' filters. */
function countedQuery(ctx: ShopContext, query: ProductQuery, attributes: readonly AttributeFilter[] = []): ProductQuery {
  const base: ProductQuery = {
    ...(query.search?.trim() ? { search: query.search.trim() } : {}),
    ...(query.category?.length ? { category: query.category } : {}),
    ...(query.tag?.length ? { tag: query.tag } : {}),
    ...(attributes.length ? { attributes: [...attributes], attributeRelation: "and" as const } : {}),
    ...(query.rating?.length ? { rating: [...query.rating].sort() } : {}),
  };
  const stockStatus = listedStock(ctx, query);
  return stockStatus ? { ...base, stockStatus } : base;
}

async function countsFor(ctx: ShopContext, query: ProductQuery): Promise<ReadonlyMap<number, number>> {
  const key = JSON.stringify(countedQuery(ctx, query));
  return (await termCounts(ctx.db, [key])).get(key) ?? new Map();
}

/** An attribute's terms (the spec's Term), each counting the published, listed products that offer it; null for no such attribute. */
export async function listAttributeTerms(context: RequestContext, id: number): Promise<StoreAttributeTermCount[] | null> {
  const ctx = await withShopSettings(context);
  const { attributes: all, terms } = await attributes(ctx.db);
  if (!all.some((a) => a.id === id)) return null;
  const counts = await countsFor(ctx, {});
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

/**
 * The storefront's filter area for a listing (decision 0088): each attribute with the terms that products
 * of the listing offer and their counts. A term's count follows the listing's category, tag and search and
 * every other attribute's chosen terms (`query.attributes`, joined by and), not its own attribute's, so it
 * says what ticking it would list. Terms counting 0 are left out unless chosen (so they can be unticked);
 * attributes with no term left out unless the address names them. One GROUP BY per chosen attribute, and
 * one for the rest, each kept per query and catalogue revision.
 */
export async function attributeFacets(context: RequestContext, query: ProductQuery): Promise<AttributeFacet[]> {
  const ctx = await withShopSettings(context);
  const { attributes: all, terms } = await attributes(ctx.db);
  const named = (name: string) => all.find((a) => (/^\d+$/.test(name) ? a.id === Number(name) : a.slug === name.replace(/^pa_/, "")));
  // Filters in one order, so the same choice in another address order shares the cached counts.
  const filters = (query.attributes ?? [])
    .flatMap((filter) => {
      const attribute = named(filter.attribute);
      const slugs = filter.slugs ? { slugs: [...filter.slugs].sort() } : {};
      return attribute ? [{ id: attribute.id, filter: { ...filter, attribute: attribute.slug, ...slugs } }] : [];
    })
    .sort((a, b) => a.id - b.id);
  const others = (id: number) => filters.filter((f) => f.id !== id).map((f) => f.filter);
  const keyOf = (id: number) => JSON.stringify(countedQuery(ctx, query, others(id)));
  // Attributes nobody chose all count under every chosen filter: one key (id 0 is no attribute's).
  const keys = new Map(all.map((a) => [a.id, keyOf(filters.some((f) => f.id === a.id) ? a.id : 0)]));
  const counted = await termCounts(ctx.db, [...new Set(keys.values())]);
  return all.flatMap((a) => {
    const counts = counted.get(keys.get(a.id) as string) ?? new Map<number, number>();
    const chosen = new Set(filters.filter((f) => f.id === a.id && f.filter.operator !== "not_in").flatMap((f) => f.filter.slugs ?? []));
    const shown = terms.filter((t) => t.attribute_id === a.id && ((counts.get(t.id) ?? 0) > 0 || chosen.has(t.slug)));
    if (!shown.length && !filters.some((f) => f.id === a.id)) return [];
    return [{ id: a.id, name: a.name, slug: a.slug, terms: shown.map((t) => storeTerm(t, counts)) }];
  });
}

/** Products of each rounded average, kept per query until the catalogue changes. */
const ratingCounts = revisionMap(
  "catalogue",
  async (db, keys: string[]) => {
    const found = new Map<string, readonly RatingFacet[]>();
    for (const key of keys)
      found.set(key, deepFreeze(await repo.countRatingProducts(db, JSON.parse(key) as ProductQuery, new Date(0).toISOString())));
    return found;
  },
  { maxEntries: 500, maxBytes: 1024 * 1024, sizeOf: (key) => key.length + 200 },
);

/**
 * The storefront's "Filter by rating" group for a listing (decision 0090): 5 to 1 stars, each with the products
 * of the listing (its category, tag, search and attribute filters, not its own rating choice) whose average
 * rounds to it; stars no product has are left out unless chosen.
 */
export async function ratingFacets(context: RequestContext, query: ProductQuery): Promise<RatingFacet[]> {
  const ctx = await withShopSettings(context);
  const { rating: chosen, ...rest } = query;
  const attributes = (query.attributes ?? []).map((f) => ({ ...f, ...(f.slugs ? { slugs: [...f.slugs].sort() } : {}) }));
  const key = JSON.stringify(countedQuery(ctx, rest, attributes));
  const counts = (await ratingCounts(ctx.db, [key])).get(key) ?? [];
  return [5, 4, 3, 2, 1].flatMap((stars) => {
    const count = counts.filter((c) => c.stars === stars).reduce((sum, c) => sum + c.count, 0);
    return count > 0 || chosen?.includes(stars) ? [{ stars, count }] : [];
  });
}

export async function listCategories(ctx: Pick<RequestContext, "db">): Promise<readonly StoreCategory[]> {
  return categories(ctx.db);
}

/** Every category with its product count, read once per catalogue change (every page's header lists them). */
const categories = revisionCache("catalogue", async (db) => {
  const rows = await repo.findCategories(db);
  return deepFreeze(
    rows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      parent: c.parent_id ?? 0,
      count: Number(c.count ?? 0),
      link: categoryLink(c.slug),
    })),
  );
});

export async function getCategory(ctx: Pick<RequestContext, "db">, slug: string): Promise<StoreCategory | null> {
  return (await listCategories(ctx)).find((c) => c.slug === slug) ?? null;
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

/** Upsell and related rows with their details per product and stock setting, kept until the catalogue changes. */
const offersOf = revisionMap(
  "catalogue",
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
  return crossSellsCached(await withShopSettings(context), productIds, exclude).load(context.db);
}

/** The same, answered from what the catalogue caches hold (db/unit-of-work.ts). */
export function crossSellsCached(ctx: ShopContext, productIds: number[], exclude: number[]): Cached<StoreProduct[]> {
  const key = [...new Set(productIds)].sort((a, b) => a - b).join(",");
  const display = shopPriceDisplayCached(ctx);
  const shaped = (found: readonly CrossSell[], displayPrice: ShapeOptions["displayPrice"] | null, boundaries: readonly number[]) =>
    shapedCrossSells(found, shapeOptionsWith(ctx, displayPrice), salePhase(boundaries, ctx.now ?? new Date()), exclude);
  return {
    peek: (db, revisions) => {
      const found = crossSellsOf.peek(db, revisions, [key])?.get(key);
      const displayPrice = found && display.peek(db, revisions);
      const boundaries = displayPrice !== undefined ? saleBoundaries.peek(db, revisions) : undefined;
      return found && displayPrice !== undefined && boundaries ? shaped(found, displayPrice, boundaries) : undefined;
    },
    load: async (db) => {
      const [found, displayPrice, boundaries] = await Promise.all([crossSellsOf(db, [key]), display.load(db), saleBoundaries(db)]);
      return shaped(found.get(key) ?? [], displayPrice, boundaries);
    },
  };
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

/** Cross-sell rows and details per set of products (the cart's), kept until the catalogue changes. */
const crossSellsOf = revisionMap(
  "catalogue",
  async (db, keys: string[]) => {
    const found = new Map<string, CrossSell[]>();
    for (const key of keys) {
      const rows = await repo.findCrossSells(db, key.split(",").map(Number));
      const details = rows.length ? await loadDetails(db, rows) : [];
      found.set(
        key,
        rows.map((row, i) => ({ row, details: details[i] as ProductDetails })),
      );
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

/** Images, terms, attributes and variations of products, read once per catalogue change. */
async function loadDetails(db: Db, rows: repo.ProductRow[]): Promise<ProductDetails[]> {
  const found = await detailsById(
    db,
    rows.map((r) => r.id),
  );
  // readDetails answers every id it is asked for.
  return rows.map((row) => found.get(row.id) as ProductDetails);
}

const detailsById = revisionMap("catalogue", async (db, ids: number[]) => deepFreeze(await readDetails(db, ids)));

/** Reads the details of many products in a fixed number of queries. */
async function readDetails(db: Db, ids: number[]): Promise<Map<number, ProductDetails>> {
  const [images, categories, tags, attributeRows, variations] = await Promise.all([
    repo.findImages(db, ids),
    repo.findProductCategories(db, ids),
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
