/**
 * The owner's products (issue 19, decision 0043): simple and variable products with their links
 * (categories, tags, cross-sells, attributes) and variations, checked here with an error per field.
 * Each write and its change_log row share one transaction; the catalogue's tables move the
 * `catalogue` revision in it (migration 003's triggers), so every process's caches refill.
 */

import type {
  BulkChanges,
  BulkResult,
  OwnerCurrency,
  OwnerProduct,
  OwnerVariation,
  ProductAttributeInput,
  ProductInput,
  ProductList,
  ProductStatus,
  ProductSummary,
  StockStatus,
  VariationInput,
} from "@cartwright/commerce/admin";
import { sanitizeHtml } from "@cartwright/commerce/forms";
import { type ExpressionBuilder, sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import type { Database, Flag } from "../../db/schema.ts";
import { restateProductStock } from "../../db/stock-status.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { pagingOf } from "../../http/paging.ts";
import { missingMedia, productImages } from "../media/index.ts";
import { ownerCurrency } from "../settings/index.ts";
import { checkProductTax, listTaxClasses, PARENT, STANDARD, toApiClass, toStoredClass } from "../taxes/index.ts";
import {
  cleanSlug,
  conflict,
  couponsNaming,
  invalid,
  isUniqueViolation,
  logChange,
  missingIds,
  notFound,
  nowOf,
  refused,
  unique,
} from "./admin-shared.ts";
import { type ProductRow, shownStockStatus as shownStockStatusSql } from "./catalog.repo.ts";
import { checkGallery, ownerImage, writeGallery } from "./product-images.admin.ts";
import { deriveStockStatus, productLink, shownStockStatus } from "./product-shape.ts";
import { currentPrice } from "./sale-schedule.ts";
import { keepStockMovedMeanwhile } from "./stock-edits.ts";

export type {
  Backorders,
  OwnerProduct,
  OwnerVariation,
  ProductAttributeInput,
  ProductInput,
  ProductStatus,
  StockStatus,
  VariationInput,
  Visibility,
} from "@cartwright/commerce/admin";

export interface ProductFilters {
  search?: string;
  /** Only these ids (a picker showing the names of those chosen). */
  include?: number[];
  category?: number;
  stock_status?: StockStatus;
  type?: "simple" | "variable";
  status?: ProductStatus;
}

export interface ProductListQuery extends ProductFilters {
  orderby: "date" | "name" | "price";
  order?: "asc" | "desc";
  page: number;
  perPage: number;
}

/** The largest price, in minor units (10 million in the shop's currency), as for coupons. */
export const MAX_MONEY = 1_000_000_000;
/** At most this many variations per product: the product page lists them all. */
export const MAX_VARIATIONS = 200;

export const productErrors = {
  notFound: () => notFound("cw_rest_product_not_found", "product"),
  slugTaken: (slug: string) => conflict("cw_rest_product_slug_exists", "slug", `Another product already has the slug "${slug}".`),
  skuTaken: (field: string, sku: string) => conflict("cw_rest_product_sku_exists", field, `Another product already has the SKU "${sku}".`),
  namedByCoupons: (codes: string[]) =>
    refused(
      "cw_rest_product_in_use",
      `The coupon${codes.length === 1 ? "" : "s"} ${codes.join(", ")} name${codes.length === 1 ? "s" : ""} this product: take it out of ${codes.length === 1 ? "it" : "them"} first.`,
    ),
  changed: (current: string) => staleEdit("cw_rest_product_changed", "product", current),
};

const flag = (value: boolean): Flag => (value ? 1 : 0);

const variationOf = (row: ProductRow, attributes: { attribute_id: number; term_id: number }[], imageId: number | null): OwnerVariation => ({
  id: row.id,
  attributes,
  sku: row.sku,
  regular_price: row.regular_price,
  sale_price: row.sale_price,
  sale_starts_at: row.sale_starts_at,
  sale_ends_at: row.sale_ends_at,
  manage_stock: row.manage_stock === 1,
  stock_quantity: row.stock_quantity,
  stock_status: row.stock_status,
  backorders: row.backorders,
  weight_grams: row.weight_grams,
  tax_class: toApiClass(row.tax_class),
  shipping_class_id: row.shipping_class_id,
  image_id: imageId,
});

/** Stock figures orders move are left out where the stock is counted: they have their own rule (stock-edits.ts). */
const withoutCountedStock = <T extends { stock_quantity: number | null; stock_status: StockStatus }>(item: T, counted: boolean) =>
  counted ? { ...item, stock_quantity: null, stock_status: null } : item;

/** The fingerprint of what the owner can change in a product (decision 0158): a sale leaves it as it is. */
function productVersion(product: Omit<OwnerProduct, "version">): string {
  const { id: _id, permalink: _link, total_sales: _sales, created_at: _created, updated_at: _updated, ...editable } = product;
  return editVersion({
    ...withoutCountedStock(editable, product.manage_stock),
    variations: editable.variations.map((v) => withoutCountedStock(v, v.manage_stock || product.manage_stock)),
  });
}

/** A product with everything the owner edits, read in a fixed number of queries; undefined when there is none (or it is a variation). */
export async function readOwnerProduct(db: Db, id: number): Promise<OwnerProduct | undefined> {
  return (await readOwnerProducts(db, [id]))[0];
}

/** Ids per `in` list: well under either database's limit on a statement's parameters. */
export const ID_CHUNK = 500;

/** The rows of `query(chunk)` for each chunk of ids, together. */
export async function inChunks<T>(ids: readonly number[], query: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) rows.push(...(await query(ids.slice(i, i + ID_CHUNK))));
  return rows;
}

const groupBy = <T>(rows: T[], key: (row: T) => number) => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
};

