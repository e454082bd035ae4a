/**
 * Orders keep their taxes by rate whatever the shop shows (decision 0152), on SQLite and PostgreSQL.
 * The demo shop does not itemise taxes; a country-wide "US Tax" of 1.5% is added after CA's 7.25%, so
 * a Los Angeles order is charged at two rates, and 1.5% of the 5.00 shipping is a half cent to round.
 * Every order, placed at the checkout, made by hand or edited by the owner, keeps one line per rate
 * adding up exactly to its tax and shipping tax; the shopper and the order's page show one "Tax" line,
 * or the lines by rate while the shop itemises taxes; the taxes report splits the order by rate,
 * shipping tax exact, and an order kept before, with one figure, still reports as "Tax".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { adminCall, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, testBilling } from "../../../../../test/store-client.ts";
import { mailsOf, newOutbox, outboxMailer, ownerOn, readMail } from "./actions.test-support.ts";

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;
let caRate: number;
let usRate: number;
const settings = settingsGroups(() => owner);

type TaxByRate = { rate_id: number; name: string; rate: string; tax_total: number; shipping_tax_total: number };
type Order = {
  id: number;
  status: string;
  date_modified: string;
  totals: {
    tax: number;
    shipping_tax: number;
    tax_lines: { name: string; rate: string; amount: number }[];
    taxes_by_rate: TaxByRate[];
  };
};
type TaxRow = { name: string; rate: string; label: string; order_tax: number; shipping_tax: number; total_tax: number; orders: number };

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  tShirt = await productId(shop.app, "classic-t-shirt");
  const added = await adminCall(owner, "POST", "/tax-rates", { country: "US", rate: "1.5", name: "US Tax", priority: 2 });
  expect(added.statusCode, added.body).toBe(201);
  usRate = added.json().id;
  const { rates } = (await adminCall(owner, "GET", "/tax-rates?class=standard")).json() as { rates: { id: number; name: string }[] };
  caRate = rates.find((rate) => rate.name === "CA Tax")!.id;
}, 60_000);
afterAll(() => shop?.close());

const read = async (id: number): Promise<Order> => (await adminCall(owner, "GET", `/orders/${id}`)).json();
const storedTotals = async (id: number) =>
  JSON.parse((await shop.db.selectFrom("orders").select("totals").where("id", "=", id).executeTakeFirstOrThrow()).totals);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The stored lines add up exactly to the order's tax and shipping tax. */
function expectLinesAddUp(order: Order) {
  const lines = order.totals.taxes_by_rate;
  expect(sum(lines.map((line) => line.tax_total + line.shipping_tax_total))).toBe(order.totals.tax);
  expect(sum(lines.map((line) => line.shipping_tax_total))).toBe(order.totals.shipping_tax);
}

async function taxesTab(): Promise<TaxRow[]> {
  const response = await adminCall(owner, "GET", "/reports/taxes?per_page=100");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().taxes;
}

