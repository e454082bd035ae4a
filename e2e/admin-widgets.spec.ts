/**
 * The owner console at /admin (issue 16): the owner's sign-in and its errors, a shopper turned
 * away, the widgets list and its switch, the editor (a channel added, a server field error shown
 * beside its field, the embed tag), analytics, the messages inbox, axe on every page, and no
 * console code in the shop's bundles. Runs against the real owner API.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { chunkText, reachable, readManifest } from "./support/bundle-graph.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const PASSWORD = "a-long-owner-passphrase-2026";

/** A new account through the shop's own form; `owner` makes it the shop owner's, as `npm run owner` does. */
async function createAccount(page: Page, owner: boolean): Promise<string> {
  const email = `${owner ? "owner" : "shopper"}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto("/my-account");
  await page.locator("#register-email").fill(email);
  await page.locator("#register-password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  if (owner) {
    const db = shopDatabase();
    try {
      db.prepare("update customers set role = 'owner' where email = ?").run(email);
    } finally {
      db.close();
    }
  }
  return email;
}

const shopDatabase = () => new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));

/** A visitor's message as the inbox test writes it (the widget's own form sends one in contact-widget-journeys.spec.ts). */
interface SeedMessage {
  name: string;
  email: string;
  message: string;
  customFields: { slug: string; label: string; type: string; value: string }[];
  file: { field: string; name: string; type: string; bytes: Buffer };
  refUrl: string;
  pageTitle: string;
}

/** A contact message as the widget's form stores it (the contact_messages and contact_message_files rows of migration 014). */
function storeMessage(seed: SeedMessage): void {
  const db = shopDatabase();
  try {
    const now = new Date().toISOString();
    const row = db
      .prepare(
        `insert into contact_messages (widget_id, channel_index, name, email, phone, message, custom_fields, ref_url, page_id, page_title, ip, user_agent, created_at, read_at)
         values (1, 7, ?, ?, '', ?, ?, ?, '', ?, '127.0.0.1', 'Playwright', ?, null) returning id`,
      )
      .get(seed.name, seed.email, seed.message, "[]", seed.refUrl, seed.pageTitle, now) as { id: number };
    const file = db
      .prepare(
        "insert into contact_message_files (message_id, field, file_name, content_type, size, data, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id",
      )
      .get(row.id, seed.file.field, seed.file.name, seed.file.type, seed.file.bytes.length, seed.file.bytes, now) as { id: number };
    const fields = seed.customFields.map((field) => (field.type === "file" ? { ...field, value: String(file.id) } : field));
    db.prepare("update contact_messages set custom_fields = ? where id = ?").run(JSON.stringify(fields), row.id);
  } finally {
    db.close();
  }
}

/** The owner API calls a page makes and the errors its console shows, from now on. */
function watchOwnerApi(page: Page) {
  const ownerApiCalls: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/admin/")) ownerApiCalls.push(`${request.method()} ${request.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  return {
    /** Once the page is idle: what it asked for and logged. */
    async settled() {
      await page.waitForLoadState("networkidle");
      return { ownerApiCalls, consoleErrors };
    },
  };
}

/** The shop's owner signed in by the Store API (the form's own journey is the first below), on the widgets list. */
async function openWidgets(page: Page): Promise<void> {
  await signInAsOwner(page, "/admin/widgets");
  await expect(page.getByRole("heading", { level: 1, name: "Widgets" })).toBeVisible();
}

/** The owner opens the demo widget's editor from the widgets list. */
async function openHelpWidgetEditor(page: Page) {
  await openWidgets(page);
  await page
    .getByRole("row", { name: /Help widget/ })
    .getByRole("link", { name: "Edit Help widget" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Help widget" })).toBeVisible();
}

test("the owner signs in at /admin: field errors, a wrong password, then the console", async ({ page }) => {
  const email = await createAccount(page, true);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You have signed out.")).toBeVisible();
  // The dashboard's data is not asked for before sign-in: no refused request, no error in the console.
  const watched = watchOwnerApi(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Sign in to your shop" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await watched.settled()).toEqual({ ownerApiCalls: [], consoleErrors: [] });

  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter your email address.")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter your password.")).toBeVisible();

  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email address or password is not right.");

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // /admin is the dashboard (issue 18); the sign-in reloads the page it was on.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Widgets" })).not.toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Messages" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(email);
  await expect(page).toHaveTitle("Dashboard – Shop console – Cartwright Demo");
  // The shop's own header and footer are not part of the console.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
});

test("a shopper is told the console is for the shop owner, and can sign out", async ({ page }) => {
  await createAccount(page, false);
  const watched = watchOwnerApi(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "This area is for the shop owner" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await watched.settled()).toEqual({ ownerApiCalls: [], consoleErrors: [] });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to your shop" })).toBeVisible();
});

test("the widgets list shows the demo widget; a new widget is made, refused a bad colour, saved, switched off and deleted", async ({
  page,
}) => {
  await openWidgets(page);
  const help = page.getByRole("row", { name: /Help widget/ });
  await expect(help).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "New widget" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New widget" })).toBeVisible();
  await page.getByLabel("Widget name").fill("Spring sale widget");
  await page.getByLabel("Add a channel").selectOption("Phone");
  await page.getByRole("button", { name: "Add channel", exact: true }).click();
  await page.getByLabel("Phone number, with country code").fill("+1 555 010 2040");
  await page.getByLabel("Hover text", { exact: true }).fill("Call us");
  await page.getByRole("textbox", { name: "Button colour", exact: true }).fill("blue");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Create widget" }).first().click();
  // The server's message for settings.widget_color, beside the field and in the summary.
  const colour = page.getByRole("textbox", { name: "Button colour", exact: true });
  await expect(colour).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#f-settings-widget_color-error")).toContainText(/colou?r/i);
  await expect(page.locator(".admin-error-summary")).toContainText("Button colour");
  await colour.fill("#0f766e");
  await page.getByRole("button", { name: "Create widget" }).first().click();
  await expect(page).toHaveURL(/\/admin\/widgets\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Spring sale widget" })).toBeVisible();
  await expect(page.getByLabel("Embed code")).toHaveValue(`<script src="${new URL(page.url()).origin}/widget/${id}.js" async></script>`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "All widgets" }).click();
  const row = page.getByRole("row", { name: /Spring sale widget/ });
  const toggle = row.getByRole("switch", { name: "Spring sale widget is active" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByRole("status").filter({ hasText: "Spring sale widget is now hidden." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Spring sale widget is active" })).not.toBeChecked();

  await page.getByRole("button", { name: "Delete Spring sale widget" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Spring sale widget?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: /Spring sale widget/ })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /Help widget/ })).toBeVisible();
});

test("the editor shows every group for the demo widget's channels, and triggers and embed sections", async ({ page }) => {
  await openHelpWidgetEditor(page);
  for (const name of ["Channels", "Appearance", "Behaviour", "Triggers", "Embed"])
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await page.getByLabel("Show only on some days and hours").check();
  await page.getByRole("button", { name: "Add a rule" }).click();
  const days = page.getByLabel("Days", { exact: true });
  await expect(days).toHaveValue("8");
  await expect(days.locator("option:checked")).toHaveText("Monday to Friday");
  await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Leaving with unsaved changes asks first; staying keeps them.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Messages" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/widgets\/\d+$/);
  await expect(days).toHaveValue("8");
});

test("a widget saved from a page opened before another tab changed it is refused, and the other change is kept (decision 0158)", async ({
  page,
}) => {
  const name = `Version widget ${Date.now()}`;
  await signInAsOwner(page, "/admin/widgets/new");
  await page.getByLabel("Widget name").fill(name);
  await page.getByRole("button", { name: "Create widget" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();

  // Meanwhile, in another tab, the call to action beside the button changes.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByLabel("Call to action beside the button", { exact: true }).fill("Theirs");
  await other.getByRole("button", { name: "Save widget" }).first().click();
  await expect(other.getByRole("status").filter({ hasText: "Widget saved." })).toBeVisible();
  await other.close();

  // This page, opened before, renames it: refused, the words above the form, what was typed kept.
  const nameField = page.getByLabel("Widget name");
  await nameField.fill(`${name} renamed`);
  await page.getByRole("button", { name: "Save widget" }).first().click();
  await expect(page.getByRole("alert")).toContainText(
    "This widget was changed by someone else since you opened it: reload it to see their change, then make yours again.",
  );
  await expect(nameField).toHaveValue(`${name} renamed`);
  expect(await seriousViolations(page)).toEqual([]);

  // Reloaded, the other tab's text is there and the rename goes through.
  await page.reload();
  await expect(page.getByLabel("Call to action beside the button", { exact: true })).toHaveValue("Theirs");
  await nameField.fill(`${name} renamed`);
  await page.getByRole("button", { name: "Save widget" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Widget saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${name} renamed` })).toBeVisible();
  await expect(page.getByLabel("Call to action beside the button", { exact: true })).toHaveValue("Theirs");
});

test("a channel visitors would not see says so in its row: no value yet, or off on both kinds of device", async ({ page }) => {
  await openHelpWidgetEditor(page);
  // The demo's channels all show somewhere (SMS on phones only).
  await expect(page.getByText(/^Not shown:/)).toHaveCount(0);

  await page.getByLabel("Add a channel").selectOption("Instagram");
  await page.getByRole("button", { name: "Add channel", exact: true }).click();
  const instagram = page.getByRole("button", { name: /^Instagram/ });
  await expect(instagram).toContainText("Not shown: no value yet");
  const panel = page.locator(`#${await instagram.getAttribute("aria-controls")}`);
  await panel.getByRole("textbox").first().fill("cartwright.demo");
  await expect(instagram).not.toContainText("Not shown");
  await panel.getByLabel("Show on desktop").uncheck();
  await expect(instagram).not.toContainText("Not shown");
  await panel.getByLabel("Show on mobile").uncheck();
  await expect(instagram).toContainText("Not shown: off on desktop and mobile");
  expect(await seriousViolations(page)).toEqual([]);
});

test("the console works from the keyboard and on a phone: skip link, menu button, current page", async ({ page }) => {
  await openWidgets(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#admin-main")).toBeFocused();

  await page.setViewportSize({ width: 390, height: 800 });
  const menu = page.getByRole("button", { name: "Console" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
  await menu.click();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Messages" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await seriousViolations(page)).toEqual([]);
  // Escape from inside the open menu closes it and hands the focus back to its button.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Messages" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
  await expect(menu).toBeFocused();
});

test("analytics: totals, the chart with its numbers, the presets", async ({ page }) => {
  await openWidgets(page);
  await page.getByRole("link", { name: "Analytics Help widget" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Analytics: Help widget" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("img", { name: /Chart of views and clicks per day/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
  await page.getByText("Show the numbers per day").click();
  await expect(page.locator("details table tbody tr")).toHaveCount(7);
});

test("the messages inbox finds a visitor's message, shows every field and its file, marks it unread and deletes it", async ({ page }) => {
  const name = `Ada Lovelace ${Date.now()}`;
  const seed: SeedMessage = {
    name,
    email: "ada@example.com",
    message: "Where is my order #1042? It was due yesterday.",
    customFields: [
      { slug: "order_number", label: "Order number", type: "text", value: "1042" },
      { slug: "attachment", label: "Attachment", type: "file", value: "" },
    ],
    file: { field: "attachment", name: "receipt.pdf", type: "application/pdf", bytes: Buffer.from("%PDF-1.4\n%%EOF\n") },
    refUrl: "http://127.0.0.1/product/hoodie",
    pageTitle: "Hoodie",
  };
  storeMessage(seed);
  await signInAsOwner(page, "/admin/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await page.getByLabel("Search messages").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  // The search's own answer, not the list it replaces.
  await expect(page.getByText("1 message", { exact: true })).toBeVisible();
  const item = page.locator(".admin-inbox__link", { hasText: name });
  await expect(item).toContainText("Unread");
  await expect(item).toContainText("1 file");
  expect(await seriousViolations(page)).toEqual([]);
  // A stale link past the search's last page says where the list ends and links it, the search kept; never "No messages match".
  const searched = `/admin/messages?${new URLSearchParams({ search: name })}`;
  await page.goto(`${searched}&page=4`);
  await expect(page.getByText("Nothing on page 4: the list ends at page 1.")).toBeVisible();
  await expect(page.getByText("No messages match.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Page 1 of 1" })).toHaveAttribute("href", searched);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Page 1 of 1" }).click();
  await expect(page).toHaveURL(searched);

  await item.click();
  await expect(page.getByRole("heading", { level: 1, name: `Message from ${name}` })).toBeVisible();
  await expect(page.getByText("Where is my order #1042? It was due yesterday.")).toBeVisible();
  await expect(page.getByRole("link", { name: "ada@example.com" }).first()).toHaveAttribute("href", "mailto:ada@example.com");
  await expect(page.getByRole("link", { name: "Hoodie" })).toHaveAttribute("href", "http://127.0.0.1/product/hoodie");
  // Custom fields by label; a file field names its file.
  await expect(page.locator(".admin-details").last()).toContainText("Order number1042");
  await expect(page.locator(".admin-details").last()).toContainText("Attachmentreceipt.pdf");
  const href = (await page.getByRole("link", { name: /receipt\.pdf/ }).getAttribute("href")) as string;
  const download = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, disposition: response.headers.get("content-disposition") };
  }, href);
  expect(download).toEqual({ status: 200, disposition: expect.stringMatching(/^attachment; filename="message-\d+-\d+\.pdf"$/) });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Mark as unread" }).click();
  await expect(page.getByRole("button", { name: "Mark as read" })).toBeVisible();
  await page.getByRole("button", { name: "Delete message" }).click();
  await page.getByRole("dialog", { name: "Delete this message?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await page.getByLabel("Search messages").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No messages match.")).toBeVisible();
});

test("no console code reaches the shop's pages: nothing an /admin route loads is reachable from the entry, root or shop routes", () => {
  const manifest = readManifest();
  const routes = Object.values(manifest.routes);
  const consoleRoutes = routes.filter((route) => route.id.startsWith("routes/admin/"));
  const shop = routes.filter((route) => !route.id.startsWith("routes/admin/"));
  expect(consoleRoutes.length).toBeGreaterThanOrEqual(7);
  const shopChunks = reachable([manifest.entry.module, ...shop.flatMap((route) => [route.module, ...(route.imports ?? [])])]);
  const consoleModules = new Set(consoleRoutes.map((route) => route.module.replace(/^\/assets\//, "")));
  expect([...shopChunks].filter((name) => consoleModules.has(name))).toEqual([]);
  // The console's client and texts are its marks: no shop chunk carries them.
  expect([...shopChunks].filter((name) => /\/api\/admin\/v1|Shop console|admin-channel/.test(chunkText(name)))).toEqual([]);
});
