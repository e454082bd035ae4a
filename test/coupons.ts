/** A coupon row written straight into a test shop's database, for limits the owner API would take several calls to set. */
import type { Insertable } from "kysely";
import type { Db } from "../apps/server/src/db/index.ts";
import type { Database } from "../apps/server/src/db/schema.ts";
import { COUPON_DEFAULTS } from "../apps/server/src/seed/index.ts";

type CouponFields = Partial<Insertable<Database["coupons"]>>;

/** A 10 % coupon (amounts in basis points) with no limits unless `fields` set them; answers its id. */
export async function insertCoupon(db: Db, code: string, fields: CouponFields = {}): Promise<number> {
  const row = await db
    .insertInto("coupons")
    .values({
      ...COUPON_DEFAULTS,
      code,
      description: "",
      type: "percent",
      amount: 1000,
      product_ids: "[]",
      created_at: new Date().toISOString(),
      ...fields,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
