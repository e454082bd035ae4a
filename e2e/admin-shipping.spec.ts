/**
 * Shipping in the console (issue 19, decisions 0041, 0047): the owner creates a zone for Nevada by keyboard
 * alone (Nevada picked by name; a zone without a name refused beside its field first) and moves it above United States by
 * keyboard; a shopper in another browser sees its rate at checkout with the right total; the owner
 * deletes it after a confirmation. axe on every shipping page.
 */
import { expect, test } from "@playwright/test";
import { addToCart, openCheckout, shippingField } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the owner makes a zone by keyboard, a shopper pays its rate at checkout, and the zone is deleted", async ({ page, browser }) => {
  const name = `Nevada ${Date.now()}`;
  await signInAsOwner(page, "/admin/shipping");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Shipping" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("row", { name: /United States/ })).toContainText("Flat rate $5.00");
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard alone from here to the saved zone.
  await page.getByRole("link", { name: "Add zone" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Add shipping zone" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const zoneName = page.getByRole("textbox", { name: "Zone name" });
  await zoneName.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Countries" })).toBeFocused();
  await page.keyboard.press("Tab");
  // The state picked by its name from the shop's list (decision 0047).
  const states = page.getByRole("combobox", { name: "States" });
  await expect(states).toBeFocused();
  await page.keyboard.type("nevada");
  await expect(page.getByRole("option", { name: /^Nevada, United States/ })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(states).toHaveAttribute("aria-activedescendant", /option-0$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "States" }).getByRole("listitem")).toHaveText(["Nevada, United States×"]);
  await expect(states).toHaveValue("");
  await page.keyboard.press("Enter");
  // The server's refusal of a zone without a name, beside it.
  await expect(zoneName).toHaveAttribute("aria-invalid", "true");
  await expect(zoneName).toHaveAccessibleDescription(/Enter a name for the zone\./);
  await zoneName.focus();
  await page.keyboard.type(name);
  const title = page.getByRole("textbox", { name: "Name shoppers see" });
  await title.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Nevada courier");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Cost (USD)" })).toBeFocused();
  await page.keyboard.type("7.00");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Shipping zone ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/shipping\/zones\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Zone created." })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // New zones are matched last: moved above United States by keyboard, Nevada addresses take it.
  await page.getByRole("link", { name: "All shipping" }).focus();
  await page.keyboard.press("Enter");
  const up = page.getByRole("button", { name: `Move ${name} up` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `${name} is now zone 2 of 3.` })).toBeVisible();
  await expect(up).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `${name} is now zone 1 of 3.` })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toContainText(name);

  // A shopper in a browser of their own.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await addToCart(shopper, "classic-t-shirt", "Classic T-Shirt");
  await openCheckout(shopper);
  await shopper.getByLabel("Email address").fill("nevada@example.com");
  await shippingField(shopper, "Country/Region").selectOption("US");
  await shippingField(shopper, "First name").fill("Ada");
  await shippingField(shopper, "Last name").fill("Shopper");
  await shippingField(shopper, "Address").fill("1 Strip Road");
  await shippingField(shopper, "City").fill("Las Vegas");
  await shippingField(shopper, "State").selectOption("NV");
  await shippingField(shopper, "ZIP Code").fill("89101");
  await shippingField(shopper, "ZIP Code").blur();
  const courier = shopper.getByRole("radio", { name: /Nevada courier/ });
  await expect(courier).toBeVisible();
  await expect(courier).toBeChecked();
  await expect(shopper.getByRole("radio", { name: /Flat rate/ })).toHaveCount(0);
  // 20.00 for the T-shirt, 7.00 for the courier; the demo taxes nothing in Nevada.
  await expect(shopper.locator(".totals__item--shipping .totals__value")).toHaveText("$7.00");
  await expect(shopper.locator(".totals__item--total .totals__value")).toHaveText("$27.00");
  await shopperContext.close();

  // Deleted after a confirmation: the shop is as DEMO.md writes it again.
  await page.getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Delete zone" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete zone ${name}?` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("everywhere else and local pickup have their pages; a wrong cost is shown beside its field", async ({ page }) => {
  await signInAsOwner(page, "/admin/shipping/rest-of-world");
  await expect(page.getByRole("heading", { level: 1, name: "Everywhere else" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Cost (USD)" })).toHaveValue("25.00");
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/admin/shipping/pickup");
  await expect(page.getByRole("heading", { level: 1, name: "Local pickup" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Harbor Warehouse/ })).toContainText("7 Dock Road, Bayview, CA 94000, US");
  expect(await seriousViolations(page)).toEqual([]);
  const cost = page.getByRole("textbox", { name: "Cost (USD)" });
  await cost.fill("-1");
  await page.getByRole("button", { name: "Save local pickup" }).click();
  await expect(cost).toHaveAccessibleDescription(
    /Enter an amount of 0 or more as the shop writes it, such as 1250\.50 or 1,250\.50: digits, "\." before at most 2 decimal places, "," only between groups of three digits\./,
  );

  await page.getByRole("link", { name: "Main Street Store" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pickup location Main Street Store" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Street address" })).toHaveValue("100 Main Street");
  expect(await seriousViolations(page)).toEqual([]);
  const country = page.getByRole("textbox", { name: "Country code" });
  await country.fill("ZZ");
  await page.getByRole("button", { name: "Save location" }).click();
  await expect(country).toHaveAccessibleDescription(/Choose a country\./);

  await page.goto("/admin/shipping/pickup/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add pickup location" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new method's default name follows its kind, so shoppers never see two "Flat rate" options; a typed name stays.
  await page.goto("/admin/shipping/rest-of-world");
  await page.getByRole("button", { name: "Add method" }).click();
  const added = page.getByRole("group", { name: "Method 2" });
  const shown = added.getByRole("textbox", { name: "Name shoppers see" });
  await expect(shown).toHaveValue("Flat rate");
  await added.getByRole("combobox", { name: "Kind" }).selectOption("Free shipping");
  await expect(shown).toHaveValue("Free shipping");
  await shown.fill("Free over $100");
  await added.getByRole("combobox", { name: "Kind" }).selectOption("Flat rate");
  await expect(shown).toHaveValue("Free over $100");
});
