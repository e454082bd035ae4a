/**
 * The demo widget as a visitor and the owner meet it on the real shop (issue 16, DEMO.md
 * "Contact widget"): the WhatsApp popup with an emoji picked and the message sent, the WeChat QR
 * popup, the contact form refused (in the browser, then by the server) and sent with an
 * attachment that the owner then reads in the console's inbox, and the one-tag embed posting its
 * reports and a message back from another origin the owner allowed. axe with each popup open.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const OPENER = "Need help? Contact us";
// A 1×1 PNG: a real image, checked by its bytes on the server.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const shopDatabase = () => new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
const list = (page: Page) => page.getByRole("list", { name: "Contact channels" });

/** Links the widget opens in a new tab, caught instead of leaving for the service's site. */
async function catchNewTabs(page: Page): Promise<void> {
  // Runs in the page, without the DOM types this project does not load (as in cart-sync.spec.ts).
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(globalThis, {
      __opened: opened,
      open: (url?: string) => {
        opened.push(String(url));
        return null;
      },
    });
  });
}
const openedLinks = (page: Page) => page.evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened);

test("the WhatsApp popup: welcome, an emoji picked, the message sent to WhatsApp with the page's title", async ({ page }) => {
  await catchNewTabs(page);
  const clicks: string[] = [];
  page.on("request", (r) => {
    const form = new URLSearchParams(r.method() === "POST" && r.url().endsWith("/ajax") ? (r.postData() ?? "") : "");
    if (form.get("action") === "update_contact_channel_click") clicks.push(form.get("channel") ?? "");
  });
  await page.goto("/shop");
  await page.getByRole("button", { name: OPENER }).click();
  await list(page).getByRole("button", { name: "WhatsApp" }).click();
  const popup = page.getByRole("dialog", { name: "Cartwright Demo" });
  await expect(popup).toBeVisible();
  await expect(popup.getByText("Jess")).toBeVisible();
  await expect(popup.getByText("Hi there! How can we help you?")).toBeVisible();
  const message = popup.getByRole("textbox", { name: "Message" });
  await expect(message).toHaveAttribute("placeholder", "Write a message…");
  const title = await page.title();
  await expect(message).toHaveValue(`Hello, I have a question about ${title}`);
  expect(await seriousViolations(page)).toEqual([]);

  await popup.getByRole("button", { name: "Add an emoji" }).click();
  const picker = page.getByRole("dialog", { name: "Emoji picker" });
  await picker.getByRole("searchbox", { name: "Search emojis" }).fill("thumbs up");
  await picker
    .getByRole("button", { name: /thumbs up/i })
    .first()
    .click();
  // The picker stays open after a pick (spec §2.1); the emoji is appended to the message.
  await expect(picker).toBeVisible();
  // The emoji as the picker's data spells it (with or without its presentation selector).
  await expect(message).toHaveValue(new RegExp(`^Hello, I have a question about ${escapeRegExp(title)}👍\uFE0F?$`));
  expect(await seriousViolations(page)).toEqual([]);
  await message.click();
  await expect(picker).toBeHidden();

  await popup.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => openedLinks(page)).toHaveLength(1);
  const [sent] = await openedLinks(page);
  const url = new URL(sent as string);
  expect(`${url.origin}${url.pathname}`).toMatch(/^https:\/\/(wa\.me\/15550102030|web\.whatsapp\.com\/send)$/);
  expect(url.searchParams.get("text")).toMatch(new RegExp(`^Hello, I have a question about ${escapeRegExp(title)}👍\uFE0F?$`));
  await expect.poll(() => clicks).toEqual(["WhatsApp"]);
});

