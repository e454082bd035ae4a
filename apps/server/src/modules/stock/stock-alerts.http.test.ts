/**
 * Stock notices (decision 0099) on SQLite and PostgreSQL: the owner's e-mail when an order brings a
 * product down to low stock (once per crossing), out of stock, or takes more than the shelf held of a
 * product that allows backorders, by every order path that takes stock (checkout, pay page, by hand,
 * item edits, a cancelled order brought back); none for the owner's own edits; the switches and the
 * recipient; the shop's, the product's and a variation's parent's low amounts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, type TestShop } from "../../../../../test/app.ts";
import { ADMIN, adminCall, fieldMessages, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling, testCard, variationId } from "../../../../../test/store-client.ts";
import { restateProductStock } from "../../db/stock-status.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { outboxFilesOf, parseEml } from "../emails/eml.test-support.ts";
import { createMailer } from "../emails/index.ts";
import { pruneStockAlerts, sendDueStockAlerts, stockAlertsSettled } from "./index.ts";

let shop: TestShop;
let app: FastifyInstance;
let outbox: string;
let owner: StoreClient;
let print: number;
let poster: number;
let hoodie: number;
let redL: number;
let tShirt: number;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  outbox = newOutbox("stock-alerts");
  app = await appWithOutbox(shop, outbox);
  owner = await signedInOwner({ app, db: shop.db });
  print = await productId(app, "limited-print");
  poster = await productId(app, "pre-order-poster");
  hoodie = await productId(app, "hoodie");
  redL = await variationId(app, "hoodie", ["red", "l"]);
  tShirt = await productId(app, "classic-t-shirt");
}, 60_000);
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

/** Sets a product's tracked stock (and its own low amount, backorders) as a save would, status and all. */
async function setStock(id: number, quantity: number, extra: { low?: number | null; backorders?: "no" | "yes" } = {}) {
  await shop.db
    .updateTable("products")
    .set({
      manage_stock: 1,
      stock_quantity: quantity,
      ...(extra.low !== undefined ? { low_stock_amount: extra.low } : {}),
      ...(extra.backorders ? { backorders: extra.backorders } : {}),
    })
    .where("id", "=", id)
    .execute();
  await restateProductStock(shop.db, id);
}

