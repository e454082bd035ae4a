/**
 * The settings groups that change what shoppers may do (issue 19, decision 0048) on SQLite and
 * PostgreSQL: the countries the shop sells and ships to (the Store API's address checks follow),
 * consent and order attribution (the pages follow), the stock amounts and hidden out-of-stock
 * products (the catalogue and stock moves follow); each check beside its field, the refusals
 * that would break the shop, the change log, and a second server process serving each change.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { PageBrowser } from "../../../../../test/browser.ts";
import { adminCall as call, fieldMessages, latestChange, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, testBilling } from "../../../../../test/store-client.ts";

let shop: TestShop;
let owner: StoreClient;

const { read, save, saved } = settingsGroups(() => owner);
const lastChange = (group: string) => latestChange(shop.db, "settings", group);

/** A shopper's cart with one T-shirt, its address set as given; the Store API's reply. */
async function cartWithAddress(app: FastifyInstance, address: { billing?: string; shipping?: string }) {
  const shopper = new StoreClient(app);
  await shopper.cart("POST", "/cart/add-item", { id: 1, quantity: 1 });
  return shopper.request("POST", "/cart/update-customer", {
    ...(address.billing ? { billing_address: { ...testBilling(), country: address.billing, state: "", postcode: "" } } : {}),
    ...(address.shipping ? { shipping_address: { ...TEST_ADDRESS, country: address.shipping, state: "", postcode: "" } } : {}),
  });
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
  owner = await signedInOwner(shop);
});
afterAll(() => shop.close());

