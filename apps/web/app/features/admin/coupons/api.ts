/** The owner API's coupon calls (decision 0040) through the console's client. */

import type { CouponDetail, CouponInput, CouponList, CouponStatus, OwnerCoupon, OwnerCurrency } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";

export type { CouponDetail, CouponInput, CouponList, CouponStatus, CouponType, CouponUse } from "@cartwright/commerce/admin";
export type Coupon = OwnerCoupon;
export type CouponCurrency = OwnerCurrency;

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
  create: (body: CouponInput) => c().admin<CouponDetail>("/coupons", { method: "POST", body }),
  // The version the form was opened on: a coupon someone changed since is refused, not overwritten (decision 0158).
  save: (id: number, body: CouponInput, version: string) =>
    c().admin<CouponDetail>(`/coupons/${id}`, { method: "PUT", body: { ...body, version } }),
  remove: (id: number) => c().admin<void>(`/coupons/${id}`, { method: "DELETE" }),
  /** The shop's currency for a new coupon's amounts (the list carries it). */
  currency: async (): Promise<CouponCurrency> => {
    const { currency_code, currency_minor_unit } = await couponsApi.list({ search: "", status: "", page: 1 }, 1);
    return { currency_code, currency_minor_unit };
  },
};