describe("an order placed while taxes are shown as one total", () => {
  let placed: Order;
  let key: string;

  beforeAll(async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 2 });
    const response = await shopper.post("/checkout", {
      billing_address: testBilling("two-rates@example.com"),
      shipping_address: TEST_ADDRESS,
      payment_method: "cod",
    });
    expect(response.statusCode, response.body).toBe(200);
    placed = await read(response.json().order_id);
    key = response.json().order_key;
  });

  it("keeps one line per rate, each with its shipping tax, adding up to the order's taxes", async () => {
    // 40.00 of items: 7.25% = 2.90, 1.5% = 0.60; 5.00 of shipping: 7.25% = 0.3625 → 0.36, 1.5% = 0.075 → 0.08.
    expect(placed.totals.taxes_by_rate).toEqual([
      { rate_id: caRate, name: "CA Tax", rate: "7.25%", tax_total: 290, shipping_tax_total: 36 },
      { rate_id: usRate, name: "US Tax", rate: "1.5%", tax_total: 60, shipping_tax_total: 8 },
    ]);
    expect(placed.totals).toMatchObject({ tax: 394, shipping_tax: 44 });
    expectLinesAddUp(placed);
    expect((await storedTotals(placed.id)).taxes_by_rate).toEqual(placed.totals.taxes_by_rate);
  });

  it("is still shown with one Tax line: to the shopper (no lines by rate) and on the order's page", async () => {
    expect(placed.totals.tax_lines).toEqual([{ name: "Tax", rate: "", amount: 394 }]);
    const mine = await new StoreClient(shop.app).get(`/order/${placed.id}?key=${key}&billing_email=two-rates@example.com`);
    expect(mine.statusCode, mine.body).toBe(200);
    const totals = mine.json().totals;
    expect(totals.tax_lines).toEqual([]);
    expect(totals.total_tax).toBe("394");
    expect(totals).not.toHaveProperty("taxes_by_rate");
  });

  it("is shown by rate once the shop itemises taxes, to the shopper and on the order's page, and as one Tax line again when it stops", async () => {
    const taxes = await settings.read("taxes");
    const itemise = (on: boolean) => settings.saved("taxes", { ...taxes, display_itemized_taxes: on });
    const outbox = newOutbox();
    const mailing = await secondProcess(shop, { mailer: outboxMailer(outbox) });
    /** The invoice e-mail's text, sent again by the owner. */
    const invoiceText = async () => {
      const sent = await adminCall(await ownerOn(mailing.app), "POST", `/orders/${placed.id}/emails`, { email: "customer_invoice" });
      expect(sent.statusCode, sent.body).toBe(200);
      const invoices = mailsOf(outbox, placed.id, "invoice");
      return readMail(outbox, invoices[invoices.length - 1] ?? "").text;
    };
    await itemise(true);
    try {
      const itemised = await invoiceText();
      expect(itemised).toMatch(/CA Tax\W+\$3\.26/);
      expect(itemised).toMatch(/US Tax\W+\$0\.68/);
      expect((await read(placed.id)).totals.tax_lines).toEqual([
        { name: "CA Tax", rate: "7.25%", amount: 326 },
        { name: "US Tax", rate: "1.5%", amount: 68 },
      ]);
      const mine = await new StoreClient(shop.app).get(`/order/${placed.id}?key=${key}&billing_email=two-rates@example.com`);
      expect(mine.json().totals.tax_lines).toEqual([
        { name: "CA Tax", rate: "7.25%", price: "326" },
        { name: "US Tax", rate: "1.5%", price: "68" },
      ]);
    } finally {
      await itemise(false);
    }
    try {
      expect((await read(placed.id)).totals.tax_lines).toEqual([{ name: "Tax", rate: "", amount: 394 }]);
      const single = await invoiceText();
      expect(single).toMatch(/Tax\W+\$3\.94/);
      expect(single).not.toContain("CA Tax");
    } finally {
      await mailing.close();
    }
  });

  it("is split by rate in the taxes report, shipping tax exact; an order kept with one figure still reports as Tax", async () => {
    const byLabel = (rows: TaxRow[]) =>
      Object.fromEntries(
        rows.map(({ label, order_tax, shipping_tax, total_tax, orders }) => [label, { order_tax, shipping_tax, total_tax, orders }]),
      );
    expect(byLabel(await taxesTab())).toEqual({
      "CA Tax (7.25%)": { order_tax: 290, shipping_tax: 36, total_tax: 326, orders: 1 },
      "US Tax (1.5%)": { order_tax: 60, shipping_tax: 8, total_tax: 68, orders: 1 },
    });

    // The same order as one kept before decision 0152: its lines shown alone, none by rate.
    const { taxes_by_rate: _, ...before } = await storedTotals(placed.id);
    await shop.db
      .updateTable("orders")
      .set({ totals: JSON.stringify(before) })
      .where("id", "=", placed.id)
      .execute();
    try {
      expect(byLabel(await taxesTab())).toEqual({ Tax: { order_tax: 350, shipping_tax: 44, total_tax: 394, orders: 1 } });
      expect((await read(placed.id)).totals.taxes_by_rate).toEqual([]);
    } finally {
      await shop.db
        .updateTable("orders")
        .set({ totals: JSON.stringify({ ...before, taxes_by_rate: placed.totals.taxes_by_rate }) })
        .where("id", "=", placed.id)
        .execute();
    }
  });
});

describe("orders made and edited by the owner", () => {
  const SHIPPING = [{ method_title: "Courier", total: 500 }];

  it("an order made by hand keeps its lines by rate, and an edit of its items prices them again", async () => {
    const made = await adminCall(owner, "POST", "/orders", {
      billing: testBilling("by-hand-rates@example.com"),
      line_items: [{ product_id: tShirt, quantity: 1 }],
      shipping_lines: SHIPPING,
    });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json() as Order;
    // 20.00: 1.45 and 0.30; shipping as above.
    expect(order.totals.taxes_by_rate).toEqual([
      { rate_id: caRate, name: "CA Tax", rate: "7.25%", tax_total: 145, shipping_tax_total: 36 },
      { rate_id: usRate, name: "US Tax", rate: "1.5%", tax_total: 30, shipping_tax_total: 8 },
    ]);
    expectLinesAddUp(order);
    expect(order.totals.tax_lines).toEqual([{ name: "Tax", rate: "", amount: order.totals.tax }]);

    const edited = await adminCall(owner, "PUT", `/orders/${order.id}/items`, {
      date_modified: order.date_modified,
      line_items: [{ product_id: tShirt, quantity: 3 }],
      shipping_lines: SHIPPING,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await read(order.id);
    // 60.00: 7.25% = 4.35, 1.5% = 0.90.
    expect(after.totals.taxes_by_rate).toEqual([
      { rate_id: caRate, name: "CA Tax", rate: "7.25%", tax_total: 435, shipping_tax_total: 36 },
      { rate_id: usRate, name: "US Tax", rate: "1.5%", tax_total: 90, shipping_tax_total: 8 },
    ]);
    expectLinesAddUp(after);
  });

  it("a refund leaves the lines by rate as charged", async () => {
    const made = await adminCall(owner, "POST", "/orders", {
      billing: testBilling("refund-rates@example.com"),
      line_items: [{ product_id: tShirt, quantity: 2 }],
      shipping_lines: SHIPPING,
      set_paid: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json() as Order;
    const refund = await adminCall(owner, "POST", `/orders/${order.id}/refunds`, { method: "manual", amount: 500, restock: false });
    expect(refund.statusCode, refund.body).toBe(201);
    const after = await read(order.id);
    expect(after.totals.taxes_by_rate).toEqual(order.totals.taxes_by_rate);
    expectLinesAddUp(after);
  });
});
