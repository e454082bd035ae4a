/**
 * The header mini-cart's tax label (spec §2 "Mini-cart", decision 0141): shown once the cart has an item,
 * "(incl. tax)" when the cart shows tax the prices were entered without, "(ex. tax)" the other way round,
 * nothing when the two agree.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { updateSettings } from "./modules/settings/index.ts";

let shop: TestShop;
let beanie: number;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
  beanie = (await shop.app.inject("/api/store/v1/products/beanie")).json().id;
});
afterAll(() => shop.close());

/** The label in the header of /shop, for a shopper with a beanie in the cart or none; null when there is none. */
async function headerLabel(withItem: boolean): Promise<string | null> {
  const shopper = new PageBrowser(() => shop.app);
  if (withItem) await shopper.get(`/shop?add-to-cart=${beanie}`);
  const page = await shopper.get("/shop");
  expect(page.statusCode).toBe(200);
  if (withItem) expect(page.body).toContain("1 item in cart, total price of");
  return /<small class="mini-cart__tax-label"[^>]*>([^<]*)<\/small>/.exec(page.body)?.[1] ?? null;
}

describe("the mini-cart's tax label", () => {
  afterAll(() => updateSettings(shop.db, { displayCartPricesIncludingTax: false, pricesIncludeTax: false }));

  it("says (incl. tax) when the cart shows tax on prices entered without it, once the cart has an item", async () => {
    await updateSettings(shop.db, { displayCartPricesIncludingTax: true, pricesIncludeTax: false });
    expect(await headerLabel(true)).toBe("(incl. tax)");
    expect(await headerLabel(false)).toBeNull();
  });

  it("says (ex. tax) when the cart leaves out tax the prices were entered with", async () => {
    await updateSettings(shop.db, { displayCartPricesIncludingTax: false, pricesIncludeTax: true });
    expect(await headerLabel(true)).toBe("(ex. tax)");
  });

  it("says nothing when the cart shows prices as they were entered", async () => {
    await updateSettings(shop.db, { displayCartPricesIncludingTax: false, pricesIncludeTax: false });
    expect(await headerLabel(true)).toBeNull();
    await updateSettings(shop.db, { displayCartPricesIncludingTax: true, pricesIncludeTax: true });
    expect(await headerLabel(true)).toBeNull();
  });
});
