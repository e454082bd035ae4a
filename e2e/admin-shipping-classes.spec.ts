/**
 * Shipping classes (decision 0106): the owner makes a class, gives it to a product in the product
 * editor's Shipping card, and sets its cost (a formula over [qty]) on the flat rate for everywhere
 * else; a shopper shipping to Japan (no zone covers it) pays it at checkout. Deleting the class at the
 * end takes its cost off the rate again. A second class of the same name is refused beside its Name
 * field. axe on the classes pages.
 */
import { expect, test } from "@playwright/test";
import { addToCart, openCheckout, shippingField } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the owner prices a shipping class on a flat rate, and a shopper's checkout charges it", async ({ page, browser }) => {
  const stamp = Date.now();
  const className = `Oversize ${stamp}`;
  await signInAsOwner(page);

  // The class, from the shipping page's link.
  await page.goto("/admin/shipping");
  await page.getByRole("link", { name: "Manage shipping classes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipping classes" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: "Name" }).fill(className);
  await page.getByRole("button", { name: "Add shipping class" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipping class ${className}` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Slug" })).toHaveValue(`oversize-${stamp}`);
  expect(await seriousViolations(page)).toEqual([]);

  // A second class of the same name (any case) is refused, beside the Name field, in the owner's words.
  await page.goto("/admin/shipping/classes");
  const nameField = page.getByRole("textbox", { name: "Name" });
  await nameField.fill(className.toUpperCase());
  await page.getByRole("button", { name: "Add shipping class" }).click();
  await expect(nameField).toHaveAccessibleDescription(
    new RegExp(`There is already a shipping class called "${className}"\\. Give this one another name, or edit that class instead\\.$`),
  );
  await expect(nameField).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping classes" })).toBeVisible();

  // The product's class, in its Shipping card.
  const product = await (await page.request.get("/api/store/v1/products/notebook-set")).json();
  await page.goto(`/admin/products/${product.id}`);
  const classField = page.getByRole("combobox", { name: "Shipping class" });
  await expect(classField.getByRole("option", { name: className })).toHaveCount(1);
  await classField.selectOption({ label: className });
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: /saved/i })).toBeVisible();

  // Everywhere else's flat rate (25.00) charges 3.00 per item of the class. (A zone of its own would move
  // the zones' count, which the zone journey beside this one reads.)
  await page.goto("/admin/shipping/rest-of-world");
  await expect(page.getByRole("heading", { level: 1, name: "Everywhere else" })).toBeVisible();
  const classCost = page.getByRole("textbox", { name: `"${className}" class cost` });
  await classCost.fill("3 * [qty]");
  await page.getByRole("button", { name: "Save methods" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Methods for everywhere else saved." })).toBeVisible();
  await expect(classCost).toHaveValue("3 * [qty]");
  await expect(page.getByRole("textbox", { name: "Cost (USD)" })).toHaveValue("25.00");
  expect(await seriousViolations(page)).toEqual([]);

  // A shopper with two of the product, shipping to Tokyo (no zone covers Japan): 25.00 + 2 × 3.00.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await addToCart(shopper, "notebook-set", product.name, 2);
  await openCheckout(shopper);
  await shopper.getByLabel("Email address").fill("tokyo@example.com");
  await shippingField(shopper, "Country/Region").selectOption("JP");
  await shippingField(shopper, "First name").fill("Aiko");
  await shippingField(shopper, "Last name").fill("Shopper");
  await shippingField(shopper, "Address").fill("1-1 Marunouchi");
  await shippingField(shopper, "City").fill("Chiyoda");
  await shippingField(shopper, "Prefecture").selectOption("JP13");
  await shippingField(shopper, /Postal code|Postcode/).fill("100-0001");
  await shippingField(shopper, /Postal code|Postcode/).blur();
  await expect(shopper.locator(".totals__item--shipping .totals__value")).toHaveText("$31.00");
  await shopperContext.close();

  // The class goes, and with it its cost on everywhere else's rate; the confirmation says the product loses it.
  await page.goto("/admin/shipping/classes");
  await expect(page.getByRole("row", { name: new RegExp(className) })).toContainText("1");
  await page.getByRole("link", { name: className }).click();
  await page.getByRole("button", { name: "Delete shipping class" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the shipping class ${className}?` });
  await expect(dialog).toContainText("One product or variation is in this class");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipping classes" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(className) })).toHaveCount(0);
  await page.goto("/admin/shipping/rest-of-world");
  await expect(page.getByRole("textbox", { name: "Cost (USD)" })).toHaveValue("25.00");
  await expect(page.getByRole("textbox", { name: /class cost/ })).toHaveCount(0);
});

test("a class deleted while the product editor is open: the save is refused beside the Shipping class field", async ({ page }) => {
  const className = `Fragile ${Date.now()}`;
  await signInAsOwner(page, "/admin/shipping/classes");
  await page.getByRole("textbox", { name: "Name" }).fill(className);
  await page.getByRole("button", { name: "Add shipping class" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipping class ${className}` })).toBeVisible();
  const classPage = page.url();

  // The editor chooses the class (not saved yet)…
  const product = await (await page.request.get("/api/store/v1/products/leather-wallet")).json();
  await page.goto(`/admin/products/${product.id}`);
  const classField = page.getByRole("combobox", { name: "Shipping class" });
  await classField.selectOption({ label: className });

  // …while another tab deletes it.
  const other = await page.context().newPage();
  await other.goto(classPage);
  await other.getByRole("button", { name: "Delete shipping class" }).click();
  await other
    .getByRole("dialog", { name: `Delete the shipping class ${className}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(other.getByRole("heading", { level: 1, name: "Shipping classes" })).toBeVisible();
  await other.close();

  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(classField).toHaveAttribute("aria-invalid", "true");
  await expect(classField).toHaveAccessibleDescription(
    /Shipping class \d+ no longer exists \(it may have been deleted\)\. Choose another class, or none\./,
  );
});