describe("the countries the shop sells and ships to", () => {
  const all = { sell_to: { mode: "all", countries: [] }, ship_to: { mode: "sell_to", countries: [] }, shipping_enabled: true };

  it("reads the demo shop's: everywhere, shipping where it sells", async () => {
    expect(await read("countries")).toEqual(all);
  });

  it("sells to specific countries: a billing country outside them is refused by the cart and the checkout", async () => {
    const response = await saved("countries", { ...all, sell_to: { mode: "specific", countries: ["us", "CA", "US"] } });
    expect(response.sell_to).toEqual({ mode: "specific", countries: ["US", "CA"] });
    const refused = await cartWithAddress(shop.app, { billing: "DE" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.details.billing_address.code).toBe("invalid_country");
    expect((await cartWithAddress(shop.app, { billing: "CA" })).statusCode).toBe(200);
    const guest = new StoreClient(shop.app);
    await guest.cart("POST", "/cart/add-item", { id: 1, quantity: 1 });
    const order = await guest.post("/checkout", {
      billing_address: { ...testBilling("de@example.com"), country: "DE", state: "", postcode: "10115" },
      payment_method: "cod",
    });
    expect(order.statusCode).toBe(400);
    expect(JSON.stringify(order.json())).toContain("CA");
    // Shipping "where it sells" follows the same list.
    expect((await cartWithAddress(shop.app, { shipping: "DE" })).statusCode).toBe(400);
    await saved("countries", all);
    expect((await cartWithAddress(shop.app, { billing: "DE" })).statusCode).toBe(200);
  });

  it("sells to all countries except some, and ships to specific ones", async () => {
    const response = await saved("countries", {
      sell_to: { mode: "all_except", countries: ["DE"] },
      ship_to: { mode: "specific", countries: ["US"] },
      shipping_enabled: true,
    });
    expect(response).toEqual({
      sell_to: { mode: "all_except", countries: ["DE"] },
      ship_to: { mode: "specific", countries: ["US"] },
      shipping_enabled: true,
    });
    expect((await cartWithAddress(shop.app, { billing: "DE" })).statusCode).toBe(400);
    expect((await cartWithAddress(shop.app, { billing: "FR" })).statusCode).toBe(200);
    expect((await cartWithAddress(shop.app, { shipping: "FR" })).statusCode).toBe(400);
    expect((await cartWithAddress(shop.app, { shipping: "US" })).statusCode).toBe(200);
    await saved("countries", all);
  });

  it("switches shipping off: carts need no shipping and ask for no rates", async () => {
    await saved("countries", { ...all, shipping_enabled: false });
    const shopper = new StoreClient(shop.app);
    const cart = await shopper.cart("POST", "/cart/add-item", { id: 1, quantity: 1 });
    expect(cart.needs_shipping).toBe(false);
    await saved("countries", all);
    expect((await shopper.cart("GET", "/cart")).needs_shipping).toBe(true);
  });

  it("refuses unknown countries and empty lists beside their fields, and selling or shipping nowhere (409)", async () => {
    const bad = await save("countries", {
      sell_to: { mode: "specific", countries: ["US", "XX"] },
      ship_to: { mode: "specific", countries: [] },
      shipping_enabled: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toEqual({
      "sell_to.countries.1": '"XX" is not a country code.',
      "ship_to.countries": "Choose at least one country.",
    });
    const { allCountries } = await import("@cartwright/commerce");
    const every = allCountries().map((country) => country.code);
    const nowhere = await save("countries", { ...all, sell_to: { mode: "all_except", countries: every } });
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().code).toBe("cw_rest_setting_breaks_shop");
    expect(fieldMessages(nowhere)["sell_to.countries"]).toMatch(/^The shop would sell to no country: nobody could order/);
    const noShipping = await save("countries", { ...all, ship_to: { mode: "all_except", countries: every } });
    expect(noShipping.statusCode).toBe(409);
    expect(fieldMessages(noShipping)["ship_to.countries"]).toMatch(/^The shop would ship to no country/);
    // Shipping switched off, no country to ship to is no problem.
    expect(
      (await save("countries", { ...all, ship_to: { mode: "all_except", countries: every }, shipping_enabled: false })).statusCode,
    ).toBe(200);
    expect((await save("countries", { ...all, sell_to: { mode: "somewhere", countries: [] } })).statusCode).toBe(400);
    await saved("countries", all);
    expect(await read("countries")).toEqual(all);
  });

  it("logs the change with the group before and after", async () => {
    const after = await saved("countries", { ...all, sell_to: { mode: "specific", countries: ["GB"] } });
    const row = await lastChange("countries");
    expect(JSON.parse(row.before ?? "{}")).toEqual(all);
    expect(JSON.parse(row.after ?? "{}")).toEqual(after);
    await saved("countries", all);
  });
});

describe("consent and order attribution", () => {
  const attributionMeta = async () => {
    const body = (await new PageBrowser(shop.app).get("/shop")).body;
    const match = /<meta name="cw-attribution" content="([^"]*)"/.exec(body);
    return match ? JSON.parse((match[1] as string).replaceAll("&quot;", '"')) : null;
  };

  it("reads the demo shop's: attribution on, no consent asked, six months", async () => {
    expect(await read("consent")).toEqual({
      attribution_enabled: true,
      tracking_consent: "not-required",
      lifetime_months: 6,
      cookie_domain: "",
      field_prefix: "cw_order_attribution_",
      promo_code: false,
    });
  });

  it("asks the visitor's consent from the next page on, and stops tracking when switched off", async () => {
    const before = await read("consent");
    expect(await attributionMeta()).toMatchObject({ consent: "not-required" });
    const first = await new PageBrowser(shop.app).get("/shop");
    expect(String(first.headers["set-cookie"])).toContain("cw_attr_");
    await saved("consent", { ...before, tracking_consent: "required", cookie_domain: "Example.COM" });
    expect(await attributionMeta()).toMatchObject({ consent: "required", domain: "example.com" });
    // Without consent a first visit gets no attribution cookies.
    const asked = await new PageBrowser(shop.app).get("/shop");
    expect(String(asked.headers["set-cookie"] ?? "")).not.toContain("cw_attr_");
    await saved("consent", { ...before, attribution_enabled: false });
    expect(await attributionMeta()).toBeNull();
    await saved("consent", before);
    expect(await attributionMeta()).toMatchObject({ consent: "not-required" });
  });

  it("refuses a cookie domain and an input prefix the browser or the checkout could not use", async () => {
    const before = await read("consent");
    const bad = await save("consent", { ...before, cookie_domain: "https://example.com/shop", field_prefix: "9 bad-prefix" });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toEqual({
      cookie_domain: "Enter a domain such as example.com (no https://, port or path), or leave it empty for the page's own host.",
      field_prefix: "Start with a letter; use lower-case letters, digits and underscores, at most 40.",
    });
    expect((await save("consent", { ...before, lifetime_months: 25 })).statusCode).toBe(400);
    expect((await save("consent", { ...before, tracking_consent: "maybe" })).statusCode).toBe(400);
    expect(await read("consent")).toEqual(before);
  });
});

