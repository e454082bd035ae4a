/** The owner API's reports tabs' rows (`GET /api/admin/v1/reports/{tab}`, decision 0104). */

export interface ProductReportRow {
  product_id: number;
  variation_id: number | null;
  name: string;
  /** "Colour: Red, Size: M" for a variation, else "". */
  variation: string;
  sku: string;
  items_sold: number;
  /** Minor units: the lines' totals after discounts, before tax, less their refunds' part before tax. */
  net_sales: number;
  orders: number;
}

export interface CouponReportRow {
  code: string;
  /** The coupon's id when it still exists under that code, else null. */
  coupon_id: number | null;
  orders: number;
  /** Minor units, before tax. */
  discount: number;
}

export interface TaxReportRow {
  name: string;
  rate: string;
  label: string;
  order_tax: number;
  shipping_tax: number;
  total_tax: number;
  orders: number;
}

export interface CustomerReportRow {
  /** The account's id; null for a guest, known by the e-mail of their orders. */
  customer_id: number | null;
  type: "registered" | "guest";
  /** The account's first and last names; a guest's newest counted order's billing names, else their e-mail. */
  name: string;
  email: string;
  orders: number;
  /** Minor units: paid orders' totals less what was refunded of them. */
  spend: number;
  average: number;
  last_order_at: string;
}