/** Products (not variations) by id, in the order asked, each read as `readOwnerProduct` does; a fixed number of queries per 500. */
export async function readOwnerProducts(db: Db, ids: readonly number[]): Promise<OwnerProduct[]> {
  const rows = (await inChunks(ids, (chunk) =>
    db.selectFrom("products").selectAll().where("id", "in", chunk).where("type", "<>", "variation").execute(),
  )) as ProductRow[];
  if (!rows.length) return [];
  const found = rows.map((row) => row.id);
  const [categories, brands, tags, crossSells, upsells, attributes, terms, variationRows] = await Promise.all([
    inChunks(found, (chunk) =>
      db
        .selectFrom("product_categories")
        .select(["product_id", "category_id"])
        .where("product_id", "in", chunk)
        .orderBy("category_id")
        .execute(),
    ),
    inChunks(found, (chunk) =>
      db.selectFrom("product_brands").select(["product_id", "brand_id"]).where("product_id", "in", chunk).orderBy("brand_id").execute(),
    ),
    inChunks(found, (chunk) =>
      db.selectFrom("product_tags").select(["product_id", "tag_id"]).where("product_id", "in", chunk).orderBy("tag_id").execute(),
    ),
    inChunks(found, (chunk) =>
      db.selectFrom("cross_sells").select(["product_id", "cross_sell_id"]).where("product_id", "in", chunk).orderBy("position").execute(),
    ),
    inChunks(found, (chunk) =>
      db.selectFrom("upsells").select(["product_id", "upsell_id"]).where("product_id", "in", chunk).orderBy("position").execute(),
    ),
    inChunks(found, (chunk) =>
      db
        .selectFrom("product_attributes")
        .select(["product_id", "attribute_id", "used_for_variations"])
        .where("product_id", "in", chunk)
        .orderBy("position")
        .execute(),
    ),
    inChunks(found, (chunk) =>
      db
        .selectFrom("product_attribute_terms as pat")
        .innerJoin("attribute_terms as t", "t.id", "pat.term_id")
        .select(["pat.product_id", "t.id", "t.attribute_id"])
        .where("pat.product_id", "in", chunk)
        .orderBy("t.menu_order")
        .orderBy("t.id")
        .execute(),
    ),
    inChunks(
      found,
      (chunk) =>
        db.selectFrom("products").selectAll().where("parent_id", "in", chunk).orderBy("menu_order").orderBy("id").execute() as Promise<
          ProductRow[]
        >,
    ),
  ]);
  const chosen = await inChunks(
    variationRows.map((v) => v.id),
    (chunk) =>
      db
        .selectFrom("variation_attributes")
        .select(["variation_id", "attribute_id", "term_id"])
        .where("variation_id", "in", chunk)
        .execute(),
  );
  // The galleries, and each variation's image (its first), in a query per 500.
  const images = await inChunks([...found, ...variationRows.map((v) => v.id)], (chunk) => productImages(db, chunk));
  const byProduct = <T extends { product_id: number }>(list: T[]) => groupBy(list, (row) => Number(row.product_id));
  const categoriesOf = byProduct(categories);
  const brandsOf = byProduct(brands);
  const tagsOf = byProduct(tags);
  const crossSellsOf = byProduct(crossSells);
  const upsellsOf = byProduct(upsells);
  const attributesOf = byProduct(attributes);
  const termsOf = byProduct(terms);
  const imagesOf = byProduct(images);
  const variationsOf = groupBy(variationRows, (v) => Number(v.parent_id));
  const chosenOf = groupBy(chosen, (c) => Number(c.variation_id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids
    .map((id) => byId.get(id))
    .filter((row): row is ProductRow => row !== undefined)
    .map((row): OwnerProduct => {
      const id = row.id;
      const own = attributesOf.get(id) ?? [];
      const ownTerms = termsOf.get(id) ?? [];
      const position = new Map(own.map((a, i) => [Number(a.attribute_id), i]));
      const product: Omit<OwnerProduct, "version"> = {
        id,
        type: row.type === "variable" ? "variable" : "simple",
        status: row.status,
        name: row.name,
        slug: row.slug,
        sku: row.sku,
        short_description: row.short_description,
        description: row.description,
        regular_price: row.regular_price,
        sale_price: row.sale_price,
        sale_starts_at: row.sale_starts_at,
        sale_ends_at: row.sale_ends_at,
        manage_stock: row.manage_stock === 1,
        stock_quantity: row.stock_quantity,
        stock_status: row.stock_status,
        backorders: row.backorders,
        low_stock_amount: row.low_stock_amount,
        quantity_min: row.quantity_min,
        quantity_max: row.quantity_max,
        quantity_step: row.quantity_step,
        sold_individually: row.sold_individually === 1,
        virtual: row.virtual === 1,
        weight_grams: row.weight_grams,
        tax_status: row.tax_status,
        tax_class: toApiClass(row.tax_class),
        shipping_class_id: row.shipping_class_id,
        featured: row.featured === 1,
        catalog_visibility: row.catalog_visibility,
        menu_order: row.menu_order,
        category_ids: (categoriesOf.get(id) ?? []).map((c) => Number(c.category_id)),
        brand_ids: (brandsOf.get(id) ?? []).map((b) => Number(b.brand_id)),
        tag_ids: (tagsOf.get(id) ?? []).map((t) => Number(t.tag_id)),
        cross_sell_ids: (crossSellsOf.get(id) ?? []).map((x) => Number(x.cross_sell_id)),
        upsell_ids: (upsellsOf.get(id) ?? []).map((x) => Number(x.upsell_id)),
        attributes: own.map((a) => ({
          attribute_id: Number(a.attribute_id),
          term_ids: ownTerms.filter((t) => Number(t.attribute_id) === Number(a.attribute_id)).map((t) => Number(t.id)),
          used_for_variations: a.used_for_variations === 1,
        })),
        variations: (variationsOf.get(id) ?? []).map((v) =>
          variationOf(
            v,
            (chosenOf.get(v.id) ?? [])
              .map((c) => ({ attribute_id: Number(c.attribute_id), term_id: Number(c.term_id) }))
              .sort((a, b) => (position.get(a.attribute_id) ?? 0) - (position.get(b.attribute_id) ?? 0)),
            imagesOf.get(v.id)?.[0]?.id ?? null,
          ),
        ),
        permalink: productLink(row.slug),
        images: (imagesOf.get(id) ?? []).map(ownerImage),
        total_sales: row.total_sales,
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
      return { ...product, version: productVersion(product) };
    });
}

type PricedItem = Pick<
  ProductInput,
  "regular_price" | "sale_price" | "sale_starts_at" | "sale_ends_at" | "manage_stock" | "stock_quantity"
>;

/** An instant as stored (ISO, UTC), or an error: a bare date or time would name a different instant on each process. */
function cleanInstant(value: string | null): { instant: string | null; error?: string } {
  if (value === null) return { instant: null };
  const time = Date.parse(value);
  if (Number.isNaN(time) || !/T.*(Z|[+-]\d\d:\d\d)$/.test(value)) return { instant: null, error: "Enter a date and time with its zone." };
  return { instant: new Date(time).toISOString() };
}

/**
 * Price, sale schedule, stock and their rules, shared by a product and its variations; errors
 * filed under `prefix`; the schedule's instants back as stored.
 */
function checkPriceAndStock<T extends PricedItem>(item: T, prefix: string, errors: Record<string, string>): T {
  if (item.sale_price !== null) {
    if (item.regular_price === null) errors[`${prefix}sale_price`] = "Enter a regular price before a sale price.";
    else if (item.sale_price >= item.regular_price) errors[`${prefix}sale_price`] = "The sale price must be below the regular price.";
  }
  const starts = cleanInstant(item.sale_starts_at);
  const ends = cleanInstant(item.sale_ends_at);
  if (starts.error) errors[`${prefix}sale_starts_at`] = starts.error;
  if (ends.error) errors[`${prefix}sale_ends_at`] = ends.error;
  if ((starts.instant !== null || ends.instant !== null) && item.sale_price === null) {
    errors[`${prefix}sale_price`] = "Enter the sale price the schedule is for, or clear its dates.";
  }
  if (starts.instant !== null && ends.instant !== null && ends.instant <= starts.instant) {
    errors[`${prefix}sale_ends_at`] = "The sale must end after it starts.";
  }
  if (item.manage_stock && item.stock_quantity === null)
    errors[`${prefix}stock_quantity`] = "Enter the quantity in stock, or stop managing stock.";
  return { ...item, sale_starts_at: starts.instant, sale_ends_at: ends.instant };
}

/** Stock columns as stored: a managed quantity decides the status, unmanaged stock keeps no quantity. */
function stockColumns(item: Pick<ProductInput, "manage_stock" | "stock_quantity" | "stock_status" | "backorders">) {
  const manage_stock = flag(item.manage_stock);
  const stock_quantity = item.manage_stock ? item.stock_quantity : null;
  return {
    manage_stock,
    stock_quantity,
    backorders: item.backorders,
    stock_status: deriveStockStatus({ manage_stock, stock_quantity, backorders: item.backorders, stock_status: item.stock_status }),
  };
}

/**
 * What checking a product asks of the rest of the catalogue. The owner API's writes ask the
 * database (`databaseLookups`); a CSV import asks the catalogue as the whole file would leave it,
 * so a row can name a category or product the file itself adds (products.import.ts).
 */
export interface ProductLookups {
  /** Ids among those given that name no row of the table (for products: no product that is not a variation). */
  missing(table: "categories" | "brands" | "tags" | "attributes" | "products", ids: number[]): Promise<number[]>;
  /** The attribute each of these terms belongs to (unknown terms left out). */
  termAttributes(termIds: number[]): Promise<Map<number, number>>;
  /** SKUs among those given that another product (not `except` nor its variations) holds. */
  skusTaken(skus: string[], except: number | null): Promise<Set<string>>;
  /** Whether another product or variation (not `except` nor its variations) holds the slug. */
  slugTaken(slug: string, except: number | null): Promise<boolean>;
  /** The slugs of the shop's tax classes. */
  taxClasses(): Promise<ReadonlySet<string>>;
  /** Shipping class ids among those given that name no class. */
  missingShippingClasses(ids: number[]): Promise<number[]>;
  /** Media ids among those given that name no image. */
  missingMedia(ids: number[]): Promise<number[]>;
}

/** Rows that are neither the product `except` nor one of its variations. */
const notPartOf = (except: number) => (eb: ExpressionBuilder<Database, "products">) =>
  eb.and([eb("id", "<>", except), eb.or([eb("parent_id", "is", null), eb("parent_id", "<>", except)])]);

export function databaseLookups(db: Db): ProductLookups {
  return {
    async missing(table, ids) {
      if (table !== "products") return missingIds(db, table, ids);
      if (!ids.length) return [];
      const found = await db.selectFrom("products").select("id").where("id", "in", ids).where("type", "<>", "variation").execute();
      const known = new Set(found.map((row) => Number(row.id)));
      return ids.filter((x) => !known.has(x));
    },
    async termAttributes(termIds) {
      if (!termIds.length) return new Map();
      const terms = await db.selectFrom("attribute_terms").select(["id", "attribute_id"]).where("id", "in", termIds).execute();
      return new Map(terms.map((t) => [Number(t.id), Number(t.attribute_id)]));
    },
    async skusTaken(skus, except) {
      if (!skus.length) return new Set();
      let query = db.selectFrom("products").select("sku").where("sku", "in", skus);
      if (except !== null) query = query.where(notPartOf(except));
      const rows = await query.execute();
      return new Set(rows.map((row) => row.sku));
    },
    async slugTaken(slug, except) {
      let query = db.selectFrom("products").select("id").where("slug", "=", slug);
      if (except !== null) query = query.where(notPartOf(except));
      return Boolean(await query.executeTakeFirst());
    },
    async taxClasses() {
      return new Set((await listTaxClasses(db)).map((c) => c.slug));
    },
    missingMedia: (ids) => missingMedia(db, ids),
    missingShippingClasses: (ids) => missingIds(db, "shipping_classes", ids),
  };
}

/** The shipping classes a product and its variations name must exist; errors beside each field. */
async function checkShippingClasses(lookups: ProductLookups, input: ProductInput, errors: Record<string, string>): Promise<void> {
  const named = [input.shipping_class_id, ...input.variations.map((v) => v.shipping_class_id)].filter(
    (id): id is number => typeof id === "number",
  );
  const missing = new Set(await lookups.missingShippingClasses(unique(named)));
  if (!missing.size) return;
  // Most often the class was deleted while the editor was open: say so, and what to do instead.
  const problem = (id: number, instead: string) =>
    `Shipping class ${id} no longer exists (it may have been deleted). Choose another class, or ${instead}.`;
  if (typeof input.shipping_class_id === "number" && missing.has(input.shipping_class_id))
    errors.shipping_class_id = problem(input.shipping_class_id, "none");
  for (const [i, variation] of input.variations.entries()) {
    if (typeof variation.shipping_class_id === "number" && missing.has(variation.shipping_class_id))
      errors[`variations[${i}].shipping_class_id`] = problem(variation.shipping_class_id, "the product's");
  }
}

/** Every rule a schema cannot state, each failure beside its field; the clean product back. */
export async function checkProduct(lookups: ProductLookups, id: number | null, input: ProductInput): Promise<ProductInput> {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  if (!name) errors.name = "Enter a name.";
  const { slug, error: slugError } = cleanSlug(input.slug, name);
  if (slugError) errors.slug = slugError;
  const schedule = checkPriceAndStock(input, "", errors);
  if (input.quantity_max !== null && input.quantity_max < input.quantity_min) {
    errors.quantity_max = "The maximum quantity cannot be below the minimum.";
  }
  if (input.quantity_max !== null && input.quantity_max % input.quantity_step !== 0 && !errors.quantity_max) {
    errors.quantity_max = "The maximum quantity must be a multiple of the step.";
  }
  if (input.quantity_min % input.quantity_step !== 0) errors.quantity_min = "The minimum quantity must be a multiple of the step.";

  const category_ids = unique(input.category_ids);
  const brand_ids = unique(input.brand_ids);
  const tag_ids = unique(input.tag_ids);
  const cross_sell_ids = unique(input.cross_sell_ids);
  const upsell_ids = unique(input.upsell_ids);
  const missingCategories = await lookups.missing("categories", category_ids);
  if (missingCategories.length) errors.category_ids = `No category has the id ${missingCategories.join(", ")}.`;
  const missingBrands = await lookups.missing("brands", brand_ids);
  if (missingBrands.length) errors.brand_ids = `No brand has the id ${missingBrands.join(", ")}.`;
  const missingTags = await lookups.missing("tags", tag_ids);
  if (missingTags.length) errors.tag_ids = `No tag has the id ${missingTags.join(", ")}.`;
  if (id !== null && cross_sell_ids.includes(id)) errors.cross_sell_ids = "A product cannot be its own cross-sell.";
  else {
    const missing = await lookups.missing("products", cross_sell_ids);
    if (missing.length) errors.cross_sell_ids = `No product has the id ${missing.join(", ")}.`;
  }
  if (id !== null && upsell_ids.includes(id)) errors.upsell_ids = "A product cannot be its own upsell.";
  else {
    const missing = await lookups.missing("products", upsell_ids);
    if (missing.length) errors.upsell_ids = `No product has the id ${missing.join(", ")}.`;
  }

  const attributes = await checkAttributes(lookups, input, errors);
  const variations = checkVariations(input, attributes, errors);
  checkProductTax(await lookups.taxClasses(), input, errors);
  await checkShippingClasses(lookups, input, errors);
  await checkGallery(lookups.missingMedia, input, errors);
  if (Object.keys(errors).length) throw invalid(errors);

  const skuFields = new Map<string, string>();
  const sku = input.sku.trim();
  if (sku) skuFields.set(sku, "sku");
  for (const [i, variation] of variations.entries()) {
    if (!variation.sku) continue;
    if (skuFields.has(variation.sku)) throw productErrors.skuTaken(`variations[${i}].sku`, variation.sku);
    skuFields.set(variation.sku, `variations[${i}].sku`);
  }
  const taken = await lookups.skusTaken([...skuFields.keys()], id);
  for (const [value, field] of skuFields) if (taken.has(value)) throw productErrors.skuTaken(field, value);
  if (await lookups.slugTaken(slug, id)) throw productErrors.slugTaken(slug);

  return {
    ...input,
    sale_starts_at: schedule.sale_starts_at,
    sale_ends_at: schedule.sale_ends_at,
    name,
    slug,
    sku,
    short_description: sanitizeHtml(input.short_description),
    description: sanitizeHtml(input.description),
    category_ids,
    brand_ids,
    tag_ids,
    cross_sell_ids,
    upsell_ids,
    attributes,
    variations,
  };
}

async function checkAttributes(
  lookups: ProductLookups,
  input: ProductInput,
  errors: Record<string, string>,
): Promise<ProductAttributeInput[]> {
  const attributes = input.attributes.map((a) => ({ ...a, term_ids: unique(a.term_ids) }));
  const ids = attributes.map((a) => a.attribute_id);
  if (unique(ids).length !== ids.length) {
    errors.attributes = "Each attribute can be given once.";
    return attributes;
  }
  const missing = await lookups.missing("attributes", ids);
  if (missing.length) {
    errors.attributes = `No attribute has the id ${missing.join(", ")}.`;
    return attributes;
  }
  const ownerOf = await lookups.termAttributes(attributes.flatMap((a) => a.term_ids));
  for (const [i, attribute] of attributes.entries()) {
    const strays = attribute.term_ids.filter((t) => ownerOf.get(t) !== attribute.attribute_id);
    if (strays.length) errors[`attributes[${i}].term_ids`] = `The term ${strays.join(", ")} is not one of this attribute's.`;
    else if (!attribute.term_ids.length) errors[`attributes[${i}].term_ids`] = "Choose at least one term.";
    if (attribute.used_for_variations && input.type !== "variable") {
      errors[`attributes[${i}].used_for_variations`] = "Only a variable product has variations.";
    }
  }
  return attributes;
}

/** Variations of a variable product: one term of each variation attribute, among the product's, and no two alike. */
function checkVariations(input: ProductInput, attributes: ProductAttributeInput[], errors: Record<string, string>): VariationInput[] {
  const variations = input.variations.map((v) => ({ ...v, sku: v.sku.trim() }));
  if (input.type === "variable" && (input.sale_starts_at !== null || input.sale_ends_at !== null)) {
    errors.sale_starts_at = "A variable product's sales are scheduled on each variation.";
  }
  if (input.type === "simple") {
    if (variations.length) errors.variations = "Only a variable product has variations.";
    return variations;
  }
  if (input.regular_price !== null || input.sale_price !== null) {
    errors.regular_price = "A variable product's prices are set on each variation.";
  }
  const varying = attributes.filter((a) => a.used_for_variations);
  if (variations.length && !varying.length) errors.attributes = "Mark at least one attribute as used for variations.";
  const order = new Map(varying.map((a, i) => [a.attribute_id, i]));
  const seen = new Map<string, number>();
  const ids = new Set<number>();
  for (const [i, given] of variations.entries()) {
    const prefix = `variations[${i}].`;
    const variation = checkPriceAndStock(given, prefix, errors);
    variations[i] = variation;
    if (variation.id) {
      if (ids.has(variation.id)) errors[`${prefix}id`] = "This variation is given twice.";
      ids.add(variation.id);
    }
    const chosen = [...variation.attributes].sort((a, b) => (order.get(a.attribute_id) ?? -1) - (order.get(b.attribute_id) ?? -1));
    const fits =
      chosen.length === varying.length &&
      chosen.every((c, k) => c.attribute_id === varying[k]?.attribute_id && varying[k].term_ids.includes(c.term_id));
    if (!fits) {
      errors[`${prefix}attributes`] = "Choose one of the product's terms for each attribute used for variations.";
      continue;
    }
    variation.attributes = chosen;
    const key = chosen.map((c) => c.term_id).join(",");
    const twin = seen.get(key);
    if (twin !== undefined) errors[`${prefix}attributes`] = `Variation ${twin + 1} already stands for these terms.`;
    else seen.set(key, i);
  }
  return variations;
}

/** The parent's columns as stored; counters the shop keeps (sales, ratings) are never written here. */
export const productColumns = (product: ProductInput, now: string) => ({
  type: product.type,
  status: product.status,
  name: product.name,
  slug: product.slug,
  sku: product.sku,
  short_description: product.short_description,
  description: product.description,
  regular_price: product.regular_price,
  sale_price: product.sale_price,
  sale_starts_at: product.sale_starts_at,
  sale_ends_at: product.sale_ends_at,
  ...stockColumns(product),
  low_stock_amount: product.low_stock_amount,
  quantity_min: product.quantity_min,
  quantity_max: product.quantity_max,
  quantity_step: product.quantity_step,
  sold_individually: flag(product.sold_individually),
  virtual: flag(product.virtual),
  weight_grams: product.weight_grams,
  tax_status: product.tax_status ?? "taxable",
  tax_class: toStoredClass(product.tax_class ?? STANDARD),
  // Absent: the saved class stays (a client that predates classes keeps the owner's choice).
  ...(product.shipping_class_id === undefined ? {} : { shipping_class_id: product.shipping_class_id }),
  featured: flag(product.featured),
  catalog_visibility: product.catalog_visibility,
  menu_order: product.menu_order,
  updated_at: now,
});

export const variationColumns = (product: ProductInput, variation: VariationInput, position: number, now: string) => ({
  name: product.name,
  sku: variation.sku,
  regular_price: variation.regular_price,
  sale_price: variation.sale_price,
  sale_starts_at: variation.sale_starts_at,
  sale_ends_at: variation.sale_ends_at,
  ...stockColumns(variation),
  weight_grams: variation.weight_grams,
  tax_class: toStoredClass(variation.tax_class ?? PARENT),
  ...(variation.shipping_class_id === undefined ? {} : { shipping_class_id: variation.shipping_class_id }),
  menu_order: position,
  updated_at: now,
});

/** A new variation's whole row: what a variation does not use of a product's columns set to the shop's defaults. */
export const newVariationRow = (
  product: ProductInput,
  variation: VariationInput,
  position: number,
  now: string,
  created: string,
  parentId: number,
  slug: string,
) => ({
  ...variationColumns(product, variation, position, now),
  parent_id: parentId,
  type: "variation" as const,
  status: "publish" as const,
  slug,
  short_description: "",
  description: "",
  low_stock_amount: null,
  quantity_min: 1,
  quantity_max: null,
  quantity_step: 1,
  sold_individually: 0 as Flag,
  catalog_visibility: "visible" as const,
  virtual: flag(product.virtual),
  featured: 0 as Flag,
  total_sales: 0,
  rating_x100: 0,
  review_count: 0,
  created_at: created,
});

/** A new product's whole row (counters at zero). */
export const newProductRow = (product: ProductInput, now: string) => ({
  ...productColumns(product, now),
  parent_id: null,
  total_sales: 0,
  rating_x100: 0,
  review_count: 0,
  created_at: now,
});

/** A free slug for a new variation: the parent's and its terms', numbered when taken. */
async function variationSlug(db: Db, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst())) return slug;
  }
}