const stockOf = async (id: number) =>
  Number((await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity);

/** The stock notices sent since the last call, as the owner's mail client shows them, after the app has sent all it owes. */
const seen = new Set<string>();
async function newNotices() {
  await stockAlertsSettled(shop.db);
  const files = outboxFilesOf(outbox, 0, "stock-").filter((name) => !seen.has(name));
  for (const name of files) seen.add(name);
  return files.sort().map((name) => {
    const mail = parseEml(readFileSync(join(outbox, name), "utf8"));
    return { subject: mail.headers.subject ?? "", to: mail.headers.to ?? "", text: mail.text, html: mail.html };
  });
}

beforeEach(async () => {
  await newNotices();
});

/** Buys through the checkout (cash on delivery); answers the order's id. */
async function buy(id: number, quantity: number, variation?: { attribute: string; value: string }[]) {
  const shopper = new StoreClient(app);
  await shopper.cart("POST", "/cart/add-item", { id, quantity, ...(variation ? { variation } : {}) });
  const placed = await shopper.post("/checkout", { billing_address: testBilling("buyer@example.com"), payment_method: "cod" });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order_id as number;
}

/** The stock group's fields, without the version a read carries (decision 0158): a body made from it saves as sent. */
const inventory = async () => {
  const { version: _version, ...group } = (await adminCall(owner, "GET", "/settings/inventory")).json();
  return group;
};
const saveInventory = async (patch: Record<string, unknown>) => {
  const saved = await adminCall(owner, "PUT", "/settings/inventory", { ...(await inventory()), ...patch });
  expect(saved.statusCode, saved.body).toBe(200);
};

describe("the checkout", () => {
  it("sends 'low in stock' once, when an order brings the stock to the shop's low amount, and 'out of stock' at zero", async () => {
    await setStock(print, 5, { low: null });
    await buy(print, 2);
    expect(await newNotices()).toEqual([]);
    const crossing = await buy(print, 1);
    expect(await stockOf(print)).toBe(2);
    const [low, ...others] = await newNotices();
    expect(others).toEqual([]);
    expect(low?.subject).toBe("[Cartwright Demo] Product low in stock: Limited Print");
    expect(low?.to).toBe("owner@example.com");
    expect(low?.text).toContain(`Limited Print is low in stock: 2 units left (low at 2 units or fewer), after order #${crossing}.`);
    expect(low?.text).toContain(`https://shop.example.com/admin/products/${print}`);
    expect(low?.text).toContain(`https://shop.example.com/admin/orders/${crossing}`);
    expect(low?.html).toContain("Product low in stock");
    // Below the amount already: another order owes no second notice.
    await buy(print, 1);
    expect(await newNotices()).toEqual([]);
    await buy(print, 1);
    expect((await newNotices()).map((n) => n.subject)).toEqual(["[Cartwright Demo] Product out of stock: Limited Print"]);
  });

  it("an order going straight past both amounts owes 'out of stock' only; one staying above the low amount owes none", async () => {
    await setStock(print, 6, { low: null });
    await buy(print, 3);
    expect(await newNotices()).toEqual([]);
    await buy(print, 3);
    expect((await newNotices()).map((n) => n.subject)).toEqual(["[Cartwright Demo] Product out of stock: Limited Print"]);
  });

  it("judges by the product's own low amount over the shop's, and by the shop's amount once the owner changes it", async () => {
    await setStock(print, 8, { low: 5 });
    await buy(print, 3);
    expect((await newNotices()).map((n) => n.text.split("\n")[0])).toEqual([
      expect.stringMatching(/^Limited Print is low in stock: 5 units left \(low at 5 units or fewer\)/),
    ]);
    await setStock(print, 8, { low: null });
    await saveInventory({ low_stock_amount: 6 });
    try {
      await buy(print, 1);
      expect(await newNotices()).toEqual([]);
      await buy(print, 1);
      expect((await newNotices()).map((n) => n.subject)).toEqual(["[Cartwright Demo] Product low in stock: Limited Print"]);
    } finally {
      await saveInventory({ low_stock_amount: 2 });
    }
  });

  it("names a variation with its options, judged by its parent's low amount when it has none", async () => {
    await setStock(hoodie, 0, { low: 4 });
    await shop.db.updateTable("products").set({ manage_stock: 0, stock_quantity: null }).where("id", "=", hoodie).execute();
    await setStock(redL, 5, { low: null });
    await buy(hoodie, 1, [
      { attribute: "color", value: "red" },
      { attribute: "size", value: "l" },
    ]);
    const [notice] = await newNotices();
    expect(notice?.subject).toBe("[Cartwright Demo] Product low in stock: Hoodie (Red, L)");
    expect(notice?.text).toContain("SKU: CW-HOODIE-RED-L");
    expect(notice?.text).toContain(`https://shop.example.com/admin/products/${hoodie}`);
  });

  it("sends 'on backorder' naming the order each time an order takes more than is on the shelf of a backorderable product", async () => {
    await setStock(poster, 1, { backorders: "yes" });
    const first = await buy(poster, 3);
    expect(await stockOf(poster)).toBe(-2);
    const notices = await newNotices();
    expect(notices.map((n) => n.subject).sort()).toEqual([
      "[Cartwright Demo] Product on backorder: Pre-order Poster",
      "[Cartwright Demo] Product out of stock: Pre-order Poster",
    ]);
    expect(notices.find((n) => n.subject.includes("backorder"))?.text).toContain(
      `Order #${first} took more of Pre-order Poster than was in stock: 2 units on backorder.`,
    );
    const second = await buy(poster, 1);
    const again = await newNotices();
    expect(again.map((n) => n.subject)).toEqual(["[Cartwright Demo] Product on backorder: Pre-order Poster"]);
    expect(again[0]?.text).toContain(`Order #${second} took more`);
  });

  it("a declined card's order gives its stock back before the reply: its crossing is not sent", async () => {
    await setStock(print, 3, { low: null });
    const shopper = new StoreClient(app);
    await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 1 });
    const declined = await shopper.post("/checkout", {
      billing_address: testBilling("declined@example.com"),
      payment_method: "test_card",
      payment_data: testCard("4000 0000 0000 0002"),
    });
    expect(declined.statusCode).toBe(400);
    expect(await stockOf(print)).toBe(3);
    expect(await newNotices()).toEqual([]);
    const states = await shop.db.selectFrom("stock_alerts").select("state").where("product_id", "=", print).orderBy("id", "desc").execute();
    expect(states[0]?.state).toBe("lapsed");
  });
});

