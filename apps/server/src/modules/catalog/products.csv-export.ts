/**
 * The product CSV export (issue 19, decision 0046; docs/product-csv.md): every product the list's
 * filters match, drafts too, each followed by its variations, in the format the import reads back.
 * Read and written 200 products at a time by id (a keyset, never an offset), so a large catalogue
 * never sits in memory; cells are spreadsheet-safe (`csvLine`).
 */
import { csvLine } from "@cartwright/commerce";
import type { OwnerProduct } from "@cartwright/commerce/admin";
import type { RequestContext } from "../../http/context.ts";
import { PARENT, STANDARD } from "../taxes/index.ts";
import { filteredProducts, inChunks, type ProductFilters, readOwnerProducts } from "./products.admin.ts";
import {
  attributeColumn,
  COLUMNS,
  writeBackorders,
  writeDecimal,
  writeFlag,
  writeList,
  writePath,
  writeStockStatus,
  writeType,
} from "./products.csv-format.ts";

/** Products per page: a handful of queries each. */
export const EXPORT_PAGE = 200;

const FIXED = Object.values(COLUMNS);

interface Names {
  categoryPath: Map<number, string[]>;
  brandPath: Map<number, string[]>;
  tags: Map<number, string>;
  attributes: Map<number, string>;
  terms: Map<number, string>;
  shippingClasses: Map<number, string>;
}

/** Each category's or brand's names from the top ("Clothing", "Hoodies"). */
function pathsOf(rows: { id: number; name: string; parent_id: number | null }[]): Map<number, string[]> {
  const byId = new Map(rows.map((c) => [Number(c.id), c]));
  const paths = new Map<number, string[]>();
  for (const row of rows) {
    const path: string[] = [];
    // A parent chain ends at the top; the guard stops a loop a hand-edited database might hold.
    for (
      let at: typeof row | undefined = row;
      at && path.length < 50;
      at = at.parent_id === null ? undefined : byId.get(Number(at.parent_id))
    ) {
      path.unshift(at.name);
    }
    paths.set(Number(row.id), path);
  }
  return paths;
}

async function readNames(ctx: RequestContext): Promise<Names> {
  const [categories, brands, tags, attributes, terms, shippingClasses] = await Promise.all([
    ctx.db.selectFrom("categories").select(["id", "name", "parent_id"]).execute(),
    ctx.db.selectFrom("brands").select(["id", "name", "parent_id"]).execute(),
    ctx.db.selectFrom("tags").select(["id", "name"]).execute(),
    ctx.db.selectFrom("attributes").select(["id", "name"]).execute(),
    ctx.db.selectFrom("attribute_terms").select(["id", "name"]).execute(),
    ctx.db.selectFrom("shipping_classes").select(["id", "slug"]).execute(),
  ]);
  const named = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [Number(row.id), row.name]));
  return {
    categoryPath: pathsOf(categories),
    brandPath: pathsOf(brands),
    tags: named(tags),
    attributes: named(attributes),
    terms: named(terms),
    shippingClasses: new Map(shippingClasses.map((row) => [Number(row.id), row.slug])),
  };
}

/** A product's or variation's download settings (decision 0094), by id. */
type DownloadSettings = Map<number, { downloadable: boolean; limit: number | null; expiry: number | null }>;

async function readDownloadSettings(ctx: RequestContext, ids: number[]): Promise<DownloadSettings> {
  const rows = await inChunks(ids, (chunk) =>
    ctx.db
      .selectFrom("products")
      .select(["id", "downloadable", "download_limit", "download_expiry_days"])
      .where((eb) => eb.or([eb("id", "in", chunk), eb("parent_id", "in", chunk)]))
      .execute(),
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { downloadable: row.downloadable === 1, limit: row.download_limit, expiry: row.download_expiry_days },
    ]),
  );
}