async function writeLinks(db: Db, id: number, product: ProductInput) {
  await db.deleteFrom("product_categories").where("product_id", "=", id).execute();
  if (product.category_ids.length) {
    await db
      .insertInto("product_categories")
      .values(product.category_ids.map((category_id) => ({ product_id: id, category_id })))
      .execute();
  }
  await db.deleteFrom("product_brands").where("product_id", "=", id).execute();
  if (product.brand_ids.length) {
    await db
      .insertInto("product_brands")
      .values(product.brand_ids.map((brand_id) => ({ product_id: id, brand_id })))
      .execute();
  }
  await db.deleteFrom("product_tags").where("product_id", "=", id).execute();
  if (product.tag_ids.length) {
    await db
      .insertInto("product_tags")
      .values(product.tag_ids.map((tag_id) => ({ product_id: id, tag_id })))
      .execute();
  }
  await db.deleteFrom("cross_sells").where("product_id", "=", id).execute();
  if (product.cross_sell_ids.length) {
    await db
      .insertInto("cross_sells")
      .values(product.cross_sell_ids.map((cross_sell_id, position) => ({ product_id: id, cross_sell_id, position })))
      .execute();
  }
  await db.deleteFrom("upsells").where("product_id", "=", id).execute();
  if (product.upsell_ids.length) {
    await db
      .insertInto("upsells")
      .values(product.upsell_ids.map((upsell_id, position) => ({ product_id: id, upsell_id, position })))
      .execute();
  }
  await db.deleteFrom("product_attributes").where("product_id", "=", id).execute();
  await db.deleteFrom("product_attribute_terms").where("product_id", "=", id).execute();
  if (product.attributes.length) {
    await db
      .insertInto("product_attributes")
      .values(
        product.attributes.map((a, position) => ({
          product_id: id,
          attribute_id: a.attribute_id,
          position,
          used_for_variations: flag(a.used_for_variations),
        })),
      )
      .execute();
    const termIds = product.attributes.flatMap((a) => a.term_ids);
    if (termIds.length) {
      await db
        .insertInto("product_attribute_terms")
        .values(termIds.map((term_id) => ({ product_id: id, term_id })))
        .execute();
    }
  }
}

