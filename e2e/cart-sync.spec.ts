/**
 * The cart page keeping up with the server (spec §4 "Cart data refresh", §7 batching): a line
 * removed in another tab is announced, a tab shown again asks for the cart afresh, and quick edits
 * travel together in one /batch request.
 */
import { expect, type Page, test } from "@playwright/test";

async function addFromProductPage(page: Page, slug: string, name: string) {
  await page.goto(`/product/${slug}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: `“${name}” was added to your cart.` })).toBeVisible();
}

async function openCart(page: Page) {
  await page.goto("/cart");
  const heading = page.locator(".cart-page h1");
  await expect.poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))).toBe(true);
}

test("a line removed in another tab is announced when the cart next answers", async ({ page, context }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);

  // Another tab of the same shopper removes the T-shirt.
  const other = await context.newPage();
  await openCart(other);
  await other.getByRole("button", { name: "Remove Classic T-Shirt from cart" }).click();
  await expect(other.getByRole("link", { name: "Classic T-Shirt", exact: true })).toHaveCount(0);
  await other.close();

  // This tab still shows it, until its next exchange with the server.
  await expect(page.getByRole("link", { name: "Classic T-Shirt", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Increase quantity of Beanie" }).click();
  await expect(page.getByText('"Classic T-Shirt" was removed from your cart.')).toBeVisible();
  await expect(page.getByRole("link", { name: "Classic T-Shirt", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
});

test("a tab shown again shows what another tab changed meanwhile, before the shopper acts on it", async ({ page, context }) => {
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);
  const total = page.locator(".totals__item").filter({ has: page.getByText("Estimated total", { exact: true }) });
  const before = await total.textContent();
  expect(before).toContain("$");

  // The shopper goes to another tab and adds a second beanie there.
  await page.evaluate(`(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  })()`);
  const other = await context.newPage();
  await openCart(other);
  // The screen shows 2 at once; the write leaves within the batching window: wait for the server's answer.
  const written = other.waitForResponse(
    (r) => r.request().method() === "POST" && /\/api\/store\/v1\/(cart\/update-item|batch)/.test(r.url()),
  );
  await other.getByRole("button", { name: "Increase quantity of Beanie" }).click();
  expect((await written).ok()).toBe(true);
  await other.close();

  // Back on the first tab: it asks the server at once, without a click.
  const asked = page.waitForResponse((r) => r.request().method() === "GET" && /\/api\/store\/v1\/cart(\?|$)/.test(r.url()));
  await page.evaluate(`(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    document.dispatchEvent(new Event("visibilitychange"));
  })()`);
  expect((await asked).status()).toBe(200);
  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
  await expect(page.getByText('The quantity of "Beanie" was changed to 2.')).toBeVisible();
  await expect(total).not.toHaveText(before ?? "");
});

test("quick edits to several lines go to the server as one batch", async ({ page }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);

  const writes: { url: string; body: unknown }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/store/v1/"))
      writes.push({ url: request.url(), body: request.postDataJSON() });
  });
  const batchReply = page.waitForResponse((r) => r.url().includes("/api/store/v1/batch"));
  // Three clicks inside the 300 ms batching window: sent from the page at once, because separate
  // Playwright clicks can drift past the window on a busy machine.
  // A string runs as a CDP expression, without the DOM types this project does not load.
  await page.evaluate(`(async () => {
    const names = ["Increase quantity of Beanie", "Increase quantity of Classic T-Shirt", "Increase quantity of Classic T-Shirt"];
    for (const name of names) {
      const button = document.querySelector('button[aria-label="' + name + '"]');
      if (!button) throw new Error("no button " + name);
      button.click();
      // A frame between clicks, as a person clicking fast gives the page.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    }
  })()`);
  expect((await batchReply).status()).toBe(200);

  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
  await expect(page.getByLabel("Quantity of Classic T-Shirt in your cart")).toHaveValue("3");
  expect(writes).toHaveLength(1);
  const [batch] = writes as [{ url: string; body: { requests: { path: string; body: { quantity: number } }[] } }];
  expect(batch.url).toContain("/api/store/v1/batch");
  expect(batch.body.requests.length).toBeGreaterThanOrEqual(2);
  expect(batch.body.requests.every((r) => r.path.startsWith("/api/store/v1/cart/update-item"))).toBe(true);

  // What the server holds agrees with the screen.
  await openCart(page);
  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
  await expect(page.getByLabel("Quantity of Classic T-Shirt in your cart")).toHaveValue("3");
});
