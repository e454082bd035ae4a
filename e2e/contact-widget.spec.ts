/**
 * The contact widget in Chromium (spec §2.1, §4.1, §4.2, §5.1; decision 0020). The core runs on a
 * harness page of its own (support/widget-harness.ts: the built loader from the real server's
 * /widget/, a payload from the shared defaults, reports caught); the demo widget on /shop and the
 * one-tag embed run against the real shop once its server side (the page payload) is in.
 */
import { join } from "node:path";
import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import { rolldown } from "rolldown";
import { seriousViolations } from "./support/shopper-order.ts";
import { channel, demoChannels, HARNESS_PATH, loaderFile, openHarness, type Report, widgetPage } from "./support/widget-harness.ts";

const mainButton = (page: Page, name: string | RegExp = "Contact us") => page.getByRole("button", { name });
const channelList = (page: Page) => page.getByRole("list", { name: "Contact channels" });
const actions = (reports: Report[]) => reports.map((r) => r.action);
// Strings run in the page, without the DOM types this project does not load (as in cart-sync.spec.ts).
type ComputedStyle = (element: unknown) => Record<string, string>;
const style = (locator: Locator, property: string) =>
  locator.evaluate((e, p) => (globalThis as unknown as { getComputedStyle: ComputedStyle }).getComputedStyle(e)[p] ?? "", property);
type Box = { top: number; bottom: number };
const rects = (locator: Locator) =>
  locator.evaluateAll((all) =>
    all.map((e) => (e as unknown as { getBoundingClientRect(): { toJSON(): Box } }).getBoundingClientRect().toJSON()),
  );
const inPage = async <T>(page: Page, expression: string) => (await page.evaluate(expression)) as T;