/** Keeps the variations named by id, adds the new ones, deletes the rest (past orders keep their own lines); their ids in order. */
async function writeVariations(db: Db, id: number, product: ProductInput, now: string, created: string): Promise<number[]> {
  const savedIds: number[] = [];
  const existing = await db.selectFrom("products").select("id").where("parent_id", "=", id).execute();
  const existingIds = new Set(existing.map((row) => Number(row.id)));
  const kept = new Set(product.variations.map((v) => v.id).filter((v): v is number => typeof v === "number" && existingIds.has(v)));
  const gone = [...existingIds].filter((v) => !kept.has(v));
  if (gone.length) await db.deleteFrom("products").where("id", "in", gone).execute();
  const termSlugs = new Map<number, string>();
  const termIds = product.variations.flatMap((v) => v.attributes.map((a) => a.term_id));
  if (termIds.length) {
    for (const t of await db.selectFrom("attribute_terms").select(["id", "slug"]).where("id", "in", termIds).execute()) {
      termSlugs.set(Number(t.id), t.slug);
    }
  }
  for (const [position, variation] of product.variations.entries()) {
    const columns = variationColumns(product, variation, position, now);
    let variationId = variation.id && kept.has(variation.id) ? variation.id : null;
    if (variationId !== null) {
      await db.updateTable("products").set(columns).where("id", "=", variationId).execute();
      await db.deleteFrom("variation_attributes").where("variation_id", "=", variationId).execute();
    } else {
      const suffix = variation.attributes.map((a) => termSlugs.get(a.term_id)).join("-");
      const slug = await variationSlug(db, `${product.slug}-${suffix}`);
      const inserted = await db
        .insertInto("products")
        .values(newVariationRow(product, variation, position, now, created, id, slug))
        .returning("id")
        .executeTakeFirstOrThrow();
      variationId = Number(inserted.id);
    }
    savedIds.push(variationId);
    if (variation.attributes.length) {
      await db
        .insertInto("variation_attributes")
        .values(
          variation.attributes.map((a) => ({ variation_id: variationId as number, attribute_id: a.attribute_id, term_id: a.term_id })),
        )
        .execute();
    }
  }
  return savedIds;
}

