/** The catalogue journey through the real server in Chromium, on the demo shop of DEMO.md. */
import { expect, type Locator, type Page, test } from "@playwright/test";

const productGrid = (page: Page) => page.getByRole("list", { name: "Products" });
const productCards = (page: Page) => productGrid(page).getByRole("listitem");

/** The price a shopper pays on each card, in cents: the sale price after a struck one, the low end of a range. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productGrid(page).locator(".product-card__price").allTextContents();
  return texts.map((text) => {
    const amounts = [...text.matchAll(/\$([\d,]+)\.(\d{2})/g)].map((m) => Number(m[1]?.replace(/,/g, "")) * 100 + Number(m[2]));
    const amount = text.includes("–") ? amounts[0] : amounts.at(-1);
    if (amount === undefined) throw new Error(`No price in "${text}"`);
    return amount;
  });
}

function expectAscending(prices: number[]) {
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
}

/** Waits until the grid shows 12 products from the cheapest up (the default order is not by price). */
async function expectCheapestFirst(page: Page): Promise<number[]> {
  let prices: number[] = [];
  await expect(async () => {
    prices = await cardPrices(page);
    expect(prices).toHaveLength(12);
    expectAscending(prices);
  }).toPass({ timeout: 5_000 });
  return prices;
}

test("a shopper browses, sorts, pages and opens a product", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(productCards(page)).toHaveCount(12);
  await expect(page.getByText("Showing 1–12 of 24 products")).toBeVisible();
  await expect(page.getByRole("button", { name: "0 items in cart, total price of $0.00" })).toBeVisible();

  // The sort dropdown submits as soon as it changes.
  await page.getByLabel("Sort by").selectOption("price");
  await expect(page).toHaveURL(/[?&]orderby=price(&|$)/);
  await expect(page.getByLabel("Sort by")).toHaveValue("price");
  const firstPage = await expectCheapestFirst(page);

  // Page 2 keeps the order; together the two pages list all 24 products from the cheapest up.
  const pagination = page.getByRole("navigation", { name: "Product pages" });
  await expect(pagination.locator('[aria-current="page"]')).toHaveText("1");
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]orderby=price(&|$)/);
  await expect(page.getByText("Showing 13–24 of 24 products")).toBeVisible();
  await expect(pagination.locator('[aria-current="page"]')).toHaveText("2");
  await expect(pagination.getByRole("link", { name: "Previous" })).toBeVisible();
  const secondPage = await cardPrices(page);
  expect(secondPage).toHaveLength(12);
  expectAscending([...firstPage, ...secondPage]);

  // Open a product by its name.
  const card = productCards(page).first();
  const name = (await card.getByRole("heading").textContent())?.trim() ?? "";
  const price = (await card.locator(".product-card__price").textContent())?.match(/\$[\d,]+\.\d{2}/g)?.at(-1) ?? "";
  expect(name).not.toBe("");
  await card.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator(".product__price")).toContainText(price);
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Shop" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the shop lists products and sorts through the form's button", async ({ page }) => {
    await page.goto("/shop");
    await expect(productCards(page)).toHaveCount(12);
    await expect(page.getByText("Showing 1–12 of 24 products")).toBeVisible();
    await page.getByLabel("Sort by").selectOption("price");
    // Nothing happens on change without JavaScript; the button inside <noscript> submits.
    await expect(page).not.toHaveURL(/orderby=/);
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/[?&]orderby=price(&|$)/);
    await expect(page.getByLabel("Sort by")).toHaveValue("price");
    await expectCheapestFirst(page);
  });

  test("a product page posts its add-to-cart form", async ({ page }) => {
    await page.goto("/product/classic-t-shirt");
    const button = page.getByRole("button", { name: "Add to cart" });
    await expect(button).toBeEnabled();
    await expect(button).toHaveAttribute("name", "add-to-cart");
    await expect(page.getByLabel("Quantity")).toHaveValue("1");
  });
});

test.describe("variable product", () => {
  async function openHoodie(page: Page): Promise<{ color: Locator; size: Locator; button: Locator }> {
    await page.goto("/product/hoodie");
    const button = page.getByRole("button", { name: "Add to cart" });
    // Hydrated: with nothing chosen the button cannot add.
    await expect(button).toBeDisabled();
    return { color: page.getByLabel("Color"), size: page.getByLabel("Size"), button };
  }

  test("the Hoodie picks Color and Size and prices the variation", async ({ page }) => {
    const { color, size, button } = await openHoodie(page);
    await expect(page.locator(".product__price")).toHaveText("$39.00 – $45.00");
    await expect(color).toBeVisible();
    await expect(size).toBeVisible();
    await expect(color.locator("option").first()).toHaveText("Choose an option");
    await color.selectOption({ label: "Red" });
    await expect(button).toBeDisabled();
    await size.selectOption({ label: "L" });
    const variation = page.locator(".single-variation");
    await expect(variation).toContainText("$39.00");
    await expect(variation.locator("del")).toContainText("$45.00");
    await expect(variation).toContainText("In stock");
    await expect(button).toBeEnabled();
    await expect(page.locator('input[name="variation_id"]')).not.toHaveValue("");
  });

  test("an out-of-stock variation cannot be added", async ({ page }) => {
    const { color, size, button } = await openHoodie(page);
    await color.selectOption({ label: "Blue" });
    await size.selectOption({ label: "S" });
    await expect(page.locator(".single-variation")).toContainText("Out of stock");
    await expect(button).toBeDisabled();
    await size.selectOption({ label: "M" });
    await expect(page.locator(".single-variation")).toContainText("$45.00");
    await expect(button).toBeEnabled();
  });
});

test("stock states and quantity limits show on product pages", async ({ page }) => {
  // A low quantity says so; any other tracked quantity shows as a count (decision 0153).
  await page.goto("/product/limited-print");
  await expect(page.locator(".stock")).toHaveText("Only 3 left in stock");
  await page.goto("/product/classic-t-shirt");
  await expect(page.locator(".stock")).toHaveText(/^\d+ in stock$/);
  await page.goto("/product/gift-card");
  await expect(page.locator(".stock")).toHaveText("In stock");
  await page.goto("/product/pre-order-poster");
  await expect(page.getByText("Available on backorder")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  await page.goto("/product/discontinued-mug");
  await expect(page.getByText("Out of stock")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  // No quantity to choose for a product that cannot be bought.
  await expect(page.getByLabel("Quantity")).toHaveCount(0);

  await page.goto("/product/socks-3-pack");
  const quantity = page.getByLabel("Quantity");
  await expect(quantity).toHaveValue("2");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  await quantity.fill("1");
  await quantity.blur();
  await expect(quantity).toHaveValue("2");

  await page.goto("/product/signed-book");
  await expect(page.getByLabel("Quantity")).toHaveCount(0);
});

test("categories, the store notice and unknown pages", async ({ page }) => {
  await page.goto("/shop");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clothing" }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clothing" })).toBeVisible();
  await expect(productCards(page).getByRole("link", { name: "Hoodie", exact: true })).toBeVisible();

  const notice = page.getByRole("region", { name: "Store notice" });
  await expect(notice).toContainText("Free shipping on US orders over $100");
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Clothing" })).toBeVisible();
  await expect(notice).toBeHidden();

  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  expect((await page.goto("/product/no-such-product"))?.status()).toBe(404);
  expect((await page.goto("/shop?page=99"))?.status()).toBe(404);
});
