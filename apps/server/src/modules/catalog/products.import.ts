/**
 * Importing products from a CSV file (issue 19, decision 0046; the format: docs/product-csv.md).
 * Every row is read into the owner API's product input and checked by the same `checkProduct` as
 * a single write, against the catalogue as the whole file would leave it; any problem anywhere
 * means nothing is written, and every problem is reported with the line its row starts on and its
 * column. The write is one transaction in batches (a few statements per 200 rows, no read per row),
 * with one change_log row for the import; the catalogue's triggers move its revision in it.
 */

import type { ImportProblem, ImportRefusal, ImportSummary, OwnerProduct, ProductInput, VariationInput } from "@cartwright/commerce/admin";
import type { Db } from "../../db/index.ts";
import { restateProductsStock } from "../../db/stock-status.ts";
import { queueWebhookEvent } from "../../db/webhook-events.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { listTaxClasses, PARENT, STANDARD } from "../taxes/index.ts";
import { cleanSlug, isUniqueViolation, logChange, nowOf, slugify } from "./admin-shared.ts";
import type { ProductRow } from "./catalog.repo.ts";
import {
  checkProduct,
  editable,
  inChunks,
  MAX_MONEY,
  MAX_VARIATIONS,
  newProductRow,
  newVariationRow,
  type ProductLookups,
  productColumns,
  readOwnerProducts,
  variationColumns,
} from "./products.admin.ts";
import {
  ATTRIBUTE_COLUMN,
  attributeColumn,
  CellProblem,
  COLUMNS,
  type ColumnKey,
  MAX_ATTRIBUTES,
  type ProductReference,
  readBackorders,
  readDecimal,
  readDownloadNumber,
  readFlag,
  readInstant,
  readInteger,
  readKilograms,
  readList,
  readMediaReference,
  readPath,
  readProductReference,
  readPublished,
  readStockStatus,
  readTaxStatus,
  readType,
  readVisibility,
  WEIGHT_KG,
} from "./products.csv-format.ts";
import { type CsvRow, readCsv } from "./products.csv-read.ts";
import { downloadColumns, type ProductChanges, productChanges, type RowDownloads } from "./products.import-changes.ts";

/** The largest file an import takes, and its most rows: 10,000 products with variations fit many times. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
/** The most problems one answer lists (the total is given beside them). */
export const MAX_REPORTED_PROBLEMS = 200;
/** Rows per insert statement: well under either database's limit on a statement's parameters. */
const INSERT_CHUNK = 200;

/** 400 with every problem, in the file's order: by line, then by the column's place in the header. */
const importInvalid = (problems: ImportProblem[], dryRun: boolean, header: string[] = []) => {
  const place = new Map(header.map((name, i) => [name.toLowerCase(), i]));
  const at = (problem: ImportProblem) => (problem.column === null ? -1 : (place.get(problem.column.toLowerCase()) ?? header.length));
  const sorted = [...problems].sort((a, b) => a.line - b.line || at(a) - at(b));
  const first = sorted[0] as ImportProblem;
  return new StoreError(
    "cw_rest_import_invalid",
    `${problems.length === 1 ? "A row" : `${problems.length} problems`} of the file cannot be imported (the first on line ${first.line}): nothing was imported.`,
    400,
    {
      dry_run: dryRun,
      problems: sorted.slice(0, MAX_REPORTED_PROBLEMS),
      total: problems.length,
      params: { file: first.message },
    } satisfies ImportRefusal & {
      params: { file: string };
    },
  );
};

// The file's columns

interface AttributeColumns {
  name?: number;
  values?: number;
  used?: number;
}

interface Layout {
  index: Partial<Record<ColumnKey, number>>;
  weightKg?: number;
  /** By the column's number N, in order. */
  attributes: [number, AttributeColumns][];
  ignored: string[];
}

const COLUMN_KEYS = new Map(Object.entries(COLUMNS).map(([key, name]) => [name.toLowerCase(), key as ColumnKey]));

function readHeader(header: string[]): Layout | ImportProblem {
  const layout: Layout = { index: {}, attributes: [], ignored: [] };
  const attributes = new Map<number, AttributeColumns>();
  const seen = new Set<string>();
  for (const [position, name] of header.entries()) {
    const lower = name.toLowerCase();
    if (!lower) continue;
    if (seen.has(lower)) return { line: 1, column: name, message: `The column "${name}" is given twice.` };
    seen.add(lower);
    const key = COLUMN_KEYS.get(lower);
    const attribute = ATTRIBUTE_COLUMN.exec(name);
    if (key) layout.index[key] = position;
    else if (lower === WEIGHT_KG.toLowerCase()) layout.weightKg = position;
    else if (attribute) {
      const n = Number(attribute[1]);
      const part = (attribute[2] as string).toLowerCase();
      if (n < 1 || n > MAX_ATTRIBUTES) return { line: 1, column: name, message: `Attributes are numbered 1 to ${MAX_ATTRIBUTES}.` };
      const columns = attributes.get(n) ?? {};
      if (part === "name") columns.name = position;
      else if (part === "value(s)") columns.values = position;
      else if (part === "used for variations") columns.used = position;
      else layout.ignored.push(name);
      attributes.set(n, columns);
    } else layout.ignored.push(name);
  }
  if (layout.index.weight !== undefined && layout.weightKg !== undefined) {
    return { line: 1, column: WEIGHT_KG, message: `Give the weight once: "${COLUMNS.weight}" or "${WEIGHT_KG}".` };
  }
  if (layout.index.id === undefined && layout.index.sku === undefined && layout.index.name === undefined) {
    return {
      line: 1,
      column: null,
      message: "The first row names no ID, SKU or Name column: it should be the header row of a product file.",
    };
  }
  layout.attributes = [...attributes].sort((a, b) => a[0] - b[0]);
  for (const [n, columns] of layout.attributes) {
    if ((columns.name === undefined) !== (columns.values === undefined)) {
      return { line: 1, column: attributeColumn(n, "name"), message: `Attribute ${n} needs both its name and its value(s) columns.` };
    }
  }
  return layout;
}

// What the shop holds now

interface ProductRef {
  id: number;
  parent_id: number | null;
  type: string;
  sku: string;
  slug: string;
}

interface Named {
  id: number;
  name: string;
  slug: string;
}

interface Snapshot {
  products: Map<number, ProductRef>;
  bySku: Map<string, ProductRef[]>;
  categories: (Named & { parent_id: number | null })[];
  brands: (Named & { parent_id: number | null })[];
  tags: Named[];
  attributes: Named[];
  terms: (Named & { attribute_id: number; menu_order: number })[];
  media: { id: number; filename: string }[];
  taxClasses: { slug: string; name: string }[];
  shippingClasses: { id: number; slug: string; name: string }[];
}

const hierarchyRow = (c: Named & { parent_id: number | null }) => ({
  ...c,
  id: Number(c.id),
  parent_id: c.parent_id === null ? null : Number(c.parent_id),
});

async function readSnapshot(db: Db): Promise<Snapshot> {
  const [products, categories, brands, tags, attributes, terms, media, taxClasses, shippingClasses] = await Promise.all([
    db.selectFrom("products").select(["id", "parent_id", "type", "sku", "slug"]).execute(),
    db.selectFrom("categories").select(["id", "name", "slug", "parent_id"]).execute(),
    db.selectFrom("brands").select(["id", "name", "slug", "parent_id"]).execute(),
    db.selectFrom("tags").select(["id", "name", "slug"]).execute(),
    db.selectFrom("attributes").select(["id", "name", "slug"]).execute(),
    db.selectFrom("attribute_terms").select(["id", "attribute_id", "name", "slug", "menu_order"]).execute(),
    db.selectFrom("media").select(["id", "filename"]).execute(),
    listTaxClasses(db),
    db.selectFrom("shipping_classes").select(["id", "slug", "name"]).execute(),
  ]);
  const refs = products.map((p) => ({ ...p, id: Number(p.id), parent_id: p.parent_id === null ? null : Number(p.parent_id) }));
  const bySku = new Map<string, ProductRef[]>();
  for (const ref of refs) if (ref.sku) bySku.set(ref.sku, [...(bySku.get(ref.sku) ?? []), ref]);
  return {
    products: new Map(refs.map((ref) => [ref.id, ref])),
    bySku,
    categories: categories.map(hierarchyRow),
    brands: brands.map(hierarchyRow),
    tags: tags.map((t) => ({ ...t, id: Number(t.id) })),
    attributes: attributes.map((a) => ({ ...a, id: Number(a.id) })),
    terms: terms.map((t) => ({ ...t, id: Number(t.id), attribute_id: Number(t.attribute_id) })),
    media: media.map((m) => ({ id: Number(m.id), filename: m.filename })),
    taxClasses,
    shippingClasses: shippingClasses.map((c) => ({ ...c, id: Number(c.id) })),
  };
}

