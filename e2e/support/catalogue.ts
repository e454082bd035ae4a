/** Steps the console's catalogue journeys share: attributes and their terms picked by name, images uploaded by keyboard. */
import { expect, type FileChooser, type Page } from "@playwright/test";
import sharp from "sharp";

/** A plain picture of one colour, made here (nothing downloaded). */
export const picture = (colour: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A date input takes its day typed in the browser's order (en-US: month, day, year). */
export const typedDay = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, "0")}${String(date.getUTCDate()).padStart(2, "0")}${date.getUTCFullYear()}`;

/** Picks terms of a product's attribute by typing each name and pressing Enter in its combobox. */
export async function pickTerms(page: Page, attribute: string, terms: string[]) {
  const picker = page.getByRole("combobox", { name: `${attribute} terms` });
  await picker.focus();
  for (const term of terms) {
    await page.keyboard.type(term);
    await expect(page.getByRole("option", { name: term, exact: true })).toBeVisible();
    await page.keyboard.press("Enter");
  }
  await expect(page.getByRole("list", { name: `${attribute} terms` }).getByRole("listitem")).toHaveCount(terms.length);
}

/**
 * Adds a shop attribute to the product by keyboard: its name typed into the "Attribute to add" list picks it
 * (a journey running beside this one may have added an attribute that sorts first).
 */
export async function addAttribute(page: Page, name: string) {
  const choice = page.getByRole("combobox", { name: "Attribute to add" });
  await choice.focus();
  await page.keyboard.type(name);
  await expect(choice.locator("option:checked")).toHaveText(name);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add attribute" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name })).toBeVisible();
}

/** Opens the Images card's file input with the keyboard and gives the chooser these files. */
export async function uploadImages(page: Page, files: { name: string; buffer: Buffer }[]) {
  await page.getByLabel("Upload images").focus();
  await (await fileChooserByKeyboard(page)).setFiles(files.map((file) => ({ ...file, mimeType: "image/jpeg" })));
  const gallery = page.getByRole("list", { name: "Gallery, in the order shoppers see it" });
  await expect(gallery.getByRole("listitem")).toHaveCount(files.length);
  return gallery;
}

const choosersCaught = new WeakSet<Page>();

/**
 * The file chooser a focused file field opens on Space. Playwright catches a chooser only while its
 * interception is on, and it turns that on as a listener is added, racing the key pressed next: an uncaught
 * chooser opens and is cancelled (CI, and about one local run of the CSV journey in four). So a listener stays on
 * the page for its life, added once with a round trip after it, and the key is pressed again if ever needed.
 */
export async function fileChooserByKeyboard(page: Page): Promise<FileChooser> {
  if (!choosersCaught.has(page)) {
    choosersCaught.add(page);
    page.on("filechooser", () => {});
    await page.title();
  }
  for (let attempt = 1; ; attempt++) {
    const chooser = page.waitForEvent("filechooser", { timeout: 10_000 });
    await page.keyboard.press("Space");
    try {
      return await chooser;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Types into a field reached by focus, replacing what it held. */
export async function typeInto(page: Page, field: ReturnType<Page["getByRole"]>, text: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}
