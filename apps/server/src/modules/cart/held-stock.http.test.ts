/**
 * The cart counts the stock other shoppers' checkouts hold (decision 0096): add-item, update-item and the
 * cart's errors, quantity limits and low-stock figure use the shelf less what other orders hold, never
 * the shopper's own draft's hold; backorders ignore holds. On SQLite and PostgreSQL.
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";

let shop: TestShop;
let print: number;
let poster: number;
beforeAll(async () => {
  shop = await createTestShop();
  print = await productId(shop.app, "limited-print");
  poster = await productId(shop.app, "pre-order-poster");
});
afterEach(async () => {
  vi.useRealTimers();
  await shop.db.deleteFrom("stock_holds").execute();
});
afterAll(() => shop?.close());

const setStock = (id: number, quantity: number) =>
  sql`update products set stock_quantity = ${quantity}, stock_status = ${quantity > 0 ? "instock" : "outofstock"} where id = ${id}`.execute(
    shop.db,
  );
const heldOf = async (id: number) =>
  (await shop.db.selectFrom("stock_holds").select("quantity").where("product_id", "=", id).execute()).reduce(
    (sum, h) => sum + h.quantity,
    0,
  );

/** A shopper whose checkout draft holds `quantity` of the product (GET /checkout, as the checkout page does). */
async function holding(id: number, quantity: number) {
  const holder = new StoreClient(shop.app);
  await holder.cart("POST", "/cart/add-item", { id, quantity });
  expect((await holder.get("/checkout")).statusCode).toBe(200);
  return holder;
}

const addRefusal = (remaining: number) => ({
  code: "cw_rest_product_partially_out_of_stock",
  message: `You cannot add that amount of “Limited Print” to the cart because there is not enough stock (${remaining} remaining).`,
  data: { status: 400 },
});
const cartError = (left: number) => ({
  code: "cw_rest_product_partially_out_of_stock",
  message: `There is not enough “Limited Print” in stock: ${left} left. Please lower the quantity in your cart.`,
});

