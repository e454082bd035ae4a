/**
 * Journeys that change the shop's settings in its database (payment methods, extra fields):
 * they run one at a time on a shop of their own (playwright.config.ts), so no other journey sees the changed shop.
 */
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
// biome-ignore lint/style/noRestrictedImports: the journey reads the plain defaults without loading the server's database layer into Playwright.
import { DEFAULT_SETTINGS } from "../apps/server/src/modules/settings/settings.types.ts";
import { addToCart, type ExtensionWindow, extensionApiReady, fillUsAddress, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { shopDatabaseFile } from "./support/shop-data.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test.describe.configure({ mode: "serial" });

test("with only express methods switched on, the checkout says so and the express button pays", async ({ page }) => {
  const db = new Database(shopDatabaseFile());
  const read = db.prepare("select value from settings where key = 'payments'").get() as { value: string } | undefined;
  const payments = read ? JSON.parse(read.value) : null;
  const write = (value: unknown) =>
    db
      .prepare("insert into settings (key, value) values ('payments', ?) on conflict (key) do update set value = excluded.value")
      .run(JSON.stringify(value));
  try {
    const base = payments ?? {
      enabled: ["cod", "bacs", "cheque", "test_card", "demo_express"],
      order: ["test_card", "bacs", "cheque", "cod"],
    };
    write({ ...base, enabled: ["demo_express"] });
    await addToCart(page, "beanie", "Beanie");
    await openCheckout(page);
    await expect(page.getByText("Only express payment methods are available for this order. Please select one to continue.")).toBeVisible();
    // The wallet brings its own address: nothing typed in the form, and the order is placed.
    await page.getByRole("button", { name: "Demo express" }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
    await expect(page.getByText("wallet@example.com").first()).toBeVisible();
  } finally {
    if (payments) write(payments);
    else db.prepare("delete from settings where key = 'payments'").run();
    db.close();
  }
});

test("the shop's additional order fields are asked for, checked and kept with the order", async ({ page }) => {
  const db = new Database(shopDatabaseFile());
  const write = (value: unknown) =>
    db
      .prepare("insert into settings (key, value) values ('checkoutFields', ?) on conflict (key) do update set value = excluded.value")
      .run(JSON.stringify(value));
  try {
    write([
      {
        id: "cw-demo/delivery-window",
        label: "Delivery window",
        location: "order",
        type: "select",
        required: true,
        options: [
          { value: "morning", label: "Morning" },
          { value: "evening", label: "Evening" },
        ],
      },
      { id: "cw-demo/gift-message", label: "Gift message", location: "order", type: "text", required: false },
    ]);
    await addToCart(page, "beanie", "Beanie");
    await openCheckout(page);
    await fillUsAddress(page, "fields@example.com");
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    await expect(page.getByLabel("Gift message (optional)")).toBeVisible();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page.locator('[id="validate-error-order_cw-demo/delivery-window"]')).toHaveText("Please select a valid option");
    await page.getByLabel("Delivery window").selectOption("evening");
    await page.getByLabel("Gift message (optional)").fill("Happy birthday!");
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  } finally {
    write([]);
    db.close();
  }
});

const shopDatabase = () => new Database(shopDatabaseFile());

function writeSetting(key: string, value: unknown) {
  const db = shopDatabase();
  try {
    db.prepare("insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value").run(
      key,
      JSON.stringify(value),
    );
  } finally {
    db.close();
  }
}

test("a German shop keeps labels' case in field messages; address fields are asked for in the address and kept with the order", async ({
  page,
}) => {
  writeSetting("siteLocale", "de_DE");
  writeSetting("checkoutFields", [{ id: "cw-demo/gate-code", label: "Gate code", location: "address", type: "text", required: true }]);
  try {
    await addToCart(page, "beanie", "Beanie");
    await openCheckout(page);
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page.locator("#validate-error-shipping_first_name")).toHaveText("Please enter a valid First name");
    await fillUsAddress(page, "gate@example.com");
    const gateError = page.locator('[id="validate-error-shipping_cw-demo/gate-code"]');
    await expect(gateError).toHaveText("Please enter a valid Gate code");
    await page.locator("#shipping-fields").getByLabel("Gate code").fill("4711");
    await expect(gateError).toHaveCount(0);
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
    // One address served both: the value shows under each.
    for (const title of ["order-billing-title", "order-shipping-title"])
      await expect(page.locator(`section[aria-labelledby="${title}"]`)).toContainText("Gate code: 4711");
  } finally {
    writeSetting("siteLocale", "en");
    writeSetting("checkoutFields", []);
  }
});