// Categories, tags, attributes and terms by name: those missing are made (ids below zero until written)

interface Pending<T> {
  id: number;
  row: T;
  label: string;
}

/** Names are matched with case ignored. */
const nameKey = (name: string) => name.toLowerCase();

/** A slug made from the name that none of `taken` holds: numbered when it is. */
function freeSlug(name: string, taken: Set<string>): string {
  const base = slugify(name) || "item";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) {
      taken.add(slug);
      return slug;
    }
  }
}

/** The shop's categories, tags, attributes and terms by name (and slug), with those the file adds; one lookup per name. */
class Taxonomy {
  private next = -1;
  /** A number below zero for something the file adds: unique among all of them (products too), so one map swaps them for ids. */
  newId(): number {
    return this.next--;
  }

  readonly categories: Pending<{ name: string; slug: string; parent_id: number | null }>[] = [];
  readonly brands: Pending<{ name: string; slug: string; parent_id: number | null }>[] = [];
  readonly tags: Pending<{ name: string; slug: string }>[] = [];
  readonly attributes: Pending<{ name: string; slug: string }>[] = [];
  readonly terms: Pending<{ attribute_id: number; name: string; slug: string; menu_order: number }>[] = [];
  private readonly categorySlugs: Set<string>;
  private readonly brandSlugs: Set<string>;
  private readonly tagSlugs: Set<string>;
  private readonly attributeSlugs: Set<string>;
  /** "parent id/name" → category id; name → tag id; name or slug → attribute id; "attribute id/name or slug" → term id. */
  private readonly categoryIds = new Map<string, number>();
  private readonly brandIds = new Map<string, number>();
  private readonly tagIds = new Map<string, number>();
  private readonly attributeIds = new Map<string, number>();
  private readonly termIds = new Map<string, number>();
  /** Per attribute: its terms' slugs and the next place in its order. */
  private readonly termSlugs = new Map<number, { slugs: Set<string>; next: number }>();
  private readonly slugOfTerm = new Map<number, string>();

  constructor(shop: Snapshot) {
    this.categorySlugs = new Set(shop.categories.map((c) => c.slug));
    this.brandSlugs = new Set(shop.brands.map((c) => c.slug));
    this.tagSlugs = new Set(shop.tags.map((t) => t.slug));
    this.attributeSlugs = new Set(shop.attributes.map((a) => a.slug));
    // The first of two alike keeps the name, as the first found would.
    const keep = (map: Map<string, number>, key: string, id: number) => {
      if (!map.has(key)) map.set(key, id);
    };
    for (const c of shop.categories) keep(this.categoryIds, `${c.parent_id}/${nameKey(c.name)}`, c.id);
    for (const b of shop.brands) keep(this.brandIds, `${b.parent_id}/${nameKey(b.name)}`, b.id);
    for (const t of shop.tags) keep(this.tagIds, nameKey(t.name), t.id);
    for (const a of shop.attributes) keep(this.attributeIds, nameKey(a.name), a.id);
    for (const a of shop.attributes) keep(this.attributeIds, a.slug, a.id);
    for (const t of shop.terms) {
      keep(this.termIds, `${t.attribute_id}/${nameKey(t.name)}`, t.id);
      this.slugOfTerm.set(t.id, t.slug);
      const own = this.termSlugs.get(t.attribute_id) ?? { slugs: new Set<string>(), next: 0 };
      own.slugs.add(t.slug);
      own.next = Math.max(own.next, t.menu_order + 1);
      this.termSlugs.set(t.attribute_id, own);
    }
    for (const t of shop.terms) keep(this.termIds, `${t.attribute_id}/${t.slug}`, t.id);
  }

  category(path: string[]): number {
    return this.hierarchical(path, this.categories, this.categoryIds, this.categorySlugs);
  }

  brand(path: string[]): number {
    return this.hierarchical(path, this.brands, this.brandIds, this.brandSlugs);
  }

