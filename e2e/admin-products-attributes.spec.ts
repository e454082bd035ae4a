/**
 * The console's attribute pages: the owner makes an attribute with three terms, moves one up by its
 * buttons and renames another (a slug another term has is refused beside its field first), gives the
 * attribute to a new product through a term added in place from the product editor (a taken slug
 * refused inline first), sees the shop's "Filter by" offer it, and is refused deleting the attribute
 * and a term while the product uses them. axe on every page and state visited. It publishes a
 * product, so it runs in the `catalogue` project (playwright.config.ts), and it deletes what it made.
 */
import { expect, type Page, test } from "@playwright/test";
import { pickTerms, typeInto } from "./support/catalogue.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const axeClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
const term = (page: Page, position: number) => page.getByRole("group", { name: `Term ${position}`, exact: true });
/** The terms' names as the form lists them, in order. */
const expectTerms = (page: Page, names: string[]) =>
  expect
    .poll(() =>
      page
        .locator(".attribute-terms__list")
        .getByRole("textbox", { name: "Term name" })
        .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value)),
    )
    .toEqual(names);

test("the owner builds an attribute's terms, uses it on a product through a term added in place, and cannot delete it while used", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Material ${stamp}`;
  const slug = `material-${stamp}`;
  await signInAsOwner(page);

  // Beside Categories and Tags in the navigation.
  const nav = page.getByRole("navigation").first();
  await nav.getByRole("link", { name: "Attributes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Attributes" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Color/ })).toContainText("Blue, Red");
  await axeClean(page);

  // The add form: a name, a slug, and three terms, each new term's name field focused as it appears.
  await typeInto(page, page.getByRole("textbox", { name: "Name", exact: true }), name);
  await typeInto(page, page.getByRole("textbox", { name: "Slug", exact: true }), slug);
  for (const [position, termName] of ["Cotton", "Wool", "Linen"].entries()) {
    await page.getByRole("button", { name: "Add term" }).click();
    await expect(term(page, position + 1).getByRole("textbox", { name: "Term name" })).toBeFocused();
    await page.keyboard.type(termName);
  }
  await axeClean(page);
  await page.getByRole("button", { name: "Add attribute" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Attribute ${name}` })).toBeVisible();
  await toast(page, "Attribute created.");
  await expectTerms(page, ["Cotton", "Wool", "Linen"]);
  await expect(term(page, 1)).toContainText("Not used yet");
  const attributeUrl = page.url();
  await axeClean(page);

  // Linen moved to the top by its buttons, the focus kept on a button of the moved term.
  await page.getByRole("button", { name: "Move Linen up" }).click();
  await toast(page, "Linen is now term 2 of 3.");
  await expect(page.getByRole("button", { name: "Move Linen up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await toast(page, "Linen is now term 1 of 3.");
  await expect(page.getByRole("button", { name: "Move Linen down" })).toBeFocused();
  await expectTerms(page, ["Linen", "Cotton", "Wool"]);
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // Cotton renamed, its slug first one Linen already has: refused beside that field, nothing saved.
  await typeInto(page, term(page, 2).getByRole("textbox", { name: "Term name" }), "Organic cotton");
  const cottonSlug = term(page, 2).getByRole("textbox", { name: "Term slug" });
  await typeInto(page, cottonSlug, "linen");
  await page.getByRole("button", { name: "Save attribute" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Organic cotton: Term slug: Term 1 already has this slug." })).toBeVisible();
  await expect(cottonSlug).toHaveAttribute("aria-invalid", "true");
  await expect(cottonSlug).toHaveAccessibleDescription(/Term 1 already has this slug\.$/);
  await axeClean(page);
  await typeInto(page, cottonSlug, "organic-cotton");
  await page.getByRole("button", { name: "Save attribute" }).click();
  await toast(page, "Attribute saved.");
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await expect(cottonSlug).not.toHaveAttribute("aria-invalid");
  await page.reload();
  await expectTerms(page, ["Linen", "Organic cotton", "Wool"]);

  // A new product given the attribute: Wool picked, and Silk made in place (after "Wool" again is refused inline).
  await page.goto("/admin/products/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
  const product = `Throw ${stamp}`;
  await typeInto(page, page.getByRole("textbox", { name: "Name" }), product);
  await typeInto(page, page.getByRole("textbox", { name: "Regular price (USD)" }), "45");
  await page.getByRole("combobox", { name: "Attribute to add" }).selectOption({ label: name });
  await page.getByRole("button", { name: "Add attribute" }).click();
  const card = page.getByRole("group", { name, exact: true });
  await pickTerms(page, name, ["Wool"]);
  // The picker's list closes, uncovering what lies below it.
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: `Add new ${name} term` }).click();
  const newTerm = card.getByRole("textbox", { name: `New ${name} term` });
  await expect(newTerm).toBeFocused();
  await page.keyboard.type("Wool");
  await page.keyboard.press("Enter");
  await expect(card.getByRole("alert")).toHaveText('Another term of this attribute already has the slug "wool".');
  await expect(newTerm).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
  await axeClean(page);
  await typeInto(page, newTerm, "Silk");
  await page.keyboard.press("Enter");
  await toast(page, `Silk added to ${name} and chosen.`);
  await expect(page.getByRole("list", { name: `${name} terms` }).getByRole("listitem")).toHaveText(["Wool×", "Silk×"]);
  await expect(card.getByRole("button", { name: `Add new ${name} term` })).toBeFocused();
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("publish");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Product ${product}` })).toBeVisible();
  await axeClean(page);
  const productUrl = page.url();

  // The shop's "Filter by" offers the attribute's used terms, in the owner's order.
  await page.goto("/shop");
  const offered = page.getByRole("group", { name, exact: true }).getByRole("checkbox");
  await expect(offered).toHaveCount(2);
  await expect(offered.nth(0)).toHaveAccessibleName("Wool (1 product)");
  await expect(offered.nth(1)).toHaveAccessibleName("Silk (1 product)");

  // Deleting the attribute from the list is refused while the product uses it, the reason shown.
  await page.goto("/admin/attributes");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Linen, Organic cotton, Wool, Silk");
  await expect(row.locator(".admin-terms__count")).toHaveText("1");
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete attribute ${name}?` });
  await expect(dialog).toBeVisible();
  await axeClean(page);
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(`${name} was not deleted. 1 product uses this attribute: take it off them first.`);
  await axeClean(page);

  // Deleting Wool, which the product uses: warned, then refused on its row, and kept again.
  await page.goto(attributeUrl);
  await expect(term(page, 3)).toContainText("Used by 1 product");
  await page.getByRole("button", { name: "Delete Wool" }).click();
  await expect(page.getByText(/Wool: 1 product uses it, so the save will be refused/)).toBeVisible();
  await page.getByRole("button", { name: "Save attribute" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wool: Term name: Products or variations use this term" })).toBeVisible();
  const keep = page.getByRole("button", { name: "Keep Wool" });
  await expect(keep).toHaveAccessibleDescription(/Products or variations use this term/);
  await axeClean(page);
  await keep.click();
  await expectTerms(page, ["Linen", "Organic cotton", "Wool", "Silk"]);
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  // Tidy up: the product, then the attribute, which the list now deletes.
  await page.goto(productUrl);
  await page.getByRole("button", { name: "Delete product" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await page.goto("/admin/attributes");
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await toast(page, `Attribute ${name} deleted.`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});
