/**
 * A product saved from an editor opened earlier (PUT carries every field, stock included). Orders
 * may have taken units since: writing back the quantity the editor loaded would give them back and
 * let the shop oversell. The editor sends what it loaded as `original_stock_quantity`; a quantity
 * left as loaded keeps the stock as it is now, and one changed after an order moved it is refused,
 * with the current figure, so the owner decides again. Pure: the write calls it under its lock.
 */
import type { OwnerProduct, ProductInput } from "@cartwright/commerce/admin";
import { paramDetails, StoreError } from "../../http/errors.ts";

type Stocked = { manage_stock: boolean; stock_quantity: number | null };

/** The message beside a quantity changed in the editor after orders moved the stock. */
export const stockChangedMessage = (loaded: number | null, now: number | null) =>
  `While this was open the stock changed from ${loaded ?? "none"} to ${now ?? "none"}. Check the quantity and save again.`;

/** `product` (checked) with the stock orders moved since the editor loaded it kept, or a 409 listing each quantity in doubt. */
export function keepStockMovedMeanwhile(product: ProductInput, sent: ProductInput, stored: OwnerProduct): ProductInput {
  const errors: Record<string, string> = {};
  const current: Record<string, number | null> = {};
  const settle = <T extends Stocked>(item: T, loaded: number | null | undefined, now: Stocked | undefined, field: string): T => {
    // Absent (an API client that does not say), unmanaged on either side, or nothing moved: the save is what it says.
    if (loaded === undefined || !now?.manage_stock || !item.manage_stock || now.stock_quantity === loaded) return item;
    if (item.stock_quantity === loaded) return { ...item, stock_quantity: now.stock_quantity };
    errors[field] = stockChangedMessage(loaded, now.stock_quantity);
    current[field] = now.stock_quantity;
    return item;
  };
  const storedVariations = new Map(stored.variations.map((v) => [v.id, v]));
  const settled: ProductInput = {
    ...settle(product, sent.original_stock_quantity, stored, "stock_quantity"),
    variations: product.variations.map((variation, i) =>
      settle(
        variation,
        sent.variations[i]?.original_stock_quantity,
        variation.id == null ? undefined : storedVariations.get(variation.id),
        `variations[${i}].stock_quantity`,
      ),
    ),
  };
  if (Object.keys(errors).length) {
    const code = "cw_rest_stock_changed";
    throw new StoreError(code, Object.values(errors)[0] as string, 409, {
      details: paramDetails(errors, code),
      // The quantities now, by field: the editor takes them as loaded, so saving again sets the owner's figure.
      stock: current,
    });
  }
  return settled;
}
