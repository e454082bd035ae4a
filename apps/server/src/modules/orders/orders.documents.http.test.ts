/**
 * The owner API's order CSV, new-order updates and print documents (issue 18; decision 0033), on
 * SQLite and PostgreSQL: orders placed through the checkout, and copies written straight to the
 * table to make the export page more than once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS } from "../../../../../test/store-client.ts";
import { writeOrderSearchTerms } from "../../db/order-search.ts";
import { DEFAULT_SETTINGS, updateSettings } from "../settings/index.ts";
import { EXPORT_COLUMNS, exportHeader } from "./export-rows.ts";
import { EXPORT_PAGE } from "./orders.export.ts";

const ADMIN = "/api/admin/v1";
/** Every order of this file bills an address here, so a search for it scopes the export to them. */
const DOMAIN = "@orders-documents.test";
/** Copies of an order written to the table: more than two pages of the export. */
const BULK_DOMAIN = "@bulk-documents.test";
const BULK = EXPORT_PAGE * 2 + 7;
const FORMULA = '=HYPERLINK("http://evil.example","Click")';
let shop: TestShop;
let owner: StoreClient;
let jane: StoreClient;
const placed: Record<"ada" | "bea" | "evil", number> = { ada: 0, bea: 0, evil: 0 };

const billing = (first: string, last: string, local: string) => ({
  ...TEST_ADDRESS,
  first_name: first,
  last_name: last,
  email: `${local}${DOMAIN}`,
});

async function checkout(product: number, quantity: number, body: Record<string, unknown>): Promise<number> {
  const client = new StoreClient(shop.app);
  await client.cart("POST", "/cart/add-item", { id: product, quantity });
  const response = await client.post("/checkout", body);
  expect(response.statusCode).toBe(200);
  return response.json().order_id;
}

