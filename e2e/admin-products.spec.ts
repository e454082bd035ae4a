/**
 * Products in the console (issue 19, decision 0043): the owner creates a simple product by
 * keyboard alone (a slug already taken is refused beside its field first), publishes it, and a
 * shopper in another browser finds it in /shop and adds it to the cart. axe on the list, the new
 * and the product's page. A published product changes what /shop lists, so these journeys run in
 * their own project on a shop of their own (playwright.config.ts), and the published one is deleted at its end.
 * A save from a page another tab made stale is refused with the reason, and made once reloaded (decision 0158).
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the owner makes a product by keyboard, publishes it, and a shopper buys it", async ({ page, browser }) => {
  const stamp = Date.now();
  const name = `Keyboard Lamp ${stamp}`;
  await signInAsOwner(page, "/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Products" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("row", { name: /Yoga Mat/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard alone from here to the published product.
  await page.getByRole("link", { name: "Add product" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const nameField = page.getByRole("textbox", { name: "Name" });
  await nameField.focus();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  const slugField = page.getByRole("textbox", { name: "Slug" });
  await expect(slugField).toBeFocused();
  await page.keyboard.type("beanie");
  const price = page.getByRole("textbox", { name: "Regular price (USD)" });
  await price.focus();
  await page.keyboard.type("24.50");
  await page.keyboard.press("Enter");
  // The server's refusal, beside the slug.
  await expect(slugField).toHaveAttribute("aria-invalid", "true");
  await expect(slugField).toHaveAccessibleDescription(/Another product already has the slug "beanie"\./);
  await slugField.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`keyboard-lamp-${stamp}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Product created." })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A draft until published: the shop does not know it yet.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/shop?s=${encodeURIComponent(name)}`);
  await expect(shopper.getByText("No products were found matching your selection.")).toBeVisible();

  const status = page.getByRole("combobox", { name: "Status", exact: true });
  await status.focus();
  await page.keyboard.press("ArrowUp");
  await expect(status).toHaveValue("publish");
  await page.getByRole("button", { name: "Save product" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

  await shopper.goto(`/shop?s=${encodeURIComponent(name)}`);
  await expect(shopper.getByRole("link", { name }).first()).toBeVisible();
  await addToCart(shopper, `keyboard-lamp-${stamp}`, name);
  await shopper.goto("/cart");
  await expect(shopper.getByText(name).first()).toBeVisible();
  await expect(shopper.getByText("$24.50").first()).toBeVisible();
  await shopperContext.close();

  await page.goto(`/admin/products?search=${stamp}`);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Published");
  await expect(row).toContainText("$24.50");

  // Deleted again, so the demo shop lists its 24 products for the journeys after this one.
  await row.getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Delete product" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/shop?s=${encodeURIComponent(name)}`);
  await expect(page.getByText("No products were found matching your selection.")).toBeVisible();
});

test("the owner adds a category and a tag by keyboard, and files a product under them", async ({ page }) => {
  const stamp = Date.now();
  await signInAsOwner(page, "/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Home & Living/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: "Name" }).focus();
  await page.keyboard.type(`Lighting ${stamp}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Category Lighting ${stamp}` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Slug" })).toHaveValue(`lighting-${stamp}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/admin/tags");
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const tagName = page.getByRole("textbox", { name: "Name" });
  await tagName.focus();
  await page.keyboard.type("Cotton");
  await page.keyboard.press("Tab");
  await page.keyboard.type("cotton");
  await page.keyboard.press("Enter");
  // The slug is taken: refused beside its field.
  const slug = page.getByRole("textbox", { name: "Slug" });
  await expect(slug).toHaveAccessibleDescription(/Another tag already has the slug "cotton"\./);
  await slug.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`warm-${stamp}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Tag Cotton" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/admin/products/new");
  await page.getByRole("textbox", { name: "Name" }).fill(`Filed Lamp ${stamp}`);
  await page.getByRole("textbox", { name: "Regular price (USD)" }).fill("30");
  await page.getByRole("checkbox", { name: `Lighting ${stamp}` }).check();
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Product Filed Lamp ${stamp}` })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Lighting ${stamp}` })).toBeChecked();

  await page.goto("/admin/categories");
  await expect(page.getByRole("row", { name: new RegExp(`Lighting ${stamp}`) })).toContainText("1");
});

test("the owner sets a sale price on two products at once, and a refused one says why", async ({ page }) => {
  const stamp = Date.now();
  await signInAsOwner(page, null);
  for (const [name, price] of [
    [`Bulk Vase ${stamp}`, "40"],
    [`Bulk Bowl ${stamp}`, "10"],
  ] as const) {
    await page.goto("/admin/products/new");
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("textbox", { name: "Regular price (USD)" }).fill(price);
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();
  }
  await page.goto(`/admin/products?search=${stamp}`);
  await expect(page.getByRole("row")).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Select every product on this page" }).check();
  await page.getByRole("combobox", { name: "Change" }).selectOption("sale_price");
  await page.getByRole("textbox", { name: "New value" }).fill("15");
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 product updated." })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: `Bulk Bowl ${stamp}: The sale price must be below the regular price.` }),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Bulk Vase ${stamp}`) })).toContainText("$15.00");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a product saved from a page opened before the stock moved keeps the move, and a changed quantity is asked again", async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Stock Jar ${stamp}`;
  await signInAsOwner(page, "/admin/products/new");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "Regular price (USD)" }).fill("12");
  await page.getByRole("checkbox", { name: "Track the quantity in stock" }).check();
  await page.getByRole("textbox", { name: "Quantity in stock" }).fill("10");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();

  // Meanwhile, in another tab, the stock is counted again: 7.
  await saveStockInAnotherTab(page, "7");

  // The first page still shows 10. A price change alone keeps the 7.
  await page.getByRole("textbox", { name: "Regular price (USD)" }).fill("13");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  // Held under the pointer, the toast would stay: only the next save's refusal takes it away (below).
  await page.locator(".admin-toast").hover();
  await expect(page.locator(".admin-toast")).toHaveAttribute("data-held", "");
  const quantity = page.getByRole("textbox", { name: "Quantity in stock" });
  await expect(quantity).toHaveValue("7");

  // Another tab takes it to 5; this page, still at 7, asks for 25: refused beside the field, then saved.
  await saveStockInAnotherTab(page, "5");
  await quantity.fill("25");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveAccessibleDescription(
    /While this was open the stock changed from 7 to 5\. Check the quantity and save again\./,
  );
  // The earlier save's "Product saved." does not stand beside the refusal.
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await expect(quantity).toHaveValue("25");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Quantity in stock" })).toHaveValue("25");
});

test("a product saved from a page opened before another tab changed it is refused, and the other change is kept (decision 0158)", async ({
  page,
}) => {
  const name = `Version Jar ${Date.now()}`;
  await signInAsOwner(page, "/admin/products/new");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "Regular price (USD)" }).fill("12");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();

  // Meanwhile, in another tab, the price goes to 14.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole("textbox", { name: "Regular price (USD)" }).fill("14");
  await other.getByRole("button", { name: "Save product" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await other.close();

  // This page, still at 12, renames it: refused, the words above the form, what was typed kept.
  const nameField = page.getByRole("textbox", { name: "Name", exact: true });
  await nameField.fill(`${name} Large`);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "This product was changed by someone else since you opened it: reload it to see their change, then make yours again.",
  );
  await expect(nameField).toHaveValue(`${name} Large`);
  expect(await seriousViolations(page)).toEqual([]);

  // Reloaded, the other tab's price is there and the rename can be made again.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Regular price (USD)" })).toHaveValue("14.00");
  await nameField.fill(`${name} Large`);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name} Large` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Regular price (USD)" })).toHaveValue("14.00");
});

/** The product open on `page`, opened in a second tab of the same owner, its quantity in stock set and saved there. */
async function saveStockInAnotherTab(page: Page, quantity: string) {
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole("textbox", { name: "Quantity in stock" }).fill(quantity);
  await other.getByRole("button", { name: "Save product" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await other.close();
}

test("the owner offers a product as an upsell, picked by name, and its page offers it before the related products", async ({
  page,
  browser,
}) => {
  await signInAsOwner(page, "/admin/products?search=Throw%20Blanket");
  await page
    .getByRole("row", { name: /Throw Blanket/ })
    .getByRole("link", { name: "Throw Blanket" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Product Throw Blanket" })).toBeVisible();
  const upsells = page.getByRole("combobox", { name: "Upsells", exact: true });
  await upsells.focus();
  await page.keyboard.type("Beanie");
  await expect(page.getByRole("option", { name: /Beanie/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Upsells", exact: true }).getByRole("listitem")).toHaveText([/Beanie/]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto("/product/throw-blanket");
  const offered = shopper.getByRole("region", { name: "You may also like…" });
  await expect(offered.getByRole("heading", { level: 3 })).toHaveText(["Beanie"]);
  // The beanie shares the blanket's winter tag and would come first among them, but an upsell is not offered twice.
  const related = shopper.getByRole("region", { name: "Related products" });
  await expect(related.getByRole("heading", { level: 3 })).toHaveCount(4);
  await expect(related.getByRole("heading", { level: 3, name: "Beanie" })).toHaveCount(0);
  expect(await seriousViolations(shopper)).toEqual([]);

  // Taken off again, so the journeys after this one meet the demo's blanket.
  await page.getByRole("button", { name: "Remove Beanie" }).click();
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await shopper.reload();
  await expect(shopper.getByRole("region", { name: "You may also like…" })).toHaveCount(0);
  await expect(related.getByRole("heading", { level: 3, name: "Beanie" })).toHaveCount(1);
  await shopperContext.close();
});
