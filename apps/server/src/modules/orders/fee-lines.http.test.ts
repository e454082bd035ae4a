/**
 * Fees as orders keep them (decision 0101), on SQLite and PostgreSQL: each fee's line id, tax status
 * and class stored with the order and shown on its page, an edit of an unpaid order pricing a fee in
 * its own class (never re-taxed at the standard rate), fees given as a percentage of the items' total,
 * two fees of one name kept apart on the documents, and migration 042's backfill of older orders.
 */
import { percentOf } from "@cartwright/commerce";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { ADMIN, adminCall, fieldMessages, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling, variationId } from "../../../../../test/store-client.ts";
import { down, up } from "../../db/migrations/042_order_fee_tax.ts";
import { registerCartFees } from "../cart/index.ts";
import { updateSettings } from "../settings/index.ts";

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;
let hoodieRedL: { product_id: number; variation_id: number };

/** A London address: GB's standard VAT is 20% (the demo's), its reduced rate 5% (added below). */
const LONDON = {
  first_name: "Ada",
  last_name: "Fee",
  address_1: "1 Fee Street",
  city: "London",
  postcode: "SW1A 1AA",
  country: "GB",
  phone: "020 7946 0000",
};

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  tShirt = await productId(shop.app, "classic-t-shirt");
  hoodieRedL = { product_id: await productId(shop.app, "hoodie"), variation_id: await variationId(shop.app, "hoodie", ["red", "l"]) };
  const rate = await adminCall(owner, "POST", "/tax-rates", { country: "GB", rate: "5", name: "VAT reduced", class: "reduced-rate" });
  expect(rate.statusCode, rate.body).toBe(201);
}, 60_000);
afterAll(() => shop?.close());

type Fee = { id: string; name: string; total: number; total_tax: number; tax_status: string; tax_class: string };
type Order = { id: number; date_modified: string; totals: { fees: Fee[]; items: number; discount: number; total: number } };

