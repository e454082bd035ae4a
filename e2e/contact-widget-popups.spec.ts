/**
 * The contact widget's sub-popups in Chromium (spec §2.1, §4.3, §5.3, §8, §9), each drawn into a
 * shadow root on a page this test serves itself (the popups bundled with rolldown; /ajax a tiny
 * local handler), with axe reporting nothing serious while each is open. Needs nothing of the shop.
 */
import { createHash, randomInt } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { build } from "rolldown";
import { seriousViolations } from "./support/shopper-order.ts";

test.describe.configure({ mode: "default" });

type Answer = Record<string, unknown> | "drop" | ((fields: Record<string, string>) => Record<string, unknown>);
interface Received {
  fields: Record<string, string>;
  files: { name: string; field: string; size: number }[];
}

let server: Server;
let origin = "";
let bundleDir = "";
let answer: Answer = { status: 1 };
let delayMs = 0;
const received: Received[] = [];
const challenges = new Map<string, { salt: string; number: number }>();

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function ajax(request: IncomingMessage): Promise<Record<string, unknown> | "drop"> {
  const body = await readBody(request);
  const form = await new Request("http://local/ajax", {
    method: "POST",
    headers: { "content-type": request.headers["content-type"] ?? "" },
    body,
  }).formData();
  const fields: Record<string, string> = {};
  const files: Received["files"] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else files.push({ name: value.name, field: name, size: value.size });
  }
  if (fields.action === "contact_captcha_challenge") {
    // altcha's format: sha256(salt + number), number ≤ maxnumber (the real server signs it with altcha-lib).
    const salt = `${randomInt(1e9).toString(16)}?expires=${Date.now() + 60_000}&`;
    const number = randomInt(20_000);
    const challenge = createHash("sha256")
      .update(salt + number)
      .digest("hex");
    challenges.set(challenge, { salt, number });
    return { algorithm: "SHA-256", challenge, maxnumber: 20_000, salt, signature: `sig-${challenge.slice(0, 8)}` };
  }
  received.push({ fields, files });
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  return typeof answer === "function" ? answer(fields) : answer;
}

