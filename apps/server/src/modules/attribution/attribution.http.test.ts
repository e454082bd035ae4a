/** Order attribution over HTTP on SQLite and PostgreSQL (issue 7): storing it with the order, the origin, the owner's report. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";

let shop: TestShop;
let tShirt: number;
let owner: StoreClient;

beforeAll(async () => {
  shop = await createTestShop();
  tShirt = await productId(shop.app, "classic-t-shirt");
  owner = await signedInOwner(shop);
});
afterAll(() => shop.close());

const billing = testBilling();

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

const fromGoogleAds = {
  source_type: "utm",
  referrer: "https://www.google.com/",
  utm_campaign: "spring-sale",
  utm_source: "google",
  utm_medium: "cpc",
  utm_content: "(none)",
  utm_id: "(none)",
  utm_term: "hoodies",
  utm_source_platform: "(none)",
  utm_creative_format: "(none)",
  utm_marketing_tactic: "(none)",
  session_entry: "https://shop.example/?utm_source=google&utm_medium=cpc&utm_campaign=spring-sale&utm_term=hoodies",
  session_start_time: "2026-03-01 10:20:30",
  session_pages: "4",
  session_count: "2",
  user_agent: IPHONE,
};

async function placeOrder(extensions: Record<string, unknown>) {
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
  const response = await shopper.post("/checkout", { billing_address: billing, payment_method: "cod", extensions });
  return { shopper, response };
}

const storedRow = (orderId: number) =>
  shop.db.selectFrom("order_attribution").selectAll().where("order_id", "=", orderId).executeTakeFirst();

describe("attribution sent with the checkout", () => {
  it("is stored with the order without its (none) values, with the device type, and kept out of the order's extension data", async () => {
    const { shopper, response } = await placeOrder({ "cw/order-attribution": fromGoogleAds, "other/ext": { a: 1 } });
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order.extensions).toEqual({ "other/ext": { a: 1 } });
    expect(await storedRow(order.order_id)).toEqual({
      order_id: order.order_id,
      source_type: "utm",
      referrer: "https://www.google.com/",
      utm_campaign: "spring-sale",
      utm_source: "google",
      utm_medium: "cpc",
      utm_content: null,
      utm_id: null,
      utm_term: "hoodies",
      utm_source_platform: null,
      utm_creative_format: null,
      utm_marketing_tactic: null,
      session_entry: fromGoogleAds.session_entry,
      session_start_time: "2026-03-01 10:20:30",
      session_pages: 4,
      session_count: 2,
      user_agent: IPHONE,
      device_type: "Mobile",
    });

    // The shopper sees the origin only; the owner sees every field.
    const own = await shopper.get(`/order/${order.order_id}?key=${order.order_key}&billing_email=ada@example.com`);
    expect(own.json().attribution).toEqual({ origin: "Source: Google" });
    const ownerView = await owner.get(`/order/${order.order_id}`);
    expect(ownerView.statusCode).toBe(200);
    expect(ownerView.json().attribution).toMatchObject({ origin: "Source: Google", utm_campaign: "spring-sale", device_type: "Mobile" });
  });

  it("names the origin of each source type, and Unknown when nothing was sent", async () => {
    const cases: [Record<string, unknown> | undefined, string][] = [
      [{ source_type: "organic", utm_source: "duckduckgo", utm_medium: "organic" }, "Organic: Duckduckgo"],
      [{ source_type: "referral", utm_source: "news.example.org", utm_medium: "referral" }, "Referral: News.example.org"],
      [{ source_type: "typein", utm_source: "(direct)", utm_medium: "(none)" }, "Direct"],
      [undefined, "Unknown"],
    ];
    for (const [data, origin] of cases) {
      const { shopper, response } = await placeOrder(data ? { "cw/order-attribution": data } : {});
      const order = response.json();
      const view = await shopper.get(`/order/${order.order_id}?key=${order.order_key}&billing_email=ada@example.com`);
      expect(view.json().attribution.origin).toBe(origin);
    }
  });

  it("drops unknown keys and empty values; an entry with nothing left stores no row", async () => {
    const { response } = await placeOrder({ "cw/order-attribution": { source_type: "", utm_source: "(none)", favourite_colour: "blue" } });
    expect(response.statusCode).toBe(200);
    expect(await storedRow(response.json().order_id)).toBeUndefined();
  });

  it("refuses values of the wrong type with a clear 400, and places nothing", async () => {
    const bad: [unknown, string][] = [
      ["utm", "extensions[cw/order-attribution] is not an object."],
      [{ utm_source: 42 }, "extensions[cw/order-attribution].utm_source is not text."],
      [{ utm_source: ["google"] }, "extensions[cw/order-attribution].utm_source is not text."],
    ];
    const before = await shop.db.selectFrom("orders").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    for (const [data, message] of bad) {
      const { response } = await placeOrder({ "cw/order-attribution": data });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "rest_invalid_param", data: { status: 400, params: { extensions: message } } });
    }
    const after = await shop.db.selectFrom("orders").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("places the order when a cookie held values it cannot use, keeping only the good ones", async () => {
    const { response } = await placeOrder({
      "cw/order-attribution": {
        source_type: "paid",
        utm_source: "google",
        utm_campaign: "x".repeat(201),
        session_pages: "3.5",
        session_start_time: "yesterday",
      },
    });
    expect(response.statusCode).toBe(200);
    const row = await storedRow(response.json().order_id);
    expect(row).toMatchObject({
      utm_source: "google",
      source_type: null,
      utm_campaign: null,
      session_pages: null,
      session_start_time: null,
    });
  });

  it("accepts counts sent as numbers", async () => {
    const { response } = await placeOrder({ "cw/order-attribution": { source_type: "typein", session_pages: 7, session_count: 1 } });
    expect(response.statusCode).toBe(200);
    expect(await storedRow(response.json().order_id)).toMatchObject({ session_pages: 7, session_count: 1, source_type: "typein" });
  });
});

describe("GET /attribution/report", () => {
  const today = new Date().toISOString().slice(0, 10);

  it("answers the owner with orders and totals per source type and source over the days asked", async () => {
    const fresh = await createTestShop();
    try {
      const id = await productId(fresh.app, "classic-t-shirt");
      const boss = await signedInOwner(fresh);
      const place = async (data?: Record<string, string>) => {
        const shopper = new StoreClient(fresh.app);
        await shopper.cart("POST", "/cart/add-item", { id, quantity: 1 });
        const reply = await shopper.post("/checkout", {
          billing_address: billing,
          payment_method: "cod",
          extensions: data ? { "cw/order-attribution": data } : {},
        });
        expect(reply.statusCode).toBe(200);
        return reply.json();
      };
      const first = await place({ source_type: "utm", utm_source: "newsletter", utm_medium: "email" });
      await place({ source_type: "utm", utm_source: "newsletter", utm_medium: "email" });
      await place({ source_type: "organic", utm_source: "google", utm_medium: "organic" });
      await place();
      // An order from another day stays out of today's report.
      await sql`update orders set created_at = '2020-01-15T12:00:00.000Z' where id = ${first.order_id}`.execute(fresh.db);

      const response = await boss.get(`/attribution/report?after=${today}&before=${today}`);
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.after).toBe(today);
      const orderTotal = Number(
        (await fresh.db.selectFrom("orders").select("total").where("id", "=", first.order_id).executeTakeFirstOrThrow()).total,
      );
      // One newsletter order today, the other moved to 2020.
      const newsletterLine = {
        source_type: "utm",
        source: "newsletter",
        origin: "Source: Newsletter",
        orders: 1,
        total: String(orderTotal),
        currency_code: "USD",
      };
      expect(report.lines).toEqual([
        { source_type: "organic", source: "google", origin: "Organic: Google", orders: 1, total: String(orderTotal), currency_code: "USD" },
        { source_type: "unknown", source: "", origin: "Unknown", orders: 1, total: String(orderTotal), currency_code: "USD" },
        newsletterLine,
      ]);

      const older = (await boss.get("/attribution/report?after=2020-01-01&before=2020-01-31")).json();
      expect(older.lines).toEqual([newsletterLine]);
    } finally {
      await fresh.close();
    }
  });

  it("refuses guests (401) and shoppers (403) with cw_rest_cannot_view", async () => {
    const guest = await new StoreClient(shop.app).get(`/attribution/report?after=${today}&before=${today}`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_cannot_view");

    const shopper = new StoreClient(shop.app);
    expect((await shopper.post("/account/register", { email: "sam@example.com", password: "a-long-password-1" })).statusCode).toBe(201);
    const refused = await shopper.get(`/attribution/report?after=${today}&before=${today}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("cw_rest_cannot_view");
  });

  it("validates the query: both days required, as YYYY-MM-DD, before not earlier than after", async () => {
    const missing = await owner.get("/attribution/report?after=2026-01-01");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("rest_missing_callback_param");
    const badDate = await owner.get("/attribution/report?after=2026-13-01&before=2026-01-31");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ code: "rest_invalid_param", data: { params: { after: expect.any(String) } } });
    const reversed = await owner.get("/attribution/report?after=2026-02-01&before=2026-01-31");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: "rest_invalid_param", data: { params: { before: "before is earlier than after." } } });
  });
});
