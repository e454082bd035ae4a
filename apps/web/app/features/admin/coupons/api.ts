/** The owner API's coupon calls (decision 0040) through the console's client. */
import { adminClient } from "../api.ts";

export type CouponType = "percent" | "fixed_cart" | "fixed_product";
export type CouponStatus = "active" | "disabled" | "expired";

/** A coupon as the API writes it: amounts in basis points (percent) or minor units. */
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

export interface Coupon extends CouponInput {
  id: number;
  usage_count: number;
  created_at: string;
}

export interface CouponCurrency {
  currency_code: string;
  currency_minor_unit: number;
}

export interface CouponList extends CouponCurrency {
  coupons: Coupon[];
  total: number;
  page: number;
  pages: number;
}

export interface CouponUse {
  order_id: number;
  status: string;
  created_at: string;
  billing_email: string;
  discount: number;
  discount_tax: number;
}

export interface CouponDetail extends Coupon, CouponCurrency {
  usage: { orders: number; recent: CouponUse[] };
}

export interface CouponQuery {
  search: string;
  status: CouponStatus | "";
  page: number;
}

const c = () => adminClient();

export const couponsApi = {
  list: (query: CouponQuery, perPage: number) =>
    c().admin<CouponList>("/coupons", { query: { search: query.search, status: query.status, page: query.page, per_page: perPage } }),
  get: (id: number) => c().admin<CouponDetail>(`/coupons/${id}`),
  create: (body: CouponInput) => c().admin<Coupon>("/coupons", { method: "POST", body }),
  save: (id: number, body: CouponInput) => c().admin<Coupon>(`/coupons/${id}`, { method: "PUT", body }),
  remove: (id: number) => c().admin<void>(`/coupons/${id}`, { method: "DELETE" }),
  /** The shop's currency for a new coupon's amounts (the list carries it). */
  currency: async (): Promise<CouponCurrency> => {
    const { currency_code, currency_minor_unit } = await couponsApi.list({ search: "", status: "", page: 1 }, 1);
    return { currency_code, currency_minor_unit };
  },
};