test("the WeChat popup shows its title and a QR code drawn by the shop itself", async ({ page }) => {
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://127.0.0.1")) elsewhere.push(r.url());
  });
  await page.goto("/shop");
  await page.getByRole("button", { name: OPENER }).click();
  await list(page).getByRole("button", { name: "WeChat" }).click();
  const popup = page.getByRole("dialog");
  await expect(popup.getByText("Scan to chat on WeChat")).toBeVisible();
  await expect(popup.getByRole("img", { name: /QR code/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(list(page)).toBeVisible();
  expect(elsewhere.filter((url) => !url.startsWith("data:"))).toEqual([]);
});

test("the contact form sent by keyboard keeps the keyboard in the popup: through a lost connection, then the send", async ({ page }) => {
  await page.goto("/product/beanie");
  await page.getByRole("button", { name: OPENER }).click();
  await list(page).getByRole("button", { name: "Contact us" }).click();
  const form = page.getByRole("dialog", { name: "Send us a message" });
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await page.keyboard.type("Zoë 🦊");
  await form.getByRole("combobox", { name: "Email", exact: true }).fill("zoe@example.com");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Is the beanie lined?");

  // The connection drops as the visitor presses Send: told so, what they typed kept, and still on Send.
  await page.route("**/ajax", (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
  const send = form.getByRole("button", { name: "Send" });
  await send.focus();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("alert")).toHaveText(
    "We could not reach the server. Check your connection and try again; what you typed is kept.",
  );
  await expect(send).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Is the beanie lined?");

  await page.unroute("**/ajax");
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status").filter({ hasText: "Thanks! We will get back to you soon." })).toBeVisible();
  await expect(send).toBeFocused();
  // Still inside the popup, Escape closes it.
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
});

test("the contact form: refused in the browser, then by the server, then sent with an attachment the owner reads in the inbox", async ({
  page,
  browser,
}) => {
  const name = `Visitor ${Date.now()}`;
  await page.goto("/product/hoodie");
  await page.getByRole("button", { name: OPENER }).click();
  await list(page).getByRole("button", { name: "Contact us" }).click();
  const form = page.getByRole("dialog", { name: "Send us a message" });
  await expect(form).toBeVisible();
  // Opening moves focus to the first field once the form has settled; Send is pressed after that.
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();

  // Required fields first, in the browser: nothing is sent, focus goes (back) to the first error.
  let posted = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/ajax") && /^multipart\/form-data/.test(r.headers()["content-type"] ?? "")) posted++;
  });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A text file named like a picture passes the browser's extension check; the server reads its bytes.
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("combobox", { name: "Email", exact: true }).fill("visitor@example.com");
  await form.getByRole("textbox", { name: "Order number", exact: true }).fill("1001");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Does the hoodie run large?");
  await form
    .locator("input[type=file]")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.locator("input[type=file]")).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(1);
  // What the visitor typed is kept.
  await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Does the hoodie run large?");

  await form.locator("input[type=file]").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByText("Thanks! We will get back to you soon.")).toBeVisible();
  // Scrolled into the popup's view: the form scrolls, and the message sits after the Send button.
  await expect(form.getByText("Thanks! We will get back to you soon.")).toBeInViewport({ ratio: 0.9 });
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");

  // The owner finds it in the console's inbox, with the page it came from and its file.
  const owner = await browser.newPage();
  await signInAsOwner(owner, "/admin/messages");
  await owner.getByRole("link", { name: new RegExp(name) }).click();
  // The message's own page, not the list's excerpts (earlier runs' messages say the same).
  await expect(owner.getByRole("heading", { level: 1, name: new RegExp(name) })).toBeVisible();
  await expect(owner.getByText("Does the hoodie run large?")).toBeVisible();
  await expect(owner.getByText("1001")).toBeVisible();
  const download = owner.getByRole("link", { name: /photo\.png/ });
  await expect(download).toBeVisible();
  const file = await owner.request.get((await download.getAttribute("href")) as string);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
  // Nobody else may read it.
  const stranger = await page.request.get((await download.getAttribute("href")) as string);
  expect([401, 403]).toContain(stranger.status());
  await owner.close();
});

test("the one-tag embed on another site: reports and a message reach the shop once the owner allows the site", async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  await context.grantPermissions(["local-network-access"]);
  const otherOrigin = (baseURL as string).replace("127.0.0.1", "localhost");
  const otherSite = `${otherOrigin}/another-site`;
  await page.route(otherSite, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><title>Another site</title></head><body><main><h1>Another site</h1></main><script src="${baseURL}/widget/1.js" async></script></body></html>`,
    }),
  );

  // Another site may not post to the widget until the owner allows it.
  const nonce1 = /"nonce":"([^"]+)"/.exec(await (await page.request.get("/widget/1.js")).text())?.[1] ?? "";
  const refused = await page.request.post("/ajax", {
    headers: { origin: otherOrigin },
    form: { action: "update_contact_channel_click", widgetId: "1", channel: "Telegram", isMobile: "0", nonce: nonce1 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("cw_widget_origin_not_allowed");

  // The owner allows the other site for the demo widget through the owner API.
  const owner = await browser.newPage();
  await signInAsOwner(owner);
  const current = await owner.request.get("/api/admin/v1/contact-widgets/1");
  const nonce = current.headers().nonce as string;
  const allowed = await owner.request.patch("/api/admin/v1/contact-widgets/1", {
    headers: { nonce },
    data: { allowed_origins: [otherOrigin] },
  });
  expect(allowed.status()).toBe(200);

  const counted = () => {
    const db = shopDatabase();
    try {
      return (
        db.prepare("select coalesce(sum(clicks), 0) as n from contact_widget_stats where widget_id = 1 and channel = ''").get() as {
          n: number;
        }
      ).n;
    } finally {
      db.close();
    }
  };
  const clicksBefore = counted();
  // The host page's console stays clean: the browser blocked the reports' replies while /ajax said CORP same-origin.
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/ERR_BLOCKED_BY_RESPONSE/.test(message.text())) blocked.push(message.text());
  });
  await page.goto(otherSite);
  await page.getByRole("button", { name: OPENER }).click();
  await expect(list(page).getByRole("link", { name: "Telegram" })).toHaveAttribute("href", "https://t.me/cartwright_demo");
  // The first click's report came from the other site and was counted.
  await expect.poll(counted).toBeGreaterThan(clicksBefore);

  await list(page).getByRole("button", { name: "Contact us" }).click();
  const form = page.getByRole("dialog", { name: "Send us a message" });
  // The popup moves focus to its first field 100 ms after opening: typing before that could land in the wrong field.
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await form.getByRole("textbox", { name: "Name", exact: true }).fill("Embedded visitor");
  await form.getByRole("combobox", { name: "Email", exact: true }).fill("embedded@example.com");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Hello from the blog");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByText("Thanks! We will get back to you soon.")).toBeVisible();
  expect(blocked).toEqual([]);
  const db = shopDatabase();
  try {
    const row = db.prepare("select ref_url from contact_messages where email = 'embedded@example.com'").get() as { ref_url: string };
    expect(row.ref_url).toBe(otherSite);
  } finally {
    db.close();
  }
  // Put the widget back as the demo has it, for the other journeys.
  const restore = await owner.request.patch("/api/admin/v1/contact-widgets/1", { headers: { nonce }, data: { allowed_origins: [] } });
  expect(restore.status()).toBe(200);
  await owner.close();
});
