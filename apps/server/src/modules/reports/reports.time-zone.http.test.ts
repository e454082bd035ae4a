/**
 * The shop's time zone (Settings → General, decision 0086) on SQLite and PostgreSQL: the setting's
 * check and change log, and the days it draws, with orders placed either side of a local midnight:
 * the reports' ranges and daily series, and the order list's From/To days and its CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { insertFormEntry } from "../../../../../test/form-entries.ts";
import { adminCall as call, fieldMessages, latestChange, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";

let shop: TestShop;
let owner: StoreClient;
const { read, save, saved } = settingsGroups(() => owner);

/** A paid order (cash on delivery, then completed) placed at `at`. */
async function orderAt(at: string): Promise<number> {
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, "classic-t-shirt"), quantity: 1 });
  const response = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json().order_id as number;
  await shop.db.updateTable("orders").set({ status: "completed", created_at: at }).where("id", "=", id).execute();
  return id;
}

/*
 * Sydney's clocks go from +10:00 to +11:00 at 2 AM on Sunday 4 October 2026: that day has 23 hours,
 * from 2026-10-03T14:00Z to 2026-10-04T13:00Z; Los Angeles is at -07:00 then, its 4 October starting
 * at 2026-10-04T07:00Z. Every order below is on 3 or 4 October in UTC.
 */
const PLACED = {
  lastOfOct3: "2026-10-03T13:59:59.999Z",
  firstOfOct4: "2026-10-03T14:00:00.000Z",
  /** 23:59:59 on 3 October in Los Angeles, 17:59:59 on 4 October in Sydney. */
  laEvening: "2026-10-04T06:59:59.999Z",
  lastOfOct4: "2026-10-04T12:59:59.999Z",
  firstOfOct5: "2026-10-04T13:00:00.000Z",
};
const ids = {} as Record<keyof typeof PLACED, number>;
const sorted = (...keys: (keyof typeof PLACED)[]) => keys.map((key) => ids[key]).sort((a, b) => a - b);

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
  for (const key of Object.keys(PLACED) as (keyof typeof PLACED)[]) ids[key] = await orderAt(PLACED[key]);
});
afterAll(() => shop?.close());

const overview = async (query: string) => {
  const response = await call(owner, "GET", `/reports/overview?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const listed = async (query: string) => {
  const response = await call(owner, "GET", `/orders?per_page=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().orders as { id: number }[]).map((order) => order.id).sort((a, b) => a - b);
};
const day = (series: { date: string; orders: number }[], date: string) => series.find((entry) => entry.date === date)?.orders;

describe("the shop's time zone setting", () => {
  it("is UTC until the owner chooses one, and a body written before it existed keeps it", async () => {
    const store = await read("store");
    expect(store.time_zone).toBe("UTC");
    const { time_zone: _zone, ...older } = store;
    expect((await saved("store", older)).time_zone).toBe("UTC");
  });

  it("refuses a zone that is not an IANA name beside its field, and changes nothing", async () => {
    const store = await read("store");
    for (const zone of ["Mars/Olympus_Mons", "GMT+5", "+05:00", "europe/paris", "EST", "Europe/", ""]) {
      const response = await save("store", { ...store, time_zone: zone });
      expect(response.statusCode, zone).toBe(400);
      expect(fieldMessages(response)).toEqual({
        time_zone: "Choose a time zone from the list, such as Europe/Paris or America/Los_Angeles, or UTC.",
      });
    }
    expect((await read("store")).time_zone).toBe("UTC");
  });

  it("saves an IANA zone with its change_log row", async () => {
    const store = await read("store");
    expect((await saved("store", { ...store, time_zone: " Australia/Sydney " })).time_zone).toBe("Australia/Sydney");
    const row = await latestChange(shop.db, "settings", "store");
    expect(JSON.parse(row.before ?? "{}").time_zone).toBe("UTC");
    expect(JSON.parse(row.after ?? "{}").time_zone).toBe("Australia/Sydney");
    expect((await saved("store", store)).time_zone).toBe("UTC");
  });

  it("takes today's IANA names that Intl lists under ICU's older spelling, and Etc's fixed offsets", async () => {
    const store = await read("store");
    for (const zone of ["Asia/Kolkata", "Europe/Kyiv", "Asia/Calcutta", "America/Argentina/Buenos_Aires", "Etc/GMT-10", "Etc/UTC"])
      expect((await saved("store", { ...store, time_zone: zone })).time_zone, zone).toBe(zone);
    expect((await saved("store", store)).time_zone).toBe("UTC");
  });
});

