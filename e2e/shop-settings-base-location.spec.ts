/**
 * The shop's base location (Settings → Store details): the owner picks the country by name and, for a
 * country with states, the state by name, by keyboard alone; a country without states takes the state
 * as text. The names come after the page's first paint. Runs with the settings journeys and puts the
 * location back.
 */
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signInAsOwner } from "./support/owner.ts";
import { shopDatabaseFile } from "./support/shop-data.ts";
import { seriousViolations, tabTo } from "./support/shopper-order.ts";

/** Saves, waiting for this save's answer: the last save's "Store details saved." may still be showing. */
async function saveStore(page: Page) {
  await tabTo(page, "Save store details");
  const answer = page.waitForResponse(
    (response) => response.url().includes("/api/admin/v1/settings") && response.request().method() !== "GET",
  );
  await page.keyboard.press("Enter");
  expect((await answer).ok()).toBe(true);
  await expect(page.getByRole("status").filter({ hasText: "Store details saved." })).toBeVisible();
}

/** The chosen option's name: a select's value is its code. */
const chosenName = (page: Page, name: string) => page.getByRole("combobox", { name }).locator("option:checked");

test("the owner picks the shop's country and state by name, by keyboard", async ({ page }) => {
  const db = new Database(shopDatabaseFile());
  const stored = (db.prepare("select value from settings where key = 'baseLocation'").get() as { value: string } | undefined)?.value;
  const storedLocation = () =>
    JSON.parse((db.prepare("select value from settings where key = 'baseLocation'").get() as { value: string }).value);
  try {
    await signInAsOwner(page, "/admin/settings");
    const country = page.getByRole("combobox", { name: "Country/Region" });
    const state = page.getByRole("combobox", { name: "State/County" });
    // The demo shop is in California, named once the list arrives.
    await expect(chosenName(page, "Country/Region")).toHaveText("United States");
    await expect(chosenName(page, "State/County")).toHaveText("California");
    await expect(country).toHaveAccessibleDescription(/Where the shop is/);

    // A country without states: the state becomes text, emptied.
    await country.focus();
    await page.keyboard.type("Germany");
    await expect(country).toHaveValue("DE");
    const stateText = page.getByRole("textbox", { name: "State/County" });
    await expect(stateText).toHaveValue("");
    await saveStore(page);
    expect(storedLocation()).toEqual({ country: "DE", state: "" });

    // Back to the United States, and Nevada from its states.
    await country.focus();
    await page.keyboard.type("United States");
    await expect(country).toHaveValue("US");
    await expect(chosenName(page, "State/County")).toHaveText("Select a State/County");
    await page.keyboard.press("Tab");
    await expect(state).toBeFocused();
    await page.keyboard.type("Nevada");
    await expect(state).toHaveValue("NV");
    await saveStore(page);
    expect(storedLocation()).toEqual({ country: "US", state: "NV" });
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the section fits the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(chosenName(page, "State/County")).toHaveText("Nevada");
    expect(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBe(0);
  } finally {
    if (stored === undefined) db.prepare("delete from settings where key = 'baseLocation'").run();
    else db.prepare("update settings set value = ? where key = 'baseLocation'").run(stored);
    db.close();
  }
});