/** A product's rows: its own, then one per variation. */
function productLines(
  product: OwnerProduct,
  skuOf: Map<number, string>,
  names: Names,
  minorUnit: number,
  attributeCount: number,
  downloads: DownloadSettings = new Map(),
) {
  const download = (id: number) => downloads.get(id) ?? { downloadable: false, limit: null, expiry: null };
  const reference = (id: number) => {
    const sku = skuOf.get(id);
    return sku ? sku : `id:${id}`;
  };
  const money = (minor: number | null) => writeDecimal(minor, minorUnit);
  const own: Record<keyof typeof COLUMNS, string | number> = {
    id: product.id,
    type: writeType(product.type, product.virtual, download(product.id).downloadable),
    sku: product.sku,
    name: product.name,
    slug: product.slug,
    published: product.status === "publish" ? "1" : "0",
    featured: writeFlag(product.featured),
    visibility: product.catalog_visibility,
    shortDescription: product.short_description,
    description: product.description,
    inStock: writeStockStatus(product.stock_status),
    stock: product.manage_stock && product.stock_quantity !== null ? product.stock_quantity : "",
    lowStock: product.low_stock_amount ?? "",
    backorders: writeBackorders(product.backorders),
    soldIndividually: writeFlag(product.sold_individually),
    weight: product.weight_grams ?? "",
    regularPrice: money(product.regular_price),
    salePrice: money(product.sale_price),
    categories: product.category_ids.map((id) => writePath(names.categoryPath.get(id) ?? [String(id)])).join(", "),
    brands: product.brand_ids.map((id) => writePath(names.brandPath.get(id) ?? [String(id)])).join(", "),
    tags: writeList(product.tag_ids.map((id) => names.tags.get(id) ?? String(id))),
    images: product.images.map((image) => image.src).join(", "),
    parent: "",
    upsells: writeList(product.upsell_ids.map(reference)),
    crossSells: writeList(product.cross_sell_ids.map(reference)),
    position: product.menu_order,
    quantityMin: product.quantity_min,
    quantityMax: product.quantity_max ?? "",
    quantityStep: product.quantity_step,
    saleStarts: product.sale_starts_at ?? "",
    saleEnds: product.sale_ends_at ?? "",
    taxStatus: product.tax_status,
    // Empty is the standard class, as a WooCommerce file writes it.
    taxClass: product.tax_class === STANDARD ? "" : product.tax_class,
    shippingClass: product.shipping_class_id === null ? "" : (names.shippingClasses.get(product.shipping_class_id) ?? ""),
    downloadLimit: download(product.id).limit ?? "",
    downloadExpiry: download(product.id).expiry ?? "",
  };
  const attributeCells = (chosen: { attribute_id: number; terms: number[]; used: boolean | null }[]) =>
    Array.from({ length: attributeCount }, (_, i) => {
      const attribute = chosen[i];
      if (!attribute) return ["", "", ""];
      return [
        names.attributes.get(attribute.attribute_id) ?? "",
        writeList(attribute.terms.map((t) => names.terms.get(t) ?? String(t))),
        attribute.used === null ? "" : writeFlag(attribute.used),
      ];
    }).flat();
  const lines = [
    csvLine([
      // In the header's order, whatever order `own` names them in.
      ...Object.keys(COLUMNS).map((key) => own[key as keyof typeof COLUMNS]),
      ...attributeCells(product.attributes.map((a) => ({ attribute_id: a.attribute_id, terms: a.term_ids, used: a.used_for_variations }))),
    ]),
  ];
  for (const [position, variation] of product.variations.entries()) {
    const row: Record<keyof typeof COLUMNS, string | number> = {
      ...Object.fromEntries(Object.keys(COLUMNS).map((key) => [key, ""])),
      id: variation.id,
      type: writeType("variation", false, download(variation.id).downloadable),
      sku: variation.sku,
      name: product.name,
      published: own.published,
      inStock: writeStockStatus(variation.stock_status),
      stock: variation.manage_stock && variation.stock_quantity !== null ? variation.stock_quantity : "",
      backorders: writeBackorders(variation.backorders),
      weight: variation.weight_grams ?? "",
      regularPrice: money(variation.regular_price),
      salePrice: money(variation.sale_price),
      saleStarts: variation.sale_starts_at ?? "",
      saleEnds: variation.sale_ends_at ?? "",
      // Empty is its parent's class.
      taxClass: variation.tax_class === PARENT ? "" : variation.tax_class,
      // Empty is its parent's class.
      shippingClass: variation.shipping_class_id === null ? "" : (names.shippingClasses.get(variation.shipping_class_id) ?? ""),
      parent: product.sku || `id:${product.id}`,
      position,
      downloadLimit: download(variation.id).limit ?? "",
      downloadExpiry: download(variation.id).expiry ?? "",
    } as Record<keyof typeof COLUMNS, string | number>;
    const chosen = variation.attributes.map((a) => ({ attribute_id: a.attribute_id, terms: [a.term_id], used: null }));
    lines.push(csvLine([...Object.keys(COLUMNS).map((key) => row[key as keyof typeof COLUMNS]), ...attributeCells(chosen)]));
  }
  return lines.join("");
}

/**
 * The export as chunks of text: the header row with the first page, then a page at a time as the
 * reader asks. The first page is read before this answers, so a failing query is an error reply,
 * not a cut file.
 */
export async function exportProducts(ctx: RequestContext, filters: ProductFilters): Promise<AsyncGenerator<string>> {
  const { currency } = await ctx.shopSettings();
  const names = await readNames(ctx);
  const widest = await ctx.db
    .selectFrom("product_attributes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .groupBy("product_id")
    .orderBy("count", "desc")
    .limit(1)
    .executeTakeFirst();
  const attributeCount = Math.max(1, Number(widest?.count ?? 0));
  const header = [
    ...FIXED,
    ...Array.from({ length: attributeCount }, (_, i) => [
      attributeColumn(i + 1, "name"),
      attributeColumn(i + 1, "value(s)"),
      attributeColumn(i + 1, "used for variations"),
    ]).flat(),
  ];

  const page = async (after: number) => {
    const ids = (
      await filteredProducts(ctx.db, filters)
        .select("products.id")
        .where("products.id", ">", after)
        .orderBy("products.id")
        .limit(EXPORT_PAGE)
        .execute()
    ).map((row) => Number(row.id));
    const products = await readOwnerProducts(ctx.db, ids);
    const linked = [...new Set(products.flatMap((p) => [...p.cross_sell_ids, ...p.upsell_ids]))];
    const skus = await inChunks(linked, (chunk) => ctx.db.selectFrom("products").select(["id", "sku"]).where("id", "in", chunk).execute());
    const skuOf = new Map(skus.map((row) => [Number(row.id), row.sku]));
    const downloads = await readDownloadSettings(ctx, ids);
    return { ids, text: products.map((p) => productLines(p, skuOf, names, currency.minorUnit, attributeCount, downloads)).join("") };
  };

  const first = await page(0);
  async function* chunks() {
    // The byte order mark makes Excel read the file as UTF-8, as other spreadsheets do anyway.
    yield `\uFEFF${csvLine(header)}${first.text}`;
    let last = first;
    while (last.ids.length === EXPORT_PAGE) {
      last = await page(last.ids[last.ids.length - 1] as number);
      if (last.text) yield last.text;
    }
  }
  return chunks();
}