/**
 * Creates (id null) or replaces a product with its links and variations; a slug or SKU another product has is 409 beside it,
 * a `version` that is not the stored product's 409 too (decision 0158).
 */
export async function saveProduct(
  ctx: RequestContext,
  id: number | null,
  input: ProductInput,
  version?: string,
): Promise<OwnerProduct & OwnerCurrency> {
  const product = await checkProduct(databaseLookups(ctx.db), id, input);
  // Under the write's lock: units orders took since the editor loaded the product stay taken.
  const saved = await writeProduct(ctx, id, async (_trx, stored) => {
    if (!stored) return product;
    checkVersion(version, stored.version, productErrors.changed);
    return keepStockMovedMeanwhile(product, input, stored);
  });
  return withCurrency(ctx, saved);
}

/** The product's rows locked for a change (PostgreSQL; SQLite serialises write transactions): an order's stock write waits for it. */
async function lockProduct(trx: Db, id: number): Promise<void> {
  if (isPostgres(trx))
    await trx
      .selectFrom("products")
      .select("id")
      .where((eb) => eb.or([eb("id", "=", id), eb("parent_id", "=", id)]))
      .forUpdate()
      .execute();
}

/**
 * Writes a product and its change_log row in one transaction. `prepare` gives the checked product
 * from the one stored, read under the lock: a partial change merges into what is there now.
 */
