import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { getSettings } from "../modules/settings/index.ts";
import { seedDemoShop } from "./index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

describe("the demo seed", () => {
  it("seeds once: a second run adds nothing", async () => {
    const before = await shop.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await seedDemoShop(shop.db)).toBe(false);
    const after = await shop.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("holds the DEMO.md catalogue: 25 products in 5 categories, six hoodie variations", async () => {
    const parents = await shop.db
      .selectFrom("products")
      .select(["slug", "regular_price", "sale_price"])
      .where("parent_id", "is", null)
      .execute();
    expect(parents).toHaveLength(25);
    const price = (slug: string) => parents.find((p) => p.slug === slug);
    expect(price("classic-t-shirt")).toMatchObject({ regular_price: 2000, sale_price: null });
    expect(price("beanie")).toMatchObject({ regular_price: 2000, sale_price: 1800 });
    expect(price("limited-print")?.regular_price).toBe(6000);
    expect(price("gift-card")?.regular_price).toBe(5000);
    expect(price("socks-3-pack")?.regular_price).toBe(1200);
    expect(price("pre-order-poster")?.regular_price).toBe(1500);
    expect(price("signed-book")?.regular_price).toBe(3500);
    expect(price("discontinued-mug")?.regular_price).toBe(900);
    expect(price("secret-item")?.regular_price).toBe(9900);
    const categories = await shop.db.selectFrom("categories").select("slug").execute();
    expect(categories.length).toBeGreaterThanOrEqual(4);
    const variations = await shop.db.selectFrom("products").select("id").where("type", "=", "variation").execute();
    expect(variations).toHaveLength(6);
  });

  it("stores the demo settings", async () => {
    const settings = await getSettings(shop.db);
    expect(settings).toMatchObject({
      siteTitle: "Cartwright Demo",
      baseLocation: { country: "US", state: "CA" },
      pricesIncludeTax: false,
      taxesEnabled: true,
      displayCartPricesIncludingTax: false,
      displayItemizedTaxes: false,
      checkoutAllowsGuest: true,
      addToCartBehaviour: "open_drawer",
      storeNotice: { text: "Free shipping on US orders over $100", enabled: true },
      currency: { code: "USD", symbol: "$", symbolPosition: "left", decimalSeparator: ".", thousandSeparator: ",", minorUnit: 2 },
      storePages: { shop: "/shop", cart: "/cart", checkout: "/checkout", myaccount: "/my-account", privacy: "/privacy", terms: "/terms" },
    });
  });

  it("never seeds over a shop's own data", async () => {
    const fresh = await import("../../../../test/app.ts").then((m) => m.createTestShop({ seed: false }));
    try {
      await fresh.db
        .insertInto("products")
        .values({
          parent_id: null,
          type: "simple",
          status: "publish",
          name: "Own",
          slug: "own",
          sku: "",
          short_description: "",
          description: "",
          regular_price: 100,
          sale_price: null,
          manage_stock: 0,
          stock_quantity: null,
          stock_status: "instock",
          backorders: "no",
          low_stock_amount: null,
          quantity_min: 1,
          quantity_max: null,
          quantity_step: 1,
          sold_individually: 0,
          catalog_visibility: "visible",
          virtual: 0,
          weight_grams: null,
          featured: 0,
          menu_order: 0,
          total_sales: 0,
          rating_x100: 0,
          review_count: 0,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
      expect(await seedDemoShop(fresh.db)).toBe(false);
      const count = await fresh.db.selectFrom("products").select("id").execute();
      expect(count).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