const made = async (body: Record<string, unknown>): Promise<Order> => {
  const response = await adminCall(owner, "POST", "/orders", { billing: { ...LONDON, email: "fees@example.com" }, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const read = async (id: number): Promise<Order> => (await adminCall(owner, "GET", `/orders/${id}`)).json();

describe("a fee's tax class kept on the order", () => {
  it("stores and shows a reduced-rate fee's class, and an edit prices it again at that rate", async () => {
    const order = await made({
      line_items: [{ product_id: tShirt, quantity: 1 }],
      fee_lines: [
        { name: "Handling", total: 1000, tax_class: "reduced-rate" },
        { name: "Gift wrap", total: 300, tax_status: "none" },
        { name: "Rush", total: 200 },
      ],
    });
    expect(order.totals.fees).toEqual([
      {
        id: "fee-1",
        name: "Handling",
        total: 1000,
        total_tax: 50,
        tax_status: "taxable",
        tax_class: "reduced-rate",
        tax_class_name: "Reduced rate",
      },
      { id: "fee-2", name: "Gift wrap", total: 300, total_tax: 0, tax_status: "none", tax_class: "", tax_class_name: "" },
      { id: "fee-3", name: "Rush", total: 200, total_tax: 40, tax_status: "taxable", tax_class: "", tax_class_name: "Standard rate" },
    ]);
    const stored = await shop.db.selectFrom("orders").select("fee_lines").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.fee_lines)[0]).toMatchObject({ id: "fee-1", tax_status: "taxable", tax_class: "reduced-rate" });

    // The editor starts from each fee as taxed, and sending it back keeps the class.
    const form = (await adminCall(owner, "GET", `/orders/${order.id}/items`)).json();
    expect(form.fee_lines).toEqual([
      { name: "Handling", total: 1000, tax_status: "taxable", tax_class: "reduced-rate" },
      { name: "Gift wrap", total: 300, tax_status: "none", tax_class: "" },
      { name: "Rush", total: 200, tax_status: "taxable", tax_class: "" },
    ]);
    const items = { line_items: [{ product_id: tShirt, quantity: 2 }], fee_lines: form.fee_lines };
    const preview = await adminCall(owner, "POST", `/orders/${order.id}/items/calculate`, items);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().fees.map((fee: Fee) => fee.total_tax)).toEqual([50, 0, 40]);
    const saved = await adminCall(owner, "PUT", `/orders/${order.id}/items`, { date_modified: order.date_modified, ...items });
    expect(saved.statusCode, saved.body).toBe(200);
    // 5% of 10.00, never the standard 20%.
    expect((await read(order.id)).totals.fees[0]).toMatchObject({ name: "Handling", total_tax: 50, tax_class: "reduced-rate" });

    // The owner moves a fee to another class: priced in it, and the history says so.
    const now = (await adminCall(owner, "GET", `/orders/${order.id}/items`)).json();
    const moved = await adminCall(owner, "PUT", `/orders/${order.id}/items`, {
      date_modified: now.date_modified,
      line_items: items.line_items,
      fee_lines: [{ ...now.fee_lines[0], tax_class: "standard" }, ...now.fee_lines.slice(1)],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json();
    expect(after.totals.fees[0]).toMatchObject({ name: "Handling", total_tax: 200, tax_class: "", tax_class_name: "Standard rate" });
    const note = after.timeline.filter((line: { type: string }) => line.type === "note").at(-1)?.message ?? "";
    expect(note).toContain("fee Handling tax reduced-rate → standard");

    // The Store API's order keeps its fee shape for the shopper.
    const key = (await shop.db.selectFrom("orders").select("order_key").where("id", "=", order.id).executeTakeFirstOrThrow()).order_key;
    const mine = await new StoreClient(shop.app).get(`/order/${order.id}?key=${key}&billing_email=fees@example.com`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().fees[0]).toEqual({ name: "Handling", total: "1000", total_tax: "200" });
  });

  it("keeps the class of a shop's cart fee the checkout priced", async () => {
    await updateSettings(shop.db, { cartFees: [{ name: "Eco levy", amount: 400, taxable: true, taxClass: "reduced-rate" }] });
    try {
      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
      const placed = await shopper.post("/checkout", {
        billing_address: { ...LONDON, email: "levy@example.com" },
        shipping_address: LONDON,
        payment_method: "cod",
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = await read(placed.json().order_id);
      expect(order.totals.fees).toEqual([
        {
          id: "fee-1",
          name: "Eco levy",
          total: 400,
          total_tax: 20,
          tax_status: "taxable",
          tax_class: "reduced-rate",
          tax_class_name: "Reduced rate",
        },
      ]);
    } finally {
      await updateSettings(shop.db, { cartFees: [] });
    }
  });
});

describe("a fee given as a percentage of the items' total", () => {
  it("is that share of the items after discounts and before tax, rounded once, taxed in its class, and kept as an amount", async () => {
    const body = {
      line_items: [
        { ...hoodieRedL, quantity: 1 },
        { product_id: tShirt, quantity: 3 },
      ],
      coupon_lines: [{ code: "save10" }],
      fee_lines: [{ name: "Service", percent: 12.5, tax_class: "reduced-rate" }],
    };
    const without = (await adminCall(owner, "POST", "/orders/calculate", { ...body, billing: LONDON, fee_lines: [] })).json();
    const base = without.totals.items - without.totals.discount;
    const expected = percentOf(base, 12.5);
    expect(expected).toBeGreaterThan(0);
    const calculated = await adminCall(owner, "POST", "/orders/calculate", { ...body, billing: LONDON });
    expect(calculated.statusCode, calculated.body).toBe(200);
    expect(calculated.json().fees).toEqual([
      {
        id: "fee-1",
        name: "Service",
        total: expected,
        total_tax: Math.round(expected * 0.05),
        tax_status: "taxable",
        tax_class: "reduced-rate",
      },
    ]);
    const order = await made(body);
    expect(order.totals.fees[0]).toMatchObject({ total: expected, tax_class: "reduced-rate" });
    // Kept as the amount it came to: the editor shows it as an amount.
    const form = (await adminCall(owner, "GET", `/orders/${order.id}/items`)).json();
    expect(form.fee_lines).toEqual([{ name: "Service", total: expected, tax_status: "taxable", tax_class: "reduced-rate" }]);

    // A discount given as a percentage: below 0, mirrored.
    const discount = await adminCall(owner, "POST", "/orders/calculate", {
      ...body,
      billing: LONDON,
      fee_lines: [{ name: "Loyalty", percent: -10, tax_status: "none" }],
    });
    expect(discount.json().fees[0]).toMatchObject({ total: percentOf(base, -10), tax_status: "none" });
  });

  it("names a percentage that cannot stand", async () => {
    const line_items = [{ product_id: tShirt, quantity: 1 }];
    const refused = async (fee: Record<string, unknown>) => {
      const response = await adminCall(owner, "POST", "/orders/calculate", {
        billing: LONDON,
        line_items,
        fee_lines: [{ name: "Fee", ...fee }],
      });
      expect(response.statusCode, `${JSON.stringify(fee)} ${response.body}`).toBe(400);
      return fieldMessages(response);
    };
    expect(await refused({ total: 100, percent: 10 })).toEqual({
      "fee_lines.0.percent": "Give the fee an amount or a percentage of the items' total, not both.",
    });
    expect(Object.keys(await refused({}))).toEqual(["fee_lines.0.total"]);
    expect(Object.keys(await refused({ percent: 0 }))).toEqual(["fee_lines.0.percent"]);
    expect(Object.keys(await refused({ percent: 1.23456 }))).toEqual(["fee_lines.0.percent"]);
    // Past the schema's bounds the field is named too.
    expect(Object.keys(await refused({ percent: 1001 }))).toEqual(["fee_lines.0.percent"]);
    // 0.01% of a small order rounds to nothing: an amount is asked for instead.
    expect(await refused({ percent: 0.01 })).toEqual({
      "fee_lines.0.percent": "0.01% of the items' total comes to 0: enter an amount instead.",
    });
    const count = await shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const made = await adminCall(owner, "POST", "/orders", { billing: LONDON, line_items, fee_lines: [{ name: "Fee", percent: 0.01 }] });
    expect(made.statusCode).toBe(400);
    const after = await shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(count.n));
  });
});

describe("two fees of one name", () => {
  it("are two lines on the order page and its documents, each by its own id", async () => {
    await updateSettings(shop.db, { cartFees: [{ name: "Packing", amount: 150, taxable: false, taxClass: "" }] });
    const unregister = registerCartFees("fee-lines-test", () => [{ name: "Packing", amount: 250, taxable: false, taxClass: "" }]);
    try {
      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
      const placed = await shopper.post("/checkout", { billing_address: testBilling("packing@example.com"), payment_method: "cod" });
      expect(placed.statusCode, placed.body).toBe(200);
      const id = placed.json().order_id;
      const printed = await owner.get(`${ADMIN}/orders/documents?ids=${id}`);
      expect(printed.statusCode).toBe(200);
      const fees = printed.json().orders[0].totals.fees as Fee[];
      expect(fees.map(({ id, name, total }) => ({ id, name, total }))).toEqual([
        { id: "fee-1", name: "Packing", total: 150 },
        { id: "fee-2", name: "Packing", total: 250 },
      ]);
    } finally {
      unregister();
      await updateSettings(shop.db, { cartFees: [] });
    }
  });
});

describe("migration 042", () => {
  it("backfills older orders' fees: ids by position, a shop fee's class, else the class whose rate gives the tax kept", async () => {
    const order = await made({ line_items: [{ product_id: tShirt, quantity: 1 }], fee_lines: [{ name: "Old", total: 100 }] });
    const edited = await made({ line_items: [{ product_id: tShirt, quantity: 1 }] });
    const untouched = await made({ line_items: [{ product_id: tShirt, quantity: 1 }] });
    // An edit of the items, before the column was there, left its note by the owner.
    const form = (await adminCall(owner, "GET", `/orders/${edited.id}/items`)).json();
    const saved = await adminCall(owner, "PUT", `/orders/${edited.id}/items`, {
      date_modified: form.date_modified,
      line_items: [{ product_id: tShirt, quantity: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const unknownDb = shop.db as unknown as Kysely<unknown>;
    await down(unknownDb);
    // The shape before: name, total and tax only.
    const old = [
      { name: "Eco levy", total: "400", total_tax: "20" },
      { name: "Phone fee", total: "1000", total_tax: "50" },
      { name: "Standard fee", total: "1000", total_tax: "200" },
      { name: "Untaxed", total: "300", total_tax: "0" },
    ];
    await shop.db
      .updateTable("orders")
      .set({ fee_lines: JSON.stringify(old) })
      .where("id", "=", order.id)
      .execute();
    await updateSettings(shop.db, { cartFees: [{ name: "Eco levy", amount: 400, taxable: true, taxClass: "zero-rate" }] });
    try {
      await up(unknownDb);
    } finally {
      await updateSettings(shop.db, { cartFees: [] });
    }
    expect((await read(order.id)).totals.fees).toEqual([
      {
        id: "fee-1",
        name: "Eco levy",
        total: 400,
        total_tax: 20,
        tax_status: "taxable",
        tax_class: "zero-rate",
        tax_class_name: "Zero rate",
      },
      {
        id: "fee-2",
        name: "Phone fee",
        total: 1000,
        total_tax: 50,
        tax_status: "taxable",
        tax_class: "reduced-rate",
        tax_class_name: "Reduced rate",
      },
      {
        id: "fee-3",
        name: "Standard fee",
        total: 1000,
        total_tax: 200,
        tax_status: "taxable",
        tax_class: "",
        tax_class_name: "Standard rate",
      },
      { id: "fee-4", name: "Untaxed", total: 300, total_tax: 0, tax_status: "none", tax_class: "", tax_class_name: "" },
    ]);
    const flags = await shop.db
      .selectFrom("orders")
      .select(["id", "staff_edited"])
      .where("id", "in", [edited.id, untouched.id])
      .orderBy("id")
      .execute();
    expect(flags).toEqual([
      { id: edited.id, staff_edited: 1 },
      { id: untouched.id, staff_edited: 0 },
    ]);
  });
});