async function writeProduct(
  ctx: RequestContext,
  id: number | null,
  prepare: (trx: Db, before: OwnerProduct | null) => Promise<ProductInput>,
): Promise<OwnerProduct> {
  const now = nowOf(ctx);
  let slug = "";
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (id !== null) await lockProduct(trx, id);
      const before = id === null ? null : await readOwnerProduct(trx, id);
      if (id !== null && !before) throw productErrors.notFound();
      const product = await prepare(trx, before ?? null);
      slug = product.slug;
      return await writeChecked(trx, ctx, id, product, before ?? null, now);
    });
  } catch (error) {
    // Two writes of one new slug at once: the loser meets the unique index after its own check passed.
    if (isUniqueViolation(error, "slug")) throw productErrors.slugTaken(slug);
    throw error;
  }
}

async function writeChecked(
  trx: Db,
  ctx: RequestContext,
  id: number | null,
  product: ProductInput,
  before: OwnerProduct | null,
  now: string,
): Promise<OwnerProduct> {
  let savedId = id;
  if (savedId === null) {
    const created = await trx.insertInto("products").values(newProductRow(product, now)).returning("id").executeTakeFirstOrThrow();
    savedId = Number(created.id);
  } else {
    await trx.updateTable("products").set(productColumns(product, now)).where("id", "=", savedId).execute();
  }
  await writeLinks(trx, savedId, product);
  const variationIds = await writeVariations(trx, savedId, product, now, before?.created_at ?? now);
  await writeGallery(trx, savedId, product, variationIds);
  // Tracked stock at or below the shop's out-of-stock amount is out of stock, not only at zero.
  await restateProductStock(trx, savedId);
  const after = (await readOwnerProduct(trx, savedId)) as OwnerProduct;
  await logChange(trx, ctx, "product", savedId, before, after);
  return after;
}