test("the shop owner sees which extension block failed and why; the page goes on working", async ({ page }) => {
  const email = `owner-${Date.now()}@example.com`;
  await page.goto("/my-account");
  await page.locator("#register-email").fill(email);
  await page.locator("#register-password").fill("a-long-owner-passphrase-2026");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  const db = shopDatabase();
  try {
    db.prepare("update customers set role = 'owner' where email = ?").run(email);
  } finally {
    db.close();
  }
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await extensionApiReady(page);
  await page.evaluate(() =>
    (globalThis as unknown as ExtensionWindow).cartwright?.registerCheckoutBlock({
      metadata: { name: "test-plugin/broken", parent: "cw/checkout-totals" },
      component: () => {
        throw new Error("The block broke");
      },
    }),
  );
  const panel = page.locator(".checkout-summary").getByRole("alert");
  await expect(panel).toContainText("Oops!");
  await expect(panel).toContainText("Unexpected error in: test-plugin/broken");
  await expect(panel).toContainText("Error: The block broke");
  await expect(page.getByRole("button", { name: /Place Order/ })).toBeVisible();
});

function setComingSoon(value: { enabled: boolean; text: string }) {
  const db = shopDatabase();
  try {
    db.prepare("insert into settings (key, value) values ('comingSoon', ?) on conflict (key) do update set value = excluded.value").run(
      JSON.stringify(value),
    );
  } finally {
    db.close();
  }
}

test.afterEach(() => setComingSoon({ enabled: false, text: "" }));

test("dismissing the coming-soon banner tells the shop, hides it, and it stays hidden", async ({ page, browser }) => {
  setComingSoon({ enabled: true, text: "We open on Monday: have a look around." });
  await page.goto("/shop");
  const banner = page.getByRole("complementary", { name: "Coming soon" });
  await expect(banner).toContainText("We open on Monday: have a look around.");

  const call = page.waitForRequest((r) => r.url().endsWith("/api/store/v1/visitor/meta") && r.method() === "POST");
  await banner.getByRole("button", { name: "Dismiss the coming-soon banner" }).click();
  const request = await call;
  expect(request.headers().nonce).toBeTruthy();
  expect(request.postDataJSON()).toEqual({ meta: { coming_soon_banner_dismissed: "yes" } });
  await expect(banner).toBeHidden();

  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();

  // Another visitor still sees it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/shop");
  await expect(otherPage.getByRole("complementary", { name: "Coming soon" })).toBeVisible();
  await other.close();
});

test("a field with rules: hidden while shipping, required when picking up, and checked against its pattern", async ({ page }) => {
  const collecting = (yes: boolean) => ({ properties: { cart: { properties: { prefers_collection: { const: yes } } } } });
  writeSetting("checkoutFields", [
    {
      id: "cw-demo/pickup-code",
      label: "Pickup code",
      location: "order",
      type: "text",
      required: false,
      rules: {
        required: collecting(true),
        hidden: collecting(false),
        validation: {
          properties: {
            checkout: { properties: { additional_fields: { properties: { "cw-demo/pickup-code": { pattern: "^[0-9]{4}$" } } } } },
          },
        },
      },
    },
  ]);
  try {
    await addToCart(page, "beanie", "Beanie");
    await openCheckout(page);
    await fillUsAddress(page, "rules@example.com");
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    const code = page.getByLabel("Pickup code");
    await expect(page.getByRole("radio", { name: "Ship" })).toBeChecked();
    await expect(code).toHaveCount(0);

    await page.getByRole("radio", { name: "Pick up" }).click();
    await page.getByRole("radio", { name: /Main Street Store/ }).click();
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute("required", "");
    await page.getByRole("button", { name: /Place Order/ }).click();
    const codeError = page.locator('[id="validate-error-order_cw-demo/pickup-code"]');
    await expect(codeError).toHaveText("Please enter a valid pickup code");

    await code.fill("12a");
    await code.blur();
    await expect(codeError).toHaveText("Pickup code must match the pattern ^[0-9]{4}$");
    await code.fill("1234");
    await expect(codeError).toHaveCount(0);

    // Shipping again hides the field: the draft order synced next no longer carries its value.
    // Draft syncs travel inside a /batch (or alone); both carry '/checkout?_locale=site' as the path.
    const isDraftSync = (method: string, url: string) => method === "PUT" && url.includes("/api/store/v1/checkout?");
    const draftSync = page.waitForRequest((request) => {
      if (isDraftSync(request.method(), request.url())) return true;
      if (!request.url().includes("/api/store/v1/batch")) return false;
      const body = request.postDataJSON() as { requests?: { method: string; path: string }[] } | null;
      return (body?.requests ?? []).some((call) => isDraftSync(call.method, call.path));
    });
    await page.getByRole("radio", { name: "Ship" }).click();
    await expect(code).toHaveCount(0);
    expect((await draftSync).postData()).not.toContain("pickup-code");

    await page.getByRole("radio", { name: "Pick up" }).click();
    await page.getByRole("radio", { name: /Main Street Store/ }).click();
    await expect(code).toHaveValue("1234");
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  } finally {
    writeSetting("checkoutFields", []);
  }
});

