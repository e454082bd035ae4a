/**
 * The owner's money is read in the shop's own decimals, on SQLite and PostgreSQL. Amounts are kept in
 * the shop's minor units (its currency setting's decimals), which need not be ISO 4217's: a shop that
 * switched to yen with its two decimals kept sells a 20.00 T-shirt as 2000 minor units. Every owner
 * reply that carries money says how many decimals its amounts have (`currency_minor_unit`), as the
 * products and coupons replies do, so the console never reads 2000 as ¥2,000.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";

const ADMIN = "/api/admin/v1";
let shop: TestShop;
let owner: StoreClient;
let orderId: number;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
  const currency = (await owner.get(`${ADMIN}/settings/currency`)).json();
  // The shop has prices, so its decimals stay 2 (settings refuse to rescale them); only the code changes.
  const saved = await owner.request("PUT", `${ADMIN}/settings/currency`, { ...currency, code: "JPY", symbol: "¥" });
  expect(saved.statusCode, saved.body).toBe(200);
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, "classic-t-shirt"), quantity: 1 });
  const placed = await shopper.post("/checkout", { billing_address: testBilling("yen@example.com"), payment_method: "cod" });
  expect(placed.statusCode, placed.body).toBe(200);
  orderId = placed.json().order_id;
});
afterAll(() => shop?.close());

describe("owner replies with money", () => {
  it("say the shop's decimals, not the currency's ISO ones", async () => {
    const order = (await owner.get(`${ADMIN}/orders/${orderId}`)).json();
    // 20.00 + 1.45 tax (7.25 %) + 5.00 shipping + 0.36 its tax: in hundredths of a yen.
    expect(order.totals).toMatchObject({ currency: "JPY", currency_minor_unit: 2, total: 2681 });
    const row = (await owner.get(`${ADMIN}/orders`)).json().orders.find((o: { id: number }) => o.id === orderId);
    expect(row).toMatchObject({ currency: "JPY", currency_minor_unit: 2 });
    const updates = (await owner.get(`${ADMIN}/orders/updates?after_id=0`)).json().orders[0];
    expect(updates).toMatchObject({ id: orderId, currency_minor_unit: 2 });
    const printed = (await owner.get(`${ADMIN}/orders/documents?ids=${orderId}`)).json().orders[0];
    expect(printed.totals.currency_minor_unit).toBe(2);
    expect((await owner.get(`${ADMIN}/reports/overview`)).json()).toMatchObject({ currency_code: "JPY", currency_minor_unit: 2 });
    expect((await owner.get(`${ADMIN}/customers`)).json()).toMatchObject({ currency_code: "JPY", currency_minor_unit: 2 });
    expect((await owner.get(`${ADMIN}/customers/guests`)).json()).toMatchObject({ currency_code: "JPY", currency_minor_unit: 2 });
    const guest = (await owner.get(`${ADMIN}/customers/guest?email=yen@example.com`)).json();
    expect(guest.totals).toMatchObject({ currency_code: "JPY", currency_minor_unit: 2, spend: 2681 });
    expect(guest.orders[0]).toMatchObject({ currency_code: "JPY", currency_minor_unit: 2 });
  });
});
