/** A coupon row written straight into a test shop's database, for limits the owner API would take several calls to set. */
import type { Insertable } from "kysely";
import type { Db } from "../apps/server/src/db/index.ts";
import type { Database } from "../apps/server/src/db/schema.ts";

type CouponFields = Partial<Insertable<Database["coupons"]>>;

/** A 10 % coupon (amounts in basis points) with no limits unless `fields` set them; answers its id. */
export async function insertCoupon(db: Db, code: string, fields: CouponFields = {}): Promise<number> {
  const row = await db
    .insertInto("coupons")
    .values({
      code,
      description: "",
      type: "percent",
      amount: 1000,
      enabled: 1,
      free_shipping: 0,
      individual_use: 0,
      exclude_sale_items: 0,
      product_ids: "[]",
      excluded_product_ids: "[]",
      category_ids: "[]",
      excluded_category_ids: "[]",
      minimum_spend: null,
      maximum_spend: null,
      expires_at: null,
      usage_limit: null,
      usage_limit_per_user: null,
      usage_count: 0,
      limit_usage_to_x_items: null,
      allowed_emails: "[]",
      created_at: new Date().toISOString(),
      ...fields,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