  /** A category or brand path "Top > Child": each level found by its name under its parent, or made. */
  private hierarchical(
    path: string[],
    made: Pending<{ name: string; slug: string; parent_id: number | null }>[],
    ids: Map<string, number>,
    slugs: Set<string>,
  ): number {
    if (path.some((part) => !part)) throw new CellProblem(`"${path.join(" > ")}" has an empty name in its path.`);
    let parent: number | null = null;
    for (const [depth, name] of path.entries()) {
      const key = `${parent}/${nameKey(name)}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = this.newId();
        const label = path.slice(0, depth + 1).join(" > ");
        made.push({ id, label, row: { name, slug: freeSlug(name, slugs), parent_id: parent } });
        ids.set(key, id);
      }
      parent = id;
    }
    return parent as number;
  }

  tag(name: string): number {
    let id = this.tagIds.get(nameKey(name));
    if (id === undefined) {
      id = this.newId();
      this.tags.push({ id, label: name, row: { name, slug: freeSlug(name, this.tagSlugs) } });
      this.tagIds.set(nameKey(name), id);
    }
    return id;
  }

  attribute(name: string): number {
    let id = this.attributeIds.get(nameKey(name));
    if (id === undefined) {
      id = this.newId();
      this.attributes.push({ id, label: name, row: { name, slug: freeSlug(name, this.attributeSlugs) } });
      this.attributeIds.set(nameKey(name), id);
    }
    return id;
  }

  term(attributeId: number, attributeName: string, name: string): number {
    const key = `${attributeId}/${nameKey(name)}`;
    let id = this.termIds.get(key);
    if (id === undefined) {
      id = this.newId();
      const own = this.termSlugs.get(attributeId) ?? { slugs: new Set<string>(), next: 0 };
      this.termSlugs.set(attributeId, own);
      const slug = freeSlug(name, own.slugs);
      this.terms.push({ id, label: `${attributeName}: ${name}`, row: { attribute_id: attributeId, name, slug, menu_order: own.next++ } });
      this.termIds.set(key, id);
      this.slugOfTerm.set(id, slug);
    }
    return id;
  }

  termSlug(termId: number): string {
    return this.slugOfTerm.get(termId) ?? String(termId);
  }
}

// The products the file writes

interface FileProduct {
  /** The product's id, or a number below zero for one the file adds. */
  key: number;
  line: number;
  existing: OwnerProduct | null;
  input: ProductInput;
  /** The file's attribute number N of each of the input's attributes. */
  attributeNumbers: number[];
  /** Attributes whose "used for variations" the row left to be decided from the variations. */
  usedUndecided: Set<number>;
  /** The line of each of the input's variations the file gives; null for one kept as it is. */
  variationLines: (number | null)[];
  crossSellRefs: { line: number; refs: ProductReference[] } | null;
  upsellRefs: { line: number; refs: ProductReference[] } | null;
  slugGiven: boolean;
}

/** A new product's input before its row is read: the owner API's defaults (fresh lists each time: rows fill them). */
const newProduct = (): ProductInput => ({
  type: "simple",
  status: "publish",
  name: "",
  slug: "",
  sku: "",
  short_description: "",
  description: "",
  regular_price: null,
  sale_price: null,
  sale_starts_at: null,
  sale_ends_at: null,
  manage_stock: false,
  stock_quantity: null,
  stock_status: "instock",
  backorders: "no",
  low_stock_amount: null,
  quantity_min: 1,
  quantity_max: null,
  quantity_step: 1,
  sold_individually: false,
  virtual: false,
  weight_grams: null,
  featured: false,
  catalog_visibility: "visible",
  menu_order: 0,
  category_ids: [],
  brand_ids: [],
  tag_ids: [],
  cross_sell_ids: [],
  upsell_ids: [],
  attributes: [],
  variations: [],
});

const NEW_VARIATION: VariationInput = {
  id: null,
  attributes: [],
  sku: "",
  regular_price: null,
  sale_price: null,
  sale_starts_at: null,
  sale_ends_at: null,
  manage_stock: false,
  stock_quantity: null,
  stock_status: "instock",
  backorders: "no",
  weight_grams: null,
};

/** Which column a field of the owner API's product input is read from, for a check's error. */
const FIELD_COLUMNS: Record<string, string> = {
  id: COLUMNS.id,
  type: COLUMNS.type,
  name: COLUMNS.name,
  slug: COLUMNS.slug,
  sku: COLUMNS.sku,
  regular_price: COLUMNS.regularPrice,
  sale_price: COLUMNS.salePrice,
  sale_starts_at: COLUMNS.saleStarts,
  sale_ends_at: COLUMNS.saleEnds,
  tax_class: COLUMNS.taxClass,
  shipping_class_id: COLUMNS.shippingClass,
  images: COLUMNS.images,
  stock_quantity: COLUMNS.stock,
  quantity_min: COLUMNS.quantityMin,
  quantity_max: COLUMNS.quantityMax,
  category_ids: COLUMNS.categories,
  brand_ids: COLUMNS.brands,
  tag_ids: COLUMNS.tags,
  cross_sell_ids: COLUMNS.crossSells,
  upsell_ids: COLUMNS.upsells,
  variations: COLUMNS.type,
  attributes: attributeColumn(1, "name"),
};

class FileReader {
  readonly problems: ImportProblem[] = [];
  readonly products: FileProduct[] = [];
  /** By product key (below zero for a new product) or an existing variation's id. */
  readonly downloads = new Map<number, RowDownloads>();
  /** A new variation's download settings (decision 0100), by its parent's key and place: its id is known once written. */
  readonly newVariationDownloads: { parentKey: number; position: number; settings: RowDownloads }[] = [];
  readonly taxonomy: Taxonomy;
  private readonly byKey = new Map<number, FileProduct>();
  /** The file's products by their SKU, for variations' parents and cross-sells. */
  private readonly fileSkus = new Map<string, FileProduct>();
  private readonly minorUnit: number;

  private readonly layout: Layout;
  private readonly shop: Snapshot;
  /** The shop's products the file names, as they are now. */
  private readonly current: Map<number, OwnerProduct>;

  constructor(layout: Layout, shop: Snapshot, current: Map<number, OwnerProduct>, minorUnit: number) {
    this.layout = layout;
    this.shop = shop;
    this.current = current;
    this.taxonomy = new Taxonomy(shop);
    this.minorUnit = minorUnit;
  }

  /** The cell of a column the file has ("" past a short row's end); undefined when the file has no such column. */
  private cell(row: CsvRow, key: ColumnKey): string | undefined {
    const position = this.layout.index[key];
    return position === undefined ? undefined : (row.cells[position] ?? "");
  }

  /** Runs `read` on the cell when the file has the column; a problem is filed under the row's line and the column. */
  private read<T>(row: CsvRow, key: ColumnKey | number, read: (text: string) => T, column?: string): T | undefined {
    const text = typeof key === "number" ? (row.cells[key] ?? "") : this.cell(row, key);
    if (text === undefined) return undefined;
    try {
      return read(text);
    } catch (error) {
      if (!(error instanceof CellProblem)) throw error;
      this.problems.push({ line: row.line, column: column ?? COLUMNS[key as ColumnKey], message: error.message });
      return undefined;
    }
  }

  private fail(row: CsvRow, column: string | null, message: string) {
    this.problems.push({ line: row.line, column, message });
  }

  private text(row: CsvRow, key: ColumnKey, max: number, label: string) {
    return this.read(row, key, (text) => {
      if (text.length > max) throw new CellProblem(`${label} has at most ${max.toLocaleString("en")} characters.`);
      return text;
    });
  }

  private money(row: CsvRow, key: ColumnKey) {
    return this.read(row, key, (text) => readDecimal(text, this.minorUnit, MAX_MONEY));
  }

  /** Every row, products first so a variation may come before its parent in the file. */
  readAll(rows: CsvRow[]) {
    const types = rows.map((row) => this.read(row, "type", readType));
    rows.forEach((row, i) => {
      if (types[i]?.type !== "variation") this.productRow(row, types[i]);
    });
    rows.forEach((row, i) => {
      if (types[i]?.type === "variation") this.variationRow(row);
    });
    for (const product of this.products) this.finish(product);
  }

  private fileProductFor(existing: OwnerProduct, line: number): FileProduct {
    const known = this.byKey.get(existing.id);
    if (known) return known;
    const product: FileProduct = {
      key: existing.id,
      line,
      existing,
      // A copy to the last list: the rows change the input in place, and the product as stored is what they are compared with.
      input: structuredClone(editable(existing)),
      attributeNumbers: existing.attributes.map((_, i) => i + 1),
      usedUndecided: new Set(),
      variationLines: existing.variations.map(() => null),
      crossSellRefs: null,
      upsellRefs: null,
      slugGiven: true,
    };
    this.byKey.set(product.key, product);
    this.products.push(product);
    return product;
  }

  private productRow(row: CsvRow, type: ReturnType<typeof readType> | undefined) {
    const id = this.read(row, "id", (text) => readInteger(text, 1, Number.MAX_SAFE_INTEGER));
    const sku = this.text(row, "sku", 100, "A SKU")?.trim();
    let existing: OwnerProduct | null = null;
    if (id) {
      const ref = this.shop.products.get(id);
      if (!ref) return this.fail(row, COLUMNS.id, `No product has the ID ${id}: leave the ID empty to add it as a new product.`);
      if (ref.parent_id !== null) return this.fail(row, COLUMNS.type, `ID ${id} is a variation: its row's type is variation.`);
      existing = this.current.get(id) ?? null;
    } else if (sku) {
      const holders = this.shop.bySku.get(sku) ?? [];
      const parent = holders.find((ref) => ref.parent_id === null);
      if (parent) existing = this.current.get(parent.id) ?? null;
      else if (holders.length) return this.fail(row, COLUMNS.sku, `The SKU "${sku}" is a variation's: its row's type is variation.`);
    }
    // Product rows come first, so a product already read here was named by another product row.
    const other = existing && this.byKey.get(existing.id);
    if (other) return this.fail(row, id ? COLUMNS.id : COLUMNS.sku, `Line ${other.line} already imports this product.`);
    // Two new products with one SKU: the later line is the one at fault, not both.
    const earlier = !existing && sku ? this.fileSkus.get(sku) : undefined;
    if (earlier) return this.fail(row, COLUMNS.sku, `Line ${earlier.line} already uses the SKU "${sku}".`);
    const product: FileProduct = existing
      ? this.fileProductFor(existing, row.line)
      : {
          key: this.taxonomy.newId(),
          line: row.line,
          existing: null,
          input: { ...newProduct(), type: type?.type === "variable" ? "variable" : "simple" },
          attributeNumbers: [],
          usedUndecided: new Set(),
          variationLines: [],
          crossSellRefs: null,
          upsellRefs: null,
          slugGiven: false,
        };
    if (!existing) {
      this.byKey.set(product.key, product);
      this.products.push(product);
    }
    const input = product.input;
    if (type && type.type !== "variation") {
      input.type = type.type;
      input.virtual = type.virtual;
    }
    this.readDownloads(row, product.key, type);
    if (sku !== undefined) input.sku = sku;
    if (input.sku && !this.fileSkus.has(input.sku)) this.fileSkus.set(input.sku, product);
    const name = this.text(row, "name", 200, "A name");
    if (name !== undefined) input.name = name;
    const slug = this.text(row, "slug", 200, "A slug");
    if (slug !== undefined) {
      input.slug = slug;
      product.slugGiven = Boolean(slug.trim()) || product.existing !== null;
    }
    input.status = this.read(row, "published", readPublished) ?? input.status;
    input.featured = this.read(row, "featured", readFlag) ?? input.featured;
    input.catalog_visibility = this.read(row, "visibility", readVisibility) ?? input.catalog_visibility;
    input.short_description = this.text(row, "shortDescription", 20_000, "A short description") ?? input.short_description;
    input.description = this.text(row, "description", 200_000, "A description") ?? input.description;
    this.readStock(row, input);
    const lowStock = this.read(row, "lowStock", (text) => readInteger(text, 0, 1_000_000_000));
    if (this.cell(row, "lowStock") !== undefined && lowStock !== undefined) input.low_stock_amount = lowStock;
    input.sold_individually = this.read(row, "soldIndividually", readFlag) ?? input.sold_individually;
    this.readWeight(row, input);
    this.readPrices(row, input);
    input.tax_status = this.read(row, "taxStatus", readTaxStatus) ?? input.tax_status;
    input.tax_class = this.taxClass(row, STANDARD) ?? input.tax_class;
    const shippingClass = this.shippingClass(row);
    if (shippingClass !== undefined) input.shipping_class_id = shippingClass;
    const menuOrder = this.read(row, "position", (text) => readInteger(text, -1_000_000, 1_000_000));
    if (menuOrder !== undefined) input.menu_order = menuOrder ?? 0;
    const min = this.read(row, "quantityMin", (text) => readInteger(text, 1, 1_000_000));
    if (min !== undefined) input.quantity_min = min ?? 1;
    const max = this.read(row, "quantityMax", (text) => readInteger(text, 1, 1_000_000));
    if (max !== undefined) input.quantity_max = max;
    const step = this.read(row, "quantityStep", (text) => readInteger(text, 1, 1_000_000));
    if (step !== undefined) input.quantity_step = step ?? 1;

    const categories = this.read(row, "categories", (text) => {
      const ids = readList(text).map((item) => this.taxonomy.category(readPath(item)));
      if (ids.length > 100) throw new CellProblem("A product is in at most 100 categories.");
      return ids;
    });
    if (categories) input.category_ids = categories;
    const brands = this.read(row, "brands", (text) => {
      const ids = readList(text).map((item) => this.taxonomy.brand(readPath(item)));
      if (ids.length > 100) throw new CellProblem("A product has at most 100 brands.");
      return ids;
    });
    if (brands) input.brand_ids = brands;
    const tags = this.read(row, "tags", (text) => {
      const ids = readList(text).map((name) => this.taxonomy.tag(name));
      if (ids.length > 100) throw new CellProblem("A product has at most 100 tags.");
      return ids;
    });
    if (tags) input.tag_ids = tags;
    const images = this.read(row, "images", (text) => readList(text).map((ref) => this.mediaId(ref)));
    if (images) input.images = images.map((id) => ({ id }));
    const crossSells = this.read(row, "crossSells", (text) => {
      const refs = readList(text).map(readProductReference);
      if (refs.length > 50) throw new CellProblem("A product has at most 50 cross-sells.");
      return refs;
    });
    if (crossSells) product.crossSellRefs = { line: row.line, refs: crossSells };
    const upsells = this.read(row, "upsells", (text) => {
      const refs = readList(text).map(readProductReference);
      if (refs.length > 50) throw new CellProblem("A product has at most 50 upsells.");
      return refs;
    });
    if (upsells) product.upsellRefs = { line: row.line, refs: upsells };
    this.readAttributes(row, product);
  }