/** What a saved product holds that the owner writes back: read-only fields dropped. */
export function editable(product: OwnerProduct): ProductInput {
  const {
    id: _id,
    permalink: _link,
    images: _images,
    total_sales: _sales,
    created_at: _created,
    updated_at: _updated,
    version: _version,
    ...input
  } = product;
  return input;
}

/**
 * Changes only the fields given (or those worked out from the product as it is); the rest stay as they are, and the
 * whole is checked as on create.
 */
export async function updateProduct(
  ctx: RequestContext,
  id: number,
  changes: Partial<ProductInput> | ((current: OwnerProduct) => Partial<ProductInput>),
  version?: string,
): Promise<OwnerProduct & OwnerCurrency> {
  // Merged inside the write's transaction: a price change never writes back a stock an order moved meanwhile.
  const saved = await writeProduct(ctx, id, async (trx, current) => {
    checkVersion(version, (current as OwnerProduct).version, productErrors.changed);
    const own = typeof changes === "function" ? changes(current as OwnerProduct) : changes;
    const merged = { ...editable(current as OwnerProduct), ...own };
    return keepStockMovedMeanwhile(await checkProduct(databaseLookups(trx), id, merged), merged, current as OwnerProduct);
  });
  return withCurrency(ctx, saved);
}

export async function readProduct(ctx: RequestContext, id: number): Promise<OwnerProduct & OwnerCurrency> {
  const product = await readOwnerProduct(ctx.db, id);
  if (!product) throw productErrors.notFound();
  return withCurrency(ctx, product);
}

/**
 * Deletes a product and its variations. Past orders keep their lines (names, prices and totals are
 * copied into them when placed); carts holding it lose the line. A product a coupon names is refused.
 */
export async function deleteProduct(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await readOwnerProduct(trx, id);
    if (!before) throw productErrors.notFound();
    const codes = await couponsNaming(trx, "product", [id, ...before.variations.map((v) => v.id)]);
    if (codes.length) throw productErrors.namedByCoupons(codes);
    await trx.deleteFrom("products").where("parent_id", "=", id).execute();
    await trx.deleteFrom("products").where("id", "=", id).execute();
    await logChange(trx, ctx, "product", id, before, null);
  });
}

/** A product as every owner reply answers it, a read's or a save's: one shape, with the shop's currency. */
async function withCurrency(ctx: RequestContext, product: OwnerProduct): Promise<OwnerProduct & OwnerCurrency> {
  return { ...product, ...(await ownerCurrency(ctx)) };
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The products (not variations, drafts too) the list's search and filters match: shared by the list and the CSV export. */
export function filteredProducts(db: Db, query: ProductFilters) {
  let base = db.selectFrom("products").where("products.parent_id", "is", null);
  const words = query.search?.trim();
  if (words) {
    const pattern = likePattern(words);
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["products.name"]), "like", pattern),
        eb(eb.fn("lower", ["products.sku"]), "like", pattern),
        eb("products.slug", "like", pattern),
        // A variation's SKU finds its product.
        eb.exists(
          eb
            .selectFrom("products as v")
            .select("v.id")
            .whereRef("v.parent_id", "=", "products.id")
            .where(sql`lower(v.sku)`, "like", pattern),
        ),
      ]),
    );
  }
  if (query.category !== undefined) {
    const category = query.category;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_categories as pc")
          .select("pc.product_id")
          .whereRef("pc.product_id", "=", "products.id")
          .where("pc.category_id", "=", category),
      ),
    );
  }
  if (query.include) base = query.include.length ? base.where("products.id", "in", query.include) : base.where(sql<boolean>`1 = 0`);
  // The status the shop shows (a variable product's from its priced variations: decision 0148), as the list shows it.
  if (query.stock_status) base = base.where(shownStockStatusSql, "=", query.stock_status);
  if (query.type) base = base.where("products.type", "=", query.type);
  if (query.status) base = base.where("products.status", "=", query.status);
  return base;
}

/** Search (name, SKU or slug, case ignored), filters, sort and one page; drafts included. */
export async function listOwnerProducts(ctx: RequestContext, query: ProductListQuery): Promise<ProductList> {
  const { db } = ctx;
  const base = filteredProducts(db, query);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  const direction = query.order ?? (query.orderby === "date" ? "desc" : "asc");
  let rows = base.selectAll("products");
  if (query.orderby === "name") rows = rows.orderBy((eb) => eb.fn("lower", ["products.name"]), direction);
  else if (query.orderby === "price") rows = rows.orderBy("products.regular_price", direction);
  else rows = rows.orderBy("products.created_at", direction);
  const page = (await rows
    .orderBy("products.id", direction)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute()) as ProductRow[];
  return {
    products: await summaries(db, page, ctx.now ?? new Date()),
    ...pagingOf(Number(total), query.page, query.perPage),
    ...(await ownerCurrency(ctx)),
  };
}

