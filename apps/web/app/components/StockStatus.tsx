/** The stock line of a product or variation. */
import { productMessages } from "../features/product/messages.ts";

export interface StockState {
  is_in_stock: boolean;
  is_on_backorder: boolean;
  low_stock_remaining: number | null;
}

export function stockText(stock: StockState): string {
  if (!stock.is_in_stock) return productMessages.outOfStock;
  if (stock.is_on_backorder) return productMessages.onBackorder;
  if (stock.low_stock_remaining) return productMessages.lowStock(stock.low_stock_remaining);
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
