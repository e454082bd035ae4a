/** The widget's view and click reports on POST /ajax (spec §4.2, §7), its nonce and its cross-origin rule. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { configureContactWidgets, widgetPage } from "./index.ts";

let shop: TestShop;
let nonce: string;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SECRET = "test-secret-test-secret-test-secret!";
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  shop = await createTestShop();
  nonce = (await widgetPage(testContext(shop), { headers: {}, ip: "127.0.0.1" })).widgets[0]?.nonce ?? "";
});
afterAll(() => shop?.close());

/** Posts a report as the widget does (form-encoded), from a browser unless told otherwise. */
function send(fields: [string, string][], headers: Record<string, string> = {}, remoteAddress = "198.51.100.7") {
  return shop.app.inject({
    method: "POST",
    url: "/ajax",
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": BROWSER, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const counts = async (channel = "", widgetId = 1) =>
  (
    await shop.db
      .selectFrom("contact_widget_stats")
      .select(["device", "slot", "views", "clicks"])
      .where("widget_id", "=", widgetId)
      .where("channel", "=", channel)
      .orderBy("device")
      .execute()
  ).map(({ slot, ...row }) => ({ ...row, day: slot.slice(0, 10), views: Number(row.views), clicks: Number(row.clicks) }));

const setWidget = (changes: { active?: number; allowed_origins?: string; settings?: string }) =>
  shop.db.updateTable("contact_widgets").set(changes).where("id", "=", 1).execute();

describe("the widget nonce", () => {
  it("refuses a report without a nonce or with a wrong one, and counts nothing", async () => {
    const missing = await send([
      ["action", "update_contact_widget_views"],
      ["widgetId", "1"],
    ]);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe("cw_widget_invalid_nonce");
    const wrong = await send([
      ["action", "update_contact_widget_views"],
      ["widgetId", "1"],
      ["widgetNonce", "abcdefghijklmnopqrstuv"],
    ]);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_widget_invalid_nonce");
    expect(await counts()).toEqual([]);
  });

  it("takes the page's nonce as widgetNonce or nonce, and sets no cookie", async () => {
    const views = await send([
      ["action", "update_contact_widget_views"],
      ["widgetId", "1"],
      ["userId", "0"],
      ["isMobile", "0"],
      ["isOpen", "0"],
      ["isSingle", "0"],
      ["channels[]", "WhatsApp"],
      ["widgetNonce", nonce],
    ]);
    expect(views.statusCode).toBe(200);
    expect(views.json()).toEqual({ status: 1 });
    expect(views.headers["set-cookie"]).toBeUndefined();
    const click = await send([
      ["action", "update_contact_channel_click"],
      ["widgetId", "1"],
      ["isMobile", "0"],
      ["channel", "Telegram"],
      ["nonce", nonce],
    ]);
    expect(click.json()).toEqual({ status: 1 });
    expect(await counts()).toEqual([{ device: "desktop", day: today(), views: 1, clicks: 0 }]);
    expect(await counts("Telegram")).toEqual([{ device: "desktop", day: today(), views: 0, clicks: 1 }]);
  });
});

describe("counting", () => {
  it("counts each report once, a channel listed twice once, per device and UTC day", async () => {
    await shop.db.deleteFrom("contact_widget_stats").execute();
    const report = (action: string, isMobile: string, channels: string[]) =>
      send([
        ["action", action],
        ["widgetId", "1"],
        ["isMobile", isMobile],
        ["widgetNonce", nonce],
        ...channels.map((c): [string, string] => ["channels[]", c]),
      ]);
    expect((await report("update_contact_channel_views", "1", ["WhatsApp", "WhatsApp", "Email"])).json()).toEqual({ status: 1 });
    await report("update_contact_channel_views", "0", ["WhatsApp"]);
    await report("update_contact_widget_click", "1", ["Phone"]);
    await report("update_contact_widget_views", "1", []);
    expect(await counts("WhatsApp")).toEqual([
      { device: "desktop", day: today(), views: 1, clicks: 0 },
      { device: "mobile", day: today(), views: 1, clicks: 0 },
    ]);
    expect(await counts("Email")).toEqual([{ device: "mobile", day: today(), views: 1, clicks: 0 }]);
    expect(await counts("Phone")).toEqual([{ device: "mobile", day: today(), views: 1, clicks: 0 }]);
    expect(await counts()).toEqual([{ device: "mobile", day: today(), views: 1, clicks: 1 }]);
  });

  it("counts a single widget's channel once: seen when shown, clicked through the main button (isSingle 1)", async () => {
    await shop.db.deleteFrom("contact_widget_stats").execute();
    const report = (action: string, extra: [string, string][]) =>
      send([["action", action], ["widgetId", "1"], ["isMobile", "0"], ["widgetNonce", nonce], ["channels[]", "Phone"], ...extra]);
    await report("update_contact_widget_views", [["isSingle", "1"]]);
    await report("update_contact_channel_views", []);
    await report("update_contact_widget_click", [["isSingle", "1"]]);
    expect(await counts("Phone")).toEqual([{ device: "desktop", day: today(), views: 1, clicks: 0 }]);
    expect(await counts()).toEqual([{ device: "desktop", day: today(), views: 1, clicks: 1 }]);
  });

  it("adds to the same row on the same day, and another day starts its own row", async () => {
    await shop.db
      .insertInto("contact_widget_stats")
      .values({ widget_id: 1, channel: "SMS", slot: "2026-01-01T12:00", device: "mobile", views: 5, clicks: 0 })
      .execute();
    for (let i = 0; i < 2; i++)
      await send([
        ["action", "update_contact_channel_click"],
        ["widgetId", "1"],
        ["isMobile", "yes"],
        ["channel", "SMS"],
        ["nonce", nonce],
      ]);
    const rows = await counts("SMS");
    expect(rows).toContainEqual({ device: "mobile", day: "2026-01-01", views: 5, clicks: 0 });
    expect(rows).toContainEqual({ device: "mobile", day: today(), views: 0, clicks: 2 });
  });

  it("never counts a crawler, and still answers it {status: 1}", async () => {
    const before = await counts();
    const response = await send(
      [
        ["action", "update_contact_widget_views"],
        ["widgetId", "1"],
        ["widgetNonce", nonce],
      ],
      { "user-agent": GOOGLEBOT },
    );
    expect(response.json()).toEqual({ status: 1 });
    expect(await counts()).toEqual(before);
  });

  it("answers an unknown widget 404 and a channel the widget lacks 400, counting nothing", async () => {
    const before = await counts("WhatsApp");
    const unknown = await send([
      ["action", "update_contact_widget_views"],
      ["widgetId", "999"],
      ["widgetNonce", nonce],
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("cw_widget_not_found");
    expect((await send([["action", "update_contact_widget_views"]])).json().code).toBe("cw_widget_not_found");
    const channel = await send([
      ["action", "update_contact_channel_views"],
      ["widgetId", "1"],
      ["widgetNonce", nonce],
      ["channels[]", "WhatsApp"],
      ["channels[]", "Skype"],
    ]);
    expect(channel.statusCode).toBe(400);
    expect(channel.json()).toMatchObject({ code: "cw_widget_unknown_channel", data: { channel: "Skype" } });
    expect(await counts("WhatsApp")).toEqual(before);
  });

  it("does not count an inactive widget or one whose analytics are off", async () => {
    const before = await counts();
    const views = () =>
      send([
        ["action", "update_contact_widget_views"],
        ["widgetId", "1"],
        ["widgetNonce", nonce],
      ]);
    await setWidget({ active: 0 });
    expect((await views()).json()).toEqual({ status: 1 });
    await setWidget({ active: 1 });
    const row = await shop.db.selectFrom("contact_widgets").select("settings").where("id", "=", 1).executeTakeFirstOrThrow();
    await setWidget({ settings: JSON.stringify({ ...JSON.parse(row.settings), analytics: false }) });
    expect((await views()).json()).toEqual({ status: 1 });
    expect(await counts()).toEqual(before);
    await setWidget({ settings: row.settings });
  });
});

describe("other sites", () => {
  const report = (origin: string | undefined) =>
    send(
      [
        ["action", "update_contact_widget_views"],
        ["widgetId", "1"],
        ["widgetNonce", nonce],
      ],
      origin ? { origin } : {},
    );

  it("refuses an origin the widget does not allow, before anything is counted", async () => {
    const before = await counts();
    const response = await report("https://evil.example");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "cw_widget_origin_not_allowed", data: { origin: "https://evil.example" } });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    // The refusal keeps the API's resource policy: no other site's page may load it.
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(await counts()).toEqual(before);
  });

  it("lets an allowed origin post and read the answer, and the shop's own pages always", async () => {
    await setWidget({ allowed_origins: JSON.stringify(["https://blog.example.com"]) });
    const allowed = await report("https://blog.example.com");
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://blog.example.com");
    expect(allowed.headers.vary).toContain("Origin");
    // The widget's reports go by sendBeacon (no-cors): a same-origin resource policy would have the browser block the reply.
    expect(allowed.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    // The other security headers stay.
    expect(allowed.headers["x-content-type-options"]).toBe("nosniff");
    expect(allowed.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    // The shop's own pages may read the answer too (a PUBLIC_URL may name another host than the page's).
    const own = await report("http://localhost:80");
    expect(own.statusCode).toBe(200);
    expect(own.headers["access-control-allow-origin"]).toBe("http://localhost:80");
    expect(own.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect((await report(undefined)).statusCode).toBe(200);
  });

  it("takes the PUBLIC_URL's origin as the shop's own, whatever host the request names", async () => {
    expect((await report("https://shop.example.com")).statusCode).toBe(403);
    configureContactWidgets(shop.db, { secret: SECRET, countryHeader: "cf-ipcountry", shopOrigin: "https://shop.example.com" });
    try {
      const own = await report("https://shop.example.com");
      expect(own.statusCode).toBe(200);
      expect(own.headers["access-control-allow-origin"]).toBe("https://shop.example.com");
    } finally {
      configureContactWidgets(shop.db, { secret: SECRET, countryHeader: "cf-ipcountry", shopOrigin: null });
    }
  });

  it("answers the preflight of an allowed origin, and refuses others", async () => {
    const preflight = (origin: string, query = "") =>
      shop.app.inject({
        method: "OPTIONS",
        url: `/ajax${query}`,
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
    const allowed = await preflight("https://blog.example.com", "?widgetId=1");
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://blog.example.com");
    expect(allowed.headers["access-control-allow-methods"]).toBe("POST");
    expect((await preflight("https://blog.example.com")).statusCode).toBe(204);
    const refused = await preflight("https://evil.example", "?widgetId=1");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("cw_widget_origin_not_allowed");
    expect((await preflight("https://blog.example.com", "?widgetId=2")).statusCode).toBe(403);
  });
});

describe("the rate limit", () => {
  it("refuses reports past 60 in 10 minutes from one address with 429, counting none of them", async () => {
    const views = () =>
      send(
        [
          ["action", "update_contact_widget_views"],
          ["widgetId", "1"],
          ["widgetNonce", nonce],
        ],
        {},
        "203.0.113.50",
      );
    for (let i = 0; i < 60; i++) expect((await views()).statusCode).toBe(200);
    const before = await counts();
    const refused = await views();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "cw_rest_rate_limit_exceeded", data: { limit: "widget-reports:address" } });
    expect(refused.headers["retry-after"]).toEqual(expect.any(String));
    expect(await counts()).toEqual(before);
  });
});