test.beforeAll(async () => {
  bundleDir = mkdtempSync(join(tmpdir(), "cw-popups-"));
  await build({
    input: "apps/web/widget/popups/test-harness.ts",
    platform: "browser",
    logLevel: "silent",
    output: { dir: bundleDir, format: "esm", entryFileNames: "harness.js", chunkFileNames: "[name]-[hash].js", minify: true },
  });
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://local");
    if (request.method === "POST" && url.pathname === "/ajax") {
      const reply = await ajax(request);
      if (reply === "drop") return request.socket.destroy();
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    } else if (url.pathname.startsWith("/bundle/")) {
      try {
        const file = readFileSync(join(bundleDir, url.pathname.slice("/bundle/".length).replace(/[^\w.-]/g, "")));
        response.writeHead(200, { "content-type": "text/javascript" }).end(file);
      } catch {
        response.writeHead(404).end();
      }
    } else if (url.pathname === "/thanks") {
      response
        .writeHead(200, { "content-type": "text/html" })
        .end('<!doctype html><html lang="en"><title>Thanks</title><h1>Thanks page</h1></html>');
    } else {
      // A strict host page's policy, stricter than the storefront's (apps/server/src/http/csp.ts, which allows style
      // attributes): no <style>, inline script or style attribute, nothing from other hosts.
      const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";
      response
        .writeHead(200, { "content-type": "text/html", "content-security-policy": csp })
        .end(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Popup test page</title></head>' +
            '<body><main><h1>Popup test page</h1><p>Some page text.</p></main><script type="module" src="/bundle/harness.js"></script></body></html>',
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test.beforeEach(() => {
  answer = { status: 1 };
  delayMs = 0;
  received.length = 0;
});

async function openPopup(page: Page, channel: Record<string, unknown>, isMobile = false) {
  if (!page.url().startsWith(origin)) {
    await page.goto(`${origin}/`);
    await page.waitForFunction("'cwTest' in window");
  }
  // Strings run as page expressions: this project gives the e2e folder no DOM types.
  await page.evaluate(`window.cwTest.open(${JSON.stringify(channel)}, ${isMobile})`);
}

interface Call {
  type: "openLink" | "reportClick" | "close" | "track" | "coreEscape";
  detail?: unknown;
}
const calls = (page: Page) => page.evaluate("window.cwTest.calls") as Promise<Call[]>;

const WHATSAPP = {
  channel_type: "WhatsApp",
  value: "+1 (555) 010-2030",
  has_welcome_message: true,
  wa_popup_headline: "Cartwright Demo",
  wa_popup_nickname: "Jess",
  chat_welcome_message: "Hi there! How can we help you on {title}?",
  input_placeholder: "Write a message…",
  emoji_picker: true,
  pre_set_message: "Hello, I have a question about {title}",
};

test.describe("messaging-app popup", () => {
  test("says it could not be loaded, with 'Try again' that loads it once the network is back", async ({ page }) => {
    await page.route("**/messaging-*.js", (route) => route.abort());
    await openPopup(page, WHATSAPP);
    const dialog = page.getByRole("dialog", { name: "Cartwright Demo" });
    await expect(dialog.getByRole("alert")).toHaveText(/This could not be loaded\./);
    await page.unroute("**/messaging-*.js");
    await dialog.getByRole("button", { name: "Try again" }).click();
    await expect(dialog.getByRole("textbox", { name: "Message" })).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
  });

  test("shows the chat card and sends the typed message to WhatsApp", async ({ page }) => {
    await openPopup(page, WHATSAPP);
    const dialog = page.getByRole("dialog", { name: "Cartwright Demo" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Jess")).toBeVisible();
    await expect(dialog.getByText("Hi there! How can we help you on Popup test page?")).toBeVisible();
    await expect(dialog.locator("time")).toHaveText(/\d{1,2}[:.]\d{2}/);
    await expect(dialog.locator("svg.cw-chat__avatar")).toBeVisible(); // the built-in avatar
    const input = dialog.getByRole("textbox", { name: "Message" });
    await expect(input).toBeFocused(); // 100 ms after opening
    await expect(input).toHaveValue("Hello, I have a question about Popup test page");
    await expect(input).toHaveAttribute("placeholder", "Write a message…");
    expect(await seriousViolations(page)).toEqual([]);

    await input.fill("Is the hoodie in stock?");
    await dialog.getByRole("button", { name: "Send" }).click();
    const recorded = await calls(page);
    expect(recorded.map((c) => c.type)).toEqual(["reportClick", "track", "openLink"]);
    expect(recorded[1]?.detail).toMatchObject({ channel: "WhatsApp", channel_type: "WhatsApp" });
    expect(recorded[2]?.detail).toEqual({
      href: `https://wa.me/15550102030?text=${encodeURIComponent("Is the hoodie in stock?")}`,
      newTab: true,
    });
  });

  test("uses WhatsApp web on desktop when asked; the close button goes back to the list", async ({ page }) => {
    await openPopup(page, { ...WHATSAPP, is_use_web_version: true, wa_popup_profile: `data:image/gif;base64,R0lGODlhAQABAAAAACw=` });
    const dialog = page.getByRole("dialog", { name: "Cartwright Demo" });
    await expect(dialog.locator("img.cw-chat__avatar")).toHaveCount(1);
    await dialog.getByRole("button", { name: "Send" }).click();
    expect((await calls(page)).at(-1)?.detail).toMatchObject({
      href: expect.stringMatching(/^https:\/\/web\.whatsapp\.com\/send\?phone=15550102030&text=/),
    });
    await dialog.getByRole("button", { name: "Close" }).click();
    // Closing marks the channel's click in the core (spec §4.2), which owns the report memory.
    expect((await calls(page)).slice(-2).map((c) => c.type)).toEqual(["openLink", "close"]);
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("emoji picker", () => {
  test("8 a row and 6 rows visible above the input; picks append and keep it open; clicking the input closes it", async ({ page }) => {
    await openPopup(page, WHATSAPP);
    const dialog = page.getByRole("dialog", { name: "Cartwright Demo" });
    const input = dialog.getByRole("textbox", { name: "Message" });
    await input.fill("Hi ");
    const toggle = dialog.getByRole("button", { name: "Add an emoji" });
    await toggle.click();
    const picker = page.getByRole("dialog", { name: "Emoji picker" });
    await expect(picker.getByRole("button", { name: "grinning face", exact: true })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const layout = await page.evaluate(`(() => {
      const root = document.querySelector(".widget-host").shadowRoot;
      const picker = root.querySelector(".cw-emoji");
      const scroll = picker.querySelector(".cw-emoji__scroll");
      const item = picker.querySelector(".cw-emoji__item");
      return {
        columns: getComputedStyle(picker.querySelector(".cw-emoji__grid")).gridTemplateColumns.split(" ").length,
        rows: (scroll.clientHeight - 24) / item.getBoundingClientRect().height,
        above: picker.getBoundingClientRect().bottom <= root.querySelector(".cw-chat__input").getBoundingClientRect().top,
        scrolls: scroll.scrollHeight > scroll.clientHeight,
      };
    })()`);
    expect(layout).toEqual({ columns: 8, rows: 6, above: true, scrolls: true });
    // Drawn a few rows at a time: scrolling to the end draws more.
    await expect(picker.locator(".cw-emoji__item")).toHaveCount(96);
    await picker.locator(".cw-emoji__scroll").hover();
    await page.mouse.wheel(0, 2000);
    await expect(picker.locator(".cw-emoji__item")).toHaveCount(192);
    expect(await seriousViolations(page)).toEqual([]);

    await picker.getByRole("button", { name: "grinning face", exact: true }).click();
    await picker.getByRole("button", { name: "grinning face with big eyes", exact: true }).click();
    await expect(input).toHaveValue("Hi 😀😃");
    await expect(picker).toBeVisible();
    await input.click();
    await expect(picker).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // Recent picks come first next time, remembered in localStorage (consent not required).
    await toggle.click();
    const recent = picker.getByRole("group", { name: "Recently used" });
    await expect(recent.getByRole("button")).toHaveText(["😃", "😀"]);
    expect(await page.evaluate(`JSON.parse(localStorage.getItem("contactWidget_emojiRecent"))`)).toEqual(["😃", "😀"]);
  });

  test("searches after a pause, says when nothing matches, and works from the keyboard", async ({ page }) => {
    await openPopup(page, WHATSAPP);
    const dialog = page.getByRole("dialog", { name: "Cartwright Demo" });
    const input = dialog.getByRole("textbox", { name: "Message" });
    await input.fill("");
    await dialog.getByRole("button", { name: "Add an emoji" }).click();
    const picker = page.getByRole("dialog", { name: "Emoji picker" });
    const search = picker.getByRole("searchbox", { name: "Search emojis" });
    await expect(search).toBeFocused();
    await search.fill("pizza");
    await expect(picker.locator(".cw-emoji__item").first()).toHaveText("🍕");
    await search.fill("zzqxv");
    await expect(picker.getByRole("status")).toHaveText("No results found");
    await search.fill("");
    await expect(picker.getByRole("button", { name: "grinning face", exact: true })).toBeVisible();

    await page.keyboard.press("Tab"); // into the grid: one tab stop
    await expect(picker.getByRole("button", { name: "grinning face", exact: true })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    const focused = picker.locator(".cw-emoji__item:focus");
    const expected = await picker.locator(".cw-emoji__item").nth(9).textContent();
    await expect(focused).toHaveText(expected ?? "");
    await page.keyboard.press("Enter");
    await expect(input).toHaveValue(expected ?? "");
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
    await expect(dialog.getByRole("button", { name: "Add an emoji" })).toBeFocused();
    await expect(dialog).toBeVisible(); // Escape closed only the picker
    expect((await calls(page)).map((c) => c.type)).not.toContain("coreEscape");
  });

  test("says 'Failed to load emojis' with 'Try again' when its data cannot load", async ({ page }) => {
    await page.route("**/bundle/data-*.js", (route) => route.abort());
    await openPopup(page, WHATSAPP);
    await page.getByRole("button", { name: "Add an emoji" }).click();
    const picker = page.getByRole("dialog", { name: "Emoji picker" });
    await expect(picker.getByRole("alert")).toHaveText("Failed to load emojis");
    await expect(picker.getByRole("button", { name: "Try again" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute("**/bundle/data-*.js");
    await picker.getByRole("button", { name: "Try again" }).click();
    await expect(picker.getByRole("button", { name: "grinning face", exact: true })).toBeVisible();
    await expect(picker.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("QR-code popup", () => {
  const WECHAT = {
    channel_type: "WeChat",
    value: "cartwright_demo",
    wechat_header: "WeChat",
    wechat_qr_code_title: "Scan to chat on WeChat",
    wechat_header_color: "#1aad19",
  };

  test("draws the code itself when no image was uploaded", async ({ page }) => {
    await openPopup(page, WECHAT);
    const dialog = page.getByRole("dialog", { name: "WeChat" });
    await expect(dialog.getByText("Scan to chat on WeChat")).toBeVisible();
    await expect(dialog.locator(".cw-popup__header")).toHaveCSS("background-color", "rgb(26, 173, 25)");
    const code = dialog.getByRole("img", { name: "QR code to chat with cartwright_demo on WeChat" });
    await expect(code.locator("svg path")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    // Showing the code is the channel's click; Escape closed the popup, and the core's Escape never saw it.
    expect((await calls(page)).map((c) => c.type)).toEqual(["reportClick", "close"]);
  });

  test("shows the uploaded image when there is one; clicking outside closes", async ({ page }) => {
    await openPopup(page, { ...WECHAT, qr_code_image_url: "/media/qr.png" });
    const dialog = page.getByRole("dialog", { name: "WeChat" });
    await expect(dialog.getByRole("img", { name: /QR code/ })).toHaveAttribute("src", "/media/qr.png");
    await page.getByRole("heading", { name: "Popup test page" }).click();
    await expect(dialog).toHaveCount(0);
  });
});

const CONTACT = {
  channel_type: "Contact_Us",
  contact_fields: [
    { field: "name", type: "text", title: "Name", is_required: true },
    { field: "email", type: "email", title: "Email", is_required: true },
    { field: "phone", type: "tel", title: "Phone" },
    { field: "message", type: "textarea", title: "Message", is_required: true },
    { field: "order-number", type: "text", title: "Order number", is_custom: true },
    { field: "attachment", type: "file", title: "Attachment", is_custom: true },
    {
      field: "topic",
      type: "dropdown",
      title: "Topic",
      is_custom: true,
      field_dropdown: ["Orders", "Returns"],
      dropdown_placeholder: "Pick a topic",
    },
    { field: "note", type: "textblock", title: "We answer within a day.", is_custom: true },
    { field: "quantity", type: "number", title: "Quantity", is_custom: true },
  ].map((f) => ({
    placeholder: "",
    is_required: false,
    is_custom: false,
    field_dropdown: [],
    field_label: "",
    dropdown_placeholder: "",
    dropdown_option: "",
    ...f,
  })),
};

/** A field's label, with the required marker "*" when it has one. */
const label = (text: string) => new RegExp(`^${text}\\*?$`);

async function fillContact(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Send us a message" });
  await expect(dialog.getByLabel(label("Name"))).toBeFocused(); // the opening focus has moved: type after it
  await dialog.getByLabel(label("Name")).fill("Ada Lovelace");
  await dialog.getByLabel(label("Email")).fill("ada@example.com");
  await dialog.getByLabel(label("Message")).fill("Where is my order?");
  await dialog.getByLabel(label("Order number")).fill("1042");
  await dialog.getByLabel(label("Topic")).selectOption("Returns");
  await dialog.getByLabel(label("Attachment")).setInputFiles([
    { name: "receipt.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 test") },
    { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("png") },
  ]);
  return dialog;
}

test.describe("contact-us form", () => {
  test("marks required fields and sends nothing while they are empty", async ({ page }) => {
    await openPopup(page, CONTACT);
    const dialog = page.getByRole("dialog", { name: "Send us a message" });
    await expect(dialog.getByLabel(label("Name"))).toBeFocused();
    await expect(dialog.locator(".cw-form__required")).toHaveCount(3);
    await expect(dialog.getByText("We answer within a day.")).toBeVisible();
    await expect(dialog.getByLabel(label("Attachment"))).toHaveAttribute("accept", /\.pdf,.*\.ogv/);
    await expect(dialog.getByLabel(label("Attachment"))).toHaveAttribute("multiple", "");
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel(label("Email")).fill("ada@example.com");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByLabel(label("Name"))).toBeFocused();
    await expect(dialog.getByLabel(label("Name"))).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel(label("Name"))).toHaveAccessibleDescription("This field is required.");
    await expect(dialog.getByLabel(label("Message"))).toHaveAccessibleDescription("This field is required.");
    await expect(dialog.getByLabel(label("Email"))).not.toHaveAttribute("aria-invalid");
    await expect(dialog.getByRole("alert")).toHaveText("Please correct the 2 marked fields.");
    expect(received).toHaveLength(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("stops typing at each field's bound instead of refusing it after Send", async ({ page }) => {
    await openPopup(page, CONTACT);
    const dialog = page.getByRole("dialog", { name: "Send us a message" });
    await expect(dialog.getByLabel(label("Name"))).toBeFocused(); // the opening focus would take the typing's focus
    for (const [name, limit] of [
      ["Name", 200],
      ["Email", 254],
      ["Message", 5000],
      ["Order number", 500],
    ] as const) {
      const field = dialog.getByLabel(label(name));
      await expect(field, name).toHaveAttribute("maxlength", String(limit));
      await field.focus();
      await page.keyboard.insertText("x".repeat(limit + 20));
      expect(await field.inputValue(), name).toHaveLength(limit);
    }
    await expect(dialog.getByLabel(label("Topic"))).not.toHaveAttribute("maxlength");
    await expect(dialog.getByLabel(label("Attachment"))).not.toHaveAttribute("maxlength");
  });

  test("sends the spec's multipart fields, shows the success message and clears the form", async ({ page }) => {
    answer = { status: 1, message: "Thanks! We will get back to you soon.", redirect_action: "no", close_form_after: "no" };
    delayMs = 400;
    await openPopup(page, CONTACT);
    const dialog = await fillContact(page);
    const submit = dialog.getByRole("button", { name: /Send|Sending/ });
    await submit.click();
    await expect(submit).toBeDisabled(); // the loader while the request runs
    await expect(submit).toHaveText("Sending…");
    await expect(dialog.getByRole("status").filter({ hasText: "Thanks! We will get back to you soon." })).toBeVisible();
    await expect(submit).toBeEnabled();
    await expect(dialog.getByLabel(label("Name"))).toHaveValue("");
    await expect(dialog.getByLabel(label("Order number"))).toHaveValue("");
    // The message sent is the channel's click.
    expect((await calls(page)).map((c) => c.type)).toEqual(["reportClick"]);

    expect(received).toHaveLength(1);
    expect(received[0]?.fields).toMatchObject({
      action: "contact_front_form_save_data",
      widget: "1",
      channel: "0",
      nonce: "nonce-1",
      ref_url: `${origin}/`,
      page_title: "Popup test page",
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "",
      message: "Where is my order?",
      "custom_fields[0][slug]": "order-number",
      "custom_fields[0][label_text]": "Order number",
      "custom_fields[0][text]": "1042",
      "custom_fields[1][slug]": "attachment",
      "custom_fields[2][dropdown]": "Returns",
      "custom_fields[3][slug]": "quantity",
      "custom_fields[3][number]": "",
      token: "",
      v2token: "",
    });
    expect(received[0]?.files).toEqual([
      { name: "receipt.pdf", field: "custom_fields[1][file]", size: 13 },
      { name: "photo.png", field: "custom_fields[1][file]", size: 3 },
    ]);
  });

  test("shows the server's field errors after their fields, and a general error below the inputs", async ({ page }) => {
    answer = { status: 0, error: 1, errors: [{ field: "email", message: "Please enter a valid email address." }], message: "" };
    await openPopup(page, CONTACT);
    const dialog = await fillContact(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    const email = dialog.getByLabel(label("Email"));
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
    expect(await seriousViolations(page)).toEqual([]);

    answer = { status: 0, message: "Too many messages from this address. Please try again later." };
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Too many messages from this address. Please try again later.");
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(dialog.getByRole("button", { name: "Send" })).toBeEnabled();
    await expect(dialog.getByLabel(label("Name"))).toHaveValue("Ada Lovelace");
    // Nothing was sent: no click for the channel.
    expect((await calls(page)).map((c) => c.type)).not.toContain("reportClick");
  });

  test("closed unsent, it opens again with what was typed and chosen, files included; a sent one opens empty", async ({ page }) => {
    await openPopup(page, CONTACT);
    let dialog = await fillContact(page);
    await dialog.getByRole("button", { name: "Send" }).press("Escape");
    await expect(dialog).toHaveCount(0);
    await openPopup(page, CONTACT);
    dialog = page.getByRole("dialog", { name: "Send us a message" });
    // The opening focus scrolls the form back to its top: a click on Send aimed before it can land elsewhere.
    await expect(dialog.getByLabel(label("Name"))).toBeFocused();
    await expect(dialog.getByLabel(label("Name"))).toHaveValue("Ada Lovelace");
    await expect(dialog.getByLabel(label("Message"))).toHaveValue("Where is my order?");
    await expect(dialog.getByLabel(label("Topic"))).toHaveValue("Returns");
    const chosen = (input: unknown) => Array.from((input as { files: ArrayLike<{ name: string }> }).files, (file) => file.name);
    expect(await dialog.getByLabel(label("Attachment")).evaluate(chosen)).toEqual(["receipt.pdf", "photo.png"]);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("status")).not.toBeEmpty();
    expect(received[0]?.files).toHaveLength(2);
    await page.keyboard.press("Escape");
    await openPopup(page, CONTACT);
    await expect(dialog.getByLabel(label("Name"))).toHaveValue("");
    await expect(dialog.getByLabel(label("Topic"))).toHaveValue("");
  });

  test("a network failure keeps everything typed", async ({ page }) => {
    answer = "drop";
    await openPopup(page, CONTACT);
    const dialog = await fillContact(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("alert")).toContainText("We could not reach the server");
    await expect(dialog.getByLabel(label("Message"))).toHaveValue("Where is my order?");
    await expect(dialog.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  test("closes itself after close_form_after_seconds, and redirects when asked", async ({ page }) => {
    answer = { status: 1, message: "Sent.", close_form_after: "yes", close_form_after_seconds: 1 };
    await openPopup(page, CONTACT);
    let dialog = await fillContact(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Sent.")).toBeVisible();
    const sentAt = Date.now();
    await expect(dialog).toHaveCount(0, { timeout: 3000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(700);

    answer = { status: 1, redirect_action: "yes", redirect_link: "/thanks", link_in_new_tab: "no" };
    await openPopup(page, CONTACT);
    dialog = await fillContact(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(`${origin}/thanks`);
  });

  test("telephone keys, email suggestion and webmail completion", async ({ page }) => {
    await openPopup(page, CONTACT);
    const dialog = page.getByRole("dialog", { name: "Send us a message" });
    await expect(dialog.getByLabel(label("Name"))).toBeFocused();
    const phone = dialog.getByLabel(label("Phone"));
    await phone.pressSequentially("+1a2+3");
    await expect(phone).toHaveValue("+123");
    const quantity = dialog.getByLabel(label("Quantity"));
    await quantity.pressSequentially("4+x2");
    await expect(quantity).toHaveValue("42");

    const email = dialog.getByLabel(label("Email"));
    await email.pressSequentially("ada@");
    await expect(dialog.locator("datalist option")).toHaveCount(3);
    const options = dialog.locator("datalist option");
    expect(await Promise.all([0, 1, 2].map((i) => options.nth(i).getAttribute("value")))).toEqual([
      "ada@gmail.com",
      "ada@yahoo.com",
      "ada@hotmail.com",
    ]);
    await email.fill("ada@gmial.com");
    await dialog.getByLabel(label("Message")).focus();
    await dialog.getByRole("button", { name: "Did you mean ada@gmail.com?" }).click();
    await expect(email).toHaveValue("ada@gmail.com");
  });

  test("solves the shop's proof-of-work captcha in the browser and sends the token", async ({ page }) => {
    await openPopup(page, { ...CONTACT, captcha_provider: "altcha" });
    const dialog = page.getByRole("dialog", { name: "Send us a message" });
    await expect(dialog.getByText("Verified.")).toBeVisible({ timeout: 15_000 });
    await fillContact(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Thanks! We will get back to you soon.")).toBeVisible();
    const sent = received.find((r) => r.fields.action === "contact_front_form_save_data");
    const payload = JSON.parse(Buffer.from(sent?.fields.token ?? "", "base64").toString());
    const issued = challenges.get(payload.challenge);
    expect(issued).toBeDefined();
    expect(payload).toEqual({
      algorithm: "SHA-256",
      challenge: payload.challenge,
      number: issued?.number,
      salt: issued?.salt,
      signature: `sig-${payload.challenge.slice(0, 8)}`,
    });
    await expect(dialog.getByText("Verified.")).toBeVisible({ timeout: 15_000 }); // a fresh token for the next message
  });
});

test.describe("agent list", () => {
  const agent = { agent_image: "", svg_icon: "", pre_set_message: "Hi {title}", use_whatsapp_web: false, link_type: "personal" };
  const AGENTS = {
    channel_type: "WhatsApp",
    is_agent: true,
    header_text: "Talk to our team",
    header_sub_text: "We usually reply within an hour",
    agent_data: [
      { ...agent, value: "+1 555 010 2031", agent_title: "Sam (sales)", agent_bg_color: "#0f766e" },
      { ...agent, value: "+1 555 010 2032", agent_title: "Kim (support)", agent_bg_color: "#fde68a" },
      { ...agent, value: "", agent_title: "Nobody", agent_bg_color: "#000000" },
    ],
  };

  test("one button per agent with a value; each opens its own link with its message", async ({ page }) => {
    await openPopup(page, AGENTS);
    const dialog = page.getByRole("dialog", { name: "Talk to our team" });
    await expect(dialog.getByText("We usually reply within an hour")).toBeVisible();
    await expect(dialog.getByRole("button", { name: /\(/ })).toHaveText(["SSam (sales)", "KKim (support)"]);
    await expect(dialog.getByRole("button", { name: "Sam (sales)" })).toBeFocused();
    // The owner's colours hold under a policy that refuses style attributes (set through the CSSOM).
    await expect(dialog.getByRole("button", { name: "Sam (sales)" })).toHaveCSS("background-color", "rgb(15, 118, 110)");
    await expect(dialog.getByRole("button", { name: "Kim (support)" })).toHaveCSS("background-color", "rgb(253, 230, 138)");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Kim (support)" }).click();
    const recorded = await calls(page);
    expect(recorded.map((c) => c.type)).toEqual(["reportClick", "track", "openLink"]);
    expect(recorded[2]?.detail).toEqual({
      href: `https://wa.me/15550102032?text=${encodeURIComponent("Hi Popup test page")}`,
      newTab: true,
    });
  });
});

test.describe("live-chat hand-off", () => {
  test("opens the live chat already on the page", async ({ page }) => {
    await page.goto(`${origin}/`);
    await page.waitForFunction("'cwTest' in window");
    await page.evaluate(
      `window.Tawk_API = { maximize: () => document.body.setAttribute("data-tawk", "open"), showWidget() {}, hideWidget() {} }`,
    );
    await openPopup(page, { channel_type: "Tawk", hover_text: "Live chat" });
    const dialog = page.getByRole("dialog", { name: "Live chat" });
    await expect(dialog.getByRole("status")).toHaveText("The live chat is open.");
    await expect(page.locator("body")).toHaveAttribute("data-tawk", "open");
    expect((await calls(page)).map((c) => c.type)).toEqual(["reportClick", "track"]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("says clearly when no live chat is available, with the other channels one click away", async ({ page }) => {
    await openPopup(page, { channel_type: "Tawk", hover_text: "Live chat" });
    const dialog = page.getByRole("dialog", { name: "Live chat" });
    await expect(dialog.getByRole("status")).toHaveText("Live chat is not available right now. Please choose another way to reach us.");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Show other channels" }).click();
    expect((await calls(page)).map((c) => c.type)).toEqual(["close"]);
  });
});
