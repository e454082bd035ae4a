/**
 * How the cart says tax when its prices show another way than they were entered (decision 0141):
 * - the header mini-cart's tax label (spec §2 "Mini-cart"): shown once the cart has an item, "(incl. tax)" when the
 *   cart shows tax the prices were entered without, "(ex. tax)" the other way round, nothing when the two agree;
 * - with the cart's prices shown including tax, the cart's and the checkout's totals have no Taxes row (the lines
 *   already hold the tax) and say "Including $X in taxes" under the total instead.
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

/** A shopper with a beanie in the cart. */
async function shopperWithBeanie() {
  const shopper = new PageBrowser(() => shop.app);
  await shopper.get(`/shop?add-to-cart=${beanie}`);
  return shopper;
}

/** The label in the header of /shop, for a shopper with a beanie in the cart or none; null when there is none. */
async function headerLabel(withItem: boolean): Promise<string | null> {
  const shopper = withItem ? await shopperWithBeanie() : new PageBrowser(() => shop.app);
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

const taxRow = /<dt class="totals__label">Taxes<\/dt>/;
const totalItem = (html: string) => /<div class="totals__item totals__item--total">.*?<\/div>/s.exec(html)?.[0] ?? "";

describe("the totals with prices shown including tax", () => {
  beforeAll(() => updateSettings(shop.db, { displayCartPricesIncludingTax: true }));
  afterAll(() => updateSettings(shop.db, { displayCartPricesIncludingTax: false }));

  // $18.00 and $5.00 of shipping at 7.25 % (California, the shop's base location): $1.67 of tax in $24.67.
  it("say the tax under the cart's total, with no Taxes row", async () => {
    const cart = await (await shopperWithBeanie()).get("/cart");
    expect(cart.statusCode).toBe(200);
    expect(cart.body).not.toMatch(taxRow);
    expect(totalItem(cart.body)).toContain('<dd class="totals__description">Including $1.67 in taxes</dd>');
    expect(totalItem(cart.body)).toContain('<dd class="totals__description">Shipping will be calculated at checkout</dd>');
  });

  it("say it under the checkout's total too", async () => {
    const checkout = await (await shopperWithBeanie()).get("/checkout");
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).not.toMatch(taxRow);
    expect(totalItem(checkout.body)).toContain('<dd class="totals__description">Including $1.67 in taxes</dd>');
  });
});

describe("the totals with prices shown without tax", () => {
  it("keep the Taxes row and say nothing under the total", async () => {
    const cart = await (await shopperWithBeanie()).get("/cart");
    expect(cart.body).toMatch(taxRow);
    expect(cart.body).not.toContain("in taxes");
  });
});
