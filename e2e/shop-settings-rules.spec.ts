/**
 * Issue 19 (decision 0048): the owner changes the countries, stock, cart fee, e-mail and consent settings in
 * the console by keyboard alone, the server's refusal shown beside its field; a shopper sees each
 * change on the next page. Runs with the other settings journeys, one at a time on their own shop, and
 * puts every setting back.
 */
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { addToCart, openCheckout, shippingField } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { shopDatabaseFile } from "./support/shop-data.ts";
import { guestOrder, seriousViolations, tabTo } from "./support/shopper-order.ts";

test.describe.configure({ mode: "serial" });

/** The settings this journey changes, as stored before it (absent: the default applied). */
const KEYS = [
  "hideOutOfStock",
  "lowStockAmount",
  "outOfStockAmount",
  "sellTo",
  "sellToCountries",
  "shipTo",
  "shipToCountries",
  "shippingEnabled",
  "cartFees",
  "calcDiscountsSequentially",
  "emails",
  "orderAttribution",
];

async function saveBy(page: Page, section: string) {
  await tabTo(page, `Save ${section.toLowerCase()}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `${section} saved.` })).toBeVisible();
}

test("the owner changes countries, stock, cart fees, emails and consent by keyboard, and a shopper sees each", async ({
  page,
  browser,
}) => {
  // Five sections saved, two shoppers and an order: longer than one journey's default on a busy machine.
  test.setTimeout(90_000);
  const db = new Database(shopDatabaseFile());
  const stored = new Map(
    KEYS.map((key) => [key, (db.prepare("select value from settings where key = ?").get(key) as { value: string } | undefined)?.value]),
  );
  try {
    await signInAsOwner(page, "/admin/settings");
    for (const section of ["Countries", "Stock", "Emails", "Consent and attribution"])
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();

    // Stock: hide out-of-stock products from the listings.
    await page.getByRole("checkbox", { name: "Leave out-of-stock products out of the shop's listings" }).focus();
    await page.keyboard.press("Space");
    await saveBy(page, "Stock");

    // Countries: sell to specific countries, chosen by name from the list, one removed again.
    const sellMode = page.getByRole("combobox", { name: "Where to sell" });
    await sellMode.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(sellMode).toHaveValue("specific");
    await page.keyboard.press("Tab");
    const sellTo = page.getByRole("combobox", { name: "Countries sold to" });
    await expect(sellTo).toBeFocused();
    const chosen = page.getByRole("list", { name: "Countries sold to" });
    const matches = page.getByRole("listbox", { name: "Countries sold to" }).getByRole("option");
    for (const [typed, name] of [
      ["united st", "United States"],
      ["canada", "Canada"],
      ["germany", "Germany"],
    ]) {
      await page.keyboard.type(typed as string);
      // The names come after the page's first paint: the first match is the country meant before Enter takes it.
      await expect(matches.first()).toHaveAccessibleName(new RegExp(`^${name}`));
      await page.keyboard.press("Enter");
      await expect(chosen.getByRole("listitem").filter({ hasText: name as string })).toBeVisible();
    }
    await page.getByRole("button", { name: "Remove Germany" }).focus();
    await page.keyboard.press("Enter");
    await expect(chosen.getByRole("listitem")).toHaveText([/United States/, /Canada/]);
    await saveBy(page, "Countries");
    await page.reload();
    await expect(page.getByRole("list", { name: "Countries sold to" }).getByRole("listitem")).toHaveText([/United States/, /Canada/]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("heading", { level: 2, name: "Countries" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Cart fees: a packing fee on every cart, typed as its JSON list.
    await page.getByRole("textbox", { name: "Fees on every cart (JSON)" }).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type('[{ "name": "Packing", "amount": 250, "taxable": false, "tax_class": "" }]');
    await saveBy(page, "Cart fees and coupons");

    // E-mails: the shopper's order confirmation switched off, a sender address refused then fixed.
    const sender = page.getByRole("textbox", { name: "Sender address" });
    await sender.focus();
    await page.keyboard.type("not an address");
    await page.keyboard.press("Enter");
    await expect(sender).toHaveAccessibleDescription(/Enter the sender as an email address/);
    await sender.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("hello@cartwright.test");
    await page.getByRole("checkbox", { name: "Order confirmation, to the customer" }).focus();
    await page.keyboard.press("Space");
    await saveBy(page, "Emails");

    // Consent: tracking cookies only after the visitor consents.
    const consent = page.getByRole("combobox", { name: "Tracking cookies" });
    await consent.focus();
    await page.keyboard.press("ArrowDown");
    await expect(consent).toHaveValue("required");
    await saveBy(page, "Consent and attribution");
    expect(await seriousViolations(page)).toEqual([]);

    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto("/shop");
    await expect(shopper.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(shopper.getByText("Discontinued Mug")).toHaveCount(0);
    expect(await shopper.locator('meta[name="cw-attribution"]').getAttribute("content")).toContain('"consent":"required"');
    const { orderId } = await guestOrder(shopper);
    await shopperContext.close();

    // The checkout offers only the countries sold to (shipping follows them).
    const checkoutContext = await browser.newContext();
    const buyer = await checkoutContext.newPage();
    await addToCart(buyer, "beanie", "Beanie");
    await openCheckout(buyer);
    await expect(buyer.getByText("Packing")).toBeVisible();
    const countries = await shippingField(buyer, "Country/Region").locator("option:not([value=''])").allTextContents();
    expect(countries).toHaveLength(2);
    expect(countries.join(" ")).toMatch(/Canada.*United States|United States.*Canada/);
    await checkoutContext.close();

    // The owner's order page says the confirmation was not sent, and why (the e-mails go out after the checkout's reply).
    await page.goto(`/admin/orders/${orderId}`);
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Email not sent: Order confirmation (to the customer)")).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(page.getByText("It is switched off in Settings → Emails.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    for (const [key, value] of stored) {
      if (value === undefined) db.prepare("delete from settings where key = ?").run(key);
      else db.prepare("update settings set value = ? where key = ?").run(value, key);
    }
    db.close();
  }
});

test("a stored country code the list does not know is kept beside the names, and the server's refusal shows at the picker", async ({
  page,
}) => {
  const db = new Database(shopDatabaseFile());
  const keys = ["sellTo", "sellToCountries", "shipTo", "shipToCountries"];
  const stored = new Map(
    keys.map((key) => [key, (db.prepare("select value from settings where key = ?").get(key) as { value: string } | undefined)?.value]),
  );
  const write = db.prepare("insert into settings (key, value) values (?, ?) on conflict(key) do update set value = excluded.value");
  try {
    // Written by an older shop or a script: "XX" names no country.
    write.run("sellTo", JSON.stringify({ mode: "specific", countries: ["US", "XX"] }));
    write.run("sellToCountries", JSON.stringify(["US"]));
    write.run("shipTo", JSON.stringify({ mode: "sell_to", countries: [] }));
    write.run("shipToCountries", JSON.stringify(["US"]));
    await signInAsOwner(page, "/admin/settings");
    const sellTo = page.getByRole("combobox", { name: "Countries sold to" });
    const chosen = page.getByRole("list", { name: "Countries sold to" }).getByRole("listitem");
    await expect(chosen).toHaveText([/United States/, /XX/]);

    await sellTo.focus();
    await tabTo(page, "Save countries");
    await page.keyboard.press("Enter");
    await expect(sellTo).toHaveAttribute("aria-invalid", "true");
    await expect(sellTo).toHaveAccessibleDescription(/"XX" is not a country code\./);
    await expect(chosen).toHaveText([/United States/, /XX/]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Remove XX" }).focus();
    await page.keyboard.press("Enter");
    await saveBy(page, "Countries");
    await expect(chosen).toHaveText([/United States/]);
    await expect(sellTo).not.toHaveAttribute("aria-invalid", "true");
  } finally {
    for (const [key, value] of stored) {
      if (value === undefined) db.prepare("delete from settings where key = ?").run(key);
      else db.prepare("update settings set value = ? where key = ?").run(value, key);
    }
    db.close();
  }
});
