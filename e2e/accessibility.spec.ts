/** axe in Chromium over the storefront's pages and the open mini-cart: no serious or critical violation. */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const path of ["/shop", "/product-category/clothing", "/product/hoodie", "/product/socks-3-pack", "/privacy", "/no-such-page"]) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the open mini-cart drawer has no serious accessibility violation", async ({ page }) => {
  await page.goto("/shop?orderby=price");
  await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// WCAG 2.5.3 Label in Name (an axe rule it runs only when asked): the header's mini-cart button's visible amount and count are in its name.
for (const path of ["/shop", "/product/hoodie", "/cart"]) {
  test(`${path}: every control's visible text is part of its name`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
