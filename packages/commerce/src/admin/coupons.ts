/** The owner API's coupons (decision 0040), as the server answers and the console reads them. */
import type { OwnerPaging } from "./catalogue.ts";

export type CouponType = "percent" | "fixed_cart" | "fixed_product";
export type CouponStatus = "active" | "disabled" | "expired";

/** A coupon as the owner API reads and writes it: amounts in basis points (percent) or minor units. */
export interface CouponInput {
  code: string;
  description: string;
  type: CouponType;
  amount: number;
  enabled: boolean;
  free_shipping: boolean;
  individual_use: boolean;
  exclude_sale_items: boolean;
  product_ids: number[];
  excluded_product_ids: number[];
  category_ids: number[];
  excluded_category_ids: number[];
  minimum_spend: number | null;
  maximum_spend: number | null;
  expires_at: string | null;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  allowed_emails: string[];
}

export interface OwnerCoupon extends CouponInput {
  id: number;
  usage_count: number;
  created_at: string;
  /** What the owner can change, fingerprinted: sent back with a save, a coupon changed since is refused (decision 0158). */
  version: string;
}

/** One order that used a coupon, as its page lists them. */
export interface CouponUse {
  order_id: number;
  status: string;
  created_at: string;
  billing_email: string;
  discount: number;
  discount_tax: number;
}

export interface CouponList extends OwnerPaging {
  coupons: OwnerCoupon[];
  currency_code: string;
  currency_minor_unit: number;
}

/** One coupon with how many orders used it and the newest of them. */
export interface CouponDetail extends OwnerCoupon {
  usage: { orders: number; recent: CouponUse[] };
  currency_code: string;
  currency_minor_unit: number;
}
