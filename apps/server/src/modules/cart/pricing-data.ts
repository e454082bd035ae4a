/** Loads the coupons and tax rates a cart is priced with, in the totals engine's terms. */
import type { Db } from "../../db/index.ts";
import { type CouponShopper, couponUsesBy } from "../../db/placed-orders.ts";
import { deepFreeze, revisionMap } from "../../db/revisions.ts";
import type { Cached } from "../../db/unit-of-work.ts";
import { type Coupon, mapped, parseRatePercent, type TaxRate } from "./totals/index.ts";

export interface LoadedCoupon {
  coupon: Coupon;
  enabled: boolean;
  usageCount: number;
  /** The shopper's own uses, read only for a coupon with a per-customer limit (else 0). */
  usesByShopper: number;
}

const numbers = (json: string) => JSON.parse(json) as number[];

/** The coupons by code; with a shopper, each per-customer-limited coupon's uses by that shopper (as the checkout counts them). */
export async function loadCoupons(db: Db, codes: string[], shopper?: CouponShopper): Promise<Map<string, LoadedCoupon>> {
  if (!codes.length) return new Map();
  const rows = await db.selectFrom("coupons").selectAll().where("code", "in", codes).execute();
  const limited = rows.filter((row) => row.usage_limit_per_user !== null).map((row) => row.id);
  const uses = shopper && limited.length ? await couponUsesBy(db, limited, shopper) : new Map<number, number>();
  return new Map(
    rows.map((row) => [
      row.code,
      {
        enabled: row.enabled === 1,
        usageCount: row.usage_count,
        usesByShopper: uses.get(row.id) ?? 0,
        coupon: {
          id: row.id,
          code: row.code,
          type: row.type,
          amount: row.amount,
          freeShipping: row.free_shipping === 1,
          individualUse: row.individual_use === 1,
          excludeSaleItems: row.exclude_sale_items === 1,
          productIds: numbers(row.product_ids),
          excludedProductIds: numbers(row.excluded_product_ids),
          categoryIds: numbers(row.category_ids),
          excludedCategoryIds: numbers(row.excluded_category_ids),
          minimumSpend: row.minimum_spend,
          maximumSpend: row.maximum_spend,
          expiresAt: row.expires_at,
          usageLimit: row.usage_limit,
          usageLimitPerUser: row.usage_limit_per_user,
          limitUsageToXItems: row.limit_usage_to_x_items,
          allowedEmails: JSON.parse(row.allowed_emails) as string[],
        },
      },
    ]),
  );
}

/**
 * Coupons by code, kept per process until any coupon changes (the coupons revision moves with an
 * edit and with every use counted, decision 0015). A code without a row is asked for again each time.
 */
const storedCoupons = revisionMap("coupons", async (db: Db, codes: string[]) => deepFreeze(await loadCoupons(db, codes)), {
  maxEntries: 10_000,
});
/** A shopper's uses of a per-customer-limited coupon, by `customerId|email|couponId`: counted uses move the same revision. */
const storedUses = revisionMap(
  "coupons",
  async (db: Db, keys: string[]) => {
    const found = new Map<string, number>();
    for (const key of keys) {
      const [customerId, email, couponId] = JSON.parse(key) as [number, string, number];
      found.set(key, (await couponUsesBy(db, [couponId], { customerId, email })).get(couponId) ?? 0);
    }
    return found;
  },
  { maxEntries: 10_000 },
);

/** The coupons of these codes, with the shopper's own uses of those limited per customer; from the caches when they hold them all. */
export function couponsCached(codes: string[], shopper?: CouponShopper): Cached<Map<string, LoadedCoupon>> {
  const usesKeys = (rows: Map<string, LoadedCoupon>) =>
    shopper && (shopper.email || shopper.customerId)
      ? mapped(
          [...rows.values()].filter((row) => row.coupon.usageLimitPerUser !== null),
          (row) => JSON.stringify([shopper.customerId, shopper.email, row.coupon.id]),
        )
      : [];
  const withUses = (rows: Map<string, LoadedCoupon>, uses: Map<string, number> | undefined) => {
    if (!uses?.size) return new Map(rows);
    return new Map(
      [...rows].map(([code, row]) => [
        code,
        { ...row, usesByShopper: uses.get(JSON.stringify([shopper?.customerId, shopper?.email, row.coupon.id])) ?? 0 },
      ]),
    );
  };
  return {
    peek: (db, revisions) => {
      if (!codes.length) return new Map();
      const rows = storedCoupons.peek(db, revisions, codes);
      if (!rows) return undefined;
      const keys = usesKeys(rows);
      const uses = keys.length ? storedUses.peek(db, revisions, keys) : undefined;
      return keys.length && !uses ? undefined : withUses(rows, uses);
    },
    load: async (db) => {
      if (!codes.length) return new Map();
      const rows = await storedCoupons(db, codes);
      const keys = usesKeys(rows);
      return withUses(rows, keys.length ? await storedUses(db, keys) : undefined);
    },
  };
}

export async function loadTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await db.selectFrom("tax_rates").selectAll().orderBy("priority").orderBy("sort_order").orderBy("id").execute();
  return mapped(rows, (row) => ({
    id: row.id,
    country: row.country,
    state: row.state,
    postcodes: JSON.parse(row.postcodes) as string[],
    cities: JSON.parse(row.cities) as string[],
    rate: parseRatePercent(row.rate),
    name: row.name,
    priority: row.priority,
    compound: row.compound === 1,
    shipping: row.shipping === 1,
    taxClass: row.tax_class,
    order: row.sort_order,
  }));
}