test("with consent required, a visitor from a search gets no attribution cookies until consenting, and keeps the landing page's source", async ({
  page,
  context,
}) => {
  // The demo shop runs on the defaults; the test puts them back when done.
  const attribution = DEFAULT_SETTINGS.orderAttribution;
  writeSetting("orderAttribution", { ...attribution, consent: "required" });
  const cookie = async (name: string) => {
    const found = (await context.cookies()).find((c) => c.name === name);
    return found ? decodeURIComponent(found.value) : undefined;
  };
  try {
    await page.goto("/shop", { referer: "https://www.bing.com/" });
    expect((await context.cookies()).filter((c) => c.name.startsWith("cw_attr_"))).toEqual([]);

    // The consent tool's event, on the page the server could not track.
    await page.evaluate('window.dispatchEvent(new CustomEvent("cw:consent", { detail: { marketing: true } }))');
    await expect.poll(() => cookie("cw_consent_marketing")).toBe("allow");
    await expect.poll(() => cookie("cw_attr_current")).toContain("typ=organic|||src=bing");
    expect(await cookie("cw_attr_session")).toMatch(/^pgs=1\|\|\|cpg=.*\/shop$/);

    await page.getByRole("link", { name: "Classic T-Shirt" }).first().click();
    await expect(page).toHaveURL(/\/product\/classic-t-shirt/);
    await expect.poll(() => cookie("cw_attr_session")).toMatch(/^pgs=2\|\|\|cpg=.*classic-t-shirt/);
    expect(await cookie("cw_attr_current")).toContain("typ=organic|||src=bing");
  } finally {
    writeSetting("orderAttribution", attribution);
  }
});

/** Issue 19 (decision 0042): the owner changes shop-wide settings in the console by keyboard alone; a shopper sees them. */
const CONSOLE_KEYS = ["storeNotice", "payments"];

test("the owner changes the store notice and a payment method by keyboard, and a shopper sees both", async ({ page, browser }) => {
  const db = new Database(shopDatabaseFile());
  const stored = new Map(
    CONSOLE_KEYS.map((key) => [
      key,
      (db.prepare("select value from settings where key = ?").get(key) as { value: string } | undefined)?.value,
    ]),
  );
  try {
    await signInAsOwner(page, "/admin/settings");
    const notice = page.getByRole("textbox", { name: "Store notice" });
    await expect(notice).toHaveValue("Free shipping on US orders over $100");
    await notice.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Winter sale: everything 20% off");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Save notices" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Notices saved." })).toBeVisible();

    await page.goto("/admin/payments");
    await expect(page.getByRole("heading", { level: 1, name: "Payment methods" })).toBeVisible();
    // Cash on delivery, fourth, moves up one place; the focus stays on it.
    const up = page.getByRole("button", { name: "Move Cash on delivery up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Cash on delivery moved to position 3 of 5." })).toBeVisible();
    await expect(up).toBeFocused();
    const title = page.locator("#method-cod").getByRole("textbox", { name: "Title" });
    await title.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Cash at the door");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Cash at the door saved." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Order at the checkout" }).getByRole("listitem").nth(2)).toContainText(
      "Cash at the door",
    );
    expect(await seriousViolations(page)).toEqual([]);

    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await addToCart(shopper, "beanie", "Beanie");
    await expect(shopper.getByText("Winter sale: everything 20% off")).toBeVisible();
    await openCheckout(shopper);
    const methods = shopper.locator(".payment-methods__title");
    await expect(methods).toHaveText(["Test card", "Direct bank transfer", "Cash at the door", "Check payments"]);
    await shopperContext.close();
  } finally {
    for (const [key, value] of stored) {
      if (value === undefined) db.prepare("delete from settings where key = ?").run(key);
      else db.prepare("update settings set value = ? where key = ?").run(value, key);
    }
    db.close();
  }
});