  private mediaId(ref: string): number {
    const wanted = readMediaReference(ref);
    const found =
      "id" in wanted ? this.shop.media.filter((m) => m.id === wanted.id) : this.shop.media.filter((m) => m.filename === wanted.filename);
    if (found.length === 1) return (found[0] as { id: number }).id;
    if (found.length > 1) throw new CellProblem(`More than one image is called "${ref}": name it by its link (/media/{id}/…) or id.`);
    throw new CellProblem(`No image in the shop is "${ref}": upload it to the shop first (an import never fetches files).`);
  }

  private readStock(row: CsvRow, item: Pick<ProductInput, "manage_stock" | "stock_quantity" | "stock_status" | "backorders">) {
    const stock = this.read(row, "stock", (text) => readInteger(text, -1_000_000_000, 1_000_000_000));
    if (this.cell(row, "stock") !== undefined && stock !== undefined) {
      item.manage_stock = stock !== null;
      item.stock_quantity = stock;
    }
    item.stock_status = this.read(row, "inStock", (text) => (text.trim() ? readStockStatus(text) : item.stock_status)) ?? item.stock_status;
    item.backorders = this.read(row, "backorders", readBackorders) ?? item.backorders;
  }

  private readWeight(row: CsvRow, item: { weight_grams: number | null }) {
    const grams = this.read(row, "weight", (text) => readInteger(text, 0, 1_000_000_000));
    if (this.cell(row, "weight") !== undefined && grams !== undefined) item.weight_grams = grams;
    if (this.layout.weightKg !== undefined) {
      const kilograms = this.read(row, this.layout.weightKg, readKilograms, WEIGHT_KG);
      if (kilograms !== undefined) item.weight_grams = kilograms;
    }
  }

  private readPrices(
    row: CsvRow,
    item: { regular_price: number | null; sale_price: number | null; sale_starts_at: string | null; sale_ends_at: string | null },
  ) {
    const regular = this.money(row, "regularPrice");
    if (this.cell(row, "regularPrice") !== undefined && regular !== undefined) item.regular_price = regular;
    const sale = this.money(row, "salePrice");
    if (this.cell(row, "salePrice") !== undefined && sale !== undefined) item.sale_price = sale;
    const starts = this.read(row, "saleStarts", readInstant);
    if (starts !== undefined) item.sale_starts_at = starts;
    const ends = this.read(row, "saleEnds", readInstant);
    if (ends !== undefined) item.sale_ends_at = ends;
  }

  /** A tax class by its slug or name; empty is the standard class (a variation: its parent's). */
  private taxClass(row: CsvRow, empty: string): string | undefined {
    return this.read(row, "taxClass", (text) => {
      const value = text.trim();
      if (!value) return empty;
      return this.shop.taxClasses.find((c) => c.slug === value.toLowerCase() || nameKey(c.name) === nameKey(value))?.slug ?? value;
    });
  }

  /** A shipping class by its slug or name; empty is none (a variation: its parent's); one the shop lacks is a problem. */
  private shippingClass(row: CsvRow): number | null | undefined {
    return this.read(row, "shippingClass", (text) => {
      const value = text.trim();
      if (!value) return null;
      const found = this.shop.shippingClasses.find((c) => c.slug === value.toLowerCase() || nameKey(c.name) === nameKey(value));
      if (!found) throw new CellProblem(`The shop has no shipping class "${value}": add it under Shipping, Classes first.`);
      return found.id;
    });
  }

