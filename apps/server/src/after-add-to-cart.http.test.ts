/**
 * The shop's after-add setting on the pages that work without JavaScript (spec §4 "Add-to-cart button"):
 * with "Go to the cart" (navigate) a listing's add-to-cart link and a product page's form go to the cart;
 * otherwise they come back to the page they were on, and a refused add says why on the page itself, never
 * from the address (?add-error=… is no longer read: anyone could write one).
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
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('role="alert">You cannot add another “Signed Book” to your cart.</p>');
    const fromProduct = await shopper.get(`/product/beanie?add-to-cart=${signedBook}`);
    expect(fromProduct.statusCode).toBe(200);
    expect(fromProduct.body).toContain('role="alert">You cannot add another “Signed Book” to your cart.</p>');
    const form = await shopper.post("/product/signed-book", { "add-to-cart": String(signedBook), quantity: "1" });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain("You cannot add another “Signed Book” to your cart.");
  });
});

describe("what an address can make the shop say", () => {
  it("shows no text written into the address, only the name of a product it added", async () => {
    const shopper = browser();
    const forged = "Your order was cancelled. Call +1 555 0100 to pay again.";
    for (const path of ["/shop", "/product/beanie", "/product-category/clothing"]) {
      const page = await shopper.get(`${path}?add-error=${encodeURIComponent(forged)}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain("Your order was cancelled.");
    }
    expect((await shopper.get(`/shop?added=${signedBook}`)).body).toContain("“Signed Book” was added to your cart.");
  });

  it("a form posted from a refused link's page adds its own product once, not the link's again", async () => {
    const shopper = browser();
    await shopper.get(`/shop?add-to-cart=${signedBook}`);
    const refused = await shopper.get(`/product/beanie?add-to-cart=${signedBook}`);
    expect(refused.body).toContain("You cannot add another “Signed Book” to your cart.");
    // The page's own form posts to the product's address, without the link's ?add-to-cart.
    expect(refused.body).toContain('<form class="cart-form" action="/product/beanie" method="post">');
    const posted = await shopper.post("/product/beanie", { "add-to-cart": String(beanie), quantity: "1" });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain("“Beanie” was added to your cart.");
    expect(posted.body).not.toContain("You cannot add another “Signed Book”");
    expect((await shopper.get("/cart")).body).toContain("2 items in cart, total price of $53.00");
  });
});

describe("with the shop set to open the mini-cart after an add", () => {
  it("the product page comes back with the options and quantity the shopper posted, added or refused", async () => {
    const shopper = browser();
    const hoodie = (await shop.app.inject("/api/store/v1/products/hoodie")).json().id;
    const added = await shopper.post("/product/hoodie", {
      "add-to-cart": String(hoodie),
      attribute_pa_color: "red",
      attribute_pa_size: "l",
      quantity: "2",
    });
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain("“Hoodie” was added to your cart.");
    expect(added.body).toContain('<option value="red" selected="">Red</option>');
    expect(added.body).toContain('<option value="l" selected="">L</option>');
    expect(added.body).toMatch(/<input[^>]*name="quantity"[^>]*value="2"/);

    const print = (await shop.app.inject("/api/store/v1/products/limited-print")).json().id;
    const refused = await shopper.post("/product/limited-print", { "add-to-cart": String(print), quantity: "5" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("not enough stock");
    expect(refused.body).toMatch(/<input[^>]*name="quantity"[^>]*value="5"/);
    // An option no term has, or a quantity that is no number, is not drawn back: the form starts as usual.
    const odd = await shopper.post("/product/hoodie", { "add-to-cart": String(hoodie), attribute_pa_color: "green", quantity: "lots" });
    expect(odd.statusCode).toBe(400);
    expect(odd.body).not.toContain('selected="">Red');
    expect(odd.body).toMatch(/<input[^>]*name="quantity"[^>]*value="1"/);
    // A hand-made post's huge option is not sent back whole with the page.
    const huge = await shopper.post("/product/hoodie", {
      "add-to-cart": String(hoodie),
      attribute_pa_color: "x".repeat(100_000),
      quantity: "1",
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.body).not.toContain("x".repeat(1_000));
  });

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