describe("the days the reports and the order list count", () => {
  it("are UTC days by default", async () => {
    const report = await overview("from=2026-10-03&to=2026-10-04");
    expect(report.time_zone).toBe("UTC");
    expect(day(report.daily_sales, "2026-10-03")).toBe(2);
    expect(day(report.daily_sales, "2026-10-04")).toBe(3);
    expect(await listed("from=2026-10-04&to=2026-10-04")).toEqual(sorted("laEvening", "lastOfOct4", "firstOfOct5"));
  });

  it("are the shop's zone's days once it has one, the 23-hour day of a DST change included", async () => {
    const store = await read("store");
    await saved("store", { ...store, time_zone: "Australia/Sydney" });
    try {
      const report = await overview("from=2026-10-04&to=2026-10-04");
      expect(report).toMatchObject({ from: "2026-10-04", to: "2026-10-04", time_zone: "Australia/Sydney" });
      expect(report.orders_by_status).toEqual([{ status: "completed", orders: 3, total: expect.any(Number) }]);
      expect(report.orders_by_origin.reduce((sum: number, line: { orders: number }) => sum + line.orders, 0)).toBe(3);
      const series = (await overview("to=2026-10-05")).daily_sales;
      expect(series).toHaveLength(30);
      expect(series.at(-1).date).toBe("2026-10-05");
      expect([day(series, "2026-10-03"), day(series, "2026-10-04"), day(series, "2026-10-05")]).toEqual([1, 3, 1]);
      expect(await listed("from=2026-10-04&to=2026-10-04")).toEqual(sorted("firstOfOct4", "laEvening", "lastOfOct4"));
      expect(await listed("from=2026-10-05")).toEqual([ids.firstOfOct5]);
      expect(await listed("to=2026-10-03")).toEqual([ids.lastOfOct3]);
      const csv = await call(owner, "GET", "/orders/export.csv?from=2026-10-04&to=2026-10-04");
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.trim().split("\n")).toHaveLength(4);
    } finally {
      await saved("store", store);
    }
  });

  it("are Los Angeles' days west of Greenwich, where the evening is the next UTC day", async () => {
    const store = await read("store");
    await saved("store", { ...store, time_zone: "America/Los_Angeles" });
    try {
      const report = await overview("from=2026-10-03&to=2026-10-03");
      expect(report.orders_by_status[0]?.orders).toBe(3);
      expect(day(report.daily_sales, "2026-10-03")).toBe(3);
      expect(day(report.daily_sales, "2026-10-02")).toBe(0);
      expect(await listed("from=2026-10-03&to=2026-10-03")).toEqual(sorted("lastOfOct3", "firstOfOct4", "laEvening"));
      expect(await listed("from=2026-10-04&to=2026-10-04")).toEqual(sorted("lastOfOct4", "firstOfOct5"));
    } finally {
      await saved("store", store);
    }
  });
});

/** A CSV's lines as cells, split on commas (the cells read here hold none). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));

describe("the console's CSV files", () => {
  it("write the times on the shop's clock, either side of the DST change, their header naming the zone", async () => {
    const store = await read("store");
    await saved("store", { ...store, time_zone: "Australia/Sydney" });
    // A feedback entry and Jane's account, dated as the 17:59:59 order of 4 October (+11:00 since 2 AM).
    const entryId = await insertFormEntry(shop.db, {
      form_id: 3,
      values: JSON.stringify({ 1: "4" }),
      currency: "USD",
      created_at: PLACED.laEvening,
    });
    await shop.db.updateTable("customers").set({ created_at: PLACED.laEvening }).where("email", "=", "jane@example.com").execute();
    try {
      const orders = csvRows((await call(owner, "GET", "/orders/export.csv?from=2026-10-03&to=2026-10-05")).body);
      expect(orders[0]?.[1]).toBe("Date (Australia/Sydney)");
      const dateOf = (key: keyof typeof PLACED) => orders.find((row) => Number(row[0]) === ids[key])?.[1];
      expect(dateOf("lastOfOct3")).toBe("2026-10-03 23:59:59");
      expect(dateOf("firstOfOct4")).toBe("2026-10-04 00:00:00");
      expect(dateOf("laEvening")).toBe("2026-10-04 17:59:59");
      expect(dateOf("lastOfOct4")).toBe("2026-10-04 23:59:59");
      expect(dateOf("firstOfOct5")).toBe("2026-10-05 00:00:00");

      const entries = csvRows((await call(owner, "GET", "/forms/3/entries.csv")).body);
      expect(entries[0]?.slice(0, 2)).toEqual(["Entry", "Date (Australia/Sydney)"]);
      expect(entries.find((row) => Number(row[0]) === entryId)?.[1]).toBe("2026-10-04 17:59:59");

      const customers = csvRows((await call(owner, "GET", "/customers/export.csv?search=jane%40example.com")).body);
      expect(customers[0]?.slice(-2)).toEqual(["Last order (Australia/Sydney)", "Registered (Australia/Sydney)"]);
      expect(customers[1]?.at(-1)).toBe("2026-10-04 17:59");

      const report = csvRows((await call(owner, "GET", "/reports/customers.csv?from=2026-10-05&to=2026-10-05")).body);
      expect(report[0]?.at(-1)).toBe("Last order (Australia/Sydney)");
      expect(report[1]?.at(-1)).toBe("2026-10-05 00:00");
    } finally {
      await saved("store", store);
      await shop.db.deleteFrom("form_entries").where("id", "=", entryId).execute();
    }
  });

  it("say UTC in a shop that keeps UTC, the times as stored", async () => {
    const orders = csvRows((await call(owner, "GET", "/orders/export.csv?from=2026-10-04&to=2026-10-04")).body);
    expect(orders[0]?.[1]).toBe("Date (UTC)");
    expect(orders.find((row) => Number(row[0]) === ids.laEvening)?.[1]).toBe("2026-10-04 06:59:59");
  });
});
