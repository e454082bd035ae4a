/**
 * The product editor's attributes and variations (issue 19, decision 0047), by keyboard alone: the
 * owner makes a variable product with two attributes whose terms are picked by name, generates its
 * variations, prices them all at once, puts one on a scheduled sale that holds today and publishes;
 * a shopper buys that variation at its sale price. axe on the form at each step. It runs in the
 * `catalogue` project (playwright.config.ts) and deletes what it published at its end.
 */
import { expect, test } from "@playwright/test";
import { addAttribute, pickTerms, typedDay } from "./support/catalogue.ts";
import { isHydrated } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the owner makes a variable product by keyboard, prices its generated variations, schedules a sale, and a shopper buys it", async ({
  page,
  browser,
}) => {
  // A long journey: the owner's whole product, then a shopper's purchase.
  test.slow();
  const stamp = Date.now();
  const name = `Keyboard Scarf ${stamp}`;
  const slug = `keyboard-scarf-${stamp}`;
  await signInAsOwner(page, "/admin/products/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("textbox", { name: "Name" }).focus();
  await page.keyboard.type(name);
  const type = page.getByRole("combobox", { name: "Type", exact: true });
  await type.focus();
  await page.keyboard.press("ArrowDown");
  await expect(type).toHaveValue("variable");

  await addAttribute(page, "Color");
  await pickTerms(page, "Color", ["Blue", "Red"]);
  await addAttribute(page, "Size");
  await pickTerms(page, "Size", ["S", "M"]);
  await expect(page.getByRole("checkbox", { name: /Used for variations \(shoppers choose a size\)/ })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // Generating saves the product first, then adds one variation per pair of terms.
  await page.getByRole("button", { name: "Generate variations" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "4 variations added." })).toBeVisible();
  for (const variation of ["Blue / S", "Blue / M", "Red / S", "Red / M"]) {
    await expect(page.getByRole("group", { name: variation, exact: true })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);

  // Pressed again by keyboard on the saved product, the button keeps the focus while the product saves and generates
  // (aria-disabled, not disabled, which would drop it to the page's body): every variation is there, none added.
  const generate = page.getByRole("button", { name: "Generate variations" });
  await generate.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "0 variations added." })).toBeVisible();
  await expect(generate).toBeFocused();
  await expect(generate).toHaveAttribute("aria-disabled", "false");

  // Every variation priced at once; a value that is no amount is told beside the value, and copied nowhere.
  await page.getByRole("combobox", { name: "Field" }).focus();
  await page.keyboard.press("Tab");
  const bulkValue = page.getByRole("textbox", { name: "Value" });
  await expect(bulkValue).toBeFocused();
  await page.keyboard.type("3O");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Apply to all variations" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bulkValue).toHaveAccessibleDescription(/Enter an amount/);
  const redM = page.getByRole("group", { name: "Red / M", exact: true });
  await expect(redM.getByRole("textbox", { name: "Regular price (USD)" })).not.toHaveValue("3O");
  await bulkValue.fill("30");
  await page.getByRole("button", { name: "Apply to all variations" }).focus();
  await page.keyboard.press("Enter");
  await expect(redM.getByRole("textbox", { name: "Regular price (USD)" })).toHaveValue("30");

  // Red / M on sale from yesterday to a month ahead (days in UTC).
  await redM.getByRole("textbox", { name: "Sale price (USD)" }).focus();
  await page.keyboard.type("25");
  await redM.getByLabel("Sale starts on").focus();
  await page.keyboard.type(typedDay(new Date(Date.now() - 86_400_000)));
  await redM.getByLabel("Sale ends after").focus();
  await page.keyboard.type(typedDay(new Date(Date.now() + 30 * 86_400_000)));

  const status = page.getByRole("combobox", { name: "Status", exact: true });
  await status.focus();
  await page.keyboard.press("ArrowUp");
  await expect(status).toHaveValue("publish");
  await page.getByRole("button", { name: "Save product" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await expect(redM.getByLabel("Sale ends after")).not.toHaveValue("");
  expect(await seriousViolations(page)).toEqual([]);

  // A shopper buys Red / M at its sale price.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/product/${slug}`);
  await expect.poll(() => shopper.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await expect(shopper.locator("h1")).toHaveText(name);
  await shopper.getByLabel("Color").selectOption("red");
  await shopper.getByLabel("Size").selectOption("m");
  await shopper.getByRole("button", { name: "Add to cart" }).click();
  await shopper.goto("/cart");
  await expect(shopper.getByText(name).first()).toBeVisible();
  await expect(shopper.getByText("$25.00").first()).toBeVisible();
  await shopperContext.close();

  // Deleted again, so the demo shop lists its 24 products for the journeys after this one.
  await page.getByRole("button", { name: "Delete product" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/shop?s=${encodeURIComponent(name)}`);
  await expect(page.getByText("No products were found matching your selection.")).toBeVisible();
});

test("the owner API's refusal of a variation's field shows beside that field, and the summary names and reaches it", async ({ page }) => {
  const name = `Refused Scarf ${Date.now()}`;
  await signInAsOwner(page, "/admin/products/new");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("combobox", { name: "Type", exact: true }).selectOption("variable");
  await addAttribute(page, "Color");
  await pickTerms(page, "Color", ["Blue", "Red"]);
  await page.getByRole("button", { name: "Generate variations" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 variations added." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();

  // Red's SKU is the demo Classic T-Shirt's: only the server can tell.
  const red = page.getByRole("group", { name: "Red", exact: true });
  await red.getByRole("textbox", { name: "SKU" }).fill("CW-001");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save product" }).first().click();
  const refusal = 'Another product already has the SKU "CW-001".';
  await expect(red.getByText(refusal)).toBeVisible();
  await expect(red.getByRole("textbox", { name: "SKU" })).toHaveAttribute("aria-invalid", "true");
  const summaryLink = page.getByRole("alert").getByRole("link", { name: `Variation 2: SKU: ${refusal}` });
  await summaryLink.click();
  await expect(red.getByRole("textbox", { name: "SKU" })).toBeFocused();
  await expect(red.getByRole("textbox", { name: "SKU" })).toHaveValue("CW-001");
  expect(await seriousViolations(page)).toEqual([]);

  // Red taken off the product while its variation still names it: the message sits on that variation's Color.
  await red.getByRole("textbox", { name: "SKU" }).fill("");
  await page.getByRole("button", { name: "Remove Red" }).click();
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(red.getByText("Choose one of the product's terms for each attribute used for variations.")).toBeVisible();

  // Deleted with its changes unsaved: the console leaves for the list without asking to leave them.
  await page.getByRole("button", { name: "Delete product" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: name })).toBeVisible();
});
