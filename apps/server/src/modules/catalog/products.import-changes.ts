/**
 * Which products of a CSV import would change (issue 19, decision 0046; docs/product-csv.md): each existing
 * product the file names is compared, as the import would write it, with what is stored: its row's
 * columns (`productColumns`, with the stock status a restate would leave and the download settings),
 * its categories, brands, tags, upsells, cross-sells, attributes and terms, its gallery when the file
 * gives one, and each variation's row (`variationColumns`), terms and download settings. A product
 * that would change nothing is not written; a changed one is written as before, but for its
 * variations that would change nothing. Pure: the stored rows are read by the import.
 */
import type { OwnerProduct, ProductInput } from "@cartwright/commerce/admin";
import type { Flag } from "../../db/schema.ts";
import { trackedStockStatus } from "../../db/stock-status.ts";
import type { ProductRow } from "./catalog.repo.ts";
import { productColumns, variationColumns } from "./products.admin.ts";

/** What a row sets of a product's or variation's downloads (decision 0094); a column the file lacks changes nothing. */
export interface RowDownloads {
  downloadable?: boolean;
  limit?: number | null;
  expiry?: number | null;
}

/** The products table's download columns a row's settings write. */
export function downloadColumns(settings: RowDownloads | undefined) {
  const set: { downloadable?: Flag; download_limit?: number | null; download_expiry_days?: number | null } = {};
  if (settings?.downloadable !== undefined) set.downloadable = settings.downloadable ? 1 : 0;
  if (settings?.limit !== undefined) set.download_limit = settings.limit;
  if (settings?.expiry !== undefined) set.download_expiry_days = settings.expiry;
  return set;
}

/** An existing product as stored: as the owner API reads it (its links), and its own and its variations' rows by id. */
export interface StoredProduct {
  product: OwnerProduct;
  rows: Map<number, ProductRow>;
}

export interface ProductChanges {
  /** Writing the product would change something stored: it, a link, its gallery or a variation. */
  changed: boolean;
  /** Its kept variations whose row or terms the write would change (a new variation changes the product). */
  variations: Set<number>;
}

/** Whether writing `columns` (and `downloads`) over the stored row changes a value; `updated_at` is the write's own. */
function rowChanges(
  row: ProductRow | undefined,
  columns: Record<string, unknown>,
  downloads: RowDownloads | undefined,
  outOfStockAmount: number,
) {
  if (!row) return true;
  const written: Record<string, unknown> = { ...columns, ...downloadColumns(downloads) };
  // The import restates tracked stock by the shop's out-of-stock amount after writing it.
  if (written.manage_stock === 1) {
    written.stock_status = trackedStockStatus(written.stock_quantity as number | null, written.backorders as string, outOfStockAmount);
  }
  const stored = row as unknown as Record<string, unknown>;
  return Object.entries(written).some(([column, value]) => column !== "updated_at" && stored[column] !== value);
}

/** Lists stored without an order (categories, brands, tags, a variation's terms) compare as sets. */
const sameSet = (a: readonly number[], b: readonly number[]) => {
  const sorted = (list: readonly number[]) => [...new Set(list)].sort((x, y) => x - y).join(",");
  return sorted(a) === sorted(b);
};
const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const termKeys = (chosen: { attribute_id: number; term_id: number }[]) =>
  chosen
    .map((c) => `${c.attribute_id}:${c.term_id}`)
    .sort()
    .join(",");

/** Whether the product's links and gallery as the import writes them differ from the stored ones. */
function linksChange(stored: OwnerProduct, input: ProductInput): boolean {
  if (!sameSet(stored.category_ids, input.category_ids)) return true;
  if (!sameSet(stored.brand_ids, input.brand_ids)) return true;
  if (!sameSet(stored.tag_ids, input.tag_ids)) return true;
  if (!sameList(stored.cross_sell_ids, input.cross_sell_ids)) return true;
  if (!sameList(stored.upsell_ids, input.upsell_ids)) return true;
  if (stored.attributes.length !== input.attributes.length) return true;
  const attributesDiffer = input.attributes.some((attribute, position) => {
    const was = stored.attributes[position];
    return (
      was?.attribute_id !== attribute.attribute_id ||
      was.used_for_variations !== attribute.used_for_variations ||
      !sameSet(was.term_ids, attribute.term_ids)
    );
  });
  if (attributesDiffer) return true;
  // Absent, the gallery is kept as it is.
  return (
    input.images !== undefined &&
    !sameList(
      stored.images.map((image) => image.id),
      input.images.map((image) => image.id),
    )
  );
}

/**
 * What writing the checked `input` over the stored product would change. `downloads` gives the
 * settings a row sets, by the product's or an existing variation's id.
 */
export function productChanges(
  stored: StoredProduct,
  input: ProductInput,
  downloads: (id: number) => RowDownloads | undefined,
  outOfStockAmount: number,
): ProductChanges {
  const { product, rows } = stored;
  const variations = new Set<number>();
  let added = false;
  for (const [position, variation] of input.variations.entries()) {
    if (!variation.id) {
      added = true;
      continue;
    }
    const was = product.variations.find((v) => v.id === variation.id);
    const columns = variationColumns(input, variation, position, "");
    if (
      !was ||
      rowChanges(rows.get(variation.id), columns, downloads(variation.id), outOfStockAmount) ||
      termKeys(was.attributes) !== termKeys(variation.attributes)
    )
      variations.add(variation.id);
  }
  const changed =
    added ||
    variations.size > 0 ||
    rowChanges(rows.get(product.id), productColumns(input, ""), downloads(product.id), outOfStockAmount) ||
    linksChange(product, input);
  return { changed, variations };
}