  /** A product row's attributes: when the file has attribute columns, the row's replace the product's. */
  private readAttributes(row: CsvRow, product: FileProduct) {
    if (!this.layout.attributes.length) return;
    const before = new Map(product.input.attributes.map((a) => [a.attribute_id, a]));
    product.input.attributes = [];
    product.attributeNumbers = [];
    product.usedUndecided = new Set();
    for (const [n, columns] of this.layout.attributes) {
      if (columns.name === undefined || columns.values === undefined) continue;
      const name = (row.cells[columns.name] ?? "").trim();
      const values = row.cells[columns.values] ?? "";
      if (!name) {
        if (values.trim()) this.fail(row, attributeColumn(n, "name"), `Name attribute ${n}, whose values are given.`);
        continue;
      }
      const attributeId = this.taxonomy.attribute(name);
      const termIds = this.read(
        row,
        columns.values,
        (text) => readList(text).map((term) => this.taxonomy.term(attributeId, name, term)),
        attributeColumn(n, "value(s)"),
      );
      const usedText = columns.used === undefined ? "" : (row.cells[columns.used] ?? "").trim();
      const used = usedText ? this.read(row, columns.used as number, readFlag, attributeColumn(n, "used for variations")) : undefined;
      if (product.input.attributes.some((a) => a.attribute_id === attributeId)) {
        this.fail(row, attributeColumn(n, "name"), `The attribute "${name}" is given twice.`);
        continue;
      }
      product.input.attributes.push({
        attribute_id: attributeId,
        term_ids: termIds ?? [],
        used_for_variations: used ?? before.get(attributeId)?.used_for_variations ?? false,
      });
      product.attributeNumbers.push(n);
      if (used === undefined && !before.has(attributeId)) product.usedUndecided.add(attributeId);
    }
  }

  private parentOf(row: CsvRow, variationId: number | null | undefined): FileProduct | undefined {
    const reference = this.read(row, "parent", (text) => (text.trim() ? readProductReference(text) : null));
    if (reference && "id" in reference) {
      const inFile = this.byKey.get(reference.id);
      if (inFile) return inFile;
      const current = this.current.get(reference.id);
      if (current) return this.fileProductFor(current, row.line);
      return void this.fail(row, COLUMNS.parent, `No product has the ID ${reference.id}.`);
    }
    if (reference && "sku" in reference) {
      const inFile = this.fileSkus.get(reference.sku);
      if (inFile) return inFile;
      const holder = (this.shop.bySku.get(reference.sku) ?? []).find((ref) => ref.parent_id === null);
      const current = holder && this.current.get(holder.id);
      if (current) return this.fileProductFor(current, row.line);
      return void this.fail(
        row,
        COLUMNS.parent,
        `No product has the SKU "${reference.sku}" (a new parent needs a SKU for its variations to name).`,
      );
    }
    const ref = variationId ? this.shop.products.get(variationId) : undefined;
    const current = ref?.parent_id ? this.current.get(ref.parent_id) : undefined;
    if (current) return this.fileProductFor(current, row.line);
    if (reference === undefined && this.cell(row, "parent") === undefined && !variationId) {
      return void this.fail(row, null, "A variation row names its parent: the file needs a Parent column.");
    }
    return void this.fail(row, COLUMNS.parent, "Name the variation's parent product: its SKU, or id:{ID}.");
  }

  /** The row's Type (downloadable), Download limit and Download expiry days, kept for the write. */
  private readDownloads(row: CsvRow, key: number, type: ReturnType<typeof readType> | undefined) {
    const settings = this.rowDownloads(row, type);
    if (settings) this.downloads.set(key, settings);
  }

  /** What the row sets of downloads; undefined when nothing. */
  private rowDownloads(row: CsvRow, type: ReturnType<typeof readType> | undefined): RowDownloads | undefined {
    const settings: RowDownloads = {};
    if (type) settings.downloadable = type.downloadable;
    const limit = this.read(row, "downloadLimit", (text) => readDownloadNumber(text, 1_000_000));
    if (limit !== undefined) settings.limit = limit;
    const expiry = this.read(row, "downloadExpiry", (text) => readDownloadNumber(text, 36_500));
    if (expiry !== undefined) settings.expiry = expiry;
    return Object.keys(settings).length ? settings : undefined;
  }

  private variationRow(row: CsvRow) {
    const id = this.read(row, "id", (text) => readInteger(text, 1, Number.MAX_SAFE_INTEGER));
    if (id !== undefined && id !== null) {
      const ref = this.shop.products.get(id);
      if (!ref || ref.parent_id === null) return this.fail(row, COLUMNS.id, `No variation has the ID ${id}: leave the ID empty to add it.`);
    }
    const type = this.read(row, "type", readType);
    // A variation's downloads, an existing one's or a new one's (decision 0100: kept until its id is known).
    const downloads = this.rowDownloads(row, type);
    const parent = this.parentOf(row, id);
    if (!parent) return;
    const sku = this.text(row, "sku", 100, "A SKU")?.trim();
    const variations = parent.input.variations;
    let index = id ? variations.findIndex((v) => v.id === id) : sku ? variations.findIndex((v) => v.id && v.sku === sku) : -1;
    if (id && index < 0) return this.fail(row, COLUMNS.id, `Variation ${id} is not one of ${parent.input.name || "this parent"}'s.`);
    if (index >= 0 && parent.variationLines[index] !== null) {
      return this.fail(row, id ? COLUMNS.id : COLUMNS.sku, `Line ${parent.variationLines[index]} already imports this variation.`);
    }
    const variation: VariationInput =
      index >= 0
        ? { ...(variations[index] as VariationInput) }
        : { ...NEW_VARIATION, attributes: [], weight_grams: parent.input.weight_grams };
    if (sku !== undefined) variation.sku = sku;
    this.readStock(row, variation);
    this.readWeight(row, variation);
    this.readPrices(row, variation);
    variation.tax_class = this.taxClass(row, PARENT) ?? variation.tax_class;
    const shippingClass = this.shippingClass(row);
    if (shippingClass !== undefined) variation.shipping_class_id = shippingClass;
    const chosen = this.variationAttributes(row, parent);
    if (chosen) variation.attributes = chosen;
    if (index < 0) {
      if (variations.length >= MAX_VARIATIONS) {
        return this.fail(row, COLUMNS.parent, `The parent already has ${MAX_VARIATIONS} variations, the most a product has.`);
      }
      variations.push(variation);
      parent.variationLines.push(row.line);
      index = variations.length - 1;
    } else {
      variations[index] = variation;
      parent.variationLines[index] = row.line;
    }
    if (downloads) {
      if (variation.id) this.downloads.set(variation.id, downloads);
      else this.newVariationDownloads.push({ parentKey: parent.key, position: index, settings: downloads });
    }
  }

  /** A variation row's terms: one value per attribute named; undefined when the row names none (an existing variation keeps its own). */
  private variationAttributes(row: CsvRow, parent: FileProduct) {
    const chosen: { attribute_id: number; term_id: number }[] = [];
    for (const [n, columns] of this.layout.attributes) {
      if (columns.name === undefined || columns.values === undefined) continue;
      const name = (row.cells[columns.name] ?? "").trim();
      const values = readList(row.cells[columns.values] ?? "");
      if (!name) continue;
      if (values.length !== 1) {
        this.fail(row, attributeColumn(n, "value(s)"), `A variation stands for one value of "${name}".`);
        continue;
      }
      const attributeId = this.taxonomy.attribute(name);
      chosen.push({ attribute_id: attributeId, term_id: this.taxonomy.term(attributeId, name, values[0] as string) });
      // A parent's attribute whose use the file left open is used for variations once a variation names it.
      if (parent.usedUndecided.has(attributeId)) {
        const attribute = parent.input.attributes.find((a) => a.attribute_id === attributeId);
        if (attribute) attribute.used_for_variations = true;
      }
    }
    return chosen.length ? chosen : undefined;
  }

  /** What needs every row read first: cross-sells and upsells by SKU, and a slug made from a new product's name. */
  private finish(product: FileProduct) {
    if (product.crossSellRefs) product.input.cross_sell_ids = this.linkedIds(product.crossSellRefs, COLUMNS.crossSells);
    if (product.upsellRefs) product.input.upsell_ids = this.linkedIds(product.upsellRefs, COLUMNS.upsells);
  }

  /** The products a cell names, each one missing reported under its column. */
  private linkedIds({ line, refs }: { line: number; refs: ProductReference[] }, column: string): number[] {
    const ids: number[] = [];
    for (const ref of refs) {
      const id = this.linkedId(ref);
      if (id === undefined) {
        const label = "id" in ref ? `ID ${ref.id}` : `the SKU "${ref.sku}"`;
        this.problems.push({ line, column, message: `No product has ${label}.` });
      } else ids.push(id);
    }
    return ids;
  }