describe("stock amounts and out-of-stock products", () => {
  let print: number;
  const product = async (app: FastifyInstance = shop.app) => (await new StoreClient(app).get(`/products/${print}`)).json();
  const listed = async (app: FastifyInstance = shop.app) =>
    ((await new StoreClient(app).get("/products?per_page=100")).json() as { slug: string }[]).map((p) => p.slug);
  beforeAll(async () => {
    print = await productId(shop.app, "limited-print");
  });

  it("reads the demo shop's: low stock at 2, out of stock at 0, out-of-stock products listed", async () => {
    expect(await read("inventory")).toEqual({
      low_stock_amount: 2,
      out_of_stock_amount: 0,
      hide_out_of_stock: false,
      // The stock notices (decision 0099): on, to the owner's notices' recipient.
      low_stock_notices: true,
      out_of_stock_notices: true,
      backorder_notices: true,
      stock_notice_recipient: "",
      // Every tracked quantity shows on the product page (decision 0153).
      stock_format: "always",
    });
    expect(await listed()).toContain("discontinued-mug");
  });

  it("hides out-of-stock products from the listings once asked", async () => {
    const before = await read("inventory");
    await saved("inventory", { ...before, hide_out_of_stock: true });
    const slugs = await listed();
    expect(slugs).not.toContain("discontinued-mug");
    expect(slugs).toContain("limited-print");
    // The product's own page still answers.
    expect((await new StoreClient(shop.app).get("/products/discontinued-mug")).statusCode).toBe(200);
    await saved("inventory", before);
    expect(await listed()).toContain("discontinued-mug");
  });

  it("makes tracked stock at the out-of-stock amount out of stock, at once and after each stock move", async () => {
    const before = await read("inventory");
    expect((await product()).is_in_stock).toBe(true);
    // The Limited Print has 3: an amount of 3 makes it out of stock, which the cart refuses.
    await saved("inventory", { ...before, low_stock_amount: 5, out_of_stock_amount: 3 });
    expect((await product()).is_in_stock).toBe(false);
    const refused = await new StoreClient(shop.app).request("POST", "/cart/add-item", { id: print, quantity: 1 });
    expect(refused.json().code).toBe("cw_rest_product_out_of_stock");

    // At 2, one sale (3 → 2) puts it out of stock; the order's cancellation puts it back.
    await saved("inventory", { ...before, out_of_stock_amount: 1, low_stock_amount: 2 });
    await saved("inventory", { ...before, low_stock_amount: 4, out_of_stock_amount: 2 });
    expect((await product()).is_in_stock).toBe(true);
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("print@example.com"), payment_method: "cod" });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await product()).is_in_stock).toBe(false);
    const cancelled = await call(owner, "POST", `/orders/${placed.json().order_id}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await product()).is_in_stock).toBe(true);
    await saved("inventory", before);
    expect((await product()).is_in_stock).toBe(true);
  });

  it("refuses a low-stock amount at or below the out-of-stock amount, and amounts out of range", async () => {
    const before = await read("inventory");
    const bad = await save("inventory", { ...before, low_stock_amount: 3, out_of_stock_amount: 3 });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toEqual({
      low_stock_amount: "Enter more than the out-of-stock amount (3): low stock would never show.",
    });
    expect((await save("inventory", { ...before, out_of_stock_amount: -1 })).statusCode).toBe(400);
    expect((await save("inventory", { ...before, low_stock_amount: 2.5 })).statusCode).toBe(400);
    expect(await read("inventory")).toEqual(before);
  });

  it("logs the change with the group before and after", async () => {
    const before = await read("inventory");
    const after = await saved("inventory", { ...before, low_stock_amount: 7 });
    const row = await lastChange("inventory");
    expect(JSON.parse(row.before ?? "{}")).toEqual(before);
    expect(JSON.parse(row.after ?? "{}")).toEqual(after);
    await saved("inventory", before);
  });
});

describe("cart fees and how coupons combine", () => {
  it("reads the demo shop's: no fees, coupons each on the full price", async () => {
    expect(await read("cart")).toEqual({ discounts_sequentially: false, fees: [] });
  });

  it("adds a fee to every cart and applies coupons one after another once asked", async () => {
    const before = await read("cart");
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: 1, quantity: 3 });
    await shopper.cart("POST", "/cart/apply-coupon", { code: "save10" });
    const both = await shopper.cart("POST", "/cart/apply-coupon", { code: "min50" });
    const items = Number(both.totals.total_items);
    expect(Number(both.totals.total_discount)).toBe(Math.round(items / 10) * 2);
    const response = await saved("cart", {
      discounts_sequentially: true,
      fees: [{ name: " Packing ", amount: 250, taxable: false, tax_class: "" }],
    });
    expect(response.fees).toEqual([{ name: "Packing", amount: 250, taxable: false, tax_class: "" }]);
    const after = await shopper.cart("GET", "/cart");
    expect(Number(after.totals.total_fees)).toBe(250);
    const first = Math.round(items / 10);
    expect(Number(after.totals.total_discount)).toBe(first + Math.round((items - first) / 10));
    await saved("cart", before);
    expect(Number((await shopper.cart("GET", "/cart")).totals.total_fees)).toBe(0);
  });

  it("refuses fees without a name, twice the same, of 0, in a class that is no slug or that the shop lacks, beside each", async () => {
    const fee = { name: "Packing", amount: 250, taxable: true, tax_class: "" };
    const bad = await save("cart", {
      discounts_sequentially: false,
      fees: [{ ...fee, name: " " }, fee, { ...fee, name: "packing", amount: 0, tax_class: "Reduced Rate" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toEqual({
      "fees.0.name": "Enter the fee's name, as the cart shows it.",
      "fees.2.name": "Another fee has this name.",
      "fees.2.amount": "Enter an amount other than 0 (minor units; below 0 for a discount).",
      "fees.2.tax_class": "Enter a tax class's slug, such as reduced-rate, or leave it empty for the standard class.",
    });
    expect((await save("cart", { discounts_sequentially: false, fees: [{ ...fee, amount: 1.5 }] })).statusCode).toBe(400);
    const unknown = await save("cart", { discounts_sequentially: false, fees: [{ ...fee, tax_class: "luxury" }] });
    expect(fieldMessages(unknown)).toEqual({
      "fees.0.tax_class": 'The shop has no tax class "luxury": add it under Taxes first, or choose another.',
    });
    expect(await read("cart")).toEqual({ discounts_sequentially: false, fees: [] });
  });
});

describe("a second server process over the same database", () => {
  let second: SecondProcess;
  beforeAll(async () => {
    second = await secondProcess(shop, { web: true });
  });
  afterAll(() => second.close());

  it("follows the countries, the listings and the consent rule on its next request", async () => {
    const countries = await read("countries");
    const inventory = await read("inventory");
    const consent = await read("consent");
    // The other process has the catalogue's listing and the settings in its caches now.
    expect((await cartWithAddress(second.app, { billing: "DE" })).statusCode).toBe(200);
    const listedThere = async () =>
      ((await new StoreClient(second.app).get("/products?per_page=100")).json() as { slug: string }[]).map((p) => p.slug);
    expect(await listedThere()).toContain("discontinued-mug");

    await saved("countries", { ...countries, sell_to: { mode: "specific", countries: ["US"] } });
    await saved("inventory", { ...inventory, hide_out_of_stock: true });
    await saved("consent", { ...consent, tracking_consent: "required" });
    expect((await cartWithAddress(second.app, { billing: "DE" })).statusCode).toBe(400);
    expect(await listedThere()).not.toContain("discontinued-mug");
    expect((await new PageBrowser(second.app).get("/shop")).body).toContain("&quot;consent&quot;:&quot;required&quot;");

    await saved("countries", countries);
    await saved("inventory", inventory);
    await saved("consent", consent);
    expect((await cartWithAddress(second.app, { billing: "DE" })).statusCode).toBe(200);
    expect(await listedThere()).toContain("discontinued-mug");
  });
});
