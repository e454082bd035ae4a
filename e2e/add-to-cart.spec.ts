/** Adding to the cart from server-rendered pages, with and without JavaScript (the forms post to the server). */

import { expect, type Page, test } from "@playwright/test";
import { isHydrated, openHydrated } from "./support/checkout.ts";
import { colorAttribute, ownerApiNonce } from "./support/owner.ts";

async function closeDrawer(page: Page) {
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeHidden();
}

const miniCart = (count: number, total: string) => `${count} ${count === 1 ? "item" : "items"} in cart, total price of ${total}`;

test("a product page adds the chosen quantity and the mini-cart counts it", async ({ page }) => {
  await openHydrated(page, "/product/classic-t-shirt");
  await page.getByLabel(/quantity/i).fill("3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“Classic T-Shirt” was added to your cart." })).toBeVisible();
  await expect(page.getByRole("button", { name: miniCart(3, "$60.00") })).toBeVisible();
});

test("a variation is added by its options, and a refused add says why", async ({ page }) => {
  // The page live, so the add below goes through the cart store.
  await openHydrated(page, "/product/hoodie");
  await page.getByLabel("Color").selectOption("red");
  await page.getByLabel("Size").selectOption("l");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("button", { name: miniCart(1, "$39.00") })).toBeVisible();
  // The shop opens the mini-cart after an add (open_drawer); close it to go on.
  await closeDrawer(page);

  await openHydrated(page, "/product/limited-print");
  await page.getByLabel(/quantity/i).fill("3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await closeDrawer(page);
  await page.getByLabel(/quantity/i).fill("1");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("alert")).toContainText("not enough stock (3 remaining)");
  // The page came back with the refusal: the keyboard is on it, not at the top of the page.
  await expect(page.getByRole("alert")).toBeFocused();
});

test("a refused add from the listing shows the server's reason as a notice the shopper can dismiss", async ({ page }) => {
  await openHydrated(page, "/shop?orderby=price-desc");
  const add = page.getByRole("link", { name: "Add to cart: “Signed Book”" });
  await add.click();
  await closeDrawer(page);
  // Sold individually: a second one is refused, and the listing says why.
  await add.click();
  const notice = page.getByRole("alert").filter({ hasText: "You cannot add another “Signed Book” to your cart." });
  await expect(notice).toBeVisible();
  await expect(add).not.toHaveAttribute("aria-busy", "true");
  await page.getByRole("button", { name: "Dismiss this notice" }).click();
  await expect(notice).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the listing's add-to-cart link adds and comes back with a notice", async ({ page }) => {
    await page.goto("/shop?orderby=price");
    await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
    await expect(page).toHaveURL(/\/shop\?added=\d+$/);
    await expect(page.getByText("“Enamel Pin Set” was added to your cart.")).toBeVisible();
    await expect(page.getByRole("button", { name: miniCart(1, "$8.50") })).toBeVisible();
  });

  test("a product page's form adds without JavaScript", async ({ page }) => {
    await page.goto("/product/beanie");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("“Beanie” was added to your cart.")).toBeVisible();
    await expect(page.getByRole("button", { name: miniCart(1, "$18.00") })).toBeVisible();
  });
});

test("options chosen before the page's script runs are kept when it takes over", async ({ page }) => {
  // The page's script arrives late, as on a slow connection: it is held back until the shopper has chosen.
  let chosen: () => void = () => {};
  const choicesMade = new Promise<void>((resolve) => {
    chosen = resolve;
  });
  await page.route(/\/assets\/entry\.client-.*\.js$/, async (route) => {
    await choicesMade;
    await route.continue();
  });
  // Only the answer is waited for: the page's load waits for the held script.
  await page.goto("/product/hoodie", { waitUntil: "commit" });
  await page.getByLabel("Color").selectOption("red");
  await page.getByLabel("Size").selectOption("l");
  chosen();
  await expect.poll(() => page.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await expect(page.getByLabel("Color")).toHaveValue("red");
  await expect(page.getByLabel("Size")).toHaveValue("l");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
});

test("after an add the product page keeps the chosen options and quantity, ready to add again", async ({ page }) => {
  await openHydrated(page, "/product/hoodie");
  await page.getByLabel("Color").selectOption("red");
  await page.getByLabel("Size").selectOption("m");
  await page.getByLabel(/quantity/i).fill("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("button", { name: miniCart(2, "$90.00") })).toBeVisible();
  await closeDrawer(page);
  await expect(page.getByRole("status").filter({ hasText: "“Hoodie” was added to your cart." })).toBeVisible();
  await expect(page.getByLabel("Color")).toHaveValue("red");
  await expect(page.getByLabel("Size")).toHaveValue("m");
  await expect(page.getByLabel(/quantity/i)).toHaveValue("2");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
});

test("a variation without a price is never offered: its options read unavailable, and a product none of whose variations has one is out of stock", async ({
  page,
}) => {
  const nonce = await ownerApiNonce(page);
  const color = await colorAttribute(page);
  const term = color.term;
  // Hidden from the catalogue, so no listing a journey beside this one counts shows it; its page is reached by its address.
  const created = await page.request.post("/api/admin/v1/products", {
    headers: { nonce },
    data: {
      name: "Half-priced Parka",
      type: "variable",
      catalog_visibility: "hidden",
      attributes: [{ attribute_id: color.id, term_ids: [term("blue"), term("red")], used_for_variations: true }],
      variations: [
        { attributes: [{ attribute_id: color.id, term_id: term("blue") }], regular_price: 9000 },
        { attributes: [{ attribute_id: color.id, term_id: term("red") }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const parka = await created.json();
  try {
    await openHydrated(page, `/product/${parka.slug}`);
    await page.getByLabel("Color").selectOption("red");
    await expect(page.getByText("Sorry, this product is unavailable. Please choose a different combination.")).toBeVisible();
    await expect(page.getByText("In stock")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
    await page.getByLabel("Color").selectOption("blue");
    await expect(page.locator(".single-variation")).toContainText("In stock");
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();

    // The blue one's price taken away: nothing of it can be bought.
    const variations = parka.variations.map((v: Record<string, unknown>) => ({ id: v.id, attributes: v.attributes, regular_price: null }));
    const saved = await page.request.patch(`/api/admin/v1/products/${parka.id}`, { headers: { nonce }, data: { variations } });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.reload();
    await expect(page.locator(".product__summary > .stock")).toHaveText("Out of stock");
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  } finally {
    await page.request.delete(`/api/admin/v1/products/${parka.id}`, { headers: { nonce } });
  }
});
