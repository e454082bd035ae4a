/**
 * The cart page keeping up with the server (spec §4 "Cart data refresh", §7 batching): a line
 * removed in another tab is announced, a tab shown again asks for the cart afresh, quick edits
 * travel together in one /batch request, a cart asked for while a write is on its way shows that write,
 * and a write waiting its turn still reaches the server, once, when the page is hidden (decision 0165).
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart, fillUsAddress, isHydrated, openCheckout, shippingField } from "./support/checkout.ts";

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

/**
 * Holds the page's first /batch request whose body holds `marker` before it reaches the server, as a slow network
 * may, until `release`; the others pass.
 */
async function holdBatch(page: Page, marker: string) {
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let holding = false;
  await page.route("**/api/store/v1/batch*", async (route) => {
    if (holding || !route.request().postData()?.includes(marker)) return route.continue();
    holding = true;
    reached();
    await gate;
    await route.continue();
  });
  return { reached: held, release };
}

const isCartGet = (url: string, method: string) => method === "GET" && /\/api\/store\/v1\/cart(\?|$)/.test(url);

test("the cart asked for while an add is on its way shows the add, not the cart from before it", async ({ page }) => {
  await page.goto("/shop?orderby=price");
  await expect.poll(() => page.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  const slow = await holdBatch(page, "/cart/add-item");
  await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
  await slow.reached;
  // The shopper reaches for the mini-cart while the add has not reached the server: it asks for the cart.
  const asked = page.waitForResponse((r) => isCartGet(r.url(), r.request().method()));
  await page.getByRole("button", { name: /in cart, total price of/ }).hover();
  slow.release();
  expect((await asked).ok()).toBe(true);
  await expect(page.getByRole("button", { name: "1 item in cart, total price of $8.50" })).toBeVisible();
});

test("a rate chosen while an address edit is on its way reaches the server as the tab is hidden, once", async ({ page, context }) => {
  // Over $100 a US cart may ship free or at the flat rate: two rates to choose from.
  await addToCart(page, "classic-t-shirt", "Classic T-Shirt", 5);
  await openCheckout(page);
  await fillUsAddress(page, "leaving@example.com");
  const serverCart = async () => (await context.request.get("/api/store/v1/cart")).json();
  await expect.poll(async () => (await serverCart()).shipping_address.phone).toBe("555-0100");
  const rates = page.locator('input[name="shipping-rate-0"]');
  await expect(rates.first()).toBeVisible();
  expect(await rates.count()).toBeGreaterThan(1);
  const rateRequests: string[] = [];
  page.on("request", (request) => {
    if (request.postData()?.includes("select-shipping-rate") || request.url().includes("/cart/select-shipping-rate"))
      rateRequests.push(request.url());
  });

  // A phone edit leaves and is held on the way; the shopper picks another rate, which waits its turn in the page...
  const slow = await holdBatch(page, "555-0199");
  await shippingField(page, "Phone").fill("555-0199");
  await shippingField(page, "Phone").blur();
  await slow.reached;
  const other = page.locator('input[name="shipping-rate-0"]:not(:checked)').first();
  const chosen = await other.getAttribute("value");
  await other.click();
  expect(rateRequests).toEqual([]);
  // ...and switches to another app: the last a phone may tell a page before it ends it. The rate leaves at once.
  await page.evaluate(`(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  })()`);
  const selected = (cart: { shipping_rates: { shipping_rates: { rate_id: string; selected: boolean }[] }[] }) =>
    cart.shipping_rates[0]?.shipping_rates.find((rate) => rate.selected)?.rate_id;
  await expect.poll(async () => selected(await serverCart())).toBe(chosen);

  // The shopper comes back and the phone edit arrives: the rate is not sent again, and the server keeps both.
  await page.evaluate(`(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    document.dispatchEvent(new Event("visibilitychange"));
  })()`);
  const phoneAnswered = page.waitForResponse(
    (r) => r.url().includes("/api/store/v1/batch") && Boolean(r.request().postData()?.includes("555-0199")),
  );
  slow.release();
  expect((await phoneAnswered).ok()).toBe(true);
  const after = await serverCart();
  expect([selected(after), after.shipping_address.phone]).toEqual([chosen, "555-0199"]);
  expect(rateRequests).toHaveLength(1);
});
