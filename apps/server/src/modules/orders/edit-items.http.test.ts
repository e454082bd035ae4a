/**
 * The owner edits the items of an unpaid order (PUT /api/admin/v1/orders/{id}/items, its preview and
 * form; decision 0092) on SQLite and PostgreSQL: priced as /orders/calculate prices the same order,
 * the stock an order holds moved by the differences (never below zero without backorders), coupon
 * uses followed, a note in the history, every refusal (paid, ended, stale, stock short, bad lines),
 * and the customer's payment page and invoice on the edited order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { insertCoupon } from "../../../../../test/coupons.ts";
import { adminCall, fieldMessages, latestChange, signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling, testCard, variationId } from "../../../../../test/store-client.ts";
import { mailsOf, newOutbox, outboxMailer, ownerOn, readMail } from "./actions.test-support.ts";

let shop: TestShop;
let owner: StoreClient;
let hoodie: number;
let redL: number;
let tShirt: number;
let print: number;
let beanie: number;
let poster: number;
let mug: number;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  hoodie = await productId(shop.app, "hoodie");
  redL = await variationId(shop.app, "hoodie", ["red", "l"]);
  tShirt = await productId(shop.app, "classic-t-shirt");
  print = await productId(shop.app, "limited-print");
  beanie = await productId(shop.app, "beanie");
  poster = await productId(shop.app, "pre-order-poster");
  mug = await productId(shop.app, "discontinued-mug");
}, 60_000);
afterAll(() => shop?.close());

const stockOf = async (id: number) =>
  (await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity;
const setStock = (id: number, quantity: number) =>
  shop.db
    .updateTable("products")
    .set({ stock_quantity: quantity, stock_status: quantity > 0 ? "instock" : "outofstock" })
    .where("id", "=", id)
    .execute();
const usesOf = async (code: string) =>
  (await shop.db.selectFrom("coupons").select("usage_count").where("code", "=", code).executeTakeFirstOrThrow()).usage_count;

type Order = {
  id: number;
  number: string;
  status: string;
  date_modified: string;
  payment_url: string | null;
  lines: { product_id: number; variation_id: number | null; name: string; quantity: number; total: number }[];
  totals: { total: number; tax: number; items: number; shipping: number; discount: number };
  shipping: { lines: { method_id: string; instance_id: number; name: string; total: number }[] };
  billing_address: Record<string, string>;
  shipping_address: Record<string, string>;
  customer: { email: string };
  origin: { origin: string };
  timeline: { type: string; message?: string; actor: { type: string } | null }[];
};

const SHIPPING = [{ method_title: "Courier", total: 700 }];

/** An order made by hand for a guest: pending unless told, the courier line. */
async function made(email: string, body: Record<string, unknown>): Promise<Order> {
  const response = await adminCall(owner, "POST", "/orders", { billing: testBilling(email), shipping_lines: SHIPPING, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const read = async (id: number): Promise<Order> => (await adminCall(owner, "GET", `/orders/${id}`)).json();
const edit = (order: Pick<Order, "id" | "date_modified">, body: Record<string, unknown>, client = owner) =>
  adminCall(client, "PUT", `/orders/${order.id}/items`, { date_modified: order.date_modified, shipping_lines: SHIPPING, ...body });
const keyOf = async (id: number) =>
  (await shop.db.selectFrom("orders").select("order_key").where("id", "=", id).executeTakeFirstOrThrow()).order_key;
const notes = (order: Order) => order.timeline.filter((line) => line.type === "note").map((line) => line.message ?? "");

describe("editing an order awaiting payment", () => {
  it("adds a product, changes a quantity and removes a line: priced as /orders/calculate, stock moved by the differences, noted", async () => {
    await setStock(print, 10);
    const tShirtBefore = (await stockOf(tShirt)) ?? 0;
    const order = await made("edit-one@example.com", {
      line_items: [
        { product_id: print, quantity: 2 },
        { product_id: tShirt, quantity: 1 },
      ],
    });
    expect(await stockOf(print)).toBe(8);
    expect(await stockOf(tShirt)).toBe(tShirtBefore - 1);
    const key = await keyOf(order.id);

    const form = await adminCall(owner, "GET", `/orders/${order.id}/items`);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      editable: true,
      reason: null,
      date_modified: order.date_modified,
      line_items: [
        { product_id: print, variation_id: null, quantity: 2, name: "Limited Print" },
        { product_id: tShirt, variation_id: null, quantity: 1, name: "Classic T-Shirt" },
      ],
      coupon_lines: [],
      shipping_lines: SHIPPING,
      fee_lines: [],
    });

    const items = {
      line_items: [
        { product_id: print, quantity: 3 },
        { product_id: hoodie, variation_id: redL, quantity: 1 },
      ],
      shipping_lines: SHIPPING,
    };
    const calculated = await adminCall(owner, "POST", "/orders/calculate", { billing: order.billing_address, ...items });
    expect(calculated.statusCode, calculated.body).toBe(200);
    const preview = await adminCall(owner, "POST", `/orders/${order.id}/items/calculate`, items);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().totals).toEqual(calculated.json().totals);
    expect(preview.json().previous_total).toBe(order.totals.total);
    // The preview writes nothing.
    expect(await stockOf(print)).toBe(8);
    expect((await read(order.id)).date_modified).toBe(order.date_modified);

    const saved = await edit(order, items);
    expect(saved.statusCode, saved.body).toBe(200);
    const after: Order = saved.json();
    expect(after.totals.total).toBe(calculated.json().totals.total);
    expect(after.totals.total).not.toBe(order.totals.total);
    expect(after.lines.map((line) => [line.product_id, line.variation_id, line.quantity])).toEqual([
      [print, null, 3],
      [hoodie, redL, 1],
    ]);
    expect(after.lines.map((line) => line.total)).toEqual(calculated.json().lines.map((line: { total: number }) => line.total));
    // One more print taken, the T-shirt given back.
    expect(await stockOf(print)).toBe(7);
    expect(await stockOf(tShirt)).toBe(tShirtBefore);
    // The order keeps its number, key, customer, addresses, origin, status and payment link.
    expect(after).toMatchObject({
      id: order.id,
      number: order.number,
      status: "pending",
      payment_url: order.payment_url,
      customer: order.customer,
      billing_address: order.billing_address,
      shipping_address: order.shipping_address,
      origin: { origin: "Web admin" },
    });
    expect(await keyOf(order.id)).toBe(key);
    expect(after.date_modified).not.toBe(order.date_modified);
    const note = notes(after).find((text) => text.startsWith("Items edited by"));
    expect(note).toContain("added Hoodie (Red, L) × 1");
    expect(note).toContain("Limited Print × 2 → 3");
    expect(note).toContain("removed Classic T-Shirt × 1");
    expect(note).toContain(`total $${(order.totals.total / 100).toFixed(2)} → $${(after.totals.total / 100).toFixed(2)}`);
    expect(note).toContain("“Limited Print” 1 more taken");
    expect(note).toContain("“Classic T-Shirt” 1 put back");
    const change = await latestChange(shop.db, "order", String(order.id));
    expect(JSON.parse(change?.after ?? "{}")).toMatchObject({
      total: after.totals.total,
      stock: [
        { product_id: tShirt, change: -1 },
        { product_id: print, change: 1 },
      ].sort((a, b) => a.product_id - b.product_id),
    });

    // The version read before the save is spent: a second save on it is another's stale change.
    const again = await edit(order, { line_items: [{ product_id: print, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("cw_rest_order_edit_stale");
    expect(again.json().data.date_modified).toBe(after.date_modified);
    expect(await stockOf(print)).toBe(7);
    expect((await read(order.id)).totals.total).toBe(after.totals.total);
  });

  it("keeps units the order already took: the last of a product stays its own, more than the shelf is refused by line", async () => {
    await setStock(print, 2);
    const order = await made("edit-last@example.com", { line_items: [{ product_id: print, quantity: 2 }] });
    expect(await stockOf(print)).toBe(0);
    // The shelf is empty, yet the order's two prints are its own: adding a beanie keeps them.
    const saved = await edit(order, {
      line_items: [
        { product_id: print, quantity: 2 },
        { product_id: beanie, quantity: 1 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(print)).toBe(0);
    const after: Order = saved.json();
    const more = await edit(after, { line_items: [{ product_id: print, quantity: 3 }] });
    expect(more.statusCode).toBe(400);
    expect(fieldMessages(more)["line_items.0.quantity"]).toMatch(/Limited Print/);
    expect(await stockOf(print)).toBe(0);
    expect((await read(order.id)).lines).toHaveLength(2);
  });

  it("answers 409 naming the product when other orders hold the units the change asks for, and changes nothing", async () => {
    await setStock(print, 5);
    const order = await made("edit-short@example.com", { line_items: [{ product_id: print, quantity: 1 }] });
    expect(await stockOf(print)).toBe(4);
    // A shopper's checkout holds three of the four left.
    const other = await made("holder@example.com", { line_items: [{ product_id: beanie, quantity: 1 }] });
    await shop.db
      .insertInto("stock_holds")
      .values({ order_id: other.id, product_id: print, quantity: 3, expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();
    const short = await edit(order, {
      line_items: [
        { product_id: beanie, quantity: 1 },
        { product_id: print, quantity: 3 },
      ],
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().code).toBe("cw_rest_order_edit_out_of_stock");
    expect(short.json().message).toContain("Limited Print");
    expect(short.json().data.lines).toEqual([{ product_id: print, name: "Limited Print", more: 2, available: 4 }]);
    expect(short.json().data.params).toEqual({ "line_items.1.quantity": expect.stringContaining("Limited Print") });
    expect(await stockOf(print)).toBe(4);
    const unchanged = await read(order.id);
    expect(unchanged.lines.map((line) => line.quantity)).toEqual([1]);
    expect(unchanged.date_modified).toBe(order.date_modified);
    // One more fits what is left.
    expect((await edit(order, { line_items: [{ product_id: print, quantity: 2 }] })).statusCode).toBe(200);
    expect(await stockOf(print)).toBe(3);
    await shop.db.deleteFrom("stock_holds").where("order_id", "=", other.id).execute();
  });

  it("takes a product sold on backorder below zero, as the checkout does", async () => {
    const before = (await stockOf(poster)) ?? 0;
    const order = await made("edit-backorder@example.com", { line_items: [{ product_id: tShirt, quantity: 1 }] });
    const saved = await edit(order, {
      line_items: [
        { product_id: tShirt, quantity: 1 },
        { product_id: poster, quantity: 2 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(poster)).toBe(before - 2);
  });

  it("edits an order on hold the same way, and a failed one without touching the stock it gave back", async () => {
    await setStock(print, 10);
    const held = await made("edit-hold@example.com", { status: "on-hold", line_items: [{ product_id: print, quantity: 1 }] });
    expect(held.status).toBe("on-hold");
    const onHold = await edit(held, { line_items: [{ product_id: print, quantity: 4 }] });
    expect(onHold.statusCode, onHold.body).toBe(200);
    expect(onHold.json().status).toBe("on-hold");
    expect(await stockOf(print)).toBe(6);

    const failing = await made("edit-failed@example.com", { line_items: [{ product_id: print, quantity: 2 }] });
    expect(await stockOf(print)).toBe(4);
    const failed = await adminCall(owner, "POST", `/orders/${failing.id}/status`, { status: "failed" });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await stockOf(print)).toBe(6);
    const saved = await edit(failed.json(), { line_items: [{ product_id: print, quantity: 3 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().status).toBe("failed");
    expect(saved.json().lines[0].quantity).toBe(3);
    // A failed order holds nothing: its payment takes its stock when it is paid again.
    expect(await stockOf(print)).toBe(6);
    expect(saved.json().payment_url).toMatch(new RegExp(`^/checkout/order-pay/${failing.id}\\?`));
  });

  it("follows coupons: a kept coupon keeps its one counted use, a removed one gives it back, an added one counts", async () => {
    await insertCoupon(shop.db, "editonce", { usage_limit: 1 });
    await insertCoupon(shop.db, "editadd", { usage_limit: 5 });
    const order = await made("edit-coupons@example.com", {
      line_items: [{ product_id: tShirt, quantity: 1 }],
      coupon_lines: [{ code: "editonce" }],
    });
    expect(await usesOf("editonce")).toBe(1);
    // At its limit of one, yet the use is this order's own: keeping the coupon is no new use.
    const kept = await edit(order, { line_items: [{ product_id: tShirt, quantity: 2 }], coupon_lines: [{ code: "EDITONCE" }] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().totals.discount).toBeGreaterThan(0);
    expect(await usesOf("editonce")).toBe(1);
    const swapped = await edit(kept.json(), { line_items: [{ product_id: tShirt, quantity: 2 }], coupon_lines: [{ code: "editadd" }] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(await usesOf("editonce")).toBe(0);
    expect(await usesOf("editadd")).toBe(1);
    expect(notes(swapped.json()).at(-1)).toMatch(/coupon editadd added; coupon editonce removed/);
    // Cancelling then gives back exactly the one use it counts.
    await adminCall(owner, "POST", `/orders/${order.id}/status`, { status: "cancelled" });
    expect(await usesOf("editadd")).toBe(0);
    expect(await usesOf("editonce")).toBe(0);
  });

  it("adds a fee and changes the shipping line, priced as the order made by hand would be", async () => {
    const order = await made("edit-fees@example.com", { line_items: [{ product_id: tShirt, quantity: 1 }] });
    const items = {
      line_items: [{ product_id: tShirt, quantity: 1 }],
      shipping_lines: [{ method_title: "Express", total: 1500 }],
      fee_lines: [{ name: "Gift wrap", total: 300 }],
    };
    const calculated = (await adminCall(owner, "POST", "/orders/calculate", { billing: order.billing_address, ...items })).json();
    const saved = await edit(order, items);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().totals.total).toBe(calculated.totals.total);
    expect(saved.json().shipping.lines).toEqual([{ method_id: "manual", instance_id: 0, name: "Express", total: 1500 }]);
    expect(saved.json().totals.fees).toEqual([expect.objectContaining({ name: "Gift wrap", total: 300 })]);
    expect(notes(saved.json()).at(-1)).toMatch(/shipping Courier \$7\.00 → Express \$15\.00; fee Gift wrap \$3\.00 added/);
    const form = (await adminCall(owner, "GET", `/orders/${order.id}/items`)).json();
    expect(form.fee_lines).toEqual([{ name: "Gift wrap", total: 300, tax_status: "taxable", tax_class: "" }]);
    expect(form.shipping_lines).toEqual([{ method_title: "Express", total: 1500, method_id: "manual" }]);
  });

  it("keeps the taxes of the address it was priced for until its items are saved again, then taxes the new one", async () => {
    const order = await made("edit-moved@example.com", { line_items: [{ product_id: tShirt, quantity: 1 }] });
    // CA Tax, 7.25 % of the T-shirt and the courier (DEMO.md: shipping is taxable at the same rates).
    expect(order.totals.tax).toBe(Math.round((2000 + 700) * 0.0725));
    const ny = { city: "Albany", state: "NY", postcode: "12207" };
    const moved = await adminCall(owner, "PUT", `/orders/${order.id}/addresses/billing`, ny);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().totals.tax).toBe(order.totals.tax);
    const saved = await edit(moved.json(), { line_items: [{ product_id: tShirt, quantity: 1 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().totals.tax).toBe(Math.round((2000 + 700) * 0.04));
  });

  it("makes the shipping line one of the shop's rates when chosen by its id, even of the same name and amount", async () => {
    const order = await made("edit-rate@example.com", {
      line_items: [{ product_id: tShirt, quantity: 1 }],
      shipping_lines: [{ method_title: "Flat rate", total: 500 }],
    });
    expect(order.shipping.lines).toEqual([{ method_id: "manual", instance_id: 0, name: "Flat rate", total: 500 }]);
    const preview = await adminCall(owner, "POST", `/orders/${order.id}/items/calculate`, {
      line_items: [{ product_id: tShirt, quantity: 1 }],
    });
    const flat = preview.json().shipping_rates.find((rate: { method_id: string }) => rate.method_id === "flat_rate");
    const items = { line_items: [{ product_id: tShirt, quantity: 1 }], shipping_lines: [{ rate_id: flat.rate_id }] };
    const saved = await edit(order, items);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().shipping.lines).toEqual([{ method_id: "flat_rate", instance_id: flat.instance_id, name: "Flat rate", total: 500 }]);
    // Worded as the owner reads methods (the order page's "Entered by hand", the shipping settings' "Flat rate"), never by ids.
    expect(notes(saved.json()).at(-1)).toContain("shipping method entered by hand → Flat rate;");
    expect(notes(saved.json()).at(-1)).not.toMatch(/manual|flat_rate/);
    // The same rate again, under the owner's own name: still the rate's method.
    const renamed = await edit(saved.json(), { ...items, shipping_lines: [{ rate_id: flat.rate_id, method_title: "Courier" }] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().shipping.lines).toEqual([{ method_id: "flat_rate", instance_id: flat.instance_id, name: "Courier", total: 500 }]);
    // The editor's form says the line is that rate's, and sent back as it reads, the line is kept whole.
    const form = (await adminCall(owner, "GET", `/orders/${order.id}/items`)).json();
    expect(form.shipping_lines).toEqual([{ method_title: "Courier", total: 500, method_id: "flat_rate" }]);
    const again = await edit(renamed.json(), {
      line_items: [{ product_id: tShirt, quantity: 2 }],
      shipping_lines: form.shipping_lines.map(({ method_title, total }: { method_title: string; total: number }) => ({
        method_title,
        total,
      })),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().shipping.lines).toEqual([{ method_id: "flat_rate", instance_id: flat.instance_id, name: "Courier", total: 500 }]);
  });

  it("names a zone's method by its kind and the title shoppers see when they differ", async () => {
    const order = await made("edit-rate-title@example.com", {
      line_items: [{ product_id: tShirt, quantity: 1 }],
      shipping_lines: [{ method_title: "Next day", total: 500 }],
    });
    const preview = await adminCall(owner, "POST", `/orders/${order.id}/items/calculate`, {
      line_items: [{ product_id: tShirt, quantity: 1 }],
    });
    const flat = preview.json().shipping_rates.find((rate: { method_id: string }) => rate.method_id === "flat_rate");
    expect(flat.cost).toBe(500);
    // The owner calls the zone's flat rate "Next day" in the shipping settings: shoppers see that title.
    const method = shop.db.updateTable("shipping_methods").where("id", "=", flat.instance_id);
    await method.set({ title: "Next day" }).execute();
    try {
      const saved = await edit(order, { line_items: [{ product_id: tShirt, quantity: 1 }], shipping_lines: [{ rate_id: flat.rate_id }] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().shipping.lines).toEqual([
        { method_id: "flat_rate", instance_id: flat.instance_id, name: "Next day", total: 500 },
      ]);
      expect(notes(saved.json()).at(-1)).toContain("shipping method entered by hand → Flat rate “Next day”;");
    } finally {
      await method.set({ title: flat.name }).execute();
    }
  });
});

describe("refusals", () => {
  it("refuses paid and ended orders with 409 and a message, from the save, the preview and the form", async () => {
    const body = { line_items: [{ product_id: tShirt, quantity: 1 }] };
    const paid = await made("edit-paid@example.com", { ...body, set_paid: true });
    const completed = await made("edit-completed@example.com", { ...body, status: "completed", set_paid: true });
    const cancelled = await made("edit-cancelled@example.com", body);
    await adminCall(owner, "POST", `/orders/${cancelled.id}/status`, { status: "cancelled" });
    const refunded = await made("edit-refunded@example.com", { ...body, set_paid: true });
    await adminCall(owner, "POST", `/orders/${refunded.id}/refunds`, {
      amount: refunded.totals.total,
      restock: true,
      method: "manual",
    });
    for (const [order, words] of [
      [paid, /has been paid/],
      [completed, /has been paid/],
      [await read(cancelled.id), /is cancelled/],
      [await read(refunded.id), /has been paid/],
    ] as const) {
      const stock = await stockOf(tShirt);
      const saved = await edit(order, { line_items: [{ product_id: tShirt, quantity: 5 }] });
      expect(saved.statusCode, `${order.status}: ${saved.body}`).toBe(409);
      expect(saved.json().code).toBe("cw_rest_order_not_editable");
      expect(saved.json().message).toMatch(words);
      const preview = await adminCall(owner, "POST", `/orders/${order.id}/items/calculate`, body);
      expect(preview.statusCode).toBe(409);
      const form = (await adminCall(owner, "GET", `/orders/${order.id}/items`)).json();
      expect(form.editable).toBe(false);
      expect(form.reason).toMatch(words);
      expect(await stockOf(tShirt)).toBe(stock);
      expect((await read(order.id)).lines[0]?.quantity).toBe(1);
    }
  });

  it("refuses a shopper's checkout draft: not an order yet", async () => {
    const drafter = new StoreClient(shop.app);
    await drafter.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const id = (await drafter.get("/checkout")).json().order_id as number;
    const draft = await read(id);
    expect(draft.status).toBe("checkout-draft");
    const saved = await edit(draft, { line_items: [{ product_id: tShirt, quantity: 2 }] });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().message).toMatch(/checkout still being filled in/);
    expect((await adminCall(owner, "GET", `/orders/${id}/items`)).json()).toMatchObject({ editable: false });
  });

  it("refuses an order whose payment is under way", async () => {
    const order = await made("edit-paying@example.com", { line_items: [{ product_id: tShirt, quantity: 1 }] });
    await shop.db.updateTable("orders").set({ payment_attempt: "attempt-1" }).where("id", "=", order.id).execute();
    const saved = await edit(order, { line_items: [{ product_id: tShirt, quantity: 2 }] });
    expect(saved.statusCode).toBe(409);
    expect(saved.json().message).toMatch(/payment for this order is under way/);
    await shop.db.updateTable("orders").set({ payment_attempt: "" }).where("id", "=", order.id).execute();
  });

  it("refuses a stale or missing date_modified, bad ids and quantities by field, an unknown order, and keeps everything", async () => {
    const order = await made("edit-bad@example.com", { line_items: [{ product_id: tShirt, quantity: 1 }] });
    const stock = await stockOf(tShirt);
    const stale = await edit(
      { ...order, date_modified: "2020-01-01T00:00:00.000Z" },
      { line_items: [{ product_id: tShirt, quantity: 2 }] },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("cw_rest_order_edit_stale");
    const staleOnPreview = await adminCall(owner, "POST", `/orders/${order.id}/items/calculate`, {
      date_modified: "2020-01-01T00:00:00.000Z",
      line_items: [{ product_id: tShirt, quantity: 2 }],
    });
    expect(staleOnPreview.statusCode).toBe(409);
    const missing = await adminCall(owner, "PUT", `/orders/${order.id}/items`, { line_items: [{ product_id: tShirt, quantity: 2 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("date_modified");

    const fields = async (lineItems: unknown[]) => {
      const response = await edit(order, { line_items: lineItems });
      expect(response.statusCode, response.body).toBe(400);
      return fieldMessages(response);
    };
    expect(Object.keys(await fields([{ product_id: 999_999, quantity: 1 }]))).toEqual(["line_items.0.product_id"]);
    expect(await fields([{ product_id: tShirt, quantity: 0 }])).toEqual({ "line_items.0.quantity": "Enter a quantity of 1 or more." });
    expect(Object.keys(await fields([{ product_id: tShirt, quantity: -2 }]))).toEqual(["line_items.0.quantity"]);
    expect(Object.keys(await fields([{ product_id: hoodie, quantity: 1 }]))).toEqual(["line_items.0.variation_id"]);
    expect(Object.keys(await fields([{ product_id: tShirt, variation_id: redL, quantity: 1 }]))).toEqual(["line_items.0.variation_id"]);
    expect(Object.keys(await fields([{ product_id: mug, quantity: 1 }]))).toEqual(["line_items.0.quantity"]);
    expect(Object.keys(await fields([{ product_id: tShirt, quantity: 1.5 }]))).toContain("line_items");
    expect((await edit(order, { line_items: [] })).statusCode).toBe(400);
    expect((await edit(order, { line_items: [{ product_id: tShirt, quantity: 1 }], total: 1 })).statusCode).toBe(400);
    const coupon = await edit(order, { line_items: [{ product_id: tShirt, quantity: 1 }], coupon_lines: [{ code: "no-such" }] });
    expect(Object.keys(fieldMessages(coupon))).toEqual(["coupon_lines.0.code"]);

    expect((await edit({ ...order, id: 999_999 }, { line_items: [{ product_id: tShirt, quantity: 1 }] })).statusCode).toBe(404);
    expect((await adminCall(owner, "GET", "/orders/999999/items")).statusCode).toBe(404);

    const unchanged = await read(order.id);
    expect(unchanged.date_modified).toBe(order.date_modified);
    expect(unchanged.lines.map((line) => line.quantity)).toEqual([1]);
    expect(await stockOf(tShirt)).toBe(stock);
  });

  it("answers guests 401 and shoppers 403", async () => {
    const order = await made("edit-who@example.com", { line_items: [{ product_id: tShirt, quantity: 1 }] });
    const guest = new StoreClient(shop.app, "browser");
    await guest.get("/cart");
    expect((await edit(order, { line_items: [{ product_id: tShirt, quantity: 2 }] }, guest)).statusCode).toBe(401);
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await edit(order, { line_items: [{ product_id: tShirt, quantity: 2 }] }, jane)).statusCode).toBe(403);
    expect((await adminCall(jane, "GET", `/orders/${order.id}/items`)).statusCode).toBe(403);
  });
});

describe("the edited order's customer", () => {
  it("pays the new total on the payment page, and the invoice sent shows it", async () => {
    await setStock(print, 10);
    const order = await made("edit-payer@example.com", { line_items: [{ product_id: tShirt, quantity: 1 }] });
    const saved = await edit(order, {
      line_items: [
        { product_id: tShirt, quantity: 2 },
        { product_id: print, quantity: 1 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after: Order = saved.json();
    const total = `$${(after.totals.total / 100).toFixed(2)}`;

    const outbox = newOutbox();
    const mailing = await secondProcess(shop, { mailer: outboxMailer(outbox) });
    try {
      const sent = await adminCall(await ownerOn(mailing.app), "POST", `/orders/${order.id}/emails`, { email: "customer_invoice" });
      expect(sent.statusCode, sent.body).toBe(200);
      const [invoice] = mailsOf(outbox, order.id, "invoice");
      const text = readMail(outbox, invoice ?? "").text;
      expect(text).toContain(total);
      expect(text).toContain("Limited Print");
    } finally {
      await mailing.close();
    }

    const url = new URL(after.payment_url ?? "", "http://shop.test");
    const store = await shop.app.inject(
      `/api/store/v1/order/${order.id}?key=${url.searchParams.get("key")}&billing_email=${encodeURIComponent("edit-payer@example.com")}`,
    );
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json().totals.total_price).toBe(String(after.totals.total));

    const customer = new StoreClient(shop.app);
    const paid = await customer.post(`/checkout/${order.id}`, {
      key: url.searchParams.get("key"),
      billing_email: "edit-payer@example.com",
      payment_method: "test_card",
      payment_data: testCard(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe("processing");
    const charge = await shop.db.selectFrom("gateway_charges").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(Number(charge.amount)).toBe(after.totals.total);
    // Paid now: its items stay as they are.
    const late = await edit(await read(order.id), { line_items: [{ product_id: tShirt, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
  });
});
