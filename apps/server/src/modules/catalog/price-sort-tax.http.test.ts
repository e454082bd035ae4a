/**
 * The order by price in the prices the shop shows (decision 0164), on SQLite and PostgreSQL: GET /products'
 * orderby=price from low to high and high to low, pages 1 and 2, with prices shown as entered (the order of the
 * stored prices, as before), entered without tax and shown with it (a reduced-rate product, a variation's own class,
 * a class whose rate is 0 %, an untaxed product), entered with tax and shown without (two rates whose rounded taxes make a
 * shown price step down), and a compound rate at the largest prices, whose tax the SQL works out in two digits; the
 * storefront's /shop sorted by price, which reaches the same query.
 */
import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall as call, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { type StoreClient, variationId } from "../../../../../test/store-client.ts";

const CA_RATE_ID = 1;

let shop: TestShop;
let owner: StoreClient;
const { read, saved } = settingsGroups(() => owner);
let defaults: Record<string, unknown>;
const taxes = (fields: Record<string, unknown>) => saved("taxes", { ...defaults, ...fields });

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
  owner = await signedInOwner(shop);
  defaults = await read("taxes");
});
afterAll(async () => {
  await shop?.close();
});

async function products(query: string): Promise<StoreProduct[]> {
  const response = await shop.app.inject(`/api/store/v1/products?${query}`);
  expect(response.statusCode, `${query}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json();
}
const slugs = async (query: string) => (await products(query)).map((p) => p.slug);

/** The shown price a product sorts by: its cheapest from low to high, its dearest from high to low; null without one. */
function sortedBy(product: StoreProduct, order: "asc" | "desc"): number | null {
  const { price, price_range: range } = product.prices;
  if (range) return Number(order === "asc" ? range.min_amount : range.max_amount);
  return price === "" ? null : Number(price);
}

/** The products with a price, in the order of the prices the shopper reads on them, ties by id. */
function inShownOrder(listed: StoreProduct[], order: "asc" | "desc"): StoreProduct[] {
  const sign = order === "asc" ? 1 : -1;
  return listed
    .filter((p) => sortedBy(p, order) !== null)
    .sort((a, b) => sign * ((sortedBy(a, order) as number) - (sortedBy(b, order) as number)) || a.id - b.id);
}

/**
 * Every listed product with a price comes in the order of the prices the shopper reads on it (ties by id), both
 * ways, and pages 1 and 2 are the listing's first two pages of that order, none repeated or skipped.
 */
async function expectOrderOfShownPrices(filter = "") {
  const every = await products(`orderby=id&per_page=100${filter}`);
  for (const order of ["asc", "desc"] as const) {
    const expected = inShownOrder(every, order).map((p) => p.slug);
    const listed = await slugs(`orderby=price&order=${order}&per_page=100${filter}`);
    expect(
      listed.filter((slug) => expected.includes(slug)),
      order,
    ).toEqual(expected);
    const pages = [
      await slugs(`orderby=price&order=${order}&per_page=4&page=1${filter}`),
      await slugs(`orderby=price&order=${order}&per_page=4&page=2${filter}`),
    ];
    expect(pages.flat(), `${order}, pages 1 and 2`).toEqual(listed.slice(0, 8));
  }
}

/** The product names a /shop page lists, in order. */
async function shopPage(query: string) {
  const response = await shop.app.inject(`/shop?${query}`);
  expect(response.statusCode).toBe(200);
  return [...response.body.matchAll(/<h2 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
}

/** Pages 1 and 2 of `per_page` products, from low to high and high to low. */
async function pagesBothWays(filter: string, perPage: number) {
  const page = (order: string, n: number) => slugs(`${filter}&orderby=price&order=${order}&per_page=${perPage}&page=${n}`);
  return { asc: [await page("asc", 1), await page("asc", 2)], desc: [await page("desc", 1), await page("desc", 2)] };
}

const ownerCreated = async (path: string, body: Record<string, unknown>): Promise<number> => {
  const response = await call(owner, "POST", path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
};

async function caRateFields() {
  const current = (await call(owner, "GET", `/tax-rates/${CA_RATE_ID}`)).json();
  const { class: taxClass, country, state, postcodes, cities, rate, name, priority, compound, shipping } = current;
  return { class: taxClass, country, state, postcodes, cities, rate, name, priority, compound, shipping };
}

describe("prices shown as entered (the demo shop)", () => {
  it("orders by the stored prices, as before: the 20.00 T-shirt before the 25.00 one", async () => {
    const order = await slugs("slug=classic-t-shirt,hoodie,enamel-pin-set&orderby=price&order=asc");
    expect(order).toEqual(["enamel-pin-set", "classic-t-shirt", "hoodie"]);
    await expectOrderOfShownPrices();
  });

  it("keeps the stored order when prices are entered with tax and shown with it", async () => {
    const before = await slugs("orderby=price&order=asc&per_page=100");
    await taxes({ prices_include_tax: true, display_shop_prices_including_tax: true });
    try {
      expect(await slugs("orderby=price&order=asc&per_page=100")).toEqual(before);
      await expectOrderOfShownPrices();
    } finally {
      await taxes({});
    }
  });
});

describe("a product without a price", () => {
  it("comes after the priced ones both ways, on both databases, whether prices show as entered or with tax", async () => {
    const unpriced = await ownerCreated("/products", { name: "Unpriced Lamp", regular_price: null });
    try {
      for (const shown of [{}, { display_shop_prices_including_tax: true }]) {
        await taxes(shown);
        for (const order of ["asc", "desc"]) {
          const listed = await slugs(`orderby=price&order=${order}&per_page=100`);
          expect(listed.at(-1), `${order}, ${JSON.stringify(shown)}`).toBe("unpriced-lamp");
        }
      }
    } finally {
      await taxes({});
      await call(owner, "DELETE", `/products/${unpriced}`);
    }
  });
});

describe("prices entered without tax, shown with it, in several tax classes", () => {
  const rates: number[] = [];
  const made: number[] = [];
  let redLarge: number;

  beforeAll(async () => {
    await taxes({ display_shop_prices_including_tax: true });
    const place = { country: "US", state: "CA" };
    rates.push(await ownerCreated("/tax-rates", { ...place, class: "reduced-rate", rate: "2.5", name: "CA Reduced" }));
    // A rate of 0 % adds nothing: the zero-rate class shows its prices as stored.
    rates.push(await ownerCreated("/tax-rates", { ...place, class: "zero-rate", rate: "0", name: "CA Zero" }));
    for (const [name, fields] of [
      ["Reduced Lamp", { regular_price: 2090, tax_class: "reduced-rate" }],
      ["Untaxed Lamp", { regular_price: 2144, tax_status: "none" }],
      ["Zero Lamp", { regular_price: 2146, tax_class: "zero-rate" }],
    ] as const)
      made.push(await ownerCreated("/products", { name, ...fields }));
    // The Hoodie's Red/L variation in the reduced class of its own; written directly (the catalogue's triggers move its revision).
    redLarge = await variationId(shop.app, "hoodie", ["red", "l"]);
    await shop.db.updateTable("products").set({ tax_class: "reduced-rate" }).where("id", "=", redLarge).execute();
  });
  afterAll(async () => {
    await shop.db.updateTable("products").set({ tax_class: "parent" }).where("id", "=", redLarge).execute();
    for (const id of made) await call(owner, "DELETE", `/products/${id}`);
    for (const id of rates) await call(owner, "DELETE", `/tax-rates/${id}`);
    await taxes({});
  });

  it("orders by the shown prices where the stored ones run the other way", async () => {
    const lamps = "slug=classic-t-shirt,reduced-lamp,untaxed-lamp,zero-lamp";
    // Stored 20.00, 20.90, 21.44, 21.46; shown 21.45 (7.25 %), 21.42 (2.5 %), 21.44 (untaxed), 21.46 (0 %).
    expect((await products(`${lamps}&orderby=id`)).map((p) => [p.slug, p.prices.price])).toEqual([
      ["classic-t-shirt", "2145"],
      ["reduced-lamp", "2142"],
      ["untaxed-lamp", "2144"],
      ["zero-lamp", "2146"],
    ]);
    expect(await pagesBothWays(lamps, 2)).toEqual({
      asc: [
        ["reduced-lamp", "untaxed-lamp"],
        ["classic-t-shirt", "zero-lamp"],
      ],
      desc: [
        ["zero-lamp", "classic-t-shirt"],
        ["untaxed-lamp", "reduced-lamp"],
      ],
    });
  });

  it("orders a variable product by its cheapest or dearest variation as shown, each in its own class", async () => {
    // The Hoodie shows 39.98 (Red/L's 39.00 sale at 2.5 %) to 48.26; at 7.25 % Red/L would show 41.83.
    expect((await products("slug=hoodie"))[0]?.prices.price_range).toEqual({ min_amount: "3998", max_amount: "4826" });
    const around = await ownerCreated("/products", { name: "Forty Lamp", regular_price: 4000, tax_status: "none" });
    try {
      // Stored, the Hoodie's cheapest (39.00) is below the 40.00 lamp; shown, 39.98 still is; its dearest 48.26 is above.
      const hoodieAndLamp = "slug=hoodie,forty-lamp";
      expect(await pagesBothWays(hoodieAndLamp, 1)).toEqual({ asc: [["hoodie"], ["forty-lamp"]], desc: [["hoodie"], ["forty-lamp"]] });
      await shop.db.updateTable("products").set({ sale_price: 3950 }).where("id", "=", redLarge).execute();
      // 39.50 shows 40.49 at 2.5 % (40.49 at 7.25 % would be 42.36): now after the lamp from low to high.
      expect(await pagesBothWays(hoodieAndLamp, 1)).toEqual({ asc: [["forty-lamp"], ["hoodie"]], desc: [["hoodie"], ["forty-lamp"]] });
    } finally {
      await shop.db.updateTable("products").set({ sale_price: 3900 }).where("id", "=", redLarge).execute();
      await call(owner, "DELETE", `/products/${around}`);
    }
  });

  it("lists every product in the order of its shown prices, both ways, pages 1 and 2", async () => {
    await expectOrderOfShownPrices();
  });

  it("sorts the shop page by the shown prices too, either way, pages 1 and 2 of its 12", async () => {
    for (const [sort, order] of [
      ["price", "asc"],
      ["price-desc", "desc"],
    ] as const) {
      const names = inShownOrder(await products("orderby=id&per_page=100"), order).map((p) => p.name);
      const pages = [...(await shopPage(`orderby=${sort}`)), ...(await shopPage(`orderby=${sort}&page=2`))];
      expect(
        pages.filter((name) => names.includes(name as string)),
        sort,
      ).toEqual(names.slice(0, 24));
    }
  });
});

describe("prices entered with tax, shown without", () => {
  beforeAll(() => taxes({ prices_include_tax: true, display_shop_prices_including_tax: false }));
  afterAll(() => taxes({}));

  it("lists every product in the order of its shown prices, both ways, pages 1 and 2", async () => {
    await expectOrderOfShownPrices();
  });

  it("orders 0.06 before 0.05 where two rates taken out show them as 0.04 and 0.05", async () => {
    const fields = await caRateFields();
    expect((await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, { ...fields, rate: "10" })).statusCode).toBe(200);
    const district = await ownerCreated("/tax-rates", { ...fields, rate: "10", name: "District", priority: 2 });
    const made: number[] = [];
    try {
      for (const [name, price] of [
        ["Five Cents", 5],
        ["Six Cents", 6],
      ] as const)
        made.push(await ownerCreated("/products", { name, regular_price: price }));
      const cents = "slug=five-cents,six-cents";
      expect((await products(`${cents}&orderby=id`)).map((p) => p.prices.price)).toEqual(["5", "4"]);
      expect(await pagesBothWays(cents, 1)).toEqual({ asc: [["six-cents"], ["five-cents"]], desc: [["five-cents"], ["six-cents"]] });
      await expectOrderOfShownPrices();
    } finally {
      for (const id of made) await call(owner, "DELETE", `/products/${id}`);
      await call(owner, "DELETE", `/tax-rates/${district}`);
      expect((await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, fields)).statusCode).toBe(200);
    }
  });
});

describe("a compound rate at the largest prices, shown with tax", () => {
  const made: number[] = [];
  const rates: number[] = [];

  beforeAll(async () => {
    await taxes({ display_shop_prices_including_tax: true });
    expect((await call(owner, "POST", "/tax-classes", { name: "Luxury" })).statusCode).toBe(201);
    const place = { class: "luxury", country: "US", state: "CA" };
    rates.push(await ownerCreated("/tax-rates", { ...place, rate: "9.9999", name: "Luxury" }));
    // 70.0001 % on the price and the first rate's tax: a fraction of the price whose SQL takes the price in two digits.
    rates.push(await ownerCreated("/tax-rates", { ...place, rate: "70.0001", name: "Luxury surcharge", priority: 2, compound: true }));
  });
  afterAll(async () => {
    for (const id of made) await call(owner, "DELETE", `/products/${id}`);
    for (const id of rates) await call(owner, "DELETE", `/tax-rates/${id}`);
    await taxes({});
  });

  it("orders each luxury price exactly among untaxed prices a unit below, at and above it", async () => {
    // Past the owner API's largest price (10,000,000.00), as an import may store them: written directly.
    const pricedAt = async (id: number, price: number) => {
      await shop.db.updateTable("products").set({ regular_price: price }).where("id", "=", id).execute();
    };
    const luxury = [1_148_000_000, 987_654_321, 65_537, 3];
    for (const [i, price] of luxury.entries()) {
      made.push(await ownerCreated("/products", { name: `Luxury ${i}`, regular_price: 1, tax_class: "luxury" }));
      await pricedAt(made.at(-1) as number, price);
    }
    const shown = (await products("search=luxury&orderby=id&per_page=100")).map((p) => Number(p.prices.price));
    expect(shown[0]).toBeGreaterThan(2_100_000_000);
    // Untaxed products at each shown price, a unit below and a unit above: any unit off in the SQL reorders them.
    for (const [i, price] of shown.entries())
      for (const [side, step] of [
        ["below", -1],
        ["at", 0],
        ["above", 1],
      ] as const) {
        made.push(await ownerCreated("/products", { name: `Luxury ${i} ${side}`, regular_price: 1, tax_status: "none" }));
        await pricedAt(made.at(-1) as number, price + step);
      }
    // The largest price the column holds, shown at nearly twice that, orders last without overflowing.
    made.push(await ownerCreated("/products", { name: "Luxury largest", regular_price: 1, tax_class: "luxury" }));
    await pricedAt(made.at(-1) as number, 2_147_483_647);
    const listed = await slugs("search=luxury&orderby=price&order=asc&per_page=100");
    expect(listed.slice(0, 4)).toEqual(["luxury-3-below", "luxury-3", "luxury-3-at", "luxury-3-above"]);
    expect(listed.slice(-5)).toEqual(["luxury-0-below", "luxury-0", "luxury-0-at", "luxury-0-above", "luxury-largest"]);
    await expectOrderOfShownPrices("&search=luxury");
  });
});
