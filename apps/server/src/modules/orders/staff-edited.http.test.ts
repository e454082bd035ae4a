/**
 * A failed checkout order a member of staff changed is never rewritten by the shopper's next checkout
 * from the same cart (decision 0101), on SQLite and PostgreSQL: after an edit of its items, a status
 * change or an address edit the checkout makes a new order; unchanged, the failed order is reused as
 * before; and when the owner's edit and the checkout race, one of them wins whole: the checkout's
 * rewrite is conditional on the order still being unchanged by staff, the edit on its date_modified.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling, testCard } from "../../../../../test/store-client.ts";
import type { Db } from "../../db/index.ts";
import { findOrder, writeOrderAttempt } from "./index.ts";

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;
let beanie: number;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  tShirt = await productId(shop.app, "classic-t-shirt");
  beanie = await productId(shop.app, "beanie");
}, 60_000);
afterAll(() => shop?.close());

const DECLINED = "4000 0000 0000 0002";

/** A shopper whose first checkout was declined: the cart and its failed order's id. */
async function failedCheckout(email: string) {
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
  const declined = await shopper.post("/checkout", {
    billing_address: testBilling(email),
    payment_method: "test_card",
    payment_data: testCard(DECLINED),
  });
  expect(declined.statusCode, declined.body).toBe(400);
  const id: number = declined.json().data.order_id;
  expect((await findOrder(shop.db, id))?.status).toBe("failed");
  return { shopper, id, email };
}

const checkoutAgain = async ({ shopper, email }: { shopper: StoreClient; email: string }) => {
  const placed = await shopper.post("/checkout", { billing_address: testBilling(email), payment_method: "cod" });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order_id as number;
};

const linesOf = async (id: number) =>
  (await shop.db.selectFrom("order_items").select(["product_id", "quantity"]).where("order_id", "=", id).orderBy("position").execute()).map(
    (line) => ({ product_id: line.product_id, quantity: line.quantity }),
  );

const editItems = async (id: number, line_items: { product_id: number; quantity: number }[]) => {
  const form = (await adminCall(owner, "GET", `/orders/${id}/items`)).json();
  return adminCall(owner, "PUT", `/orders/${id}/items`, { date_modified: form.date_modified, line_items });
};

describe("the checkout after staff changed the cart's failed order", () => {
  it("reuses a failed order no one changed, as before", async () => {
    const failed = await failedCheckout("reuse@staff-edited.test");
    expect(await checkoutAgain(failed)).toBe(failed.id);
  });

  it("makes a new order after the owner edited the failed order's items, and the owner's edit stands", async () => {
    const failed = await failedCheckout("items@staff-edited.test");
    const saved = await editItems(failed.id, [{ product_id: beanie, quantity: 2 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await findOrder(shop.db, failed.id);

    const placed = await checkoutAgain(failed);
    expect(placed).not.toBe(failed.id);
    expect(await linesOf(placed)).toEqual([{ product_id: tShirt, quantity: 1 }]);
    // The owner's order as they left it: its lines, status, total and key.
    expect(await linesOf(failed.id)).toEqual([{ product_id: beanie, quantity: 2 }]);
    expect(await findOrder(shop.db, failed.id)).toEqual(before);
    // The shopper's next attempt from the same cart reuses neither: the new order was placed.
    expect((await findOrder(shop.db, placed))?.status).toBe("processing");
  });

  it("makes a new order after the owner changed the failed order's status or its address", async () => {
    const moved = await failedCheckout("status@staff-edited.test");
    const status = await adminCall(owner, "POST", `/orders/${moved.id}/status`, { status: "pending" });
    expect(status.statusCode, status.body).toBe(200);
    const placed = await checkoutAgain(moved);
    expect(placed).not.toBe(moved.id);
    expect((await findOrder(shop.db, moved.id))?.status).toBe("pending");

    const readdressed = await failedCheckout("address@staff-edited.test");
    const address = await adminCall(owner, "PUT", `/orders/${readdressed.id}/addresses/billing`, {
      ...testBilling("address@staff-edited.test"),
      first_name: "Owner-typed",
    });
    expect(address.statusCode, address.body).toBe(200);
    expect(await checkoutAgain(readdressed)).not.toBe(readdressed.id);
    expect(JSON.parse((await findOrder(shop.db, readdressed.id))?.billing_address ?? "{}").first_name).toBe("Owner-typed");
  });

  it("never rewrites an order staff changed after the checkout read it (the race's shape, made certain)", async () => {
    const failed = await failedCheckout("read-before@staff-edited.test");
    // What the checkout read before the owner's edit committed.
    const readByCheckout = await findOrder(shop.db, failed.id);
    if (!readByCheckout) throw new Error("the failed order");
    expect((await editItems(failed.id, [{ product_id: beanie, quantity: 1 }])).statusCode).toBe(200);
    const edited = await findOrder(shop.db, failed.id);

    const { id: _id, total_refunded: _refunded, staff_edited: _staff, ...fields } = readByCheckout;
    const written = await shop.db
      .transaction()
      .execute((trx) =>
        writeOrderAttempt(
          trx as unknown as Db,
          readByCheckout,
          { ...fields, status: "pending", order_key: "cw_order_attempt_race", updated_at: new Date().toISOString() },
          [],
          [],
        ),
      );
    expect(written).not.toBe(failed.id);
    expect(await findOrder(shop.db, failed.id)).toEqual(edited);
    expect(await linesOf(failed.id)).toEqual([{ product_id: beanie, quantity: 1 }]);
  });

  it("when the owner's edit and the checkout race, one wins whole: never an edit answered 200 and then overwritten", async () => {
    for (let round = 0; round < 4; round++) {
      const failed = await failedCheckout(`race${round}@staff-edited.test`);
      const form = (await adminCall(owner, "GET", `/orders/${failed.id}/items`)).json();
      const [edit, placed] = await Promise.all([
        adminCall(owner, "PUT", `/orders/${failed.id}/items`, {
          date_modified: form.date_modified,
          line_items: [{ product_id: beanie, quantity: 3 }],
        }),
        failed.shopper.post("/checkout", { billing_address: testBilling(failed.email), payment_method: "cod" }),
      ]);
      expect(placed.statusCode, placed.body).toBe(200);
      const placedId = placed.json().order_id as number;
      if (edit.statusCode === 200) {
        // The owner's edit stands; the shopper's attempt is an order of its own.
        expect(placedId).not.toBe(failed.id);
        expect(await linesOf(failed.id)).toEqual([{ product_id: beanie, quantity: 3 }]);
      } else {
        // The checkout rewrote the order first: the owner is told it changed, and nothing of theirs was lost silently.
        expect(edit.statusCode, edit.body).toBe(409);
        expect(["cw_rest_order_edit_stale", "cw_rest_order_not_editable"]).toContain(edit.json().code);
        expect(placedId).toBe(failed.id);
      }
      expect(await linesOf(placedId)).toEqual([{ product_id: tShirt, quantity: 1 }]);
    }
  });
});
