/**
 * A coupon's partial change (PATCH) merges into the coupon as it is when written: two of the
 * owner's changes of one coupon sent at once both stay (issue 21, the same shape as a product's
 * PATCH, which the resilience suite's crash scenario caught losing a stock change).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedInOwner } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";

let shop: TestShop;
let owner: StoreClient;
let coupon: number;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
  const listed = (await adminCall(owner, "GET", "/coupons?search=5off")).json() as { coupons: { id: number; code: string }[] };
  coupon = (listed.coupons.find((c) => c.code.toLowerCase() === "5off") as { id: number }).id;
});
afterAll(() => shop.close());

describe("a coupon's partial changes sent at once", () => {
  it("keeps both the amount and the description", async () => {
    for (let round = 0; round < 20; round++) {
      const [amount, description] = await Promise.all([
        adminCall(owner, "PATCH", `/coupons/${coupon}`, { amount: 400 + round }),
        adminCall(owner, "PATCH", `/coupons/${coupon}`, { description: `round ${round}` }),
      ]);
      expect([amount.statusCode, description.statusCode], `${amount.body} ${description.body}`).toEqual([200, 200]);
      expect((await adminCall(owner, "GET", `/coupons/${coupon}`)).json()).toMatchObject({
        amount: 400 + round,
        description: `round ${round}`,
      });
    }
  });
});