describe("stock other shoppers' checkouts hold", () => {
  it("refuses an add or an update beyond what is left with the spec's code and message, and loses nothing", async () => {
    await setStock(print, 5);
    await holding(print, 3);
    expect(await heldOf(print)).toBe(3);
    const shopper = new StoreClient(shop.app);

    const refused = await shopper.post("/cart/add-item", { id: print, quantity: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(addRefusal(2));

    const cart = await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 2 });
    const [line] = cart.items;
    expect(line).toMatchObject({ quantity: 2, low_stock_remaining: 2, quantity_limits: { maximum: 2 } });
    expect(cart.errors).toEqual([]);

    const update = await shopper.post("/cart/update-item", { key: line.key, quantity: 3 });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual(addRefusal(2));
    const again = await shopper.post("/cart/add-item", { id: print, quantity: 1 });
    expect(again.json()).toEqual(addRefusal(2));
    expect((await shopper.cart("GET", "/cart")).items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);

    // With every unit held by others, none is left: the same refusal, 0 remaining.
    await setStock(print, 3);
    const third = await new StoreClient(shop.app).post("/cart/add-item", { id: print, quantity: 1 });
    expect(third.json()).toEqual(addRefusal(0));
    // The product's own page keeps the shelf: its reply is kept per catalogue revision, which holds do not move.
    const product = (await shop.app.inject(`/api/store/v1/products/${print}`)).json();
    expect(product.low_stock_remaining).toBe(3);
  });

  it("the cart's errors show a hold begun after the line was added, and drop it when the hold shrinks or lapses", async () => {
    await setStock(print, 5);
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 4 });
    // Kept after this read (decision 0015): the next reads must still see the holds come and go.
    expect((await shopper.cart("GET", "/cart")).errors).toEqual([]);
    expect((await shopper.cart("GET", "/cart")).errors).toEqual([]);

    const holder = await holding(print, 3);
    let cart = await shopper.cart("GET", "/cart");
    expect(cart.errors).toEqual([cartError(2)]);
    expect(cart.items[0]).toMatchObject({ quantity: 4, low_stock_remaining: 2, quantity_limits: { maximum: 2 } });
    // Any write's reply shows it too, and the read after it agrees.
    const updated = await shopper.cart("POST", "/cart/update-customer", { billing_address: { email: "shopper@example.com" } });
    expect(updated.errors).toEqual([cartError(2)]);

    // The holder's checkout now holds 1: 4 are left, enough for this cart.
    const holderLine = (await holder.cart("GET", "/cart")).items[0];
    await holder.cart("POST", "/cart/update-item", { key: holderLine.key, quantity: 1 });
    expect((await holder.get("/checkout")).statusCode).toBe(200);
    expect(await heldOf(print)).toBe(1);
    cart = await shopper.cart("GET", "/cart");
    expect(cart.errors).toEqual([]);
    expect(cart.items[0]).toMatchObject({ low_stock_remaining: 4, quantity_limits: { maximum: 4 } });

    // Holding 3 again, then lapsing: ten minutes on, the hold no longer counts, with no write to tell.
    await holder.cart("POST", "/cart/update-item", { key: holderLine.key, quantity: 3 });
    expect((await holder.get("/checkout")).statusCode).toBe(200);
    expect((await shopper.cart("GET", "/cart")).errors).toEqual([cartError(2)]);
    expect((await shopper.cart("GET", "/cart")).errors).toEqual([cartError(2)]);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + 11 * 60 * 1000) });
    expect(await heldOf(print)).toBe(3);
    cart = await shopper.cart("GET", "/cart");
    expect(cart.errors).toEqual([]);
    expect(cart.items[0]).toMatchObject({ low_stock_remaining: 5, quantity_limits: { maximum: 5 } });
    const line = cart.items[0];
    expect((await shopper.cart("POST", "/cart/update-item", { key: line.key, quantity: 5 })).errors).toEqual([]);
  });

  it("a hold released by a failed checkout lifts the refusal", async () => {
    await setStock(print, 3);
    const holder = await holding(print, 2);
    const shopper = new StoreClient(shop.app);
    expect((await shopper.post("/cart/add-item", { id: print, quantity: 2 })).json()).toEqual(addRefusal(1));
    // The holder's order finds too little on the shelf (the owner lowered it): its attempt gives its hold back.
    await setStock(print, 1);
    const attempt = await holder.post("/checkout", {
      billing_address: testBilling(),
      payment_method: "cod",
    });
    expect(attempt.statusCode).toBe(409);
    expect(await heldOf(print)).toBe(0);
    await setStock(print, 3);
    const cart = await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 3 });
    expect(cart.items[0]).toMatchObject({ quantity: 3, quantity_limits: { maximum: 3 } });
    expect(cart.errors).toEqual([]);
  });

  it("the order placed from a holding draft takes its stock and lets go of the hold", async () => {
    await setStock(print, 5);
    const holder = await holding(print, 3);
    const draft = (await holder.get("/checkout")).json();
    expect(await heldOf(print)).toBe(3);
    const placed = await holder.post("/checkout", { billing_address: testBilling(), payment_method: "cod" });
    expect(placed.statusCode).toBe(200);
    // The draft became the order: the same id, its stock taken from the shelf and no longer held.
    expect(placed.json()).toMatchObject({ order_id: draft.order_id, status: "processing" });
    expect(await heldOf(print)).toBe(0);
    const shelf = await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", print).executeTakeFirstOrThrow();
    expect(shelf.stock_quantity).toBe(2);
  });

  it("the shopper's own checkout hold never counts against them", async () => {
    await setStock(print, 3);
    const shopper = await holding(print, 3);
    expect(await heldOf(print)).toBe(3);
    let cart = await shopper.cart("GET", "/cart");
    expect(cart.errors).toEqual([]);
    expect(cart.items[0]).toMatchObject({ quantity: 3, low_stock_remaining: 3, quantity_limits: { maximum: 3 } });
    const { key } = cart.items[0];
    cart = await shopper.cart("POST", "/cart/update-item", { key, quantity: 2 });
    cart = await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 1 });
    expect(cart.items[0].quantity).toBe(3);
    expect(cart.errors).toEqual([]);
    // Its checkout again: the draft holds the 3 it now wants, and the cart still has them all.
    expect((await shopper.get("/checkout")).statusCode).toBe(200);
    expect((await shopper.cart("GET", "/cart")).errors).toEqual([]);
  });

  it("a product taking backorders ignores holds", async () => {
    await setStock(poster, 2);
    await sql`update products set backorders = 'yes' where id = ${poster}`.execute(shop.db);
    await holding(poster, 2);
    expect(await heldOf(poster)).toBe(2);
    const shopper = new StoreClient(shop.app);
    const cart = await shopper.cart("POST", "/cart/add-item", { id: poster, quantity: 5 });
    expect(cart.errors).toEqual([]);
    expect(cart.items[0]).toMatchObject({ quantity: 5, backorders_allowed: true, show_backorder_badge: true });
    expect(cart.items[0].quantity_limits.maximum).toBeGreaterThanOrEqual(5);
    const updated = await shopper.cart("POST", "/cart/update-item", { key: cart.items[0].key, quantity: 6 });
    expect(updated.errors).toEqual([]);
  });

  it("a cart of several products counts others' holds on each of them, and never its own", async () => {
    const tee = await productId(shop.app, "classic-t-shirt");
    await setStock(print, 5);
    await setStock(tee, 4);
    try {
      const holder = new StoreClient(shop.app);
      await holder.cart("POST", "/cart/add-item", { id: print, quantity: 3 });
      await holder.cart("POST", "/cart/add-item", { id: tee, quantity: 2 });
      expect((await holder.get("/checkout")).statusCode).toBe(200);
      expect([await heldOf(print), await heldOf(tee)]).toEqual([3, 2]);

      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", { id: tee, quantity: 1 });
      // The product added and the line already there: what others hold of both counts.
      expect((await shopper.post("/cart/add-item", { id: print, quantity: 3 })).json()).toEqual(addRefusal(2));
      let cart = await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 2 });
      const limits = (view: { items: { id: number; quantity_limits: { maximum: number } }[] }) =>
        Object.fromEntries(view.items.map((item) => [item.id, item.quantity_limits.maximum]));
      expect(limits(cart)).toEqual({ [tee]: 2, [print]: 2 });
      expect(cart.errors).toEqual([]);
      const teeLine = cart.items.find((item: { id: number }) => item.id === tee);
      const refused = await shopper.post("/cart/update-item", { key: teeLine.key, quantity: 3 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe("cw_rest_product_partially_out_of_stock");

      // The shopper's own checkout now holds both lines as well: they never count against its cart.
      expect((await shopper.get("/checkout")).statusCode).toBe(200);
      expect([await heldOf(print), await heldOf(tee)]).toEqual([5, 3]);
      cart = await shopper.cart("GET", "/cart");
      expect(cart.errors).toEqual([]);
      expect(limits(cart)).toEqual({ [tee]: 2, [print]: 2 });
      cart = await shopper.cart("POST", "/cart/update-item", { key: teeLine.key, quantity: 2 });
      expect(cart.errors).toEqual([]);
      expect(limits(cart)).toEqual({ [tee]: 2, [print]: 2 });
    } finally {
      await setStock(tee, 100);
    }
  });
});
