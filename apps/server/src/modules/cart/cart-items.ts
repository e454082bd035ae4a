/** Choosing what goes into a cart line: variation resolution, line keys, and quantity rules. */
import { hash } from "node:crypto";
import type { Purchasable } from "../catalog/index.ts";
import { cartErrors } from "./cart.errors.ts";

export interface VariationChoice {
  attribute: string;
  value: string;
}

const slugOf = (attribute: string) =>
  attribute
    .trim()
    .toLowerCase()
    .replace(/^attribute_/, "")
    .replace(/^pa_/, "");

/** The variation a shopper's choices point to, with the choices spelled out as the shop names them. */
export function resolveVariation(product: Purchasable, choices: VariationChoice[]): { variationId: number; variation: VariationChoice[] } {
  const chosen = new Map<string, string>();
  for (const choice of choices) chosen.set(slugOf(choice.attribute), choice.value.trim().toLowerCase());
  const missing = product.variationAttributes.filter((a) => !chosen.get(a.slug));
  if (missing.length) throw cartErrors.missingVariationData(missing.map((a) => a.name));
  const normalised: VariationChoice[] = [];
  const wanted = new Map<string, string>();
  for (const attribute of product.variationAttributes) {
    const value = chosen.get(attribute.slug) ?? "";
    const term = attribute.terms.find((t) => t === value) ?? attribute.terms.find((t) => t.toLowerCase() === value.replace(/\s+/g, "-"));
    if (!term) throw cartErrors.invalidVariationData(attribute.name, attribute.terms);
    wanted.set(attribute.slug, term);
    normalised.push({ attribute: attribute.name, value: term });
  }
  const match = product.variations.find((v) => v.attributes.every((a) => wanted.get(a.slug) === a.value));
  if (!match) throw cartErrors.noMatchingVariation();
  return { variationId: match.id, variation: normalised };
}

/** Same product, variation and data → same line; the key is stable across requests and processes. */
export function lineKey(productId: number, variationId: number | null, variation: VariationChoice[], itemData: unknown[]): string {
  return hash("sha256", JSON.stringify([productId, variationId, variation, itemData]), "hex").slice(0, 32);
}

/**
 * Throws the coded error a quantity breaks, checking limits first and stock last. `held` is what
 * other shoppers' orders hold of the item now: the stock is the shelf less that (decision 0096).
 */
export function checkQuantity(item: Purchasable, quantity: number, held = 0): void {
  const name = item.parent.name;
  const { row, limits } = item;
  if (item.price === null) throw cartErrors.notPurchasable(name);
  if (row.stock_status === "outofstock") throw cartErrors.outOfStock(name);
  if (row.sold_individually && quantity > 1) throw cartErrors.soldIndividually(name);
  if (quantity < limits.minimum) throw cartErrors.belowMinimum(name, limits.minimum);
  if (quantity % limits.multiple_of !== 0) throw cartErrors.notMultiple(name, limits.multiple_of);
  const stock = row.manage_stock && row.backorders === "no" ? Math.max(0, (row.stock_quantity ?? 0) - held) : null;
  if (stock !== null && quantity > stock) throw cartErrors.partiallyOutOfStock(name, stock);
  if (quantity > limits.maximum) throw cartErrors.aboveMaximum(name, limits.maximum);
}
