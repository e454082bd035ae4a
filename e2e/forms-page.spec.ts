/**
 * A public form's own page (issue 17, decision 0026): a visitor with JavaScript off sends the
 * feedback form — errors beside their fields on a bad first try, values kept, then the form's
 * confirmation (a redirect to /shop); the contact form says its captcha needs JavaScript; axe on
 * each demo form's page; and the page loads no React scripts.
 */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { seriousViolations } from "./support/shopper-order.ts";

const DEMO_FORMS = ["/forms/contact", "/forms/custom-tee", "/forms/feedback"];

/** The feedback entries that carry this e-mail address (other journeys send the same form at the same time). */
function feedbackEntries(email: string): { values: string }[] {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"), { readonly: true });
  try {
    const rows = db.prepare("SELECT e.\"values\" FROM form_entries e JOIN forms f ON f.id = e.form_id WHERE f.slug = 'feedback'").all() as {
      values: string;
    }[];
    return rows.filter((row) => (JSON.parse(row.values) as Record<string, unknown>)[3] === email);
  } finally {
    db.close();
  }
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor sends the feedback form: errors beside fields, values kept, then the confirmation", async ({ page }) => {
    const email = `no-script-${Date.now()}@example.com`;
    const before = feedbackEntries(email).length;
    await page.goto("/forms/feedback");
    await expect(page.getByRole("heading", { level: 1, name: "Store feedback" })).toBeVisible();
    // Every page shows, one after the other, and the field logic would hide too.
    for (const title of ["Your visit", "What went wrong", "Stay in touch"])
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "What went wrong?", exact: true })).toBeVisible();

    const form = page.locator("form.cwf");
    const id = await form.getAttribute("data-form-id");
    await page.locator(`label[for="cwf${id}-1-2"]`).click();
    await page
      .getByRole("row", { name: /The shop was easy to use/ })
      .getByRole("radio")
      .nth(3)
      .check();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Best time to call", { exact: true }).fill("8:00 AM");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Please correct the marked fields and send again." })).toBeVisible();
    const wrong = page.getByRole("textbox", { name: "What went wrong?", exact: true });
    await expect(wrong).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#cwf${id}-4-error`)).toHaveText("This field is required.");
    await expect(page.locator(`#cwf${id}-6-error`)).toHaveText("Please enter a time from 9:00 AM to 5:00 PM.");
    await expect(page.getByLabel("Best time to call", { exact: true })).toHaveAccessibleDescription(
      /Please enter a time from 9:00 AM to 5:00 PM/,
    );
    // What was typed and chosen is still there; the photo must be chosen again.
    await expect(page.getByRole("radio", { name: "2 stars" })).toBeChecked();
    await expect(
      page
        .getByRole("row", { name: /The shop was easy to use/ })
        .getByRole("radio")
        .nth(3),
    ).toBeChecked();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Best time to call", { exact: true })).toHaveValue("8:00 AM");
    await expect(page.getByText("please choose your files again")).toBeVisible();
    expect(feedbackEntries(email).length).toBe(before);

    await wrong.fill("The parcel came late.");
    await page.getByLabel("Best time to call", { exact: true }).fill("10:30 AM");
    await page.getByRole("button", { name: "Submit" }).click();
    // The feedback form's confirmation is a redirect to /shop.
    await expect(page).toHaveURL(/\/shop$/);
    const stored = feedbackEntries(email);
    expect(stored.length).toBe(before + 1);
    expect(JSON.parse(stored.at(-1)?.values ?? "{}")).toMatchObject({
      1: "2",
      2: { 1: "4" },
      3: email,
      4: "The parcel came late.",
    });
  });

  test("the contact form says plainly that its captcha needs JavaScript", async ({ page }) => {
    await page.goto("/forms/contact");
    // Inside <noscript> when the runtime is built: Playwright's text search skips that element, so the note is found by its class.
    const note = page.locator(".cwf-captcha-note");
    await expect(note).toBeVisible();
    await expect(note).toContainText("This form's spam check needs JavaScript. Please turn JavaScript on");
  });

  test("the header works without React: the cart is a link and search a plain form", async ({ page }) => {
    await page.goto("/forms/feedback");
    await page.getByRole("link", { name: /in cart/i }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.goto("/forms/feedback");
    await page.getByRole("searchbox").fill("hoodie");
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/shop\?s=hoodie$/);
  });
});

test("on a phone each demo form fits the screen: its file picker does not widen the page", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of DEMO_FORMS) {
    await page.goto(path);
    await expect(page.locator("form.cwf")).toBeVisible();
    expect(await page.evaluate<number>("document.documentElement.scrollWidth"), path).toBeLessThanOrEqual(360);
  }
});

test("a form's page loads no React scripts (the contact widget's loader may load)", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/forms/custom-tee");
  await expect(page.locator("form.cwf")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => !path.startsWith("/widget/") && !path.startsWith("/forms/static/"))).toEqual([]);
  // The contact widget's own loader still comes, as on every shop page.
  expect(scripts.some((path) => /^\/widget\/loader-[\w-]+\.js$/.test(path))).toBe(true);
  expect(await page.evaluate(() => "__reactRouterContext" in globalThis)).toBe(false);
});

test("a form's page costs far less script than /shop", async ({ page }) => {
  const bytes = async (path: string) => {
    const sizes: Promise<number>[] = [];
    const listener = (response: import("@playwright/test").Response) => {
      if (response.request().resourceType() === "script")
        sizes.push(
          response.body().then(
            (body) => body.length,
            () => 0,
          ),
        );
    };
    page.on("response", listener);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    page.off("response", listener);
    return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  };
  const shop = await bytes("/shop");
  const form = await bytes("/forms/feedback");
  expect(form).toBeLessThan(shop / 2);
});

for (const path of DEMO_FORMS) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("form.cwf")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a form's page with errors beside its fields has no serious accessibility violation", async ({ browser }) => {
  // The failed post is made with JavaScript off; axe needs JavaScript, so that page is shown again in a scripted tab.
  const off = await browser.newContext({ javaScriptEnabled: false });
  const plain = await off.newPage();
  await plain.goto("/forms/custom-tee");
  await plain.getByRole("button", { name: "Place order" }).click();
  await expect(plain.getByRole("alert").filter({ hasText: "Please correct the marked fields" })).toBeVisible();
  const html = await plain.content();
  await off.close();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("**/forms/custom-tee", (route) => route.fulfill({ status: 422, contentType: "text/html", body: html }));
  await page.route("**/forms/static/**", (route) => route.abort());
  await page.goto("/forms/custom-tee");
  await expect(page.locator(".cwf-error").filter({ hasText: "This field is required." }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
