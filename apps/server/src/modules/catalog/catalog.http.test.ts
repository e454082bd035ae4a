import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

async function list(query = "") {
  const response = await shop.app.inject(`/api/store/v1/products${query}`);
  return { response, products: response.json() as StoreProduct[] };
}

describe("GET /api/store/v1/products", () => {
  it("lists the visible demo catalogue, ten a page, with total headers and links", async () => {
    const { response, products } = await list();
    expect(response.statusCode).toBe(200);
    expect(products).toHaveLength(10);
    expect(response.headers["x-total"]).toBe("24");
    expect(response.headers["x-total-pages"]).toBe("3");
    // WooCommerce's names too, for clients written for it.
    expect([response.headers["x-wp-total"], response.headers["x-wp-totalpages"]]).toEqual(["24", "3"]);
    expect(response.headers.link).toContain('page=2>; rel="next"');
    expect(response.headers.link).not.toContain('rel="prev"');
  });

  it("pages without repeating or skipping a product", async () => {
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const { products, response } = await list(`?per_page=10&page=${page}&orderby=title`);
      if (page === 2) expect(response.headers.link).toContain('rel="prev"');
      seen.push(...products.map((p) => p.id));
    }
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
    const { products } = await list("?page=4");
    expect(products).toEqual([]);
  });

  it("never lists or finds hidden products", async () => {
    const all = await list("?per_page=100");
    expect(all.products.map((p) => p.slug)).not.toContain("secret-item");
    const search = await list("?search=secret");
    expect(search.products).toEqual([]);
    expect(search.response.headers["x-total"]).toBe("0");
  });

  it("searches names case-insensitively and treats wildcards literally", async () => {
    const { products } = await list("?search=HOOD");
    expect(products.map((p) => p.slug)).toEqual(["hoodie"]);
    expect((await list("?search=%25")).products).toEqual([]);
    expect((await list("?search=_")).products).toEqual([]);
  });

  it("filters by category slug or id, and by tag", async () => {
    const clothing = await list("?category=clothing&per_page=100");
    expect(clothing.products.map((p) => p.slug).sort()).toEqual(
      ["classic-t-shirt", "denim-jacket", "hoodie", "linen-shirt", "socks-3-pack"].sort(),
    );
    const id = clothing.products[0]?.categories[0]?.id;
    const byId = await list(`?category=${id}&per_page=100`);
    expect(byId.products).toHaveLength(5);
    const winter = await list("?tag=winter&per_page=100");
    expect(winter.products.map((p) => p.slug).sort()).toEqual(["beanie", "hoodie", "throw-blanket", "wool-scarf"]);
  });

  it("filters products on sale, including a variable product with one variation on sale", async () => {
    const { products } = await list("?on_sale=true&per_page=100");
    expect(products.map((p) => p.slug).sort()).toEqual(["beanie", "hoodie", "wool-scarf"]);
    const notOnSale = await list("?on_sale=false&per_page=100");
    expect(notOnSale.products).toHaveLength(21);
  });

  it("filters by stock status", async () => {
    expect((await list("?stock_status=outofstock")).products.map((p) => p.slug)).toEqual(["discontinued-mug"]);
    expect((await list("?stock_status=onbackorder")).products.map((p) => p.slug)).toEqual(["pre-order-poster"]);
    expect((await list("?stock_status=outofstock,onbackorder")).products).toHaveLength(2);
  });

  it("orders by price both ways, a variable product by its cheapest variation going up and its dearest going down", async () => {
    const ascending = (await list("?orderby=price&order=asc&per_page=100")).products;
    const prices = ascending.map((p) => Number(p.prices.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ascending[0]?.slug).toBe("enamel-pin-set");
    const descending = (await list("?orderby=price&order=desc&per_page=100")).products;
    expect(descending[0]?.slug).toBe("denim-jacket");
    // From high to low a variable product counts its dearest variation: the $39–$45 hoodie before a $42 product.
    const hoodie = descending.findIndex((p) => p.slug === "hoodie");
    const dearer = descending.findIndex((p) => p.slug !== "hoodie" && Number(p.prices.price) < 4500 && Number(p.prices.price) > 3900);
    expect(dearer).toBeGreaterThan(-1);
    expect(hoodie).toBeLessThan(dearer);
  });

  it("orders by popularity, rating, date and title", async () => {
    expect((await list("?orderby=popularity")).products[0]?.slug).toBe("discontinued-mug");
    expect((await list("?orderby=rating")).products[0]?.slug).toBe("limited-print");
    expect((await list("?orderby=date")).products[0]?.slug).toBe("yoga-mat");
    expect((await list("?orderby=title")).products[0]?.slug).toBe("baseball-cap");
    expect((await list("?orderby=title&order=desc")).products[0]?.slug).toBe("yoga-mat");
  });

  it("rejects bad parameters with rest_invalid_param and a detail per parameter", async () => {
    for (const query of [
      "?per_page=0",
      "?per_page=101",
      "?page=0",
      "?page=abc",
      "?orderby=colour",
      "?order=up",
      "?stock_status=gone",
      "?on_sale=maybe",
    ]) {
      const response = await shop.app.inject(`/api/store/v1/products${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.code).toBe("rest_invalid_param");
      expect(body.data.status).toBe(400);
      expect(Object.keys(body.data.details)).toHaveLength(1);
    }
  });

  it("names the allowed values of a field that lists them", async () => {
    const response = await shop.app.inject("/api/store/v1/products?order=up");
    expect(response.json().data.params).toEqual({ order: 'order must be one of "asc", "desc"' });
  });
});

describe("GET /api/store/v1/products/{id or slug}", () => {
  it("answers a simple product with every field of a catalogue product", async () => {
    const response = await shop.app.inject("/api/store/v1/products/classic-t-shirt");
    expect(response.statusCode).toBe(200);
    const product = response.json() as StoreProduct;
    expect(product).toMatchObject({
      name: "Classic T-Shirt",
      slug: "classic-t-shirt",
      type: "simple",
      parent: 0,
      permalink: "/product/classic-t-shirt",
      on_sale: false,
      is_purchasable: true,
      is_in_stock: true,
      is_on_backorder: false,
      low_stock_remaining: null,
      sold_individually: false,
      has_options: false,
      prices: {
        price: "2000",
        regular_price: "2000",
        sale_price: "2000",
        price_range: null,
        currency_code: "USD",
        currency_symbol: "$",
        currency_minor_unit: 2,
        currency_prefix: "$",
        currency_suffix: "",
        currency_decimal_separator: ".",
        currency_thousand_separator: ",",
      },
      add_to_cart: { text: "Add to cart", minimum: 1, maximum: 99, multiple_of: 1 },
    });
    for (const key of [
      "id",
      "variation",
      "sku",
      "short_description",
      "description",
      "price_html",
      "average_rating",
      "review_count",
      "images",
      "categories",
      "tags",
      "attributes",
      "variations",
    ]) {
      expect(product).toHaveProperty(key);
    }
    expect(product.categories[0]).toMatchObject({ slug: "clothing", link: "/product-category/clothing" });
    // The largest resized file; the demo's drawing is drawn at 300, 600 and 1200 pixels (decision 0045).
    expect(product.images[0]?.src).toMatch(/^\/media\/\d+\/classic-t-shirt-1200w-[0-9a-f]{10}$/);
    expect(product.images[0]?.srcset).toMatch(/-300w-[0-9a-f]{10} 300w, .*-600w-[0-9a-f]{10} 600w, .*-1200w-[0-9a-f]{10} 1200w$/);
    const byId = await shop.app.inject(`/api/store/v1/products/${product.id}`);
    expect(byId.json().slug).toBe("classic-t-shirt");
  });

  it("serves the product image: the stored drawing under its name, its resized files as PNG without an Accept header", async () => {
    const product = (await shop.app.inject("/api/store/v1/products/beanie")).json() as StoreProduct;
    const original = await shop.app.inject(`/media/${product.images[0]?.id}/${product.images[0]?.name}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/svg+xml");
    expect(original.body).toContain("<svg");
    const image = await shop.app.inject(product.images[0]?.thumbnail ?? "");
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers.vary).toBe("Accept");
  });

  it("shows sale prices, stock rules and quantity limits of the demo products", async () => {
    const get = async (slug: string) => (await shop.app.inject(`/api/store/v1/products/${slug}`)).json() as StoreProduct;
    const beanie = await get("beanie");
    expect(beanie.on_sale).toBe(true);
    expect(beanie.prices).toMatchObject({ price: "1800", regular_price: "2000", sale_price: "1800" });
    expect(beanie.price_html).toContain("<del");
    const print = await get("limited-print");
    expect(print.low_stock_remaining).toBe(3);
    expect(print.add_to_cart.maximum).toBe(3);
    const socks = await get("socks-3-pack");
    expect(socks.add_to_cart).toMatchObject({ minimum: 2, maximum: 12, multiple_of: 2 });
    const poster = await get("pre-order-poster");
    expect(poster).toMatchObject({ is_in_stock: true, is_on_backorder: true, is_purchasable: true });
    const book = await get("signed-book");
    expect(book.sold_individually).toBe(true);
    expect(book.add_to_cart.maximum).toBe(1);
    const mug = await get("discontinued-mug");
    expect(mug).toMatchObject({ is_in_stock: false, add_to_cart: { text: "Read more" } });
  });

  it("answers a variable product with its attributes, variations and price range", async () => {
    const hoodie = (await shop.app.inject("/api/store/v1/products/hoodie")).json() as StoreProduct;
    expect(hoodie.type).toBe("variable");
    expect(hoodie.has_options).toBe(true);
    expect(hoodie.on_sale).toBe(true);
    expect(hoodie.prices.price_range).toEqual({ min_amount: "3900", max_amount: "4500" });
    expect(hoodie.attributes.map((a) => [a.name, a.has_variations, a.terms.map((t) => t.slug)])).toEqual([
      ["Color", true, ["blue", "red"]],
      ["Size", true, ["s", "m", "l"]],
    ]);
    expect(hoodie.variations).toHaveLength(6);
    expect(hoodie.add_to_cart.text).toBe("Select options");
    const redLarge = hoodie.variations.find(
      (v) => v.attributes.some((a) => a.value === "red") && v.attributes.some((a) => a.value === "l"),
    );
    const variation = (await shop.app.inject(`/api/store/v1/products/${redLarge?.id}`)).json() as StoreProduct;
    expect(variation).toMatchObject({ type: "variation", parent: hoodie.id, variation: "Color: Red, Size: L", on_sale: true });
    expect(variation.prices.price).toBe("3900");
    const blueSmall = hoodie.variations.find(
      (v) => v.attributes.some((a) => a.value === "blue") && v.attributes.some((a) => a.value === "s"),
    );
    const outOfStock = (await shop.app.inject(`/api/store/v1/products/${blueSmall?.id}`)).json() as StoreProduct;
    expect(outOfStock.is_in_stock).toBe(false);
  });

  it("reaches a hidden product only by its own address", async () => {
    const response = await shop.app.inject("/api/store/v1/products/secret-item");
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe("Secret Item");
  });

  it("answers 404 with a code for a product that does not exist", async () => {
    for (const path of ["no-such-thing", "999999"]) {
      const response = await shop.app.inject(`/api/store/v1/products/${path}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: "cw_rest_product_invalid_id", message: "Invalid product ID.", data: { status: 404 } });
    }
  });
});
