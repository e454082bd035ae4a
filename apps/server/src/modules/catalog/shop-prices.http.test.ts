/**
 * The shop's product prices with or without tax (issue 19, decision 0044's amendment) on SQLite
 * and PostgreSQL: the `display_shop_prices_including_tax` switch and the price suffix in the
 * taxes settings group, checked beside their fields and logged; Store API prices of products,
 * variations, the listing and cross-sells shown at the base location's rates (US/CA 7.25 %) by
 * each product's tax status and class, entered with or without tax; a rate, class or setting
 * change served on the next request by this and a second server process; cart totals unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { PageBrowser } from "../../../../../test/browser.ts";
import { adminCall as call, fieldMessages, latestChange, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient, variationId } from "../../../../../test/store-client.ts";

const CA_RATE_ID = 1;

let shop: TestShop;
let owner: StoreClient;
let other: SecondProcess;

const { read, saved, save } = settingsGroups(() => owner);
let defaults: Record<string, unknown>;

/** The taxes group with some switches changed. */
const taxes = (fields: Record<string, unknown>) => saved("taxes", { ...defaults, ...fields });

async function product(slug: string, app = shop.app) {
  const response = await app.inject(`/api/store/v1/products/${slug}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const priceOf = async (slug: string, app = shop.app) => (await product(slug, app)).prices.price as string;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
  owner = await signedInOwner(shop);
  other = await secondProcess(shop);
  defaults = await read("taxes");
});
afterAll(async () => {
  await other.close();
  await shop.close();
});

describe("the display settings in the taxes group", () => {
  it("reads false and empty by default, as the demo's prices are shown", async () => {
    expect(defaults).toMatchObject({ display_shop_prices_including_tax: false, price_display_suffix: "" });
    expect(await priceOf("classic-t-shirt")).toBe("2000");
  });

  it("refuses a suffix with placeholders or markup beside its field, one too long, and a switch that is not a boolean", async () => {
    const placeholder = await save("taxes", { ...defaults, price_display_suffix: "incl. {price_including_tax}" });
    expect(placeholder.statusCode).toBe(400);
    expect(fieldMessages(placeholder).price_display_suffix).toMatch(/plain text.*placeholders in braces are not supported/);
    const markup = await save("taxes", { ...defaults, price_display_suffix: "<b>incl. VAT</b>" });
    expect(fieldMessages(markup).price_display_suffix).toMatch(/without < or >/);
    expect((await save("taxes", { ...defaults, price_display_suffix: "x".repeat(61) })).statusCode).toBe(400);
    expect((await save("taxes", { ...defaults, display_shop_prices_including_tax: "yes" })).statusCode).toBe(400);
    expect(await read("taxes")).toEqual(defaults);
  });

  it("saves the switch and a trimmed suffix, logged with before and after", async () => {
    const reply = await taxes({ display_shop_prices_including_tax: true, price_display_suffix: "  incl.   tax " });
    try {
      expect(reply).toMatchObject({ display_shop_prices_including_tax: true, price_display_suffix: "incl. tax" });
      const change = await latestChange(shop.db, "settings", "taxes");
      expect(JSON.parse(change!.before as string)).toMatchObject({ display_shop_prices_including_tax: false, price_display_suffix: "" });
      expect(JSON.parse(change!.after as string)).toMatchObject({
        display_shop_prices_including_tax: true,
        price_display_suffix: "incl. tax",
      });
      const shirt = await product("classic-t-shirt");
      expect(shirt.price_html).toBe('<span class="price-amount">$21.45</span> <small class="price-suffix">incl. tax</small>');
      // The storefront's listing and product page show the shown price with the suffix after it.
      for (const path of ["/shop", "/product/classic-t-shirt"]) {
        const page = await new PageBrowser(shop.app).get(path);
        expect(page.statusCode).toBe(200);
        expect(page.body).toMatch(/\$21\.45<\/span>(<!-- -->)? <small class="price__suffix">incl\. tax<\/small>/);
        expect(page.body).not.toContain("$20.00</span>");
      }
    } finally {
      await taxes({});
    }
    expect((await product("classic-t-shirt")).price_html).toBe('<span class="price-amount">$20.00</span>');
    expect((await new PageBrowser(shop.app).get("/shop")).body).not.toContain("price__suffix");
  });
});

describe("prices entered without tax, shown with it", () => {
  beforeAll(() => taxes({ display_shop_prices_including_tax: true }));
  afterAll(() => taxes({}));

  it("adds the base location's 7.25 % to products, sale prices, ranges and variations", async () => {
    expect((await product("classic-t-shirt")).prices).toMatchObject({ price: "2145", regular_price: "2145", sale_price: "2145" });
    // 18.00 × 7.25 % = 1.305 → 1.31; 20.00 → 1.45.
    expect((await product("beanie")).prices).toMatchObject({ price: "1931", regular_price: "2145", sale_price: "1931" });
    // The Hoodie's variations: 39.00 (Red/L on sale) → 41.83, 45.00 → 48.26.
    expect((await product("hoodie")).prices.price_range).toEqual({ min_amount: "4183", max_amount: "4826" });
    const redLarge = await variationId(shop.app, "hoodie", ["red", "l"]);
    expect((await product(String(redLarge))).prices).toMatchObject({ price: "4183", regular_price: "4826" });
    expect(await priceOf("gift-card")).toBe("5363");
  });

  it("shows the same prices in the listing and a cart's cross-sells", async () => {
    const listing = (await shop.app.inject("/api/store/v1/products?search=t-shirt")).json();
    expect(listing.find((p: { slug: string }) => p.slug === "classic-t-shirt").prices.price).toBe("2145");
    const shopper = new StoreClient(shop.app);
    const cart = await shopper.cart("POST", "/cart/add-item", { id: (await product("classic-t-shirt")).id, quantity: 1 });
    expect(cart.cross_sells.find((p: { slug: string }) => p.slug === "beanie").prices.price).toBe("1931");
  });

  it("leaves the cart's totals as they were: the cart has its own display switch", async () => {
    const id = (await product("classic-t-shirt")).id;
    const withTax = await new StoreClient(shop.app).cart("POST", "/cart/add-item", { id, quantity: 2 });
    await taxes({});
    const without = await new StoreClient(shop.app).cart("POST", "/cart/add-item", { id, quantity: 2 });
    await taxes({ display_shop_prices_including_tax: true });
    expect(withTax.totals).toEqual(without.totals);
    expect(withTax.totals).toMatchObject({ total_items: "4000", total_items_tax: "290" });
    expect(withTax.items[0].prices.price).toBe("2000");
  });

  it("prices each product by its tax status and class: reduced 2.5 %, a class without rates and an untaxed product as entered", async () => {
    const rate = await call(owner, "POST", "/tax-rates", {
      class: "reduced-rate",
      country: "US",
      state: "CA",
      rate: "2.5",
      name: "CA Reduced",
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const made = await call(owner, "POST", "/products", { name: "Shop Price Book", regular_price: 2000, tax_class: "reduced-rate" });
    expect(made.statusCode, made.body).toBe(201);
    const { id, slug } = made.json();
    try {
      expect(await priceOf(slug)).toBe("2050");
      expect(await priceOf(slug, other.app)).toBe("2050");
      // A class change is seen on the next request, by both processes.
      expect((await call(owner, "PATCH", `/products/${id}`, { tax_class: "zero-rate" })).statusCode).toBe(200);
      expect(await priceOf(slug)).toBe("2000");
      expect(await priceOf(slug, other.app)).toBe("2000");
      expect((await call(owner, "PATCH", `/products/${id}`, { tax_class: "standard", tax_status: "none" })).statusCode).toBe(200);
      expect(await priceOf(slug)).toBe("2000");
      expect((await call(owner, "PATCH", `/products/${id}`, { tax_status: "taxable" })).statusCode).toBe(200);
      expect(await priceOf(slug, other.app)).toBe("2145");
    } finally {
      await call(owner, "DELETE", `/products/${id}`);
      await call(owner, "DELETE", `/tax-rates/${rate.json().id}`);
    }
  });

  it("serves a rate change and the switch on the next request on this and a second process", async () => {
    expect(await priceOf("classic-t-shirt", other.app)).toBe("2145");
    const {
      class: taxClass,
      country,
      state,
      postcodes,
      cities,
      rate,
      name,
      priority,
      compound,
      shipping,
    } = (await call(owner, "GET", `/tax-rates/${CA_RATE_ID}`)).json();
    const fields = { class: taxClass, country, state, postcodes, cities, rate, name, priority, compound, shipping };
    expect(fields).toMatchObject({ country: "US", state: "CA", rate: "7.2500" });
    const changed = await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, { ...fields, rate: "8" });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      expect(await priceOf("classic-t-shirt")).toBe("2160");
      expect(await priceOf("classic-t-shirt", other.app)).toBe("2160");
    } finally {
      expect((await call(owner, "PUT", `/tax-rates/${CA_RATE_ID}`, fields)).statusCode).toBe(200);
    }
    expect(await priceOf("classic-t-shirt", other.app)).toBe("2145");
    await taxes({});
    expect(await priceOf("classic-t-shirt", other.app)).toBe("2000");
    await taxes({ display_shop_prices_including_tax: true });
  });
});

describe("prices entered with tax", () => {
  afterAll(() => taxes({}));

  it("shows the entered price when shown with tax, and takes the base's tax out when shown without", async () => {
    await taxes({ prices_include_tax: true, display_shop_prices_including_tax: true });
    expect(await priceOf("classic-t-shirt")).toBe("2000");
    expect((await product("hoodie")).prices.price_range).toEqual({ min_amount: "3900", max_amount: "4500" });
    await taxes({ prices_include_tax: true, display_shop_prices_including_tax: false });
    // 20.00 holds 20.00 − 20.00 / 1.0725 = 1.35 of tax.
    expect(await priceOf("classic-t-shirt")).toBe("1865");
    expect(await priceOf("classic-t-shirt", other.app)).toBe("1865");
    // The cart at the base location charges the entered price: its line subtotal is the shown one.
    const cart = await new StoreClient(shop.app).cart("POST", "/cart/add-item", { id: (await product("classic-t-shirt")).id, quantity: 1 });
    expect(cart.totals).toMatchObject({ total_items: "1865", total_items_tax: "135" });
  });

  it("shows every price as entered when taxes are off", async () => {
    await taxes({ taxes_enabled: false, prices_include_tax: true, display_shop_prices_including_tax: false });
    expect(await priceOf("classic-t-shirt")).toBe("2000");
    await taxes({ taxes_enabled: false, display_shop_prices_including_tax: true });
    expect(await priceOf("classic-t-shirt")).toBe("2000");
  });
});
