/** The owner API's stock report (`/api/admin/v1/reports/stock`, decision 0099). */

/** The report's tabs; each row is in exactly one of them but "all". */
export type StockReportStatus = "all" | "low" | "out" | "backorder" | "instock";

export interface StockReportRow {
  id: number;
  /** The product whose editor holds it (a variation's parent). */
  product_id: number;
  type: "simple" | "variable" | "variation";
  name: string;
  /** A variation's options ("Blue, S"); "" for a product of its own. */
  options: string;
  sku: string;
  published: boolean;
  stock_quantity: number;
  low_stock_amount: number;
  backorders: "no" | "notify" | "yes";
  status: Exclude<StockReportStatus, "all">;
}