describe("the other order paths", () => {
  it("the pay page: a failed order paid later takes its stock again and sends the crossing", async () => {
    await setStock(print, 3, { low: null });
    const shopper = new StoreClient(app);
    await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 1 });
    const declined = await shopper.post("/checkout", {
      billing_address: testBilling("later@example.com"),
      payment_method: "test_card",
      payment_data: testCard("4000 0000 0000 0002"),
    });
    const id: number = declined.json().data.order_id;
    await newNotices();
    const key = (await shop.db.selectFrom("orders").select("order_key").where("id", "=", id).executeTakeFirstOrThrow()).order_key;
    const paid = await shopper.post(`/checkout/${id}`, { key, payment_method: "test_card", payment_data: testCard() });
    expect(paid.statusCode, paid.body).toBe(200);
    const [notice] = await newNotices();
    expect(notice?.text).toContain(`after order #${id}.`);
  });

  it("an order made by hand, and an order's items edited, send their crossings", async () => {
    await setStock(print, 4, { low: null });
    const made = await adminCall(owner, "POST", "/orders", {
      billing: testBilling("phone@example.com"),
      line_items: [{ product_id: print, quantity: 1 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await newNotices()).toEqual([]);
    const order = made.json();
    const edited = await adminCall(owner, "PUT", `/orders/${order.id}/items`, {
      date_modified: order.date_modified,
      line_items: [{ product_id: print, quantity: 3 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stockOf(print)).toBe(1);
    const [notice] = await newNotices();
    expect(notice?.text).toContain(`Limited Print is low in stock: 1 unit left (low at 2 units or fewer), after order #${order.id}.`);
  });

  it("a cancelled order brought back takes its stock again and sends the crossing", async () => {
    await setStock(print, 3, { low: null });
    const id = await buy(print, 1);
    await newNotices();
    expect((await adminCall(owner, "POST", `/orders/${id}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(await stockOf(print)).toBe(3);
    const back = await adminCall(owner, "POST", `/orders/${id}/status`, { status: "processing" });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stockOf(print)).toBe(2);
    expect((await newNotices()).map((n) => n.subject)).toEqual(["[Cartwright Demo] Product low in stock: Limited Print"]);
  });

  it("the owner's own edits (the product editor, a bulk stock change) send none: the notices are for orders", async () => {
    await setStock(print, 10, { low: null });
    const {
      id: _id,
      permalink: _p,
      images: _i,
      total_sales: _s,
      created_at: _c,
      updated_at: _u,
      currency_code: _cc,
      currency_minor_unit: _m,
      ...loaded
    } = (await adminCall(owner, "GET", `/products/${print}`)).json();
    const saved = await adminCall(owner, "PUT", `/products/${print}`, { ...loaded, stock_quantity: 1, original_stock_quantity: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(print)).toBe(1);
    await setStock(print, 10);
    const bulk = await adminCall(owner, "POST", "/products/bulk", { ids: [print], changes: { stock_quantity: 0 } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await stockOf(print)).toBe(0);
    expect(await newNotices()).toEqual([]);
  });
});

describe("the settings", () => {
  it("reads and saves the notices' switches and recipient; a body without them keeps them; a bad address is named", async () => {
    expect(await inventory()).toEqual({
      low_stock_amount: 2,
      out_of_stock_amount: 0,
      hide_out_of_stock: false,
      low_stock_notices: true,
      out_of_stock_notices: true,
      backorder_notices: true,
      stock_notice_recipient: "",
      stock_format: "always",
    });
    const bad = await adminCall(owner, "PUT", "/settings/inventory", { ...(await inventory()), stock_notice_recipient: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toHaveProperty("stock_notice_recipient");
    const older = await adminCall(owner, "PUT", "/settings/inventory", {
      low_stock_amount: 2,
      out_of_stock_amount: 0,
      hide_out_of_stock: false,
    });
    expect(older.statusCode, older.body).toBe(200);
    expect((await inventory()).low_stock_notices).toBe(true);
  });

  it("sends to the stock notices' own recipient when set", async () => {
    await saveInventory({ stock_notice_recipient: "stock@example.com" });
    try {
      await setStock(print, 3, { low: null });
      await buy(print, 1);
      expect((await newNotices()).map((n) => n.to)).toEqual(["stock@example.com"]);
    } finally {
      await saveInventory({ stock_notice_recipient: "" });
    }
  });

  it("sends none the owner switched off, each switch on its own", async () => {
    await saveInventory({ low_stock_notices: false });
    try {
      await setStock(print, 3, { low: null });
      await buy(print, 1);
      expect(await newNotices()).toEqual([]);
      await buy(print, 2);
      expect((await newNotices()).map((n) => n.subject)).toEqual(["[Cartwright Demo] Product out of stock: Limited Print"]);
    } finally {
      await saveInventory({ low_stock_notices: true });
    }
    const states = await shop.db
      .selectFrom("stock_alerts")
      .select(["kind", "state"])
      .where("product_id", "=", print)
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(states).toEqual([
      { kind: "out", state: "sent" },
      { kind: "low", state: "skipped" },
    ]);
  });
});

describe("sending", () => {
  it("a notice left due (a stop between the commit and the send) is sent once, however many ask", async () => {
    await setStock(print, 3, { low: null });
    await shop.db
      .insertInto("stock_alerts")
      .values({ product_id: print, kind: "out", order_id: null, stock: 0, created_at: new Date().toISOString() })
      .execute();
    await setStock(print, 0);
    await Promise.all([stockAlertsSettled(shop.db), stockAlertsSettled(shop.db)]);
    expect((await newNotices()).map((n) => n.subject)).toEqual(["[Cartwright Demo] Product out of stock: Limited Print"]);
  });

  it("without SHOP_OWNER_EMAIL or a recipient of their own, go to the owner account, as the order notices do (decision 0147)", async () => {
    const elsewhere = newOutbox("stock-alerts-owner-account");
    // The shop's mailer as `npm start` makes it with OWNER_EMAIL alone: no SHOP_OWNER_EMAIL.
    const mailer = createMailer({
      publicUrl: "https://shop.example.com",
      mail: { smtpUrl: null, from: null, ownerEmail: null, outbox: elsewhere },
    });
    await setStock(print, 0);
    const alert = await shop.db
      .insertInto("stock_alerts")
      .values({ product_id: print, kind: "out", order_id: null, stock: 0, created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await sendDueStockAlerts({ db: shop.db, mailer })).toBe(1);
    const [file = ""] = outboxFilesOf(elsewhere, 0, "stock-");
    expect(parseEml(readFileSync(join(elsewhere, file), "utf8")).headers.to).toBe("owner@example.com");
    const row = await shop.db.selectFrom("stock_alerts").select("sent_to").where("id", "=", alert.id).executeTakeFirstOrThrow();
    expect(row.sent_to).toBe("owner@example.com");
  });

  it("the sweep deletes finished notices past 90 days, never one still due", async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString();
    const rows = [
      { state: "sent" as const, created_at: at(91) },
      { state: "lapsed" as const, created_at: at(120) },
      { state: "sent" as const, created_at: at(89) },
      { state: "due" as const, created_at: at(200) },
    ];
    const ids: number[] = [];
    for (const row of rows) {
      const made = await shop.db
        .insertInto("stock_alerts")
        .values({ product_id: print, kind: "low", order_id: null, stock: 1, ...row })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(made.id);
    }
    // The old one still due is left for the sender; the rows are removed after, so the others never send them.
    expect(await pruneStockAlerts(shop.db, now)).toBeGreaterThanOrEqual(2);
    const left = await shop.db.selectFrom("stock_alerts").select("id").where("id", "in", ids).orderBy("id").execute();
    expect(left.map((row) => row.id)).toEqual([ids[2], ids[3]]);
    await shop.db.deleteFrom("stock_alerts").where("id", "in", ids).execute();
  });

  it("the stock report's path needs the owner", async () => {
    expect((await new StoreClient(app).get(`${ADMIN}/reports/stock`)).statusCode).toBe(401);
    expect(tShirt).toBeGreaterThan(0);
  });
});
