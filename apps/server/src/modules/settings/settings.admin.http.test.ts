/**
 * The owner's settings groups (issue 19, decision 0042) on SQLite and PostgreSQL: who may call
 * them, the nonce, every group read and saved back unchanged, every check beside its field, the
 * refused changes that would break the shop, the change log, the storefront following a change,
 * and a second server process over the same database serving it on its next request.
 */
import { SETTINGS_GROUP_NAMES } from "@cartwright/commerce";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { PageBrowser } from "../../../../../test/browser.ts";
import {
  ADMIN,
  adminCall as call,
  fieldMessages,
  latestChange,
  settingsGroups,
  signedIn,
  signedInManager,
  signedInOwner,
  twoEditors,
  withoutNonce,
} from "../../../../../test/owner-client.ts";
import { StoreClient, testBilling } from "../../../../../test/store-client.ts";
import { DEFAULT_SETTINGS } from "./index.ts";

const OWNER = { email: "owner@settings.test", password: "owner-password-2026" };
const GROUPS = SETTINGS_GROUP_NAMES;

let shop: TestShop;
let owner: StoreClient;

const { read, save } = settingsGroups(() => owner);
/** The group with some fields changed, saved; the reply. */
async function change(group: string, fields: Record<string, unknown>) {
  return save(group, { ...(await read(group)), ...fields });
}
const storedSettings = async () =>
  Object.fromEntries(
    (await shop.db.selectFrom("settings").select(["key", "value"]).where("key", "not like", "seed.%").execute()).map((r) => [
      r.key,
      r.value,
    ]),
  );

const page = (app: FastifyInstance = shop.app) => new PageBrowser(app).get("/shop");

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
  owner = await signedInOwner(shop, OWNER);
});
afterAll(() => shop.close());

describe("who may call the settings", () => {
  it("answers a guest 401, a shopper and a manager 403 for every group (settings are the owner's)", async () => {
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    const manager = await signedInManager(shop.app, shop.db, "max@settings.test");
    for (const group of GROUPS) {
      const body = await read(group);
      const guest = await shop.app.inject(`${ADMIN}/settings/${group}`);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().code).toBe("cw_rest_not_signed_in");
      for (const client of [jane, manager]) {
        for (const method of ["GET", "PUT"] as const) {
          const response = await call(client, method, `/settings/${group}`, method === "PUT" ? body : undefined);
          expect(response.statusCode, `${method} ${group}`).toBe(403);
          expect(response.json().code).toBe("cw_rest_forbidden");
        }
      }
    }
  });

  it("refuses the owner's writes without the nonce (401) or with a wrong one (403), changing nothing", async () => {
    const body = { ...(await read("store")), site_title: "Never" };
    const missing = await withoutNonce(shop.app, owner, "PUT", "/settings/store", body);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const wrong = await withoutNonce(shop.app, owner, "PUT", "/settings/store", body, "not-the-nonce");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_rest_invalid_nonce");
    expect((await read("store")).site_title).toBe("Cartwright Demo");
  });
});