test.describe("the widget core on a page of its own", () => {
  test("opens its channel list, each channel a link of its service, and reports the view and the first click once", async ({ page }) => {
    const reports = await openHarness(page, widgetPage([{ channels: demoChannels() }]));
    const button = mainButton(page);
    await expect(button).toBeVisible();
    await expect(page.getByText("Contact us", { exact: true })).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect.poll(() => actions(reports)).toEqual(["update_contact_widget_views"]);
    const views = reports[0]?.fields;
    // SMS is for phones only (spec §5.1): the desktop's view report leaves it out.
    expect(views?.getAll("channels[]")).toEqual(["WhatsApp", "Telegram", "Phone", "Email"]);
    expect(Object.fromEntries([...(views?.entries() ?? [])].filter(([k]) => k !== "channels[]"))).toEqual({
      action: "update_contact_widget_views",
      widgetId: "1",
      userId: "0",
      isMobile: "0",
      isOpen: "0",
      isSingle: "0",
      widgetNonce: "harness-nonce",
    });

    const closeTip = page.getByText("Hide", { exact: true });
    await button.hover();
    await expect(closeTip).toBeHidden();
    await button.click();
    const list = channelList(page);
    await expect(list).toBeVisible();
    await expect(page.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-expanded", "true");
    // The close button's hover text (close_text, spec §2.1) shows while it closes the list.
    await page.getByRole("button", { name: "Hide" }).hover();
    await expect(closeTip).toBeVisible();
    // The call to action steps aside after the first click (spec §4.1 first_click).
    await expect(page.getByText("Contact us", { exact: true })).toBeHidden();
    await expect(list.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      "https://web.whatsapp.com/send?phone=15550102030&text=Hello%2C%20I%20have%20a%20question%20about%20Harness%20page",
    );
    await expect(list.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("target", "_blank");
    await expect(list.getByRole("link", { name: "Telegram" })).toHaveAttribute("href", "https://t.me/cartwright_demo");
    await expect(list.getByRole("link", { name: "Call us" })).toHaveAttribute("href", "tel:+15550102040");
    await expect(list.getByRole("link", { name: "Call us" })).not.toHaveAttribute("target", /./);
    await expect(list.getByRole("link", { name: "Email" })).toHaveAttribute(
      "href",
      /^mailto:hello@example\.com\?subject=Question%20about%20Harness%20page$/,
    );
    await expect.poll(() => actions(reports)).toEqual(["update_contact_widget_views", "update_contact_widget_click"]);
    expect(reports[1]?.fields.getAll("channels[]")).toEqual(["WhatsApp", "Telegram", "Phone", "Email"]);
    expect(reports[1]?.fields.get("nonce")).toBe("harness-nonce");

    // Channel items are 8 px apart (spec §9).
    const boxes = await rects(list.getByRole("link"));
    expect(Math.round((boxes[1]?.top ?? 0) - (boxes[0]?.bottom ?? 0))).toBe(8);

    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(mainButton(page)).toBeFocused();

    // A second open and a reload report nothing more: each flag once, remembered in localStorage.
    await mainButton(page).click();
    await page.reload();
    await expect(mainButton(page)).toBeVisible();
    // first_click: the visitor clicked on an earlier page, so the call to action starts aside, shown on hover (spec §2.1).
    await expect(page.getByText("Contact us", { exact: true })).toBeHidden();
    await mainButton(page).hover();
    await expect(page.getByText("Contact us", { exact: true })).toBeVisible();
    await mainButton(page).click();
    await page.waitForTimeout(500);
    expect(actions(reports)).toEqual(["update_contact_widget_views", "update_contact_widget_click"]);
    const memory = await inPage<string[]>(page, `JSON.parse(localStorage.getItem("contactWidget_1") ?? "[]").map((e) => e.k)`);
    expect(memory.sort()).toEqual(["c-widget", "v-Email", "v-Phone", "v-Telegram", "v-WhatsApp", "v-widget"]);
  });

  test("a link channel's first click is reported once, with analytics events when enabled", async ({ page }) => {
    await page.addInitScript("window.dataLayer = []");
    const reports = await openHarness(
      page,
      widgetPage([
        {
          settings: { is_google_analytics_enabled: true },
          channels: [channel("Link", "https://example.com/help", { hover_text: "Website" }), channel("Phone", "555")],
        },
      ]),
    );
    await mainButton(page).click();
    const link = channelList(page).getByRole("link", { name: "Website" });
    // The test stays on the page: the link's own navigation is held back, the widget's click handling is not.
    await link.evaluate((a) =>
      (a as { addEventListener(type: string, listener: (e: { preventDefault(): void }) => void): void }).addEventListener("click", (e) =>
        e.preventDefault(),
      ),
    );
    await link.click();
    await link.click();
    await expect.poll(() => actions(reports).filter((a) => a === "update_contact_channel_click")).toHaveLength(1);
    const click = reports.find((r) => r.action === "update_contact_channel_click");
    expect(click?.fields.get("channel")).toBe("Link");
    const events = await inPage<string[]>(page, "window.dataLayer.map((e) => e.event)");
    expect(events).toEqual(["contact_widget_channel_click", "contact_widget_channel_click"]);
  });

  test("reports nothing for crawlers, in the preview or with analytics off", async ({ page }) => {
    for (const data of [
      widgetPage([{ channels: demoChannels() }], { crawler: true }),
      widgetPage([{ channels: demoChannels(), preview: true }]),
      widgetPage([{ channels: demoChannels(), settings: { analytics: false } }]),
    ]) {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      const reports = await openHarness(page, data);
      await mainButton(page).click();
      await expect(channelList(page)).toBeVisible();
      await page.waitForTimeout(300);
      expect(reports).toEqual([]);
    }
  });

  test("without consent the memory lasts the page only: a reload reports again", async ({ page }) => {
    const data = widgetPage([{ channels: demoChannels() }], { consent: "required" });
    const reports = await openHarness(page, data);
    await expect.poll(() => actions(reports)).toEqual(["update_contact_widget_views"]);
    await page.reload();
    await expect.poll(() => actions(reports)).toEqual(["update_contact_widget_views", "update_contact_widget_views"]);
    expect(await inPage(page, `localStorage.getItem("contactWidget_1")`)).toBeNull();
  });

  test("single-channel mode: the button is the channel; a phone goes straight to its tel: link", async ({ page }) => {
    const reports = await openHarness(page, widgetPage([{ channels: [channel("Phone", "+1 555 010 2040", { hover_text: "Call us" })] }]));
    const button = mainButton(page, "Call us");
    await expect(button).toBeVisible();
    const navigations: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith("tel:")) navigations.push(r.url());
    });
    await button.click();
    await expect.poll(() => actions(reports)).toContain("update_contact_channel_click");
    const click = reports.find((r) => r.action === "update_contact_widget_click");
    expect(click?.fields.get("isSingle")).toBe("1");
    expect(click?.fields.getAll("channels[]")).toEqual(["Phone"]);
    expect(reports.find((r) => r.action === "update_contact_widget_views")?.fields.get("isSingle")).toBe("1");
    await expect(channelList(page)).toHaveCount(0);
  });

  test("chat view: a panel with the header and body texts and the channels in it, in its colours", async ({ page }) => {
    await openHarness(
      page,
      widgetPage([
        {
          settings: { cta_type: "chat-view", cta_head: "Need help?", cta_body: "We answer within the hour.", cta_head_bg_color: "#112233" },
          channels: [channel("Telegram", "@cartwright_demo")],
        },
      ]),
    );
    // One channel in a chat view is not single mode.
    await mainButton(page).click();
    const panel = page.getByRole("region", { name: "Need help?" });
    await expect(panel).toBeVisible();
    await expect(panel.getByText("We answer within the hour.")).toBeVisible();
    // No font named: the page's own (a font the widget never fetches).
    await page.locator("body").evaluate((b) => {
      (b as unknown as { style: { fontFamily: string } }).style.fontFamily = "Verdana";
    });
    expect(await style(panel.getByText("We answer within the hour."), "fontFamily")).toBe("Verdana");
    await expect(panel.getByRole("link", { name: "Telegram" })).toBeVisible();
    const head = panel.getByText("Need help?");
    expect(await style(head, "backgroundColor")).toBe("rgb(17, 34, 51)");
  });

  test("the button's place, size, colours, badge and tooltip follow the settings", async ({ page }) => {
    await openHarness(
      page,
      widgetPage([
        {
          settings: {
            position: "custom",
            custom_position: "left",
            side_spacing: 40,
            bottom_spacing: 60,
            widget_size: 64,
            widget_color: "#ff0000",
            is_pending_mesg_enabled: true,
            pending_mesg_count: 3,
            pending_mesg_count_bgcolor: "#00ff00",
            show_cta: "all_time",
            cta_text: "Questions about {title}?",
            font_family: "Georgia",
          },
          channels: demoChannels(),
        },
      ]),
    );
    const button = mainButton(page, "Questions about Harness page?, 3 new messages");
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBe(40);
    expect(Math.round(viewport.height - box.y - box.height)).toBe(60);
    expect(box.width).toBe(64);
    expect(await style(button, "backgroundColor")).toBe("rgb(255, 0, 0)");
    const badge = button.locator(".cw-badge");
    await expect(badge).toHaveText("3");
    expect(await style(badge, "backgroundColor")).toBe("rgb(0, 255, 0)");
    await button.click();
    await expect(badge).toHaveCount(0);
    // Escape closes the list once the lazily loaded core has opened it (an earlier Escape has nothing to close).
    await expect(channelList(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(channelList(page)).toBeHidden();
    await expect(mainButton(page, "Questions about Harness page?")).toBeFocused();
    // all_time: the tooltip stays after the first click.
    await expect(page.getByText("Questions about Harness page?", { exact: true })).toBeVisible();
    expect(await style(page.getByText("Questions about Harness page?", { exact: true }), "fontFamily")).toMatch(/^Georgia/);
  });

  test("the button's icon: built in, the uploaded image, or one of the bundled icon set", async ({ page }) => {
    const icon = () => mainButton(page).locator(".cw-icon");
    await openHarness(page, widgetPage([{ settings: { widget_icon: "chat-smile" }, channels: demoChannels() }]));
    await expect(icon().locator("svg path")).toHaveCount(1);
    const smile = await icon().innerHTML();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    const pixel = "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";
    await openHarness(page, widgetPage([{ settings: { widget_icon: "chat-image", widget_icon_url: pixel }, channels: demoChannels() }]));
    await expect(icon().locator("img")).toHaveAttribute("src", pixel);
    await expect(icon().locator("img")).toHaveAttribute("alt", "");
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await openHarness(
      page,
      widgetPage([{ settings: { widget_icon: "chat-fa-icon", widget_fa_icon: "fa-headset" }, channels: demoChannels() }]),
    );
    // The icon set loads on its own after the button is drawn (with the built-in icon meanwhile).
    await expect.poll(() => icon().innerHTML()).toContain("M12 2a9 9 0 0 0-9 9v6");
    expect(await icon().innerHTML()).not.toBe(smile);
  });

  test("attention effects move the button and the icon turns, neither under prefers-reduced-motion", async ({ page }) => {
    const data = widgetPage([{ settings: { attention_effect: "jump" }, channels: demoChannels() }]);
    await openHarness(page, data);
    const animation = () => style(mainButton(page), "animationName");
    // The effects' stylesheet is imported after the button is drawn (mount.ts), so it may arrive a moment later.
    await expect.poll(animation).toBe("cw-effect-jump");
    // The icon turns as the widget opens, and turns at once for a visitor who asks for less motion.
    const iconTurn = () => style(mainButton(page).locator(".cw-icon"), "transitionDuration");
    expect(await iconTurn()).toBe("0.2s, 0.2s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await animation()).toBe("none");
    expect(await iconTurn()).toBe("0s");
  });

  test("horizontal icons, the blur and its 365-day dismissal, custom CSS inside the widget only, the orientation marker", async ({
    page,
  }) => {
    await openHarness(
      page,
      widgetPage([
        {
          settings: {
            icon_view: "horizontal",
            bg_blur_effect: true,
            has_custom_css: true,
            custom_css: "h1{color:rgb(255,0,0)} .cw-trigger{border:3px solid rgb(0,0,255)}",
          },
          channels: demoChannels(),
        },
      ]),
    );
    expect(await page.locator("html").getAttribute("class")).toMatch(/\bcw-landscape\b/);
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(page.locator("html")).toHaveClass(/\bcw-portrait\b/);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await style(page.locator("h1"), "color")).not.toBe("rgb(255, 0, 0)");
    expect(await style(mainButton(page), "borderTopColor")).toBe("rgb(0, 0, 255)");
    await mainButton(page).click();
    const links = channelList(page).getByRole("link");
    // The list is drawn by the lazily loaded core: wait for it before measuring.
    await expect(links.first()).toBeVisible();
    const tops = (await rects(links)).map((box) => Math.round(box.top));
    expect(tops.length).toBeGreaterThan(1);
    expect(new Set(tops).size).toBe(1);
    const blur = page.getByRole("button", { name: "Close the contact widget" });
    await expect(blur).toBeAttached();
    await blur.click({ position: { x: 20, y: 20 } });
    await expect(channelList(page)).toBeHidden();
    const until = Number(await inPage(page, `localStorage.getItem("contactWidget_hide-bg-blur-effect")`));
    expect(Math.round((until - Date.now()) / 86_400_000)).toBe(365);
    await mainButton(page).click();
    await expect(channelList(page)).toBeVisible();
    await expect(blur).toHaveCount(0);
  });

  test("keyboard only: Tab to the button, Enter opens, Tab reaches the channels, Escape closes back to the button", async ({ page }) => {
    await openHarness(page, widgetPage([{ channels: demoChannels() }]));
    await expect(mainButton(page)).toBeVisible();
    await page.getByRole("link", { name: "Top" }).focus();
    await page.keyboard.press("Tab");
    await expect(mainButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(channelList(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(channelList(page).getByRole("link", { name: "WhatsApp" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(channelList(page)).toBeHidden();
    await expect(mainButton(page)).toBeFocused();
  });

  test("axe finds nothing serious with the widget closed and open", async ({ page }) => {
    await openHarness(page, widgetPage([{ channels: demoChannels(), settings: { is_pending_mesg_enabled: true } }]));
    await expect(mainButton(page, /Contact us/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await mainButton(page, /Contact us/).click();
    await expect(channelList(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("default_state open shows the list at once; hover opens it on desktop; open with one channel acts as click", async ({ page }) => {
    await openHarness(page, widgetPage([{ settings: { default_state: "open" }, channels: demoChannels() }]));
    await expect(channelList(page)).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await openHarness(page, widgetPage([{ settings: { default_state: "hover" }, channels: demoChannels() }]));
    await mainButton(page).hover();
    await expect(channelList(page)).toBeVisible();
    await page.mouse.move(10, 10);
    await expect(channelList(page)).toBeHidden();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await openHarness(page, widgetPage([{ settings: { default_state: "open" }, channels: [channel("Telegram", "@cartwright_demo")] }]));
    await expect(mainButton(page, "Telegram")).toBeVisible();
    await expect(channelList(page)).toHaveCount(0);
  });
});

test("the console's preview: drawn at once inside its box whatever the triggers say, never reporting", async ({ page }) => {
  // The console builds apps/web/widget/preview.ts with the storefront; here it is bundled for the harness page.
  const bundle = await rolldown({ input: join(import.meta.dirname, "../apps/web/widget/preview.ts"), platform: "browser" });
  const { output } = await bundle.generate({ format: "es", codeSplitting: false });
  await bundle.close();
  await page.route("**/preview-under-test.js", (route) => route.fulfill({ contentType: "text/javascript", body: output[0].code }));
  const reports = await openHarness(page, null);
  const data = widgetPage([{ triggers: { has_time_delay: true, time_delay: 60, exit_intent: true }, channels: demoChannels() }]);
  await inPage(
    page,
    `(async () => {
      const box = document.createElement("div");
      box.id = "preview-box";
      box.style.cssText = "position:absolute;top:100px;left:100px;width:400px;height:500px";
      document.body.append(box);
      const { mountWidgetPreview } = await import("/preview-under-test.js");
      window.preview = mountWidgetPreview(box, ${JSON.stringify(data)});
    })()`,
  );
  const button = mainButton(page);
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  // Bottom right of the 400 × 500 box at (100, 100), 25 px in (spec §9).
  expect(Math.round(box.x + box.width)).toBe(100 + 400 - 25);
  expect(Math.round(box.y + box.height)).toBe(100 + 500 - 25);
  await button.click();
  await expect(channelList(page)).toBeVisible();
  await inPage(
    page,
    `window.preview.update(${JSON.stringify(widgetPage([{ settings: { cta_text: "Edited" }, channels: demoChannels() }]))})`,
  );
  await expect(mainButton(page, "Edited")).toBeVisible();
  await expect(mainButton(page)).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(reports).toEqual([]);
});

test.describe("on a phone", () => {
  const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
  test.use(phone);

  test("the phone-only channels show, the reports say mobile, and hover opens on a tap", async ({ page }) => {
    const reports = await openHarness(page, widgetPage([{ settings: { default_state: "hover" }, channels: demoChannels() }]));
    await expect.poll(() => actions(reports)).toEqual(["update_contact_widget_views"]);
    expect(reports[0]?.fields.get("isMobile")).toBe("1");
    expect(reports[0]?.fields.getAll("channels[]")).toEqual(["WhatsApp", "Telegram", "Phone", "SMS", "Email"]);
    await mainButton(page).tap();
    await expect(channelList(page).getByRole("link", { name: "SMS" })).toHaveAttribute("href", /^sms:\+15550102040/);
    // WhatsApp's app link on a phone, not its web version.
    await expect(channelList(page).getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/15550102030/);
  });
});

test.describe("triggers with the browser clock set by the test", () => {
  test("time delay, scroll depth and auto-hide tick every second", async ({ page }) => {
    await page.clock.install();
    await openHarness(
      page,
      widgetPage([{ triggers: { has_time_delay: true, time_delay: 3, auto_hide_widget: true, hide_after: 2 }, channels: demoChannels() }]),
    );
    await page.clock.runFor(1500);
    await expect(mainButton(page)).toBeHidden();
    await page.clock.runFor(2000);
    await expect(mainButton(page)).toBeVisible();
    await page.clock.runFor(2100);
    await expect(mainButton(page)).toBeHidden();

    // Open when auto-hide falls due: it stays, and hides hide_after seconds later once closed.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await openHarness(page, widgetPage([{ triggers: { auto_hide_widget: true, hide_after: 2 }, channels: demoChannels() }]));
    await mainButton(page).click();
    await expect(channelList(page)).toBeVisible();
    await page.clock.runFor(2100);
    await expect(channelList(page)).toBeVisible();
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(mainButton(page)).toBeVisible();
    await page.clock.runFor(2100);
    await expect(mainButton(page)).toBeHidden();

    await page.unrouteAll({ behavior: "ignoreErrors" });
    await openHarness(
      page,
      widgetPage([{ triggers: { has_display_after_page_scroll: true, display_after_page_scroll: 50 }, channels: demoChannels() }]),
    );
    await page.clock.runFor(2000);
    await expect(mainButton(page)).toBeHidden();
    await page.mouse.wheel(0, 2000);
    await page.clock.runFor(1100);
    await expect(mainButton(page)).toBeVisible();
  });

  test("a click before the browser's idle moment still has the view reported first, once", async ({ page }) => {
    // The view report waits for idle time; a busy page's comes late (here after the test's held clock).
    await page.clock.install();
    await page.addInitScript(
      "window.requestIdleCallback = (callback) => window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 0 }), 500);",
    );
    const reports = await openHarness(page, widgetPage([{ channels: demoChannels() }]));
    await mainButton(page).click();
    await expect(channelList(page)).toBeVisible();
    await expect.poll(() => actions(reports)).toEqual(["update_contact_widget_views", "update_contact_widget_click"]);
    await page.clock.runFor(1000);
    await expect(channelList(page)).toBeVisible();
    expect(actions(reports)).toEqual(["update_contact_widget_views", "update_contact_widget_click"]);
  });

  test("exit intent shows the widget when the pointer leaves through the top, then plays its animation", async ({ page }) => {
    await page.clock.install();
    await openHarness(page, widgetPage([{ triggers: { exit_intent: true }, channels: demoChannels() }]));
    await page.clock.runFor(3000);
    await expect(mainButton(page)).toBeHidden();
    await inPage(page, `document.dispatchEvent(new MouseEvent("mouseout", { clientY: -5, bubbles: true }))`);
    await expect(mainButton(page)).toBeVisible();
    await page.clock.runFor(600);
    await expect(mainButton(page)).toHaveClass(/cw-exit-intent/);
    await page.clock.runFor(2500);
    await expect(mainButton(page)).not.toHaveClass(/cw-exit-intent/);
  });

  test("date, day/hour (across midnight, in the widget's zone) and country rules", async ({ page }) => {
    const night = {
      has_day_hours_scheduling_rules: true,
      day_time_diff: "+5.5",
      day_hours_scheduling_rules: [{ days: -1 as const, start_hours: 22, start_min: 0, end_hours: 2, end_min: 0 }],
    };
    // 18:00 UTC is 23:30 at +5.5: inside 22:00–02:00.
    await page.clock.install({ time: new Date("2026-11-25T18:00:00Z") });
    await openHarness(page, widgetPage([{ triggers: night, channels: demoChannels() }]));
    await expect(mainButton(page)).toBeVisible();
    // 22:00 UTC is 03:30 there: outside.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.clock.setSystemTime(new Date("2026-11-25T22:00:00Z"));
    await openHarness(page, widgetPage([{ triggers: night, channels: demoChannels() }]));
    await page.clock.runFor(1500);
    await expect(mainButton(page)).toBeHidden();

    await page.unrouteAll({ behavior: "ignoreErrors" });
    const dates = {
      has_date_scheduling_rules: true,
      time_diff: "Europe/Paris",
      date_scheduling_rules: { start_date_time: "2026-12-01 00:00", end_date_time: "" },
    };
    await openHarness(page, widgetPage([{ triggers: dates, channels: demoChannels() }]));
    await page.clock.runFor(1500);
    await expect(mainButton(page)).toBeHidden();
    await page.clock.setSystemTime(new Date("2026-11-30T23:30:00Z"));
    await page.clock.runFor(1100);
    await expect(mainButton(page)).toBeVisible();

    for (const [country, shown] of [
      ["FR", true],
      ["DE", false],
      ["-", true],
    ] as const) {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await openHarness(
        page,
        widgetPage([{ triggers: { has_countries: true, countries: ["FR"] }, channels: demoChannels() }], { country }),
      );
      await page.clock.runFor(1100);
      if (shown) await expect(mainButton(page)).toBeVisible();
      else await expect(mainButton(page)).toBeHidden();
    }
  });

  test("missing settings: a console message, and the settings are looked up again every second", async ({ page }) => {
    await page.clock.install();
    const messages: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    await openHarness(page, null);
    await expect.poll(() => messages).toContain("Contact widget: no widget settings on this page yet; looking again every second.");
    const data = JSON.stringify(widgetPage([{ channels: demoChannels() }]));
    await inPage(
      page,
      `{ const e = document.createElement("script"); e.type = "application/json"; e.id = "contact-widget-page"; e.textContent = ${JSON.stringify(data)}; document.body.append(e); }`,
    );
    await page.clock.runFor(1100);
    await expect(mainButton(page)).toBeVisible();
  });
});

test.describe("serving the widget", () => {
  test("the loader is served precompressed with a year's cache, and stays within 6 KB gzip", async ({ request }) => {
    const response = await request.get(`/widget/${loaderFile()}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers()["access-control-allow-origin"]).toBe("*");
    expect(Number(response.headers()["content-length"] ?? (await response.body()).length)).toBeLessThanOrEqual(6 * 1024);
    expect((await request.get("/widget/loader-nope.js")).status()).toBe(404);
    expect((await request.get("/widget/2147483648.js")).status()).toBe(404);
  });

  test("the harness page's path is our own", async ({ page }) => {
    // Guards the harness: a real page at its path would hide the storefront's own behaviour.
    const response = await page.request.get(HARNESS_PATH);
    expect(response.status()).toBe(404);
  });
});

test.describe("on the shop (needs the server's page payload, issue 16 H2)", () => {
  test("on a phone the greeting is compact, and it stays beside the button as the page scrolls, as its mode says", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/shop");
    const greeting = page.locator(".cw-cta");
    await expect(greeting).toHaveText("Need help? Contact us");
    await expect(greeting).toBeVisible();
    const shown = await greeting.boundingBox();
    // At most half the phone's width, so most of the bottom row of the page stays in view.
    expect(shown?.width).toBeLessThanOrEqual(375 / 2);
    // "Shown until the first click" (spec §2.1): scrolling is not a click.
    await page.mouse.wheel(0, 300);
    await expect.poll(() => inPage<number>(page, "scrollY")).toBeGreaterThan(0);
    await expect(greeting).toBeVisible();
    await expect(mainButton(page, "Need help? Contact us")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the demo widget on /shop opens, its channels link to their services, and the view is reported once", async ({ page }) => {
    const reports: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/ajax") && r.method() === "POST") reports.push(new URLSearchParams(r.postData() ?? "").get("action") ?? "");
    });
    await page.goto("/shop");
    const button = mainButton(page, "Need help? Contact us");
    await expect(button).toBeVisible();
    await button.click();
    const list = channelList(page);
    await expect(list.getByRole("link", { name: "Telegram" })).toHaveAttribute("href", "https://t.me/cartwright_demo");
    await expect(list.getByRole("link", { name: "Call us" })).toHaveAttribute("href", "tel:+15550102040");
    await expect(list.getByRole("link", { name: /Email/ })).toHaveAttribute(
      "href",
      /^mailto:hello@example\.com\?subject=Question%20about%20/,
    );
    await expect.poll(() => reports).toEqual(["update_contact_widget_views", "update_contact_widget_click"]);
    await page.reload();
    await expect(button).toBeVisible();
    await page.waitForTimeout(500);
    expect(reports).toEqual(["update_contact_widget_views", "update_contact_widget_click"]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a popup takes the list's place (form-open), the main button closes it back to the list, Escape steps back to the button", async ({
    page,
  }) => {
    await page.goto("/shop");
    await mainButton(page, "Need help? Contact us").click();
    await channelList(page).getByRole("button", { name: "WhatsApp" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(channelList(page)).toBeHidden();
    const close = page.getByRole("button", { name: "Hide" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    // 100 ms after it opens, focus is in the popup (spec §4.1).
    await expect(dialog.getByRole("textbox")).toBeFocused();
    await close.click();
    await expect(dialog).toHaveCount(0);
    await expect(channelList(page)).toBeVisible();
    await channelList(page).getByRole("button", { name: "WhatsApp" }).click();
    await expect(dialog).toBeVisible();
    // Escape steps back one level, as the popup's close control does: from the popup (once focus has
    // moved into it, 100 ms after it opens) to the list, its channel's button focused; then the list closes.
    await expect(dialog.getByRole("textbox")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(channelList(page).getByRole("button", { name: "WhatsApp" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(channelList(page)).toBeHidden();
    await expect(mainButton(page, "Need help? Contact us")).toBeFocused();
  });

  test("the one-tag embed shows nothing on a site the widget does not allow, and says why in the console", async ({
    page,
    baseURL,
    context,
  }) => {
    // Another origin on this machine, never in the demo widget's allowed origins (the journeys allow another one for a while).
    await context.grantPermissions(["local-network-access"]);
    const otherSite = `${baseURL?.replace("127.0.0.1", "not-allowed.localhost")}/another-site`;
    await page.route(otherSite, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><head><title>Another site</title></head><body><h1>Another site</h1><script src="${baseURL}/widget/1.js" async></script></body></html>`,
      }),
    );
    const said = page.waitForEvent("console", (message) => message.text().includes("the shop does not allow this site"));
    await page.goto(otherSite);
    // The embed says so instead of importing the loader: no button, no reports, no form to fill in vain.
    expect((await said).text()).toContain(new URL(otherSite).origin);
    await expect(mainButton(page, "Need help? Contact us")).toHaveCount(0);
  });
});

test.describe("the demo widget on a phone held sideways", () => {
  const { userAgent } = devices["iPhone 13 landscape"];
  test.use({ viewport: { width: 750, height: 340 }, isMobile: true, hasTouch: true, userAgent });

  test("every channel can be reached: the list scrolls instead of running off the top of the screen", async ({ page }) => {
    await page.goto("/shop");
    await mainButton(page, "Need help? Contact us").tap();
    const list = channelList(page);
    await expect(list.getByRole("link", { name: "SMS" })).toBeVisible();
    // The first channel is the farthest from the button: it must be on screen once scrolled to.
    const first = list.getByRole("button", { name: "WhatsApp" });
    await first.scrollIntoViewIfNeeded();
    const box = await first.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(340);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the WhatsApp popup fits the screen: its title and Close button are not pushed off the top", async ({ page }) => {
    await page.goto("/shop");
    await mainButton(page, "Need help? Contact us").tap();
    await channelList(page).getByRole("button", { name: "WhatsApp" }).tap();
    const message = page.getByRole("textbox", { name: "Message" });
    await expect(message).toBeFocused();
    for (const part of [page.getByRole("heading", { name: "Cartwright Demo" }), page.getByRole("button", { name: "Close" }), message]) {
      const box = await part.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(340);
    }
  });
});

test.describe("the demo widget on a phone held upright", () => {
  const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
  test.use(phone);

  test("the footer's links can be tapped: scrolled to the bottom, the page brings them out from under the widget", async ({ page }) => {
    // A short page, so the footer sits at the window's bottom, where the widget floats.
    await page.goto("/no-such-page");
    await expect(mainButton(page, "Need help? Contact us")).toBeVisible();
    await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)");
    for (const name of ["Privacy policy", "Terms and conditions"]) {
      const link = page.getByRole("contentinfo").getByRole("link", { name });
      // What a tap at the link's middle lands on: the link itself, not the widget's button or its call to action.
      const hit = await link.evaluate((element) => {
        type Hit = { getBoundingClientRect(): { left: number; top: number; width: number; height: number } };
        const box = (element as unknown as Hit).getBoundingClientRect();
        const doc = (element as unknown as { ownerDocument: { elementFromPoint(x: number, y: number): unknown } }).ownerDocument;
        return doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element;
      });
      expect(hit, name).toBe(true);
    }
  });
});