/** The CSV's rows as cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  expect(cell).toBe("");
  return rows;
}

const exportCsv = async (query: string) => {
  const response = await owner.get(`${ADMIN}/orders/export.csv?${query}`);
  expect(response.statusCode).toBe(200);
  // A UTF-8 byte order mark first, for Excel.
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return { response, rows: parseCsv(response.body.replace(/^\uFEFF/, "")) };
};
const column = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
  jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
  const tShirt = await productId(shop.app, "classic-t-shirt");
  const print = await productId(shop.app, "limited-print");
  placed.ada = await checkout(tShirt, 2, {
    billing_address: billing("Ada", "Lovelace", "ada"),
    payment_method: "cod",
    customer_note: "Leave it with the neighbour, please",
    extensions: { "cw/order-attribution": { source_type: "utm", utm_source: "google" } },
  });
  placed.bea = await checkout(print, 1, { billing_address: billing("Bea", "Zed", "bea"), payment_method: "bacs" });
  placed.evil = await checkout(tShirt, 1, { billing_address: billing(FORMULA, "Mallory", "evil"), payment_method: "cod" });
  // Copies of Bea's order under another domain: the export must walk three pages of them.
  const source = await shop.db.selectFrom("orders").selectAll().where("id", "=", placed.bea).executeTakeFirstOrThrow();
  const { id: _id, ...fields } = source;
  const copies = Array.from({ length: BULK }, (_, n) => ({
    ...fields,
    order_key: `wc_order_bulk${n}`,
    billing_email: `copy${n}${BULK_DOMAIN}`,
  }));
  for (let start = 0; start < copies.length; start += 200) {
    const rows = await shop.db
      .insertInto("orders")
      .values(copies.slice(start, start + 200))
      .returning("id")
      .execute();
    // Written past the orders repo, so their search terms are written as migration 022 wrote those of older orders.
    await writeOrderSearchTerms(
      shop.db,
      rows.map((row) => row.id),
    );
  }
});
afterAll(() => shop?.close());

describe("who may export, poll and print", () => {
  it("answers a guest 401, a shopper 403 and the owner 200", async () => {
    for (const path of [
      `${ADMIN}/orders/export.csv`,
      `${ADMIN}/orders/updates?after_id=0`,
      `${ADMIN}/orders/documents?ids=${placed.ada}`,
    ]) {
      const guest = await shop.app.inject(path);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().code).toBe("cw_rest_not_signed_in");
      const shopper = await jane.get(path);
      expect(shopper.statusCode).toBe(403);
      expect(shopper.json().code).toBe("cw_rest_forbidden");
      expect((await owner.get(path)).statusCode).toBe(200);
    }
  });

  it("is in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const path of ["/orders/export.csv", "/orders/updates", "/orders/documents"])
      expect(paths[`/api/admin/v1${path}`].get.tags).toEqual(["owner"]);
  });
});

describe("the CSV export", () => {
  it("is a dated attachment with the documented columns and a row per order, newest first", async () => {
    const { response, rows } = await exportCsv(`search=${encodeURIComponent(DOMAIN)}`);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(rows[0]).toEqual(exportHeader("UTC"));
    expect(rows[0]?.[1]).toBe("Date (UTC)");
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual([placed.evil, placed.bea, placed.ada]);
    const ada = rows.find((row) => Number(row[0]) === placed.ada) ?? [];
    const order = (await owner.get(`${ADMIN}/orders/${placed.ada}`)).json();
    expect(ada[column("Date")]).toBe(order.date_created.replace("T", " ").replace(/\.\d+Z$/, ""));
    expect(ada[column("Status")]).toBe("processing");
    expect(ada[column("Customer name")]).toBe("Ada Lovelace");
    expect(ada[column("Email")]).toBe(`ada${DOMAIN}`);
    expect(ada[column("Phone")]).toBe("555-0100");
    expect(ada[column("Billing address")]).toBe("Ada Lovelace, 1 Test Street, Los Angeles, California 90001, United States");
    expect(ada[column("Items")]).toBe("Classic T-Shirt × 2");
    expect(ada[column("Item count")]).toBe("2");
    const decimal = (minor: number) => (minor / 100).toFixed(2);
    expect(ada[column("Subtotal")]).toBe(decimal(order.totals.items));
    expect(ada[column("Shipping")]).toBe(decimal(order.totals.shipping));
    expect(ada[column("Tax")]).toBe(decimal(order.totals.tax));
    expect(ada[column("Total")]).toBe(decimal(order.totals.total));
    expect(ada[column("Refunded")]).toBe("0.00");
    expect(ada[column("Currency")]).toBe("USD");
    expect(ada[column("Payment method")]).toBe(order.payment.title);
    expect(ada[column("Origin")]).toBe("Source: Google");
    expect(ada[column("Customer note")]).toBe("Leave it with the neighbour, please");
  });

  it("has money columns that add up to the total: subtotal less discount, shipping, fees and tax", async () => {
    // A handling fee and a loyalty discount, both taxed: the export had no column for them.
    await updateSettings(shop.db, {
      cartFees: [
        { name: "Handling", amount: 333, taxable: true, taxClass: "" },
        { name: "Loyalty", amount: -250, taxable: true, taxClass: "" },
      ],
    });
    const id = await checkout(await productId(shop.app, "yoga-mat"), 1, {
      billing_address: { ...billing("Fay", "Fees", "fay"), email: "fay@fees.test" },
      payment_method: "cod",
    });
    await updateSettings(shop.db, { cartFees: [] });
    const row = (await exportCsv(`search=${encodeURIComponent(`#${id}`)}`)).rows[1] ?? [];
    const order = (await owner.get(`${ADMIN}/orders/${id}`)).json();
    // 39.99 + 5.00 shipping + 3.33 − 2.50 fees + 3.32 tax (2.90 + 0.36 + 0.24 − 0.18) = 49.14.
    expect(order.totals.total).toBe(4914);
    expect(row[column("Fees")]).toBe("0.83");
    const cents = (name: (typeof EXPORT_COLUMNS)[number]) => Math.round(Number(row[column(name)]) * 100);
    expect(cents("Subtotal") - cents("Discount") + cents("Shipping") + cents("Fees") + cents("Tax")).toBe(cents("Total"));
    expect(cents("Total")).toBe(4914);
  });

  it("writes a formula-like name as text a spreadsheet will not run", async () => {
    const { response, rows } = await exportCsv(`search=${encodeURIComponent(`evil${DOMAIN}`)}`);
    expect(rows[1]?.[column("Customer name")]).toBe(`'${FORMULA} Mallory`);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") Mallory"`);
    expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("applies the list's filters", async () => {
    const numbers = async (query: string) =>
      (await exportCsv(`search=${encodeURIComponent(DOMAIN)}&${query}`)).rows.slice(1).map((row) => Number(row[0]));
    expect(await numbers("payment_method=bacs")).toEqual([placed.bea]);
    expect(await numbers("source_type=utm&source=google")).toEqual([placed.ada]);
    expect(await numbers("status=completed")).toEqual([]);
    expect(await numbers("status=on-hold")).toEqual([placed.bea]);
    const day = (await owner.get(`${ADMIN}/orders/${placed.ada}`)).json().date_created.slice(0, 10);
    expect(await numbers(`from=${day}&to=${day}`)).toHaveLength(3);
    expect(await numbers("to=2000-01-01")).toEqual([]);
    expect((await exportCsv(`search=${encodeURIComponent(`#${placed.bea}`)}`)).rows.slice(1).map((row) => Number(row[0]))).toEqual([
      placed.bea,
    ]);
    const bad = await owner.get(`${ADMIN}/orders/export.csv?status=shipped`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("rest_invalid_param");
  });

  it("pages through more orders than one page holds, each once", async () => {
    const { rows } = await exportCsv(`search=${encodeURIComponent(BULK_DOMAIN)}`);
    const numbers = rows.slice(1).map((row) => Number(row[0]));
    expect(numbers).toHaveLength(BULK);
    expect(new Set(numbers).size).toBe(BULK);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(rows.slice(1).every((row) => row.length === EXPORT_COLUMNS.length && row[column("Items")] === "")).toBe(true);
  });
});

describe("new orders since a number", () => {
  it("answers the orders after after_id, newest first, with the counts and the newest number", async () => {
    const all = (await owner.get(`${ADMIN}/orders?per_page=1`)).json();
    // The copies are the newest numbers, though placed (dated) with Bea's order.
    const newest = Number(
      (
        await shop.db
          .selectFrom("orders")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirstOrThrow()
      ).id,
    );
    const reply = (await owner.get(`${ADMIN}/orders/updates?after_id=${newest - 3}`)).json();
    expect(reply.latest_id).toBe(newest);
    expect(reply.orders.map((o: { id: number }) => o.id)).toEqual([newest, newest - 1, newest - 2]);
    expect(reply.orders[0]).toMatchObject({ number: String(newest), customer: expect.any(Object), origin: expect.any(String) });
    expect(reply.counts).toEqual(all.counts);
    const none = (await owner.get(`${ADMIN}/orders/updates?after_id=${newest}`)).json();
    expect(none).toEqual({ latest_id: newest, orders: [], counts: all.counts });
    const many = (await owner.get(`${ADMIN}/orders/updates?after_id=0`)).json();
    expect(many.orders).toHaveLength(20);
    expect(many.latest_id).toBe(newest);
    const placedNow = await checkout(await productId(shop.app, "classic-t-shirt"), 1, {
      billing_address: billing("Cy", "New", "cy"),
      payment_method: "cod",
    });
    const next = (await owner.get(`${ADMIN}/orders/updates?after_id=${newest}`)).json();
    expect(next.latest_id).toBe(placedNow);
    expect(next.orders.map((o: { id: number }) => o.id)).toEqual([placedNow]);
    expect(next.counts.all).toBe(all.counts.all + 1);
  });

  it("refuses a missing or negative after_id", async () => {
    expect((await owner.get(`${ADMIN}/orders/updates`)).statusCode).toBe(400);
    expect((await owner.get(`${ADMIN}/orders/updates?after_id=-1`)).json().code).toBe("rest_invalid_param");
  });
});

describe("orders for printing", () => {
  it("answers each order whole in the order asked, with the shop's name, address and email", async () => {
    await updateSettings(shop.db, {
      siteTitle: "Cartwright Test Shop",
      storeAddress: { address_1: "12 Mill Lane", address_2: "", city: "San Francisco", postcode: "94110", email: "hello@shop.test" },
    });
    const response = await owner.get(`${ADMIN}/orders/documents?ids=${placed.bea},${placed.ada},${placed.bea}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.shop).toEqual({
      name: "Cartwright Test Shop",
      address: ["12 Mill Lane", "San Francisco, California 94110", "United States"],
      email: "hello@shop.test",
    });
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual([placed.bea, placed.ada]);
    expect(body.orders[1]).toEqual((await owner.get(`${ADMIN}/orders/${placed.ada}`)).json());
    await updateSettings(shop.db, { siteTitle: DEFAULT_SETTINGS.siteTitle, storeAddress: DEFAULT_SETTINGS.storeAddress });
    const fallback = (await owner.get(`${ADMIN}/orders/documents?ids=${placed.ada}`)).json();
    expect(fallback.shop).toEqual({
      name: DEFAULT_SETTINGS.siteTitle,
      address: ["California", "United States"],
      email: "owner@example.com",
    });
  });

  it("answers 404 naming every unknown number, and 400 for more than 50 or a malformed list", async () => {
    const missing = await owner.get(`${ADMIN}/orders/documents?ids=${placed.ada},999998,999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "cw_rest_order_not_found", data: { ids: [999998, 999999] } });
    expect(missing.json().message).toContain("999998, 999999");
    const many = Array.from({ length: 51 }, (_, n) => n + 1).join(",");
    const tooMany = await owner.get(`${ADMIN}/orders/documents?ids=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.details.ids.message).toContain("50");
    for (const ids of ["", "1,,2", "a", "0", "99999999999"])
      expect((await owner.get(`${ADMIN}/orders/documents?ids=${ids}`)).statusCode, ids).toBe(400);
  });
});
