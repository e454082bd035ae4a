/**
 * The storefront's header on a phone (320–375 px), on the demo shop: one row for the title, the account link and the
 * mini-cart however long the cart's total, and a category bar that shows more categories follow, reachable by keyboard.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/shopper-order.ts";

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
// Run in the page, without the DOM types this project does not load (as in contact-widget.spec.ts).
type Window = { getComputedStyle(element: unknown): { maskImage: string }; document: { activeElement: unknown } };
const maskOf = (bar: Locator) => bar.evaluate((e) => (globalThis as unknown as Window).getComputedStyle(e).maskImage);
const holdsFocus = (bar: Locator) =>
  bar.evaluate((e) =>
    (e as unknown as { contains(other: unknown): boolean }).contains((globalThis as unknown as Window).document.activeElement),
  );
const pageWidth = (page: Page) => page.evaluate("document.documentElement.scrollWidth") as Promise<number>;

/** Fills the visitor's cart past $10,000 through the Store API (the demo's dearest products, 99 at most of each). */
async function fiveFigureCart(page: Page) {
  const cart = await page.request.get("/api/store/v1/cart");
  const nonce = cart.headers().nonce ?? "";
  for (const [slug, quantity] of [
    ["denim-jacket", 99],
    ["throw-blanket", 50],
    ["leather-wallet", 1],
  ] as const) {
    const product = (await (await page.request.get(`/api/store/v1/products/${slug}`)).json()) as { id: number };
    const added = await page.request.post("/api/store/v1/cart/add-item", { headers: { nonce }, data: { id: product.id, quantity } });
    expect(added.status()).toBe(201);
  }
}

test("on a phone the header keeps one row with a five-figure cart total, and nothing scrolls sideways", async ({ page }) => {
  await fiveFigureCart(page);
  for (const width of [375, 360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/product/classic-t-shirt");
    const cartButton = page.getByRole("button", { name: "150 items in cart, total price of $12,103.00" });
    await expect(cartButton).toBeVisible();
    // The account link shows its icon here; its words stay its name.
    const account = page.getByRole("link", { name: "My account", exact: true });
    const [title, accountBox, cartBox] = await Promise.all([
      box(page.getByRole("link", { name: "Cartwright Demo" })),
      box(account),
      box(cartButton),
    ]);
    // One row: the three share their vertical middle, side by side, none over another, all inside the window.
    for (const item of [accountBox, cartBox]) expect(Math.abs(item.y + item.height / 2 - (title.y + title.height / 2))).toBeLessThan(4);
    expect(overlap(title, accountBox) || overlap(accountBox, cartBox)).toBe(false);
    expect(cartBox.x + cartBox.width).toBeLessThanOrEqual(width);
    expect(await pageWidth(page)).toBe(width);
  }
});

test("on a phone the category bar fades where more categories follow, and the keyboard scrolls them into view", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/shop");
  const bar = page.getByRole("navigation", { name: "Main" });
  const links = bar.getByRole("link");
  // More categories than fit: the bar's end fades, and the page itself does not scroll sideways.
  await expect(bar).toHaveAttribute("data-more", "after");
  expect(await maskOf(bar)).toContain("linear-gradient");
  expect(await pageWidth(page)).toBe(375);
  const last = links.last();
  const barBox = await box(bar);
  expect((await box(last)).x).toBeGreaterThan(barBox.x + barBox.width);

  // Tab through the bar: each link comes into view clear of the fade, and the last hands focus on (no trap).
  await links.first().focus();
  const count = await links.count();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press("Tab");
    const link = links.nth(i);
    await expect(link).toBeFocused();
    await expect(async () => {
      const linkBox = await box(link);
      const fadeAfter = (await bar.getAttribute("data-more"))?.includes("after") ? 16 : 0;
      expect(linkBox.x).toBeGreaterThanOrEqual(barBox.x);
      expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(barBox.x + barBox.width + 1 - fadeAfter);
    }).toPass({ timeout: 2_000 });
  }
  // At the bar's end only its start fades.
  await expect(bar).toHaveAttribute("data-more", "before");
  await page.keyboard.press("Tab");
  expect(await holdsFocus(bar)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
});

test("on a wide screen the category bar fits, with no fade", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/shop");
  const bar = page.getByRole("navigation", { name: "Main" });
  await expect(bar.getByRole("link", { name: "Shop", exact: true })).toBeVisible();
  await expect(bar).not.toHaveAttribute("data-more", /./);
  expect(await maskOf(bar)).toBe("none");
});