  private linkedId(ref: ProductReference): number | undefined {
    if ("id" in ref) return this.byKey.has(ref.id) || this.current.has(ref.id) ? ref.id : undefined;
    const inFile = this.fileSkus.get(ref.sku);
    if (inFile) return inFile.key;
    return (this.shop.bySku.get(ref.sku) ?? []).find((r) => r.parent_id === null)?.id;
  }
}

/** The catalogue as the file would leave it, for `checkProduct`: what the file adds counts, what it changes is read as changed. */
function fileLookups(shop: Snapshot, reader: FileReader): ProductLookups {
  const { taxonomy } = reader;
  const changed = new Set(reader.products.filter((p) => p.existing).map((p) => p.key));
  const known = {
    categories: new Set([...shop.categories.map((c) => c.id), ...taxonomy.categories.map((c) => c.id)]),
    brands: new Set([...shop.brands.map((c) => c.id), ...taxonomy.brands.map((c) => c.id)]),
    tags: new Set([...shop.tags.map((t) => t.id), ...taxonomy.tags.map((t) => t.id)]),
    attributes: new Set([...shop.attributes.map((a) => a.id), ...taxonomy.attributes.map((a) => a.id)]),
    products: new Set([
      ...[...shop.products.values()].filter((p) => p.parent_id === null).map((p) => p.id),
      ...reader.products.map((p) => p.key),
    ]),
  };
  const termAttribute = new Map([
    ...shop.terms.map((t) => [t.id, t.attribute_id] as const),
    ...taxonomy.terms.map((t) => [t.id, t.row.attribute_id] as const),
  ]);
  // Who holds each SKU and slug afterwards: the shop's rows the file leaves alone, then the file's.
  const skus = new Map<string, Set<number>>();
  const slugs = new Map<string, Set<number>>();
  const hold = (map: Map<string, Set<number>>, value: string, owner: number) => {
    if (!value) return;
    const owners = map.get(value) ?? new Set<number>();
    owners.add(owner);
    map.set(value, owners);
  };
  for (const ref of shop.products.values()) {
    const root = ref.parent_id ?? ref.id;
    if (ref.parent_id !== null) hold(slugs, ref.slug, root);
    if (changed.has(root)) continue;
    hold(skus, ref.sku, root);
    if (ref.parent_id === null) hold(slugs, ref.slug, root);
  }
  for (const product of reader.products) {
    hold(skus, product.input.sku.trim(), product.key);
    for (const variation of product.input.variations) hold(skus, variation.sku.trim(), product.key);
    hold(slugs, cleanSlug(product.input.slug, product.input.name.trim()).slug, product.key);
  }
  const taxClassSlugs = new Set(shop.taxClasses.map((c) => c.slug));
  const mediaIds = new Set(shop.media.map((m) => m.id));
  const shippingClassIds = new Set(shop.shippingClasses.map((c) => c.id));
  const heldByOthers = (owners: Set<number> | undefined, except: number | null) => [...(owners ?? [])].some((owner) => owner !== except);
  return {
    async missing(table, ids) {
      return ids.filter((id) => !known[table].has(id));
    },
    async termAttributes(termIds) {
      return new Map(termIds.filter((id) => termAttribute.has(id)).map((id) => [id, termAttribute.get(id) as number]));
    },
    async skusTaken(wanted, except) {
      return new Set(wanted.filter((sku) => heldByOthers(skus.get(sku), except)));
    },
    async slugTaken(slug, except) {
      return heldByOthers(slugs.get(slug), except);
    },
    async taxClasses() {
      return taxClassSlugs;
    },
    async missingMedia(ids) {
      return ids.filter((id) => !mediaIds.has(id));
    },
    async missingShippingClasses(ids) {
      return ids.filter((id) => !shippingClassIds.has(id));
    },
  };
}

/** A new product whose slug the file leaves to its name gets a free one, as a shop moving its catalogue expects. */
function giveSlugs(shop: Snapshot, products: FileProduct[]) {
  const taken = new Set<string>([...shop.products.values()].map((p) => p.slug));
  for (const product of products) if (product.slugGiven) taken.add(cleanSlug(product.input.slug, product.input.name.trim()).slug);
  for (const product of products) {
    if (product.slugGiven || !product.input.name.trim()) continue;
    product.input.slug = freeSlug(product.input.name.trim(), taken);
  }
}

/** A check's field ("variations[2].sale_price", "attributes[0].term_ids") as the line and column of the file it came from. */
function placeOf(product: FileProduct, field: string): { line: number; column: string | null } {
  const variation = /^variations\[(\d+)\]\.(\w+)$/.exec(field);
  if (variation) {
    const line = product.variationLines[Number(variation[1])] ?? product.line;
    const name = variation[2] as string;
    return { line, column: name === "attributes" ? attributeColumn(1, "value(s)") : (FIELD_COLUMNS[name] ?? null) };
  }
  if (field.startsWith("images[")) return { line: product.line, column: COLUMNS.images };
  const attribute = /^attributes\[(\d+)\]\.(\w+)$/.exec(field);
  if (attribute) {
    const n = product.attributeNumbers[Number(attribute[1])] ?? Number(attribute[1]) + 1;
    return { line: product.line, column: attributeColumn(n, attribute[2] === "used_for_variations" ? "used for variations" : "value(s)") };
  }
  return { line: product.line, column: FIELD_COLUMNS[field] ?? null };
}

interface CheckedFile {
  layout: Layout;
  rows: number;
  shop: Snapshot;
  reader: FileReader;
  checked: Map<number, ProductInput>;
  /** What writing each existing product of the file would change, by its id. */
  changes: Map<number, ProductChanges>;
}

/** The shop's settings an import reads: prices in its currency, tracked stock's status by its out-of-stock amount. */
interface ImportSettings {
  minorUnit: number;
  outOfStockAmount: number;
}

/** The stored rows of these products and of their variations, by id. */
async function storedRows(db: Db, ids: number[]): Promise<Map<number, ProductRow>> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .selectFrom("products")
      .selectAll()
      .where((eb) => eb.or([eb("id", "in", chunk), eb("parent_id", "in", chunk)]))
      .execute(),
  );
  return new Map(rows.map((row) => [Number(row.id), row as ProductRow]));
}

