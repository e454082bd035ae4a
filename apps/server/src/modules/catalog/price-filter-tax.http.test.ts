/**
 * The price filter in the prices the shop shows (decision 0160), on SQLite and PostgreSQL: GET /products'
 * min_price and max_price, a product collection's priceRange on its page, and collection data's price range,
 * with prices entered without tax and shown with it, entered with it and shown without, a reduced-rate class
 * (a variation's own among them), a class without rates at the base and an untaxed product, two rates whose
 * rounded taxes make a shown price step down; a rate change picks other products on the next request.
 */
import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall as call, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { type StoreClient, variationId } from "../../../../../test/store-client.ts";
import { type Extension, registerExtensions } from "../../extensions.ts";

const CA_RATE_ID = 1;

/** A collection of what sells from $21.00 to $21.45 (minor units), by price. */
const PRICED_COLLECTION: Extension = {
  name: "price-filter-tax",
  productCollections: [
    {
      name: "price-filter-tax/product-collection/around-21",
      title: "Around $21",
      query: { priceRange: { min: 2100, max: 2145 }, orderBy: "price" },
    },
  ],
};

let shop: TestShop;
let owner: StoreClient;
const { read, saved } = settingsGroups(() => owner);
let defaults: Record<string, unknown>;
let takeBack: () => void;
const taxes = (fields: Record<string, unknown>) => saved("taxes", { ...defaults, ...fields });

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
  takeBack = registerExtensions([PRICED_COLLECTION], () => {});
  owner = await signedInOwner(shop);
  defaults = await read("taxes");
});
afterAll(async () => {
  takeBack?.();
  await shop?.close();
});

