/**
 * The shop's after-add setting on the pages that work without JavaScript (spec §4 "Add-to-cart button"):
 * with "Go to the cart" (navigate) a listing's add-to-cart link and a product page's form go to the cart;
 * otherwise, and after a refused add, they come back to the page they were on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { updateSettings } from "./modules/settings/index.ts";

let shop: TestShop;
let beanie: number;
let signedBook: number;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
  beanie = (await shop.app.inject("/api/store/v1/products/beanie")).json().id;
  signedBook = (await shop.app.inject("/api/store/v1/products/signed-book")).json().id;
});
afterAll(() => shop.close());

const browser = () => new PageBrowser(() => shop.app);

describe("with the shop set to go to the cart after an add", () => {
  beforeAll(() => updateSettings(shop.db, { addToCartBehaviour: "navigate" }));
  afterAll(() => updateSettings(shop.db, { addToCartBehaviour: "open_drawer" }));

  it("a listing's add-to-cart link adds and goes to the cart, which holds the product", async () => {
    const shopper = browser();
    const added = await shopper.get(`/shop?orderby=price&add-to-cart=${beanie}`);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe("/cart");
    const cart = await shopper.get("/cart");
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain("Beanie");
    expect(cart.body).toContain("1 item in cart, total price of $18.00");
  });

  it("a product page's form adds and goes to the cart", async () => {
    const shopper = browser();
    const added = await shopper.post("/product/beanie", { "add-to-cart": String(beanie), quantity: "2" });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe("/cart");
    expect((await shopper.get("/cart")).body).toContain("2 items in cart, total price of $36.00");
  });

  it("a refused add stays on its page and says why", async () => {
    const shopper = browser();
    await shopper.get(`/shop?add-to-cart=${signedBook}`);
    const again = await shopper.get(`/shop?add-to-cart=${signedBook}`);
    expect(again.statusCode).toBe(303);
    expect(String(again.headers.location)).toMatch(/^\/shop\?add-error=/);
    expect((await shopper.get(String(again.headers.location))).body).toContain("You cannot add another “Signed Book” to your cart.");
    const form = await shopper.post("/product/signed-book", { "add-to-cart": String(signedBook), quantity: "1" });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain("You cannot add another “Signed Book” to your cart.");
  });
});

describe("with the shop set to open the mini-cart after an add", () => {
  it("a listing's link and a product page's form come back to their page saying what was added", async () => {
    const shopper = browser();
    const added = await shopper.get(`/shop?add-to-cart=${beanie}`);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/shop?added=${beanie}`);
    const form = await shopper.post("/product/beanie", { "add-to-cart": String(beanie), quantity: "1" });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("“Beanie” was added to your cart.");
  });
});