/** Reads and checks the whole file against the catalogue `db` shows; every problem found, or what would be written. */
async function checkFile(db: Db, settings: ImportSettings, bytes: Uint8Array, dryRun: boolean): Promise<CheckedFile> {
  const { minorUnit } = settings;
  const file = readCsv(bytes);
  if (!file.ok) throw importInvalid([file.problem], dryRun);
  const layout = readHeader(file.header);
  if ("message" in layout) throw importInvalid([layout], dryRun);
  if (!file.rows.length) throw importInvalid([{ line: 2, column: null, message: "The file has a header row but no products." }], dryRun);
  if (file.rows.length > MAX_IMPORT_ROWS) {
    throw importInvalid(
      [
        {
          line: (file.rows[MAX_IMPORT_ROWS] as CsvRow).line,
          column: null,
          message: `An import takes at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows: split the file.`,
        },
      ],
      dryRun,
    );
  }
  const shop = await readSnapshot(db);
  const wanted = new Set<number>();
  const idColumn = layout.index.id;
  const skuColumn = layout.index.sku;
  const parentColumn = layout.index.parent;
  // The products the file names, read whole in a few queries: by ID, by SKU, and a variation's parent.
  for (const row of file.rows) {
    const id = idColumn === undefined ? NaN : Number((row.cells[idColumn] ?? "").trim() || NaN);
    const ref = Number.isSafeInteger(id) ? shop.products.get(id) : undefined;
    if (ref) wanted.add(ref.parent_id ?? ref.id);
    const sku = skuColumn === undefined ? "" : (row.cells[skuColumn] ?? "").trim();
    for (const holder of shop.bySku.get(sku) ?? []) wanted.add(holder.parent_id ?? holder.id);
    const parent = parentColumn === undefined ? "" : (row.cells[parentColumn] ?? "").trim();
    if (parent) {
      const reference = readProductReference(parent);
      if ("id" in reference && shop.products.has(reference.id)) wanted.add(reference.id);
      if ("sku" in reference)
        for (const holder of shop.bySku.get(reference.sku) ?? []) if (holder.parent_id === null) wanted.add(holder.id);
    }
  }
  const current = new Map((await readOwnerProducts(db, [...wanted])).map((p) => [p.id, p]));
  const reader = new FileReader(layout, shop, current, minorUnit);
  reader.readAll(file.rows);
  giveSlugs(shop, reader.products);
  const lookups = fileLookups(shop, reader);
  const checked = new Map<number, ProductInput>();
  for (const product of reader.products) {
    try {
      checked.set(product.key, await checkProduct(lookups, product.key, product.input));
    } catch (error) {
      if (!(error instanceof StoreError) || error.status >= 500) throw error;
      const details = (error.data.details ?? {}) as Record<string, { message: string }>;
      const fields = Object.entries(details);
      if (!fields.length) reader.problems.push({ line: product.line, column: null, message: error.message });
      for (const [field, { message }] of fields) reader.problems.push({ ...placeOf(product, field), message });
    }
  }
  if (reader.problems.length) throw importInvalid(reader.problems, dryRun, file.header);
  const existing = reader.products.filter((p) => p.existing);
  const rows = await storedRows(
    db,
    existing.map((p) => p.key),
  );
  const changes = new Map(
    existing.map((p) => [
      p.key,
      productChanges(
        { product: p.existing as OwnerProduct, rows },
        checked.get(p.key) as ProductInput,
        (id) => reader.downloads.get(id),
        settings.outOfStockAmount,
      ),
    ]),
  );
  return { layout, rows: file.rows.length, shop, reader, checked, changes };
}

/** Whether the file's product is written: a new one, or an existing one the file changes. */
const isWritten = (checkedFile: CheckedFile, product: FileProduct) =>
  !product.existing || checkedFile.changes.get(product.key)?.changed === true;

function summaryOf(checkedFile: CheckedFile, dryRun: boolean, ids: { created: number[]; updated: number[] }): ImportSummary {
  const { reader, layout, rows, changes } = checkedFile;
  // The variation rows of the file, each with whether the write would change it.
  const variations = reader.products.flatMap((p) =>
    p.input.variations.flatMap((v, i) =>
      p.variationLines[i] === null ? [] : [{ id: v.id, changed: v.id ? changes.get(p.key)?.variations.has(v.id) === true : true }],
    ),
  );
  const existing = reader.products.filter((p) => p.existing);
  return {
    dry_run: dryRun,
    rows,
    created: reader.products.filter((p) => !p.existing).length,
    updated: existing.filter((p) => isWritten(checkedFile, p)).length,
    unchanged: existing.filter((p) => !isWritten(checkedFile, p)).length,
    variations_created: variations.filter((v) => !v.id).length,
    variations_updated: variations.filter((v) => v.id && v.changed).length,
    variations_unchanged: variations.filter((v) => v.id && !v.changed).length,
    new_categories: reader.taxonomy.categories.map((c) => c.label),
    new_brands: reader.taxonomy.brands.map((b) => b.label),
    new_tags: reader.taxonomy.tags.map((t) => t.label),
    new_attributes: reader.taxonomy.attributes.map((a) => a.label),
    new_terms: reader.taxonomy.terms.map((t) => t.label),
    ignored_columns: layout.ignored,
    created_ids: ids.created,
    updated_ids: ids.updated,
  };
}

/**
 * Checks the file and, unless it is a dry run, writes it: all of it in one transaction or, when
 * any row has a problem, nothing (400 `cw_rest_import_invalid`, each problem with its line and column).
 */
export async function importProducts(
  ctx: RequestContext,
  bytes: Uint8Array,
  options: { dryRun: boolean; fileName: string },
): Promise<ImportSummary> {
  // Read before the transaction: SQLite has one connection, which the transaction holds.
  const { currency, outOfStockAmount } = await ctx.shopSettings();
  const settings = { minorUnit: currency.minorUnit, outOfStockAmount };
  if (options.dryRun) return summaryOf(await checkFile(ctx.db, settings, bytes, true), true, { created: [], updated: [] });
  try {
    return await writeChecked(ctx, bytes, settings, options.fileName);
  } catch (error) {
    // Another write took a slug this file's checks saw free: the transaction is rolled back whole.
    if (isUniqueViolation(error, "slug")) {
      throw new StoreError(
        "cw_rest_import_conflict",
        "The catalogue changed while the file was imported: nothing was imported. Try again.",
        409,
      );
    }
    throw error;
  }
}

async function writeChecked(ctx: RequestContext, bytes: Uint8Array, settings: ImportSettings, fileName: string): Promise<ImportSummary> {
  return ctx.db.transaction().execute(async (trx) => {
    const checkedFile = await checkFile(trx, settings, bytes, false);
    const ids = await writeFile({ ...ctx, db: trx }, checkedFile);
    // Each product the file made or changed is told to webhooks, as the product form's saves are (decision 0097).
    for (const [event, list] of [
      ["created", ids.created],
      ["updated", ids.updated],
    ] as const)
      for (const id of list) await queueWebhookEvent(trx, "product", event, id, nowOf(ctx));
    const summary = summaryOf(checkedFile, false, ids);
    const before = checkedFile.reader.products.filter((p) => p.existing && isWritten(checkedFile, p)).map((p) => p.existing);
    // Only new products: a create; otherwise an update, with the changed products as they were; a file that changes nothing, no row.
    if (ids.created.length || ids.updated.length) {
      await logChange(trx, ctx, "product_import", fileName, before.length ? before : null, summary);
    }
    return summary;
  });
}