async function products(query: string): Promise<StoreProduct[]> {
  const response = await shop.app.inject(`/api/store/v1/products?per_page=100&orderby=id&${query}`);
  expect(response.statusCode, `${query}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json();
}
const listed = async (query: string) => (await products(query)).map((p) => p.slug);

/** A listed product's shown prices, from its cheapest to its dearest; null without a price. */
function shownRange(product: StoreProduct): [number, number] | null {
  const { price, price_range: range } = product.prices;
  if (range) return [Number(range.min_amount), Number(range.max_amount)];
  return price === "" ? null : [Number(price), Number(price)];
}

/**
 * Around every shown price of the listing (the price, a unit above and below), the filter lists exactly the products
 * whose shown prices overlap the asked range, as the shopper reads them on the page.
 */
async function expectFilterFollowsShownPrices() {
  const all = (await products("")).map((p) => ({ slug: p.slug, range: shownRange(p) }));
  const ends = [...new Set(all.flatMap((p) => p.range ?? []))];
  const overlapping = (min?: number, max?: number) =>
    all.filter(({ range }) => range && (min === undefined || range[1] >= min) && (max === undefined || range[0] <= max)).map((p) => p.slug);
  for (const end of ends) {
    expect(await listed(`min_price=${end}&max_price=${end}`), `at ${end}`).toEqual(overlapping(end, end));
    expect(await listed(`min_price=${end + 1}`), `from ${end + 1}`).toEqual(overlapping(end + 1));
    expect(await listed(`max_price=${end - 1}`), `up to ${end - 1}`).toEqual(overlapping(undefined, end - 1));
  }
}

/** The product names a collection page lists, in order. */
const collectionPage = async (path: string) => {
  const response = await shop.app.inject(path);
  expect(response.statusCode).toBe(200);
  return [...response.body.matchAll(/<h2 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
};
const collectionRange = async (query = "") =>
  (await shop.app.inject(`/api/store/v1/products/collection-data?calculate_price_range=true${query}`)).json().price_range;

describe("prices entered without tax and shown as entered (the demo shop)", () => {
  it("compares the entered prices", async () => {
    expect(await listed("slug=classic-t-shirt&max_price=2000")).toEqual(["classic-t-shirt"]);
    expect(await listed("slug=classic-t-shirt&min_price=2001")).toEqual([]);
    // No product is entered at 21.00 to 21.45.
    expect(await collectionPage("/collection/around-21")).toEqual([]);
  });
});

describe("prices entered without tax, shown with it", () => {
  beforeAll(() => taxes({ display_shop_prices_including_tax: true }));
  afterAll(() => taxes({}));

  it("compares the prices with the base location's 7.25 %: the 20.00 T-shirt shows 21.45", async () => {
    expect((await products("slug=classic-t-shirt"))[0]?.prices.price).toBe("2145");
    expect(await listed("slug=classic-t-shirt&min_price=2100")).toEqual(["classic-t-shirt"]);
    expect(await listed("slug=classic-t-shirt&min_price=2145&max_price=2145")).toEqual(["classic-t-shirt"]);
    expect(await listed("slug=classic-t-shirt&min_price=2146")).toEqual([]);
    expect(await listed("slug=classic-t-shirt&max_price=2144")).toEqual([]);
    // The Hoodie's variations show 41.83 (Red/L's 39.00 sale) to 48.26 (45.00): it overlaps ranges touching those.
    expect(await listed("slug=hoodie&min_price=4826")).toEqual(["hoodie"]);
    expect(await listed("slug=hoodie&min_price=4827")).toEqual([]);
    expect(await listed("slug=hoodie&max_price=4183")).toEqual(["hoodie"]);
    expect(await listed("slug=hoodie&max_price=4182")).toEqual([]);
  });

  it("lists exactly the products whose shown prices overlap the range", async () => {
    await expectFilterFollowsShownPrices();
  });

  it("agrees with collection data's price range, so the slider's ends keep every product", async () => {
    const range = await collectionRange();
    // The Enamel Pin Set's 8.50 shows 9.12, the Secret Item is hidden, the Denim Jacket's 89.00 shows 95.45.
    expect([range.min_price, range.max_price]).toEqual(["912", "9545"]);
    const every = await listed("");
    expect(await listed(`min_price=${range.min_price}&max_price=${range.max_price}`)).toEqual(every);
    expect(await listed(`min_price=${Number(range.min_price) + 1}`)).not.toContain("enamel-pin-set");
    expect(await listed(`max_price=${Number(range.max_price) - 1}`)).not.toContain("denim-jacket");
  });

  it("filters a collection's page by its priceRange in shown prices: the T-shirt's 20.00 shows 21.45", async () => {
    expect(await collectionPage("/collection/around-21")).toEqual(["Classic T-Shirt"]);
  });

  it("follows a rate change on the next request", async () => {
    const current = (await call(owner, "GET", `/tax-rates/${CA_RATE_ID}`)).json();
    const { class: taxClass, country, state, postcodes, cities, rate, name, priority, compound, shipping } = current;
    const fields = { class: taxClass, country, state, postcodes, cities, rate, name, priority, compound, shipping };
    expect((await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, { ...fields, rate: "8" })).statusCode).toBe(200);
    try {
      // 20.00 shows 21.60 at 8 %.
      expect(await listed("slug=classic-t-shirt&min_price=2160")).toEqual(["classic-t-shirt"]);
      expect(await listed("slug=classic-t-shirt&min_price=2161")).toEqual([]);
    } finally {
      expect((await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, fields)).statusCode).toBe(200);
    }
    expect(await listed("slug=classic-t-shirt&min_price=2160")).toEqual([]);
  });
});

describe("prices entered with tax, shown without", () => {
  beforeAll(() => taxes({ prices_include_tax: true, display_shop_prices_including_tax: false }));
  afterAll(() => taxes({}));

  it("compares the prices with the base location's tax taken out: the 20.00 T-shirt shows 18.65", async () => {
    expect((await products("slug=classic-t-shirt"))[0]?.prices.price).toBe("1865");
    expect(await listed("slug=classic-t-shirt&max_price=1865")).toEqual(["classic-t-shirt"]);
    expect(await listed("slug=classic-t-shirt&max_price=1864")).toEqual([]);
    expect(await listed("slug=classic-t-shirt&min_price=1866")).toEqual([]);
    // max_price's largest value, beyond every stored price once the tax is put back, refuses nothing and fails nowhere.
    expect(await listed("slug=classic-t-shirt&max_price=2147483647")).toEqual(["classic-t-shirt"]);
    expect(await listed("min_price=2147483647")).toEqual([]);
  });

  it("lists exactly the products whose shown prices overlap the range", async () => {
    await expectFilterFollowsShownPrices();
  });

  it("lets through the amounts past a bound whose shown price steps down, with two rates taken out", async () => {
    const current = (await call(owner, "GET", `/tax-rates/${CA_RATE_ID}`)).json();
    const { class: taxClass, country, state, postcodes, cities, rate, name, priority, compound, shipping } = current;
    const fields = { class: taxClass, country, state, postcodes, cities, rate, name, priority, compound, shipping };
    expect((await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, { ...fields, rate: "10" })).statusCode).toBe(200);
    const district = await call(owner, "POST", "/tax-rates", { ...fields, rate: "10", name: "District", priority: 2 });
    expect(district.statusCode, district.body).toBe(201);
    const made: number[] = [];
    try {
      for (const [name, price] of [
        ["Five Cents", 5],
        ["Six Cents", 6],
      ] as const) {
        const response = await call(owner, "POST", "/products", { name, regular_price: price });
        expect(response.statusCode, response.body).toBe(201);
        made.push(response.json().id);
      }
      // Each 10 % holds 0.06 / 12 = 0.005 of 0.06, rounded up to 0.01: 0.06 shows 0.04, 0.05 shows 0.05.
      const cents = "slug=five-cents,six-cents";
      expect((await products(cents)).map((p) => p.prices.price)).toEqual(["5", "4"]);
      expect(await listed(`${cents}&min_price=5`)).toEqual(["five-cents"]);
      expect(await listed(`${cents}&max_price=4`)).toEqual(["six-cents"]);
      expect(await listed(`${cents}&min_price=4&max_price=4`)).toEqual(["six-cents"]);
    } finally {
      for (const id of made) await call(owner, "DELETE", `/products/${id}`);
      await call(owner, "DELETE", `/tax-rates/${district.json().id}`);
      expect((await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, fields)).statusCode).toBe(200);
    }
  });
});

describe("tax classes and statuses, shown with tax", () => {
  let rateId: number;
  const made: number[] = [];
  let redLarge: number;

  beforeAll(async () => {
    await taxes({ display_shop_prices_including_tax: true });
    const rate = await call(owner, "POST", "/tax-rates", {
      class: "reduced-rate",
      country: "US",
      state: "CA",
      rate: "2.5",
      name: "CA Reduced",
    });
    expect(rate.statusCode, rate.body).toBe(201);
    rateId = rate.json().id;
    for (const [name, fields] of [
      ["Reduced Book", { tax_class: "reduced-rate" }],
      ["Zero Book", { tax_class: "zero-rate" }],
      ["Untaxed Book", { tax_status: "none" }],
    ] as const) {
      const response = await call(owner, "POST", "/products", { name, regular_price: 2000, ...fields });
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json().id);
    }
    // The Hoodie's Red/L variation in the reduced class of its own; written directly (the catalogue's triggers move its revision).
    redLarge = await variationId(shop.app, "hoodie", ["red", "l"]);
    await shop.db.updateTable("products").set({ tax_class: "reduced-rate" }).where("id", "=", redLarge).execute();
  });
  afterAll(async () => {
    await shop.db.updateTable("products").set({ tax_class: "parent" }).where("id", "=", redLarge).execute();
    for (const id of made) await call(owner, "DELETE", `/products/${id}`);
    await call(owner, "DELETE", `/tax-rates/${rateId}`);
    await taxes({});
  });

  it("compares each product's price in its own class: 2.5 % on the reduced one, none where the class has no rate or the product no tax", async () => {
    const books = "slug=reduced-book,zero-book,untaxed-book,classic-t-shirt";
    expect((await products(books)).map((p) => [p.slug, p.prices.price])).toEqual([
      ["classic-t-shirt", "2145"],
      ["reduced-book", "2050"],
      ["zero-book", "2000"],
      ["untaxed-book", "2000"],
    ]);
    expect(await listed(`${books}&max_price=2000`)).toEqual(["zero-book", "untaxed-book"]);
    expect(await listed(`${books}&min_price=2001&max_price=2050`)).toEqual(["reduced-book"]);
    expect(await listed(`${books}&min_price=2051`)).toEqual(["classic-t-shirt"]);
  });

  it("compares a variation's price in its own class: Red/L's 39.00 shows 39.98 at 2.5 %", async () => {
    expect((await products("slug=hoodie"))[0]?.prices.price_range).toEqual({ min_amount: "3998", max_amount: "4826" });
    expect(await listed("slug=hoodie&max_price=3998")).toEqual(["hoodie"]);
    expect(await listed("slug=hoodie&max_price=3997")).toEqual([]);
  });

  it("lists exactly the products whose shown prices overlap the range", async () => {
    await expectFilterFollowsShownPrices();
  });

  it("agrees with collection data's price range over the same products", async () => {
    const range = await collectionRange("&slug=reduced-book,zero-book,classic-t-shirt");
    expect([range.min_price, range.max_price]).toEqual(["2000", "2145"]);
  });
});
