/**
 * My account's orders a page at a time (WooCommerce's my-account orders pages): a customer with 30
 * orders gets pages of 10, newest first, with Previous and Next as plain links, so no JavaScript is needed.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { productId, TEST_ADDRESS } from "../../../test/store-client.ts";
import { listCustomerOrders } from "./modules/orders/index.ts";

let shop: TestShop;
let tShirt: number;
const sam = new PageBrowser(() => shop.app);
const placed: number[] = [];

beforeAll(async () => {
  shop = await createTestShop({ web: true });
  tShirt = await productId(shop.app, "classic-t-shirt");
  const registered = await sam.post("/my-account", { intent: "register", email: "sam@example.com", password: "long-enough-1" });
  expect(registered.statusCode).toBe(303);
  for (let n = 0; n < 30; n++) {
    await sam.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const order = await sam.api("POST", "/checkout", {
      billing_address: { ...TEST_ADDRESS, email: "sam@example.com" },
      payment_method: "cod",
    });
    placed.push(order.order_id);
  }
});
afterAll(() => shop.close());

/** The order links of a page's table, in the order shown. */
const listed = (page: LightMyRequestResponse) =>
  [...page.body.matchAll(/<th scope="row"><a href="\/my-account\/orders\/(\d+)"/g)].map((match) => Number(match[1]));
const newestFirst = () => [...placed].reverse();

describe("my account's orders, 30 of them", () => {
  it("shows the newest 10 on the first page, with links to the next page", async () => {
    const page = await sam.get("/my-account/orders");
    expect(page.statusCode).toBe(200);
    expect(listed(page)).toEqual(newestFirst().slice(0, 10));
    expect(page.body).toContain('<nav class="pagination" aria-label="Order pages">');
    expect(page.body).toMatch(
      /<a rel="next" class="pagination__link pagination__link--next" href="\/my-account\/orders\?page=2"[^>]*>Next<\/a>/,
    );
    expect(page.body).not.toContain('rel="prev"');
    expect(page.body).toContain('<li class="pagination__gap">Page 1 of 3</li>');
    expect(page.body).toContain("<title>Orders (page 1 of 3) – Cartwright Demo</title>");
  });

  it("goes on through the pages with Previous and Next, the last one ending the list", async () => {
    const second = await sam.get("/my-account/orders?page=2");
    expect(listed(second)).toEqual(newestFirst().slice(10, 20));
    expect(second.body).toContain('<li class="pagination__gap">Page 2 of 3</li>');
    expect(second.body).toMatch(
      /<a rel="prev" class="pagination__link pagination__link--prev" href="\/my-account\/orders"[^>]*>Previous<\/a>/,
    );
    expect(second.body).toMatch(/<a rel="next" [^>]*href="\/my-account\/orders\?page=3"[^>]*>Next<\/a>/);
    const third = await sam.get("/my-account/orders?page=3");
    expect(listed(third)).toEqual(newestFirst().slice(20, 30));
    expect(third.body).toMatch(/<a rel="prev" [^>]*href="\/my-account\/orders\?page=2"[^>]*>Previous<\/a>/);
    expect(third.body).not.toContain('rel="next"');
  });

  it("sends a page past the end to the last page, and a page that is no number to the first", async () => {
    for (const [asked, location] of [
      ["4", "/my-account/orders?page=3"],
      ["999999999", "/my-account/orders?page=3"],
      ["0", "/my-account/orders"],
      ["-1", "/my-account/orders"],
      ["two", "/my-account/orders"],
      ["1e3", "/my-account/orders"],
    ]) {
      const page = await sam.get(`/my-account/orders?page=${asked}`);
      expect(page.statusCode, asked).toBe(302);
      expect(page.headers.location, asked).toBe(location);
    }
  });

  it("reads one page of rows only, and shows another customer none of them", async () => {
    const samId = sam.uid();
    const second = await listCustomerOrders(shop.db, samId, 2);
    expect(second).toMatchObject({ page: 2, pages: 3, total: 30 });
    expect(second.orders.map((order) => order.id)).toEqual(newestFirst().slice(10, 20));
    expect((await listCustomerOrders(shop.db, samId, 4)).orders).toEqual([]);

    const jane = new PageBrowser(() => shop.app);
    await jane.signIn("jane@example.com", "demo-jane-2026");
    const page = await jane.get("/my-account/orders");
    expect(page.body).toContain("You have not placed any orders yet.");
    expect(page.body).not.toContain('class="pagination"');
    expect((await jane.get("/my-account/orders?page=2")).headers.location).toBe("/my-account/orders");
  });
});
