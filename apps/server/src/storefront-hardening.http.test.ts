/** The storefront's forms and pages with hostile input (issue 14): the same 4xx on both databases, never a 500; private pages not cached. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

const browser = () => new PageBrowser(() => shop.app);

describe("storefront forms with text no database can store", () => {
  it("the sign-in and registration forms refuse an email with NUL", async () => {
    for (const intent of ["sign-in", "register"]) {
      const response = await browser().post("/my-account", { intent, email: "jane\u0000@example.com", password: "demo-jane-2026" });
      expect(response.statusCode, `${intent}: ${response.body.slice(0, 300)}`).toBe(400);
    }
  });

  it("the product form refuses an id past the id columns' range", async () => {
    const response = await browser().post("/product/beanie", { "add-to-cart": "2147483648", quantity: "1" });
    expect(response.statusCode).toBe(400);
  });
});

describe("storefront pages with ids past the range", () => {
  it("answer the 404 page", async () => {
    const shopper = browser();
    await shopper.signIn("jane@example.com", "demo-jane-2026");
    for (const url of ["/my-account/orders/2147483648", "/checkout/order-received/2147483648?key=x", "/product/2147483648"]) {
      const response = await shopper.get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("pages holding the shopper's data", () => {
  it("/cart is not cached", async () => {
    const response = await browser().get("/cart");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });
});