describe("the owner's settings calls", () => {
  it("are in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const group of GROUPS) {
      for (const method of ["get", "put"]) expect(paths[`/api/admin/v1/settings/${group}`][method].tags).toEqual(["owner"]);
    }
    const currency = paths["/api/admin/v1/settings/currency"].put.requestBody.content["application/json"].schema;
    expect(currency.properties.decimals).toMatchObject({ minimum: 0, maximum: 4 });
  });

  it("reads the demo shop's settings as DEMO.md has them", async () => {
    expect(await read("store")).toMatchObject({
      site_title: "Cartwright Demo",
      base_location: { country: "US", state: "CA" },
      add_to_cart_behaviour: "open_drawer",
    });
    expect(await read("currency")).toEqual({
      code: "USD",
      symbol: "$",
      symbol_position: "left",
      decimal_separator: ".",
      thousand_separator: ",",
      decimals: 2,
    });
    expect(await read("notices")).toMatchObject({ store_notice: { enabled: true, text: "Free shipping on US orders over $100" } });
    expect(await read("checkout")).toMatchObject({ guest_checkout: true, account_creation: true, additional_fields: [] });
    expect((await read("pages")).shop).toBe("/shop");
    expect(await read("taxes")).toEqual({
      taxes_enabled: true,
      prices_include_tax: false,
      display_cart_prices_including_tax: false,
      display_itemized_taxes: false,
      display_shop_prices_including_tax: false,
      price_display_suffix: "",
    });
  });

  it("shows the cart's prices with tax once the owner asks for it, and refuses a switch that is not true or false", async () => {
    const before = await read("taxes");
    const shopper = new StoreClient(shop.app);
    const net = (await shopper.cart("POST", "/cart/add-item", { id: 1, quantity: 1 })).items[0];
    const tax = Number(net.totals.line_subtotal_tax);
    // The demo shop taxes its own California address, which an addressless cart is priced at.
    expect(tax).toBeGreaterThan(0);
    const saved = await save("taxes", { ...before, display_cart_prices_including_tax: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const gross = (await shopper.cart("GET", "/cart")).items[0];
    expect(Number(gross.prices.price)).toBe(Number(net.prices.price) + tax);
    expect((await save("taxes", { ...before, taxes_enabled: "sometimes" })).statusCode).toBe(400);
    expect((await save("taxes", before)).statusCode).toBe(200);
    expect(await read("taxes")).toEqual(before);
    expect((await shopper.cart("GET", "/cart")).items[0].prices.price).toBe(net.prices.price);
  });

  it("saves every group back unchanged: the stored settings stay exactly as the seed wrote them", async () => {
    const before = await storedSettings();
    for (const group of GROUPS) {
      const { version, ...body } = (await call(owner, "GET", `/settings/${group}`)).json();
      const response = await save(group, { ...body, version });
      expect(response.statusCode, `${group}: ${response.body}`).toBe(200);
      // Saved unchanged, a group keeps its version: another copy open meanwhile stays good (decision 0158).
      expect(response.json()).toEqual({ ...body, version });
    }
    const after = await storedSettings();
    for (const [key, value] of Object.entries(before)) expect(JSON.parse(after[key] as string), key).toEqual(JSON.parse(value));
    // The notice keeps its id, so shoppers who closed it do not see it again.
    expect(JSON.parse(after.storeNotice as string).id).toBe("free-shipping");
  });

  it("reaches every setting the shop reads: from none stored, the groups, payment methods, local pickup and the shipping tax class store each", async () => {
    const kept = await shop.db.selectFrom("settings").selectAll().where("key", "not like", "seed.%").execute();
    await shop.db.deleteFrom("settings").where("key", "not like", "seed.%").execute();
    try {
      for (const group of GROUPS) expect((await save(group, await read(group))).statusCode, group).toBe(200);
      const methods = (await call(owner, "GET", "/payment-methods")).json().methods as { id: string }[];
      const order = await call(owner, "PUT", "/payment-methods/order", { order: methods.map((method) => method.id) });
      expect(order.statusCode, order.body).toBe(200);
      const { currency_code: _code, currency_minor_unit: _unit, ...pickup } = (await call(owner, "GET", "/local-pickup")).json();
      expect((await call(owner, "PUT", "/local-pickup", pickup)).statusCode).toBe(200);
      const { shipping_tax_class } = (await call(owner, "GET", "/shipping-tax-class")).json();
      expect((await call(owner, "PUT", "/shipping-tax-class", { shipping_tax_class })).statusCode).toBe(200);
      const stored = await storedSettings();
      expect(Object.keys(DEFAULT_SETTINGS).filter((key) => !(key in stored))).toEqual([]);
    } finally {
      await shop.db.deleteFrom("settings").where("key", "not like", "seed.%").execute();
      await shop.db.insertInto("settings").values(kept).execute();
    }
  });

  it("logs who changed a group, with the group before and after", async () => {
    const before = await read("store");
    const response = await change("store", {
      site_title: "Cartwright Test",
      store_address: { ...before.store_address, email: "Shop@Example.com " },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await latestChange(shop.db, "settings", "store");
    const ownerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", OWNER.email).executeTakeFirstOrThrow()).id;
    expect(row).toMatchObject({ actor_id: ownerId, action: "update" });
    expect(JSON.parse(row.before ?? "{}")).toEqual(before);
    // The log keeps the group; the reply adds its version (decision 0158).
    const { version: _version, ...after } = response.json();
    expect(JSON.parse(row.after ?? "{}")).toEqual(after);
    expect(response.json().store_address.email).toBe("Shop@Example.com");
    expect((await page()).body).toContain("Cartwright Test");
    expect((await change("store", before)).statusCode).toBe(200);
  });

  it("two editors of one group: a save from a copy read before another's is refused (decision 0158)", async () => {
    const demo = await read("notices");
    const first = await twoEditors({
      db: shop.db,
      client: owner,
      path: "/settings/notices",
      method: "PUT",
      code: "cw_rest_settings_changed",
      noun: "group of settings",
      first: (group) => ({ ...group, store_notice: { enabled: true, text: "The first editor's notice" } }),
      second: (group) => ({ ...group, coming_soon: { enabled: true, text: "The second editor's banner" } }),
    });
    expect(first).toMatchObject({ store_notice: { text: "The first editor's notice" }, coming_soon: { enabled: false } });
    expect((await save("notices", demo)).statusCode).toBe(200);
  });

  it("refuses the store details' bad values beside their fields", async () => {
    const response = await change("store", {
      site_title: "  ",
      site_locale: "english!",
      base_location: { country: "US", state: "XX" },
      store_address: { address_1: "", address_2: "", city: "", postcode: "", email: "not-an-address" },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response)).toEqual({
      site_title: "Enter the shop's name.",
      site_locale: "Enter a language tag such as en, en_US or de-AT.",
      "base_location.state": "Choose a state of this country.",
      "store_address.email": "Enter an email address, or leave it empty.",
    });
    const country = await change("store", { base_location: { country: "ZZ", state: "" } });
    expect(fieldMessages(country)).toEqual({ "base_location.country": "Choose a country." });
    expect((await change("store", { products_per_page: 0 })).statusCode).toBe(400);
    expect((await change("store", { add_to_cart_behaviour: "explode" })).statusCode).toBe(400);
    expect((await read("store")).site_title).toBe("Cartwright Demo");
  });

  it("changes the currency's format, which the shop's prices follow, and refuses bad ones", async () => {
    const before = await read("currency");
    const euro = { code: "eur", symbol: "€", symbol_position: "right_space", decimal_separator: ",", thousand_separator: ".", decimals: 2 };
    const response = await save("currency", euro);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().code).toBe("EUR");
    const product = (await new StoreClient(shop.app).get("/products/1")).json();
    expect(product.prices).toMatchObject({ currency_code: "EUR", currency_symbol: "€", currency_decimal_separator: "," });
    expect((await save("currency", before)).statusCode).toBe(200);

    const bad = await save("currency", {
      code: "XYZ",
      symbol: " ",
      symbol_position: "left",
      decimal_separator: ".",
      thousand_separator: ".",
      decimals: 2,
    });
    expect(fieldMessages(bad)).toEqual({
      code: "Enter a currency's three-letter ISO 4217 code, such as USD or EUR.",
      symbol: "Enter the currency's symbol.",
      thousand_separator: "The thousand separator must differ from the decimal separator.",
    });
    const digits = await save("currency", { ...before, decimal_separator: "1", thousand_separator: "2" });
    expect(fieldMessages(digits)).toEqual({
      decimal_separator: "A separator cannot be a digit.",
      thousand_separator: "A separator cannot be a digit.",
    });
    expect((await save("currency", { ...before, decimals: 5 })).statusCode).toBe(400);
    // The demo shop has products priced in cents: three decimals would make every price a tenth.
    const rescale = await save("currency", { ...before, decimals: 3 });
    expect(rescale.statusCode).toBe(400);
    expect(fieldMessages(rescale).decimals).toMatch(/^The shop's prices and orders are stored in units of 2 decimals/);
    expect(await read("currency")).toEqual(before);
  });

  it("points the shop page at a category that exists, and refuses pages the storefront does not serve", async () => {
    const before = await read("pages");
    const category = (await shop.db.selectFrom("categories").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
    const response = await save("pages", { ...before, shop: `/product-category/${category}` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await new PageBrowser(shop.app).get("/")).headers.location).toBe(`/product-category/${category}`);
    expect((await save("pages", before)).statusCode).toBe(200);

    const bad = await save("pages", {
      shop: "/product-category/no-such-category",
      cart: "/basket",
      checkout: "https://elsewhere.example/checkout",
      myaccount: "/my-account",
      privacy: "/nowhere",
      terms: "/terms",
    });
    expect(fieldMessages(bad)).toEqual({
      shop: "Enter /shop or the page of a category that exists (/product-category/its-slug).",
      cart: "The storefront serves this page at /cart only.",
      checkout: "The storefront serves this page at /checkout only.",
      privacy: "Enter /privacy or /terms: the storefront's policy pages.",
    });
  });

  it("shows a changed store notice on the next page (a new text, a new id) and the coming-soon banner", async () => {
    const before = await read("notices");
    const response = await save("notices", {
      store_notice: { enabled: true, text: "Winter sale: 20% off" },
      coming_soon: { enabled: true, text: "We open on Monday." },
    });
    expect(response.statusCode, response.body).toBe(200);
    const shown = await page();
    expect(shown.body).toContain("Winter sale: 20% off");
    expect(shown.body).toContain("We open on Monday.");
    const stored = await shop.db.selectFrom("settings").select("value").where("key", "=", "storeNotice").executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).id).toMatch(/^notice-[0-9a-f]{10}$/);

    const off = await save("notices", {
      store_notice: { enabled: false, text: "Winter sale: 20% off" },
      coming_soon: { enabled: false, text: "" },
    });
    expect(off.statusCode).toBe(200);
    expect((await page()).body).not.toContain("Winter sale");
    const empty = await save("notices", { store_notice: { enabled: true, text: " " }, coming_soon: { enabled: true, text: "" } });
    expect(fieldMessages(empty)).toEqual({
      "store_notice.text": "Enter the notice's text, or switch the notice off.",
      "coming_soon.text": "Enter the banner's text, or switch coming soon off.",
    });
    expect((await save("notices", before)).statusCode).toBe(200);
    expect((await page()).body).toContain("Free shipping on US orders over $100");
  });
});

describe("the checkout settings", () => {
  const field = (fields: Record<string, unknown> = {}) => ({
    id: "my-shop/pickup-code",
    label: "Pickup code",
    location: "order",
    type: "text",
    required: false,
    rules: {
      validation: {
        properties: {
          checkout: { properties: { additional_fields: { properties: { "my-shop/pickup-code": { pattern: "^[0-9]{4}$" } } } } },
        },
      },
    },
    ...fields,
  });

  it("adds an additional field with rules, which the checkout draws and checks", async () => {
    const response = await change("checkout", { additional_fields: [field()] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().additional_fields).toEqual([field()]);
    const browser = new PageBrowser(shop.app);
    await browser.api("POST", "/cart/add-item", { id: 1, quantity: 1 });
    expect((await browser.get("/checkout")).body).toContain("Pickup code");
    expect((await change("checkout", { additional_fields: [] })).statusCode).toBe(200);
  });

  it("refuses fields the checkout could not use, beside each field", async () => {
    const response = await change("checkout", {
      additional_fields: [
        field({ id: "Pickup Code" }),
        field({ id: "my-shop/size", type: "select", label: " ", options: [] }),
        field({ id: "my-shop/note", rules: { validation: { type: "no-such-type" } } }),
        field({ id: "my-shop/note", rules: undefined }),
      ],
    });
    expect(response.statusCode).toBe(400);
    const errors = fieldMessages(response);
    expect(Object.keys(errors).sort()).toEqual([
      "additional_fields.0.id",
      "additional_fields.1.label",
      "additional_fields.1.options",
      "additional_fields.2.rules",
      "additional_fields.3.id",
    ]);
    expect(errors["additional_fields.0.id"]).toBe("An id looks like namespace/field-name: lower-case letters, digits and dashes.");
    expect(errors["additional_fields.1.options"]).toBe("A select field needs options.");
    expect(errors["additional_fields.2.rules"]).toMatch(/^These rules cannot be used: the validation rule is /);
    expect(errors["additional_fields.3.id"]).toBe("Another field has this id.");
    const wrongRule = await change("checkout", { additional_fields: [field({ rules: { shown: {} } })] });
    expect(fieldMessages(wrongRule)["additional_fields.0.rules"]).toBe(
      "These rules cannot be used: 'shown' is not a rule (use required, hidden or validation).",
    );
    expect((await read("checkout")).additional_fields).toEqual([]);
  });

  it("refuses switching guest checkout off while accounts cannot be made at the checkout (409, its reason)", async () => {
    const response = await change("checkout", { guest_checkout: false, account_creation: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("cw_rest_setting_breaks_shop");
    expect(fieldMessages(response).guest_checkout).toBe(
      "Guest checkout can only be switched off while shoppers can create an account at the checkout: nobody new could order.",
    );
    const accountsOnly = await change("checkout", { guest_checkout: false });
    expect(accountsOnly.statusCode).toBe(200);
    // A guest's order is refused now, with the checkout's own message.
    const guest = new StoreClient(shop.app);
    await guest.cart("POST", "/cart/add-item", { id: 1, quantity: 1 });
    const order = await guest.post("/checkout", { billing_address: testBilling("guest@example.com"), payment_method: "cod" });
    expect(order.statusCode).toBe(401);
    expect(order.json().code).toBe("cw_rest_checkout_login_required");
    expect((await change("checkout", { guest_checkout: true })).statusCode).toBe(200);
    expect((await change("checkout", { hold_stock_minutes: 0 })).statusCode).toBe(400);
  });
});

describe("a second server process over the same database", () => {
  let second: SecondProcess;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondProcess(shop, { web: true });
    other = second.app;
  });
  afterAll(() => second.close());

  it("shows a new store notice and site title on its next page", async () => {
    expect((await page(other)).body).toContain("Free shipping on US orders over $100");
    const notices = await read("notices");
    expect((await save("notices", { ...notices, store_notice: { enabled: true, text: "Closed for stocktaking" } })).statusCode).toBe(200);
    const shown = await page(other);
    expect(shown.body).toContain("Closed for stocktaking");
    expect(shown.body).not.toContain("Free shipping on US orders over $100");
    expect((await save("notices", notices)).statusCode).toBe(200);
    expect((await page(other)).body).toContain("Free shipping on US orders over $100");
  });
});
