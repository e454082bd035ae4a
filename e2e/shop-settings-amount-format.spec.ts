/**
 * Amounts in the shop's own separators (session 87): the owner sets the shop to a decimal comma with points between
 * thousands in Settings → Currency, then edits a product's price on a page reached without reloading the console:
 * the field shows the price as 9,00, refuses "12.50" naming the shop's format, takes "12,50"; after it the field
 * reads 12,50 (reloaded too), the console's list $12.50 in the owner's locale and the shop's page $12,50.
 * The separators are put back and the product deleted at the end. It changes how every shopper reads prices, so it
 * runs with the shop-settings journeys, one at a time, on their own shop.
 */
import { expect, type Page, test } from "@playwright/test";
import { isHydrated } from "./support/checkout.ts";
import { ownerApiNonce } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

async function typeInto(page: Page, field: ReturnType<Page["getByRole"]>, text: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("the owner sets the shop to decimal commas, prices a product 12,50 and reads it so everywhere after", async ({ page }) => {
  const nonce = await ownerApiNonce(page);
  const currency = await (await page.request.get("/api/admin/v1/settings/currency")).json();
  const name = `Comma Mug ${Date.now()}`;
  // Hidden from the catalogue, so no listing another journey counts shows it; its page is reached by its address.
  const created = await page.request.post("/api/admin/v1/products", {
    headers: { nonce },
    data: { name, type: "simple", status: "publish", catalog_visibility: "hidden", regular_price: 900 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const mug = await created.json();
  try {
    await page.goto("/admin/settings");
    await typeInto(page, page.getByRole("textbox", { name: "Decimal separator" }), ",");
    await typeInto(page, page.getByRole("textbox", { name: "Thousand separator" }), ".");
    await page.getByRole("button", { name: "Save currency" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Currency saved." })).toBeVisible();

    // To the product through the console's own links: the page the frame loaded with the old separators reads the new ones.
    await page.getByRole("navigation").getByRole("link", { name: "Products", exact: true }).click();
    await page.getByRole("link", { name, exact: true }).click();
    const price = page.getByRole("textbox", { name: "Regular price (USD)" });
    await expect(price).toHaveValue("9,00");
    await expect(page.getByText("For example 19,99. Leave empty for none.").first()).toBeVisible();

    // "12.50" is no amount in a shop that groups thousands with points: refused, naming the shop's format.
    await typeInto(page, price, "12.50");
    await page.getByRole("button", { name: "Save product" }).first().focus();
    await page.keyboard.press("Enter");
    const refusal =
      'Enter an amount of 0 or more as the shop writes it, such as 1250,50 or 1.250,50: digits, "," before at most 2 decimal places, "." only between groups of three digits.';
    await expect(page.getByText(refusal).first()).toBeVisible();
    await expect(price).toHaveAttribute("aria-invalid", "true");
    expect(await seriousViolations(page)).toEqual([]);

    await typeInto(page, price, "12,50");
    await page.getByRole("button", { name: "Save product" }).first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
    await expect(price).toHaveValue("12,50");
    expect((await (await page.request.get(`/api/admin/v1/products/${mug.id}`)).json()).regular_price).toBe(1250);

    // Loaded afresh, the frame writes the separators the field reads.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Regular price (USD)" })).toHaveValue("12,50");

    // The console writes amounts it shows in the owner's locale; the shop's page in the shop's format.
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("$12.50");
    await page.goto(`/product/${mug.slug}`);
    await expect.poll(() => page.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
    await expect(page.locator(".product__summary .price").first()).toContainText("$12,50");
  } finally {
    const { version } = await (await page.request.get("/api/admin/v1/settings/currency")).json();
    const restored = await page.request.put("/api/admin/v1/settings/currency", { headers: { nonce }, data: { ...currency, version } });
    expect(restored.status(), await restored.text()).toBe(200);
    await page.request.delete(`/api/admin/v1/products/${mug.id}`, { headers: { nonce } });
  }
});