function chunks<T>(rows: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The file's changes in batches; ids below zero (what the file adds) swapped for the ids the database gives them.
 * An existing product, or variation, the file would not change is left as it is: no write, no revision, no webhook.
 */
async function writeFile(ctx: RequestContext, checkedFile: CheckedFile): Promise<{ created: number[]; updated: number[] }> {
  const { reader, checked, changes } = checkedFile;
  const { db } = ctx;
  const now = nowOf(ctx);
  const { taxonomy } = reader;
  const real = new Map<number, number>();
  const idOf = (id: number) => (id < 0 ? (real.get(id) as number) : id);

  for (const [table, made] of [
    ["categories", taxonomy.categories],
    ["brands", taxonomy.brands],
  ] as const) {
    for (const term of made) {
      const row = {
        ...term.row,
        parent_id: term.row.parent_id === null ? null : idOf(term.row.parent_id),
        description: "",
        menu_order: 0,
      };
      real.set(
        term.id,
        Number(
          (
            await db
              .insertInto(table as "categories")
              .values(row)
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    }
  }
  for (const tag of taxonomy.tags)
    real.set(tag.id, Number((await db.insertInto("tags").values(tag.row).returning("id").executeTakeFirstOrThrow()).id));
  for (const attribute of taxonomy.attributes) {
    real.set(attribute.id, Number((await db.insertInto("attributes").values(attribute.row).returning("id").executeTakeFirstOrThrow()).id));
  }
  for (const term of taxonomy.terms) {
    const row = { ...term.row, attribute_id: idOf(term.row.attribute_id) };
    real.set(term.id, Number((await db.insertInto("attribute_terms").values(row).returning("id").executeTakeFirstOrThrow()).id));
  }

  // The products: new ones inserted in batches and found again by their slugs (unique), changed ones updated.
  const fresh = reader.products.filter((p) => !p.existing);
  const changed = reader.products.filter((p) => p.existing && isWritten(checkedFile, p));
  const inputOf = (p: FileProduct) => checked.get(p.key) as ProductInput;
  for (const batch of chunks(fresh)) {
    await db
      .insertInto("products")
      .values(batch.map((p) => newProductRow(inputOf(p), now)))
      .execute();
    const made = await db
      .selectFrom("products")
      .select(["id", "slug"])
      .where(
        "slug",
        "in",
        batch.map((p) => inputOf(p).slug),
      )
      .execute();
    const bySlug = new Map(made.map((row) => [row.slug, Number(row.id)]));
    for (const p of batch) real.set(p.key, bySlug.get(inputOf(p).slug) as number);
  }
  for (const p of changed)
    await db
      .updateTable("products")
      .set(productColumns(inputOf(p), now))
      .where("id", "=", p.key)
      .execute();
  const changedIds = changed.map((p) => p.key);

  // Links, replaced whole for every product the file writes.
  const all = [...fresh, ...changed].map((p) => ({ id: idOf(p.key), file: p, input: inputOf(p) }));
  for (const table of [
    "product_categories",
    "product_brands",
    "product_tags",
    "cross_sells",
    "upsells",
    "product_attributes",
    "product_attribute_terms",
  ] as const) {
    await inChunks(changedIds, async (chunk) => {
      await db.deleteFrom(table).where("product_id", "in", chunk).execute();
      return [];
    });
  }
  const categoryRows = all.flatMap(({ id, input }) => input.category_ids.map((c) => ({ product_id: id, category_id: idOf(c) })));
  for (const batch of chunks(categoryRows, 1000)) await db.insertInto("product_categories").values(batch).execute();
  const brandRows = all.flatMap(({ id, input }) => input.brand_ids.map((b) => ({ product_id: id, brand_id: idOf(b) })));
  for (const batch of chunks(brandRows, 1000)) await db.insertInto("product_brands").values(batch).execute();
  const tagRows = all.flatMap(({ id, input }) => input.tag_ids.map((t) => ({ product_id: id, tag_id: idOf(t) })));
  for (const batch of chunks(tagRows, 1000)) await db.insertInto("product_tags").values(batch).execute();
  const crossSellRows = all.flatMap(({ id, input }) =>
    input.cross_sell_ids.map((x, position) => ({ product_id: id, cross_sell_id: idOf(x), position })),
  );
  for (const batch of chunks(crossSellRows, 1000)) await db.insertInto("cross_sells").values(batch).execute();
  const upsellRows = all.flatMap(({ id, input }) =>
    input.upsell_ids.map((x, position) => ({ product_id: id, upsell_id: idOf(x), position })),
  );
  for (const batch of chunks(upsellRows, 1000)) await db.insertInto("upsells").values(batch).execute();
  const attributeRows = all.flatMap(({ id, input }) =>
    input.attributes.map(
      (a, position) =>
        ({ product_id: id, attribute_id: idOf(a.attribute_id), position, used_for_variations: a.used_for_variations ? 1 : 0 }) as const,
    ),
  );
  for (const batch of chunks(attributeRows, 1000)) await db.insertInto("product_attributes").values(batch).execute();
  const termRows = all.flatMap(({ id, input }) =>
    input.attributes.flatMap((a) => a.term_ids.map((t) => ({ product_id: id, term_id: idOf(t) }))),
  );
  for (const batch of chunks(termRows, 1000)) await db.insertInto("product_attribute_terms").values(batch).execute();

  // Galleries, for the products whose row has the Images column (variations' images are kept).
  const withImages = all.filter(({ input }) => input.images !== undefined);
  await inChunks(
    withImages.filter(({ file }) => file.existing).map(({ id }) => id),
    async (chunk) => {
      await db.deleteFrom("product_images").where("product_id", "in", chunk).execute();
      return [];
    },
  );
  const imageRows = withImages.flatMap(({ id, input }) =>
    (input.images ?? []).map((image, position) => ({ product_id: id, media_id: image.id, position })),
  );
  for (const batch of chunks(imageRows, 1000)) await db.insertInto("product_images").values(batch).execute();

  const changedVariations = new Set(changed.flatMap((p) => [...(changes.get(p.key)?.variations ?? [])]));
  const newVariations = await writeVariations(db, all, changedVariations, idOf, now, taxonomy);
  // Downloadable, limit and expiry as the rows gave them (decision 0094); the files stay as they are.
  // A new variation's by its parent and place, now that it has an id (decision 0100).
  // Only the written products' and variations' settings: an unchanged one's are already as the row gives them.
  const written = new Set([...all.map((p) => p.file.key), ...changedVariations]);
  const downloads = [...reader.downloads].filter(([key]) => written.has(key));
  for (const { parentKey, position, settings } of reader.newVariationDownloads) {
    const made = newVariations.get(`${idOf(parentKey)}:${position}`);
    if (made !== undefined) downloads.push([made, settings]);
  }
  for (const [key, settings] of downloads) {
    const set = downloadColumns(settings);
    if (Object.keys(set).length) await db.updateTable("products").set(set).where("id", "=", idOf(key)).execute();
  }
  const created = fresh.map((p) => idOf(p.key));
  // Tracked stock at or below the shop's out-of-stock amount is out of stock, as a single save states it.
  await restateProductsStock(db, [...created, ...changedIds]);
  return { created, updated: changedIds };
}

/**
 * Variations: the kept ones the file changes updated in place (carts holding them keep their line), new ones inserted in
 * batches with free slugs. Answers the new ones' ids by "{parent id}:{place among its variations}".
 */
async function writeVariations(
  db: Db,
  all: { id: number; file: FileProduct; input: ProductInput }[],
  changed: Set<number>,
  idOf: (id: number) => number,
  now: string,
  taxonomy: Taxonomy,
): Promise<Map<string, number>> {
  const madeIds = new Map<string, number>();
  const kept = all.flatMap(({ input }) =>
    input.variations.flatMap((v, position) => (v.id && changed.has(v.id) ? [{ input, variation: v, position }] : [])),
  );
  for (const { input, variation, position } of kept) {
    await db
      .updateTable("products")
      .set(variationColumns(input, variation, position, now))
      .where("id", "=", variation.id as number)
      .execute();
  }
  await inChunks(
    kept.map(({ variation }) => variation.id as number),
    async (chunk) => {
      await db.deleteFrom("variation_attributes").where("variation_id", "in", chunk).execute();
      return [];
    },
  );
  // Every slug, the file's products already written: a new variation's must be free of all of them.
  const slugs = new Set((await db.selectFrom("products").select("slug").execute()).map((row) => row.slug));
  const fresh = all.flatMap(({ id, file, input }) =>
    input.variations.flatMap((variation, position) => {
      if (variation.id) return [];
      const base = `${input.slug}-${variation.attributes.map((a) => taxonomy.termSlug(a.term_id)).join("-")}`;
      let slug = base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      slugs.add(slug);
      return [
        {
          row: newVariationRow(input, variation, position, now, file.existing?.created_at ?? now, id, slug),
          variation,
          place: `${id}:${position}`,
        },
      ];
    }),
  );
  const chosen: { variation_id: number; attribute_id: number; term_id: number }[] = kept.flatMap(({ variation }) =>
    variation.attributes.map((a) => ({
      variation_id: variation.id as number,
      attribute_id: idOf(a.attribute_id),
      term_id: idOf(a.term_id),
    })),
  );
  for (const batch of chunks(fresh)) {
    await db
      .insertInto("products")
      .values(batch.map((f) => f.row))
      .execute();
    const made = await db
      .selectFrom("products")
      .select(["id", "slug"])
      .where(
        "slug",
        "in",
        batch.map((f) => f.row.slug),
      )
      .execute();
    const bySlug = new Map(made.map((row) => [row.slug, Number(row.id)]));
    for (const { row, variation, place } of batch) {
      const variationId = bySlug.get(row.slug) as number;
      madeIds.set(place, variationId);
      for (const a of variation.attributes)
        chosen.push({ variation_id: variationId, attribute_id: idOf(a.attribute_id), term_id: idOf(a.term_id) });
    }
  }
  for (const batch of chunks(chosen, 1000)) await db.insertInto("variation_attributes").values(batch).execute();
  return madeIds;
}