/** A list row: what the owner scans for, a variable product's price as the range of its variations' (as sold at `now`). */
async function summaries(db: Db, rows: ProductRow[], now: Date): Promise<ProductSummary[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [categories, variations, images] = await Promise.all([
    db
      .selectFrom("product_categories as pc")
      .innerJoin("categories as c", "c.id", "pc.category_id")
      .select(["pc.product_id", "c.id", "c.name"])
      .where("pc.product_id", "in", ids)
      .orderBy("c.name")
      .execute(),
    db
      .selectFrom("products")
      .select(["parent_id", "regular_price", "sale_price", "sale_starts_at", "sale_ends_at", "stock_status", "stock_quantity"])
      .where("parent_id", "in", ids)
      .execute(),
    productImages(db, ids),
  ]);
  return rows.map((row) => {
    const own = variations.filter((v) => Number(v.parent_id) === row.id);
    const prices = own.map((v) => currentPrice(v, now)).filter((p): p is number => p !== null);
    const image = images.find((m) => Number(m.product_id) === row.id);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      type: row.type === "variable" ? "variable" : "simple",
      status: row.status,
      sku: row.sku,
      regular_price: row.regular_price,
      sale_price: row.sale_price,
      price_range: row.type === "variable" && prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
      manage_stock: row.manage_stock === 1,
      stock_quantity: row.stock_quantity,
      // What the shop shows, not a variable product's own stored column (decision 0148).
      stock_status: shownStockStatus(
        row,
        own.map((v) => ({ row: v })),
      ),
      variations: own.length,
      priced_variations: own.filter((v) => v.regular_price !== null).length,
      catalog_visibility: row.catalog_visibility,
      categories: categories.filter((c) => Number(c.product_id) === row.id).map((c) => ({ id: Number(c.id), name: c.name })),
      image: image ? { src: ownerImage(image).thumbnail, alt: image.alt } : null,
      permalink: productLink(row.slug),
      updated_at: row.updated_at,
    };
  });
}

/**
 * A bulk edit's changes as one product takes them. A variable product's stock status is its variations' (decision
 * 0148), so the status goes to each variation that counts no stock, as WooCommerce's bulk edit gives it to them;
 * those that count theirs keep the status their quantity gives, and the product's own stored status is left alone.
 * With no variation to take it, the product is refused, saying why.
 */
export function bulkChangesFor(current: Pick<OwnerProduct, "type" | "variations">, changes: BulkChanges): Partial<ProductInput> {
  // A quantity given means the shop counts it from now on.
  const stock = changes.stock_quantity != null ? { manage_stock: true } : {};
  // Ending a sale ends its schedule too.
  const schedule = changes.sale_price === null ? { sale_starts_at: null, sale_ends_at: null } : {};
  const { stock_status, ...rest } = { ...changes, ...stock, ...schedule };
  if (current.type !== "variable" || stock_status === undefined) return { ...rest, ...(stock_status ? { stock_status } : {}) };
  if (!current.variations.length) throw invalid({ stock_status: bulkMessages.noVariations });
  if (current.variations.every((v) => v.manage_stock)) throw invalid({ stock_status: bulkMessages.variationsCountStock });
  return { ...rest, variations: current.variations.map((v) => (v.manage_stock ? v : { ...v, stock_status })) };
}

const bulkMessages = {
  noVariations: "It has no variations yet, and a variable product is in stock only through them: add its variations first.",
  variationsCountStock:
    "Each of its variations counts its stock, so their quantities decide whether it is in stock: change their quantities in the product's editor instead.",
};

/** Each product its own write, checked and logged as a single edit; one refused leaves the others done. */
export async function bulkEditProducts(ctx: RequestContext, ids: number[], changes: BulkChanges): Promise<BulkResult> {
  const updated: number[] = [];
  const failed: BulkResult["failed"] = [];
  for (const id of unique(ids)) {
    try {
      await updateProduct(ctx, id, (current) => bulkChangesFor(current, changes));
      updated.push(id);
    } catch (error) {
      const e = error as { code?: string; message: string; data?: { details?: Record<string, { message: string }> }; status?: number };
      if (!e.status) throw error;
      failed.push({ id, code: e.code ?? "error", message: e.message, details: e.data?.details });
    }
  }
  return { updated, failed };
}

/**
 * Adds a variation (no price yet: not for sale until priced) for each combination of the variation
 * attributes' terms the product has none for; those it has stay as they are.
 */
export async function generateVariations(ctx: RequestContext, id: number) {
  const current = await readOwnerProduct(ctx.db, id);
  if (!current) throw productErrors.notFound();
  const varying = current.attributes.filter((a) => a.used_for_variations);
  if (current.type !== "variable" || !varying.length) {
    throw invalid({ attributes: "Mark at least one attribute of a variable product as used for variations." });
  }
  let combinations: { attribute_id: number; term_id: number }[][] = [[]];
  for (const attribute of varying) {
    combinations = combinations.flatMap((chosen) =>
      attribute.term_ids.map((term_id) => [...chosen, { attribute_id: attribute.attribute_id, term_id }]),
    );
  }
  const key = (chosen: { term_id: number }[]) => chosen.map((c) => c.term_id).join(",");
  const held = new Set(current.variations.map((v) => key(v.attributes)));
  const added = combinations.filter((chosen) => !held.has(key(chosen)));
  if (current.variations.length + added.length > MAX_VARIATIONS) {
    throw invalid({
      variations: `That would make ${current.variations.length + added.length} variations; a product has at most ${MAX_VARIATIONS}.`,
    });
  }
  const fresh: VariationInput[] = added.map((attributes) => ({
    id: null,
    attributes,
    sku: "",
    regular_price: null,
    sale_price: null,
    sale_starts_at: null,
    sale_ends_at: null,
    manage_stock: false,
    stock_quantity: null,
    stock_status: "instock",
    backorders: "no",
    weight_grams: current.weight_grams,
    tax_class: PARENT,
  }));
  const product = added.length
    ? await saveProduct(ctx, id, { ...editable(current), variations: [...current.variations, ...fresh] })
    : await withCurrency(ctx, current);
  return { created: added.length, product };
}
