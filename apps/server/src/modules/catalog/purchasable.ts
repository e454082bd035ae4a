/** What the cart needs to know about the products in it: rows, parents, categories, images. */
import type { StoreImage } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import { compiled } from "../../db/prepared.ts";
import { deepFreeze, revisionMap, revisionNow } from "../../db/revisions.ts";
import { type Cached, cached, rows, runSteps, type Work } from "../../db/unit-of-work.ts";
import { storeImage } from "../media/index.ts";
import * as repo from "./catalog.repo.ts";
import { productLink, quantityLimits } from "./product-shape.ts";
import { currentPrice, nextSaleChange, saleActive } from "./sale-schedule.ts";

export interface Purchasable {
  /** The product or variation itself. */
  row: repo.ProductRow;
  /** The variable product a variation belongs to; the product itself otherwise. */
  parent: repo.ProductRow;
  categoryIds: number[];
  images: StoreImage[];
  permalink: string;
  /** A variation's own attributes: [{attribute: 'Color', slug: 'color', value: 'red', name: 'Red'}]. */
  attributes: { attribute: string; slug: string; value: string; name: string }[];
  /** For a variable product: its variations' attributes, to resolve a chosen variation. */
  variations: { id: number; attributes: { slug: string; name: string; value: string }[] }[];
  /** The parent's attributes used for variations, with the allowed term slugs. */
  variationAttributes: { slug: string; name: string; terms: string[] }[];
  /** Unit price at the clock asked (sale price inside its window), or null when it cannot be bought. */
  price: number | null;
  regularPrice: number | null;
  onSale: boolean;
  /** When (ms) the clock alone next changes this price (a sale starts or ends); Infinity when never. */
  priceChangesAt: number;
  limits: ReturnType<typeof quantityLimits>;
  /** The parent's tax status (a variation has none of its own, as in WooCommerce). */
  taxStatus: repo.ProductRow["tax_status"];
  /** '' = standard; a variation's 'parent' resolved to its parent's class. */
  taxClass: string;
  /** The shipping class flat rates price it by (null: none); a variation without one of its own has its parent's. */
  shippingClassId: number | null;
  /** The `stock` counter before the row's stock figures were read: while it holds, they are current (decision 0130). */
  stockAsOf: number;
}

/** What is kept per catalogue revision: everything but what the clock decides. */
type Stored = Omit<Purchasable, "price" | "onSale" | "priceChangesAt">;

/**
 * Any mix of product and variation ids, kept per process until the catalogue changes. Not when only a
 * stock figure does (an order taking stock moves the `stock` counter instead: decision 0130): the stock
 * of the items that track it is read afresh each time (`withCurrentStock`).
 */
const storedPurchasables = revisionMap("catalogue", async (db: Db, ids: number[]) => {
  // Read before the rows, so the figures are never older than the counter they are filed under.
  const stockAsOf = await revisionNow(db, "stock");
  return deepFreeze(await readPurchasables(db, ids, stockAsOf));
});

/** Any mix of product and variation ids, priced at `now` (a scheduled sale holds only inside its window: decision 0047), with their current stock. */
export function loadPurchasables(db: Db, ids: number[], now: Date = new Date()): Promise<Map<number, Purchasable>> {
  return runSteps(db, purchasablesNow(db, ids, now));
}

/** The same as a step of a unit of work: from the catalogue cache when it holds every id, then their current stock. */
export function* purchasablesNow(db: Db, ids: number[], now: Date): Work<Map<number, Purchasable>> {
  return yield* withCurrentStock(db, yield* cached(purchasablesCached(ids, now)));
}

/** The same from the catalogue cache alone, with the stock figures as they were when loaded: pass them through `withCurrentStock`. */
export function purchasablesCached(ids: number[], now: Date): Cached<Map<number, Purchasable>> {
  return {
    peek: (db, revisions) => {
      const stored = storedPurchasables.peek(db, revisions, ids);
      return stored && pricedAt(stored, now);
    },
    load: async (db) => pricedAt(await storedPurchasables(db, ids), now),
  };
}

/** The `stock` counter as the unit of work reads it (with the others, at no cost of its own when run synchronously). */
export const stockCounter: Cached<number> = {
  peek: (_db, revisions) => revisions.get("stock"),
  load: (db) => revisionNow(db, "stock"),
};

// Built once: one indexed read per item that tracks its stock, when the stock counter has moved since it was read.
export const currentStockQuery = compiled((db, id: number) =>
  db.selectFrom("products").select(["stock_quantity", "stock_status", "updated_at"]).where("id", "=", id),
);

