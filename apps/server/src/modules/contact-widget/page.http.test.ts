/** What a page carries to run its widgets (WidgetPage): the shop's own pages and the one-tag embed. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_SECRET, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { verifyWidgetNonce } from "../../http/tokens.ts";
import { configureContactWidgets, embedPage, widgetPage } from "./index.ts";

let shop: TestShop;
const SECRET = "test-secret-test-secret-test-secret!";
const browser = { headers: { "user-agent": "Mozilla/5.0 Chrome/131.0.0.0 Safari/537.36" }, ip: "203.0.113.9" };

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const token = async (id = 1) =>
  JSON.parse((await shop.db.selectFrom("contact_widgets").select("settings").where("id", "=", id).executeTakeFirstOrThrow()).settings)
    .widget_token as string;

const changeTriggers = async (changes: Record<string, unknown>) => {
  const row = await shop.db.selectFrom("contact_widgets").select("triggers").where("id", "=", 1).executeTakeFirstOrThrow();
  await shop.db
    .updateTable("contact_widgets")
    .set({ triggers: JSON.stringify({ ...JSON.parse(row.triggers), ...changes }) })
    .where("id", "=", 1)
    .execute();
};

describe("widgetPage", () => {
  it("carries the demo widget with its nonce, never its token or captcha secrets, on the shop's own addresses", async () => {
    const page = await widgetPage(testContext(shop), browser);
    expect(page).toMatchObject({ country: "-", crawler: false, ajaxUrl: "/ajax", assetsUrl: "/widget/", consent: "not-required" });
    expect(page.widgets).toHaveLength(1);
    const [widget] = page.widgets;
    expect(widget?.id).toBe(1);
    expect(verifyWidgetNonce(SECRET, 1, await token(), widget?.nonce ?? "")).toBe(true);
    expect(widget?.settings).not.toHaveProperty("widget_token");
    expect(JSON.stringify(page)).not.toContain(await token());
    expect(widget?.channels.map((c) => [c.index, c.channel_type])).toEqual([
      [0, "WhatsApp"],
      [1, "Telegram"],
      [2, "Facebook_Messenger"],
      [3, "Phone"],
      [4, "SMS"],
      [5, "Email"],
      [6, "WeChat"],
      [7, "Contact_Us"],
    ]);
    for (const channel of widget?.channels ?? []) {
      expect(channel).not.toHaveProperty("v2_site_key");
      expect(channel).not.toHaveProperty("v3_site_key");
      expect(channel.captcha_site_key).toBe("");
    }
  });

  it("tells crawlers, and gives the country only when a widget has a country rule (header first)", async () => {
    const crawler = await widgetPage(testContext(shop), {
      headers: { "user-agent": "Googlebot/2.1", "cf-ipcountry": "FR" },
      ip: "8.8.8.8",
    });
    expect(crawler).toMatchObject({ crawler: true, country: "-" });
    await changeTriggers({ has_countries: true, countries: ["FR"] });
    expect((await widgetPage(testContext(shop), { headers: { "cf-ipcountry": "FR" }, ip: "8.8.8.8" })).country).toBe("FR");
    expect((await widgetPage(testContext(shop), { headers: { "cf-ipcountry": "XX" }, ip: "8.8.8.8" })).country).toBe("US");
    expect((await widgetPage(testContext(shop), { headers: {}, ip: "10.0.0.7" })).country).toBe("-");
    configureContactWidgets(shop.db, { secret: SECRET, countryHeader: null });
    expect((await widgetPage(testContext(shop), { headers: { "cf-ipcountry": "FR" }, ip: "8.8.8.8" })).country).toBe("US");
    configureContactWidgets(shop.db, { secret: SECRET, countryHeader: "cf-ipcountry" });
    await changeTriggers({ has_countries: false, countries: [] });
  });

  it("follows a change made anywhere on the next page (the widgets revision)", async () => {
    expect((await widgetPage(testContext(shop), browser)).widgets).toHaveLength(1);
    await shop.db.updateTable("contact_widgets").set({ active: 0 }).where("id", "=", 1).execute();
    expect((await widgetPage(testContext(shop), browser)).widgets).toEqual([]);
    await shop.db.updateTable("contact_widgets").set({ active: 1 }).where("id", "=", 1).execute();
    const row = await shop.db.selectFrom("contact_widgets").select("settings").where("id", "=", 1).executeTakeFirstOrThrow();
    await shop.db
      .updateTable("contact_widgets")
      .set({ settings: JSON.stringify({ ...JSON.parse(row.settings), cta_text: "Ask away" }) })
      .where("id", "=", 1)
      .execute();
    expect((await widgetPage(testContext(shop), browser)).widgets[0]?.settings.cta_text).toBe("Ask away");
  });
});

describe("embedPage", () => {
  it("gives one active widget with the shop's absolute addresses", async () => {
    const page = await embedPage(shop.db, SECRET, 1, browser, "https://shop.example.com/");
    expect(page).toMatchObject({ ajaxUrl: "https://shop.example.com/ajax", assetsUrl: "https://shop.example.com/widget/", crawler: false });
    expect(page?.widgets.map((w) => w.id)).toEqual([1]);
    expect(verifyWidgetNonce(SECRET, 1, await token(), page?.widgets[0]?.nonce ?? "")).toBe(true);
  });

  it("is null for a missing or inactive widget", async () => {
    expect(await embedPage(shop.db, SECRET, 42, browser, "https://shop.example.com")).toBeNull();
    await shop.db.updateTable("contact_widgets").set({ active: 0 }).where("id", "=", 1).execute();
    expect(await embedPage(shop.db, SECRET, 1, browser, "https://shop.example.com")).toBeNull();
    await shop.db.updateTable("contact_widgets").set({ active: 1 }).where("id", "=", 1).execute();
  });
});

describe("a shop page", () => {
  let pages: TestShop;
  beforeAll(async () => {
    pages = await createTestShop({ web: true });
  });
  afterAll(() => pages?.close());

  it("carries the widgets' settings once, in its data block, and React's data only the loader and the buttons' reach", async () => {
    const reply = await pages.app.inject({ url: "/shop", headers: { ...browser.headers, "accept-encoding": "identity" } });
    expect(reply.statusCode).toBe(200);
    const blocks = [...reply.body.matchAll(/<script type="application\/json" id="contact-widget-page"[^>]*>(.*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const page = JSON.parse(blocks[0]?.[1] ?? "null");
    expect(page.widgets.map((w: { id: number }) => w.id)).toEqual([1]);
    const pageToken = JSON.parse(
      (await pages.db.selectFrom("contact_widgets").select("settings").where("id", "=", 1).executeTakeFirstOrThrow()).settings,
    ).widget_token as string;
    expect(verifyWidgetNonce(TEST_SECRET, 1, pageToken, page.widgets[0].nonce)).toBe(true);
    // The welcome text is in the settings: once in the page, not a second time in the data React hydrates from.
    const welcome = page.widgets[0].channels.find((c: { chat_welcome_message?: string }) => c.chat_welcome_message)?.chat_welcome_message;
    expect(welcome).toBeTruthy();
    expect(reply.body.split(welcome).length - 1).toBe(1);
    const data = await pages.app.inject({ url: "/shop.data?_routes=root" });
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain("loaderSrc");
    expect(data.body).toContain("reach");
    expect(data.body).not.toContain(welcome);
  });
});
