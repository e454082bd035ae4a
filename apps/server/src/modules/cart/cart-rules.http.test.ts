/** The cart's settings-driven rules: fees, tax display and entry, shipping off, extensions, merging, expiry. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { productId, StoreClient } from "../../../../../test/store-client.ts";
import { CART_TTL_SECONDS } from "../../http/tokens.ts";
import { updateSettings } from "../settings/index.ts";
import { EXPIRY_STEP_MS } from "./held-cart.ts";
import { deleteExpiredCarts, getCart, mergeCarts, registerCartExtension, registerCartFees } from "./index.ts";

let shop: TestShop;
let tshirt: number;
let beanie: number;
beforeAll(async () => {
  shop = await createTestShop();
  tshirt = await productId(shop.app, "classic-t-shirt");
  beanie = await productId(shop.app, "beanie");
});
afterAll(() => shop?.close());

const client = () => new StoreClient(shop.app);

describe("fees", () => {
  afterEach(() => updateSettings(shop.db, { cartFees: [] }));

  it("adds fees from settings, labels an unnamed one 'Fee', taxes it, and hides a zero fee", async () => {
    await updateSettings(shop.db, {
      cartFees: [
        { name: "Gift wrap", amount: 300, taxable: true, taxClass: "" },
        { name: "", amount: 100, taxable: false, taxClass: "" },
        { name: "Nothing", amount: 0, taxable: false, taxClass: "" },
      ],
    });
    const cart = await client().cart("POST", "/cart/add-item", { id: tshirt });
    expect(
      cart.fees.map((f: { name: string; totals: { total: string; total_tax: string } }) => [f.name, f.totals.total, f.totals.total_tax]),
    ).toEqual([
      ["Gift wrap", "300", "22"],
      ["Fee", "100", "0"],
    ]);
    expect(cart.totals.total_fees).toBe("400");
    expect(cart.totals.total_fees_tax).toBe("22");
  });

  it("adds fees from an extension's provider and never lets a negative fee push the total below zero", async () => {
    const unregister = registerCartFees("test/discount-fee", () => [
      { name: "Loyalty credit", amount: -100000, taxable: false, taxClass: "" },
    ]);
    try {
      const cart = await client().cart("POST", "/cart/add-item", { id: beanie });
      expect(cart.fees[0].name).toBe("Loyalty credit");
      expect(Number(cart.totals.total_price)).toBe(0);
      expect(cart.needs_payment).toBe(false);
    } finally {
      unregister();
    }
  });
});

describe("tax settings", () => {
  afterEach(() =>
    updateSettings(shop.db, {
      pricesIncludeTax: false,
      displayItemizedTaxes: false,
      taxesEnabled: true,
      displayCartPricesIncludingTax: false,
    }),
  );

  it("lists one tax line per rate when itemized", async () => {
    await updateSettings(shop.db, { displayItemizedTaxes: true });
    const cart = await client().cart("POST", "/cart/add-item", { id: tshirt });
    expect(cart.totals.tax_lines).toEqual([{ name: "CA Tax", rate: "7.25%", price: "181" }]);
  });

  it("backs tax out of prices entered with tax", async () => {
    await updateSettings(shop.db, { pricesIncludeTax: true });
    const cart = await client().cart("POST", "/cart/add-item", { id: tshirt });
    // 20.00 including 7.25 % CA tax: 18.65 + 1.35.
    expect(cart.items[0].totals).toMatchObject({ line_subtotal: "1865", line_subtotal_tax: "135" });
  });

  it("shows cart prices with tax when the display setting asks", async () => {
    await updateSettings(shop.db, { displayCartPricesIncludingTax: true });
    const cart = await client().cart("POST", "/cart/add-item", { id: tshirt });
    expect(cart.items[0].prices.price).toBe("2145");
  });

  it("charges no tax when taxes are off", async () => {
    await updateSettings(shop.db, { taxesEnabled: false });
    const cart = await client().cart("POST", "/cart/add-item", { id: tshirt });
    expect(cart.totals.total_tax).toBe("0");
  });
});

describe("shipping switched off", () => {
  afterEach(() => updateSettings(shop.db, { shippingEnabled: true }));

  it("needs no shipping and refuses a rate choice with cw_rest_shipping_disabled", async () => {
    await updateSettings(shop.db, { shippingEnabled: false });
    const shopper = client();
    const cart = await shopper.cart("POST", "/cart/add-item", { id: tshirt });
    expect(cart.needs_shipping).toBe(false);
    const response = await shopper.post("/cart/select-shipping-rate", { rate_id: "flat_rate:1" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("cw_rest_shipping_disabled");
  });
});

describe("ship-to countries", () => {
  afterEach(() => updateSettings(shop.db, { shipToCountries: [] }));

  it("refuses a shipping country the shop does not ship to", async () => {
    await updateSettings(shop.db, { shipToCountries: ["US"] });
    const response = await client().post("/cart/update-customer", { shipping_address: { country: "DE" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.details.shipping_address.message).toBe("Sorry, we do not ship orders to the selected country");
  });
});

describe("a disabled coupon", () => {
  it("answers 404 cw_rest_cart_coupon_disabled", async () => {
    await shop.db.updateTable("coupons").set({ enabled: 0 }).where("code", "=", "5off").execute();
    try {
      const shopper = client();
      await shopper.post("/cart/add-item", { id: tshirt });
      const response = await shopper.post("/cart/apply-coupon", { code: "5OFF" });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("cw_rest_cart_coupon_disabled");
    } finally {
      await shop.db.updateTable("coupons").set({ enabled: 1 }).where("code", "=", "5off").execute();
    }
  });
});

describe("POST /cart/extensions", () => {
  it("calls the namespace's callback and keeps what it returns", async () => {
    const unregister = registerCartExtension("test/gift-message", (data) => ({ message: String(data.message ?? "").slice(0, 50) }));
    try {
      const cart = await client().cart("POST", "/cart/extensions", { namespace: "test/gift-message", data: { message: "Happy birthday" } });
      expect(cart.extensions["test/gift-message"]).toEqual({ message: "Happy birthday" });
    } finally {
      unregister();
    }
  });

  it("refuses an unknown namespace and reports a failing callback", async () => {
    const unknown = await client().post("/cart/extensions", { namespace: "nobody/here", data: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("cw_rest_cart_extensions_error");
    const unregister = registerCartExtension("test/broken", () => {
      throw new Error("The gift service is down.");
    });
    try {
      const broken = await client().post("/cart/extensions", { namespace: "test/broken", data: {} });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ code: "cw_rest_cart_extensions_error", message: "The gift service is down." });
    } finally {
      unregister();
    }
  });
});

describe("carts over time", () => {
  it("merges a guest cart into the customer's saved cart", async () => {
    const guest = client();
    const saved = client();
    await guest.post("/cart/add-item", { id: tshirt, quantity: 2 });
    await guest.post("/cart/apply-coupon", { code: "SAVE10" });
    await saved.post("/cart/add-item", { id: beanie });
    await mergeCarts(shop.db, guest.sessionId(), saved.sessionId());
    const merged = await getCart(testContext(shop, { sid: saved.sessionId(), uid: 0 }));
    expect(merged.items.map((i) => [i.name, i.quantity]).sort()).toEqual([
      ["Beanie", 1],
      ["Classic T-Shirt", 2],
    ]);
    expect(merged.coupons.map((c) => c.code)).toEqual(["save10"]);
    const gone = await shop.db.selectFrom("carts").select("id").where("id", "=", guest.sessionId()).execute();
    expect(gone).toEqual([]);
  });

  it("deletes carts idle for two days", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: tshirt });
    const id = shopper.sessionId();
    await shop.db.updateTable("carts").set({ expires_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    expect(await deleteExpiredCarts(shop.db, new Date().toISOString())).toBeGreaterThanOrEqual(1);
    expect(await shop.db.selectFrom("cart_items").select("key").where("cart_id", "=", id).execute()).toEqual([]);
  });

  it("moves a cart's expiry on a write only once it lags by more than a few minutes (decision 0063)", async () => {
    const shopper = client();
    const expiry = async () =>
      await shop.db
        .selectFrom("carts")
        .select(["expires_at", "updated_at"])
        .where("id", "=", shopper.sessionId())
        .executeTakeFirstOrThrow();
    const before = Date.now();
    await shopper.post("/cart/add-item", { id: tshirt });
    const made = await expiry();
    expect(Date.parse(made.expires_at) - before).toBeGreaterThanOrEqual(CART_TTL_SECONDS * 1000);
    // A quick second write keeps the expiry (it lags by less than the step) but is recorded as the last write.
    await shopper.post("/cart/add-item", { id: beanie });
    const quick = await expiry();
    expect(quick.expires_at).toBe(made.expires_at);
    expect(quick.updated_at >= made.updated_at).toBe(true);
    // An expiry that lags by more than the step is moved to two days after this write.
    const lagging = new Date(Date.parse(made.expires_at) - EXPIRY_STEP_MS - 1000).toISOString();
    await shop.db.updateTable("carts").set({ expires_at: lagging }).where("id", "=", shopper.sessionId()).execute();
    const written = Date.now();
    await shopper.post("/cart/update-customer", {
      shipping_address: { country: "US", state: "CA", postcode: "90001", city: "Springfield" },
    });
    const moved = await expiry();
    expect(Date.parse(moved.expires_at) - written).toBeGreaterThanOrEqual(CART_TTL_SECONDS * 1000);
    expect(Date.parse(moved.expires_at)).toBe(Date.parse(moved.updated_at) + CART_TTL_SECONDS * 1000);
  });
});
