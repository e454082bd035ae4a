/** The stock line of a product or variation. */
import { productMessages } from "../features/product/messages.ts";

export interface StockState {
  is_in_stock: boolean;
  is_on_backorder: boolean;
  low_stock_remaining: number | null;
  /** The quantity in stock it tracks; null when it tracks none. */
  stock_quantity: number | null;
}

/**
 * The stock line (decision 0153): a low quantity says so ("Only 3 left in stock"), any other tracked quantity shows
 * as "12 in stock", and one that tracks none reads "In stock". The shop's stock display format is applied by the
 * server, which leaves out the counts it hides (null), so they read "In stock" here and never reach the page.
 */
export function stockText(stock: StockState): string {
  if (!stock.is_in_stock) return productMessages.outOfStock;
  if (stock.is_on_backorder) return productMessages.onBackorder;
  if (stock.low_stock_remaining) return productMessages.lowStock(stock.low_stock_remaining);
  if (stock.stock_quantity !== null) return productMessages.quantityInStock(stock.stock_quantity);
  return productMessages.inStock;
}

function stockClass(stock: StockState): string {
  if (!stock.is_in_stock) return "stock stock--out";
  if (stock.is_on_backorder) return "stock stock--backorder";
  if (stock.low_stock_remaining) return "stock stock--low";
  return "stock stock--in";
}

export function StockStatus({ stock }: { stock: StockState }) {
  return <p className={stockClass(stock)}>{stockText(stock)}</p>;
}
