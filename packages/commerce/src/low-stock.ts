/**
 * When stock is low (decision 0099): one rule for the owner's low-stock notices and report and for what
 * the shop tells shoppers ("Only 3 left in stock", the Store API's `low_stock_remaining`). Pure.
 */

/** The amount at or below which stock is low: the variation's own, else its parent product's, else the shop's. */
export function lowStockAmountOf(own: number | null, parent: number | null | undefined, shop: number): number {
  return own ?? parent ?? shop;
}

/** What a shopper is told is left: the stock remaining when above zero and at or below the low amount, else null. */
export function lowStockRemaining(remaining: number | null, lowAmount: number): number | null {
  return remaining !== null && remaining > 0 && remaining <= lowAmount ? remaining : null;
}