/**
 * The items with the stock figures they have now: those that track their stock and were read before the
 * stock counter last moved are read again (the others' figures never move but with an editor's save, which
 * moves the catalogue's counter). Answers the map given when none was read again.
 */
export function* withCurrentStock(db: Db, items: Map<number, Purchasable>): Work<Map<number, Purchasable>> {
  let counter: number | undefined;
  let current: Map<number, Purchasable> | undefined;
  for (const [id, item] of items) {
    if (!item.row.manage_stock) continue;
    counter ??= yield* cached(stockCounter);
    if (item.stockAsOf === counter) continue;
    const [figures] = yield* rows(currentStockQuery(db, id));
    if (!figures) continue;
    const row = { ...item.row, ...figures };
    current ??= new Map(items);
    current.set(id, { ...item, row, limits: quantityLimits(row), stockAsOf: counter });
  }
  return current ?? items;
}

function pricedAt(stored: Map<number, Stored>, now: Date): Map<number, Purchasable> {
  const priced = new Map<number, Purchasable>();
  for (const [id, item] of stored) {
    const variable = item.row.type === "variable";
    priced.set(id, {
      ...item,
      price: variable ? null : currentPrice(item.row, now),
      onSale: !variable && saleActive(item.row, now),
      priceChangesAt: variable ? Number.POSITIVE_INFINITY : nextSaleChange(item.row, now),
    });
  }
  return priced;
}

/** Reads any mix of product and variation ids in a fixed number of queries. */
async function readPurchasables(db: Db, ids: number[], stockAsOf: number): Promise<Map<number, Stored>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom("products").selectAll().where("id", "in", unique).execute();
  const parentIds = [...new Set(rows.filter((r) => r.parent_id !== null).map((r) => r.parent_id as number))];
  const parents = parentIds.length ? await db.selectFrom("products").selectAll().where("id", "in", parentIds).execute() : [];
  const allIds = [...new Set([...rows.map((r) => r.id), ...parentIds])];
  const variableIds = [...rows, ...parents].filter((r) => r.type === "variable").map((r) => r.id);
  const [categories, images, variations, attributeRows] = await Promise.all([
    repo.findProductCategories(db, allIds),
    repo.findImages(db, allIds),
    repo.findVariations(db, variableIds),
    repo.findProductAttributes(db, variableIds),
  ]);
  // Only variations carry attribute values of their own.
  const variationAttributes = await repo.findVariationAttributes(db, [
    ...new Set([...rows.filter((r) => r.type === "variation").map((r) => r.id), ...variations.map((v) => v.id)]),
  ]);
  const attributesOf = (id: number) =>
    variationAttributes
      .filter((a) => a.variation_id === id)
      .map((a) => ({ attribute: a.attribute_name, slug: a.attribute_slug, value: a.term_slug, name: a.term_name }));

  const result = new Map<number, Stored>();
  for (const row of rows) {
    const parent = parents.find((p) => p.id === row.parent_id) ?? row;
    // A draft (or a variation of one) cannot be bought: the cart finds no such product.
    if (parent.status !== "publish") continue;
    const ownImages = images.filter((i) => i.product_id === row.id);
    result.set(row.id, {
      row,
      parent,
      categoryIds: categories.filter((c) => c.product_id === parent.id).map((c) => c.id),
      images: (ownImages.length ? ownImages : images.filter((i) => i.product_id === parent.id)).map(storeImage),
      permalink: productLink(parent.slug),
      attributes: attributesOf(row.id),
      variations: variations
        .filter((v) => v.parent_id === row.id)
        .map((v) => ({ id: v.id, attributes: attributesOf(v.id).map(({ slug, name, value }) => ({ slug, name, value })) })),
      variationAttributes: attributeRows.attributes
        .filter((a) => a.product_id === row.id && a.used_for_variations === 1)
        .map((a) => ({
          slug: a.slug,
          name: a.name,
          terms: attributeRows.terms.filter((t) => t.product_id === row.id && t.attribute_id === a.id).map((t) => t.slug),
        })),
      regularPrice: row.type === "variable" ? null : row.regular_price,
      limits: quantityLimits(row),
      taxStatus: parent.tax_status,
      taxClass: row.tax_class === "parent" ? parent.tax_class : row.tax_class,
      shippingClassId: row.shipping_class_id ?? (row.parent_id === null ? null : parent.shipping_class_id),
      stockAsOf,
    });
  }
  return result;
}
