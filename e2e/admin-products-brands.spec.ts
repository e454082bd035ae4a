/**
 * Brands (decision 0095): the owner adds a brand from Brands in the console's navigation (a taken slug refused
 * beside its field first), gives it to the Hoodie and the Beanie in the product editor, and a shopper finds it
 * on the Hoodie's page, opens the brand page from there and narrows it by Color Red in its Filter by area.
 * axe on the brand list, the brand's form, the product editor and the brand page. It changes products, so it
 * runs in the `catalogue` project (playwright.config.ts); deleting the brand at the end takes it off them.
 */
import { expect, type Page, test } from "@playwright/test";
import { typeInto } from "./support/catalogue.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const axeClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
const products = (page: Page) => page.getByRole("list", { name: "Products" }).getByRole("heading", { level: 2 });

async function giveBrand(page: Page, slug: string, brand: string) {
  const { id } = (await (await page.request.get(`/api/store/v1/products/${slug}`)).json()) as { id: number };
  await page.goto(`/admin/products/${id}`);
  const brands = page.getByRole("group", { name: "Brands", exact: true });
  await brands.getByRole("checkbox", { name: brand, exact: true }).check();
  await axeClean(page);
  await page.getByRole("button", { name: "Save product" }).click();
  await toast(page, "Product saved.");
  await expect(brands.getByRole("checkbox", { name: brand, exact: true })).toBeChecked();
}

test("the owner makes a brand and gives it to products; a shopper opens its page from a product and filters it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const brand = `Northwind ${stamp}`;
  const slug = `northwind-${stamp}`;
  await signInAsOwner(page);

  // Beside Categories in the navigation.
  const nav = page.getByRole("navigation").first();
  await nav.getByRole("link", { name: "Brands", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brands" })).toBeVisible();
  await axeClean(page);

  // A slug another brand has is refused beside its field; then the brand is made.
  await typeInto(page, page.getByRole("textbox", { name: "Name", exact: true }), `Taken ${stamp}`);
  await typeInto(page, page.getByRole("textbox", { name: "Slug", exact: true }), `taken-${stamp}`);
  await page.getByRole("button", { name: "Add brand" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Brand Taken ${stamp}` })).toBeVisible();
  const takenUrl = page.url();
  await page.getByRole("navigation").first().getByRole("link", { name: "Brands", exact: true }).click();
  // The brand's page has a Name field too: type only once the list's form is there.
  await expect(page.getByRole("heading", { level: 1, name: "Brands" })).toBeVisible();
  await typeInto(page, page.getByRole("textbox", { name: "Name", exact: true }), brand);
  await typeInto(page, page.getByRole("textbox", { name: "Slug", exact: true }), `taken-${stamp}`);
  await page.getByRole("button", { name: "Add brand" }).click();
  const slugField = page.getByRole("textbox", { name: "Slug", exact: true });
  await expect(slugField).toHaveAttribute("aria-invalid", "true");
  await expect(slugField).toHaveAccessibleDescription(new RegExp(`Another brand already has the slug "taken-${stamp}"\\.`));
  await axeClean(page);
  // Left empty, the slug is made from the name.
  await slugField.fill("");
  await typeInto(page, page.getByRole("textbox", { name: "Description" }), "Warm clothes from the north.");
  await page.getByRole("button", { name: "Add brand" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Brand ${brand}` })).toBeVisible();
  await toast(page, "Brand created.");
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(slug);
  const brandUrl = page.url();
  await axeClean(page);

  // The Taken brand is deleted again.
  await page.goto(takenUrl);
  await page.getByRole("button", { name: "Delete brand" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/brands$/);
  await expect(page.getByRole("row", { name: new RegExp(brand) })).toBeVisible();

  // Given to two products in the product editor.
  await giveBrand(page, "hoodie", brand);
  await giveBrand(page, "beanie", brand);
  await page.goto("/admin/brands");
  await expect(
    page
      .getByRole("row", { name: new RegExp(brand) })
      .getByRole("cell")
      .last(),
  ).toHaveText("2");

  // The shopper: the Hoodie's page names the brand, its link opens the brand page with both products.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto("/product/hoodie");
  const meta = shopper.locator(".product__meta");
  await expect(meta.getByText("Brand:", { exact: true })).toBeVisible();
  await meta.getByRole("link", { name: brand }).click();
  await expect(shopper).toHaveURL(new RegExp(`/brand/${slug}$`));
  await expect(shopper.getByRole("heading", { level: 1, name: brand })).toBeVisible();
  await expect(shopper.getByText("Warm clothes from the north.")).toBeVisible();
  await expect(products(shopper)).toHaveCount(2);
  await expect(products(shopper).filter({ hasText: "Beanie" })).toBeVisible();
  await expect(products(shopper).filter({ hasText: "Hoodie" })).toBeVisible();
  await axeClean(shopper);

  // Its Filter by area counts the brand's own products: Red is the Hoodie's alone.
  const red = shopper.getByRole("group", { name: "Color" }).getByRole("checkbox", { name: "Red (1 product)" });
  await red.check();
  await shopper.getByRole("button", { name: "Apply filters" }).click();
  await expect(shopper).toHaveURL(new RegExp(`/brand/${slug}\\?filter_color=red$`));
  await expect(products(shopper)).toHaveText(["Hoodie"]);
  await axeClean(shopper);
  await shopper.getByRole("link", { name: "Remove filter Color: Red" }).click();
  await expect(products(shopper)).toHaveCount(2);
  await shopperContext.close();

  // Tidy up: deleting the brand takes it off both products, as its confirmation counts them.
  await page.goto(brandUrl);
  await page.getByRole("button", { name: "Delete brand" }).click();
  await expect(page.getByRole("dialog")).toContainText(
    "2 products lose this brand (they stay in the shop). Its sub-brands move to the top.",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/brands$/);
  await toast(page, `Brand ${brand} deleted.`);
  expect((await page.request.get(`/brand/${slug}`)).status()).toBe(404);
  await page.goto("/product/hoodie");
  await expect(page.locator(".product__meta").getByText("Brand:", { exact: true })).toHaveCount(0);
});
