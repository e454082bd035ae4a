import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

/** Posts a form like a theme's script, keeping the session cookie. */
function themePage() {
  let cookie = "";
  const post = async (fields: Record<string, string>) => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/ajax",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
    const setCookie = response.headers["set-cookie"];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) cookie = first.split(";")[0] ?? "";
    return response;
  };
  return Object.assign(post, { cookie: () => cookie });
}

const id = async (slug: string) => (await shop.app.inject(`/api/store/v1/products/${slug}`)).json().id as number;

describe("POST /ajax (legacy page calls)", () => {
  it("adds to the cart and answers the mini-cart fragments and the cart hash", async () => {
    const post = themePage();
    const response = await post({ action: "add_to_cart", product_id: String(await id("beanie")), quantity: "2" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fragments["span.mini-cart__badge"]).toBe('<span class="mini-cart__badge">2</span>');
    expect(body.fragments["span.mini-cart__amount"]).toContain("$36.00");
    expect(body.cart_hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("answers error and the product page when the add is refused", async () => {
    const post = themePage();
    const response = await post({ action: "add_to_cart", product_id: String(await id("discontinued-mug")) });
    expect(response.json()).toMatchObject({ error: true, product_url: "/product/discontinued-mug" });
    const socks = await post({ action: "add_to_cart", product_id: String(await id("socks-3-pack")), quantity: "3" });
    expect(socks.json()).toMatchObject({ error: true, product_url: "/product/socks-3-pack", code: expect.stringMatching(/^cw_/) });
  });

  it("removes a line by its key, and fails for a key that is gone", async () => {
    const post = themePage();
    await post({ action: "add_to_cart", product_id: String(await id("beanie")) });
    const added = await post({ action: "add_to_cart", product_id: String(await id("classic-t-shirt")) });
    expect(added.json().fragments["span.mini-cart__badge"]).toContain(">2<");
    const cart = (await shop.app.inject({ url: "/api/store/v1/cart", headers: { cookie: post.cookie() } })).json();
    const removed = await post({ action: "remove_from_cart", cart_item_key: cart.items[0].key });
    expect(removed.json().fragments["span.mini-cart__badge"]).toContain(">1<");
    const missing = await post({ action: "remove_from_cart", cart_item_key: "no-such-line" });
    expect(missing.statusCode).toBe(404);
    // The theme's `error` beside the shop's error shape (code and message), which the resilience suite asks of every error.
    expect(missing.json()).toMatchObject({ error: true, code: "cw_rest_cart_invalid_key", message: expect.any(String) });
  });

  it("refuses a body that is not a form, naming the forms it takes", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/ajax?action=add_to_cart",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: "rest_unsupported_media_type",
      message: "This content type is not accepted here; send a form (application/x-www-form-urlencoded or multipart/form-data).",
    });
  });

  it("refuses an unknown action", async () => {
    const response = await themePage()({ action: "explode" });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("cw_ajax_unknown_action");
  });
});
