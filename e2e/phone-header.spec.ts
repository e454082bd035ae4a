/**
 * The storefront's header on a phone (320–375 px), on the demo shop: one row for the title, the account link and the
 * mini-cart however long the cart's total.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
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
