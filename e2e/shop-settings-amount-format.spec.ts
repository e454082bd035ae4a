/**
 * Amounts in the shop's own separators (session 87): the owner sets the shop to a decimal comma with points between
 * thousands in Settings → Currency, then edits a product's price on a page reached without reloading the console:
 * the field shows the price as 9,00, refuses "12.50" naming the shop's format, takes "12,50"; after it the field
 * reads 12,50 (reloaded too), the console's list $12.50 in the owner's locale and the shop's page $12,50.
 * The separators are put back and the product deleted at the end. It changes how every shopper reads prices, so it
 * runs with the shop-settings journeys, one at a time, on their own shop.
 *
 * Flat-rate formulas in the same separators (decision 0174's amendment): the Europe zone's cost field shows 15,00,
 * refuses "2.50 * [qty]" naming the shop's format, takes a formula with decimal commas, which the shop keeps with
 * points and shows back with commas (reloaded, and in the zones' list); a shopper in France pays it at checkout.
 *
 * Tax rates in the same separators (decision 0174's second amendment): the rates table shows CA Tax's 7.2500 as 7,25;
 * a new rate typed "20.5" or "1.000" is refused beside its cell before the server is asked, naming the shop's format,
 * and "20,5" is kept as 20.5 and shown back as 20,5 (reloaded too). A form's number field takes its smallest value
 * in the same separator: "0.5" is named beside the field and stops the save, "-0,5" is kept as -0.5, typed key by key;
 * its file field's largest size in MB too: "7.5" and "60" are named with the bounds, "7,5" is kept as 7,864,320 bytes.
 * A shopper reads each tax line's rate with a comma too ("CA Tax 7,25%" in the cart and at checkout), while the Store
 * API keeps "7.25%".
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart, fillShippingAddress, openCheckout, openHydrated } from "./support/checkout.ts";
import { ownerApiNonce } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const MB = 1024 * 1024;

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
    await openHydrated(page, `/product/${mug.slug}`);
    await expect(page.locator(".product__summary .price").first()).toContainText("$12,50");
  } finally {
    const { version } = await (await page.request.get("/api/admin/v1/settings/currency")).json();
    const restored = await page.request.put("/api/admin/v1/settings/currency", { headers: { nonce }, data: { ...currency, version } });
    expect(restored.status(), await restored.text()).toBe(200);
    await page.request.delete(`/api/admin/v1/products/${mug.id}`, { headers: { nonce } });
  }
});

test("in a decimal-comma shop the owner types a flat rate's formula with commas, the shop keeps it with points, and a shopper pays it", async ({
  page,
  browser,
}) => {
  const nonce = await ownerApiNonce(page);
  const currency = await (await page.request.get("/api/admin/v1/settings/currency")).json();
  const { zones } = await (await page.request.get("/api/admin/v1/shipping-zones")).json();
  const europe = zones.find((zone: { name: string }) => zone.name === "Europe");
  expect(europe, "the demo's Europe zone").toBeDefined();
  const commas = await page.request.put("/api/admin/v1/settings/currency", {
    headers: { nonce },
    data: { ...currency, decimal_separator: ",", thousand_separator: "." },
  });
  expect(commas.status(), await commas.text()).toBe(200);
  try {
    await page.goto(`/admin/shipping/zones/${europe.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Shipping zone Europe" })).toBeVisible();
    const cost = page.getByRole("textbox", { name: "Cost (USD)" });
    await expect(cost).toHaveValue("15,00");
    await expect(cost).toHaveAccessibleDescription(
      /Numbers as the shop writes them, as in 2,5 \* \[qty\] \+ \[fee percent="10" min_fee="1,50"\]\./,
    );
    const save = async () => {
      await page.getByRole("button", { name: "Save zone" }).first().focus();
      await page.keyboard.press("Enter");
    };

    // Decimal points, as a shop with the default separators writes them: refused beside the field, the format named.
    await typeInto(page, cost, "2.50 * [qty]");
    await save();
    await expect(cost).toHaveAttribute("aria-invalid", "true");
    await expect(cost).toHaveAccessibleDescription(
      /A point at character 2 separates thousands, only between groups of three digits: write decimals with a comma \(the shop writes numbers as 1\.234,50\)\./,
    );
    expect(await seriousViolations(page)).toEqual([]);

    const typed = '2,5 * [qty] + [fee percent="10" min_fee="1,50"]';
    await typeInto(page, cost, typed);
    await save();
    await expect(page.getByRole("status").filter({ hasText: "Zone saved." })).toBeVisible();
    await expect(cost).toHaveValue(typed);
    const kept = await (await page.request.get(`/api/admin/v1/shipping-zones/${europe.id}`)).json();
    expect(kept.methods[0].cost_formula).toBe('2.5 * [qty] + [fee percent="10" min_fee="1.50"]');
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Cost (USD)" })).toHaveValue(typed);
    await page.goto("/admin/shipping");
    await expect(page.getByRole("row", { name: /Europe/ })).toContainText(`Flat rate ${typed}`);
    expect(await seriousViolations(page)).toEqual([]);

    // A shopper in France with one T-shirt (20,00): 2,50 for the item and the fee's 2,00 (10 % is more than 1,50).
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await addToCart(shopper, "classic-t-shirt", "Classic T-Shirt");
    await openCheckout(shopper);
    await fillShippingAddress(shopper, "comma@example.com", {
      country: "FR",
      address: "1 rue de la Paix",
      city: "Paris",
      postcode: { label: "Postal code", value: "75002" },
    });
    await expect(shopper.getByRole("radio", { name: /Flat rate/ })).toBeVisible();
    await expect(shopper.locator(".totals__item--shipping .totals__value")).toHaveText("$4,50");
    await shopperContext.close();
  } finally {
    const now = await (await page.request.get(`/api/admin/v1/shipping-zones/${europe.id}`)).json();
    const zone = await page.request.put(`/api/admin/v1/shipping-zones/${europe.id}`, {
      headers: { nonce },
      data: { name: europe.name, locations: europe.locations, methods: europe.methods, version: now.version },
    });
    expect(zone.status(), await zone.text()).toBe(200);
    const { version } = await (await page.request.get("/api/admin/v1/settings/currency")).json();
    const restored = await page.request.put("/api/admin/v1/settings/currency", { headers: { nonce }, data: { ...currency, version } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test("in a decimal-comma shop the owner types a tax rate with a comma, the shop keeps it with a point and shows it back with a comma", async ({
  page,
}) => {
  const nonce = await ownerApiNonce(page);
  const currency = await (await page.request.get("/api/admin/v1/settings/currency")).json();
  const commas = await page.request.put("/api/admin/v1/settings/currency", {
    headers: { nonce },
    data: { ...currency, decimal_separator: ",", thousand_separator: "." },
  });
  expect(commas.status(), await commas.text()).toBe(200);
  const cell = (column: string, row: string) => page.getByRole("textbox", { name: `${column} of ${row}` });
  try {
    await page.goto("/admin/taxes");
    await expect(page.getByRole("heading", { level: 1, name: "Taxes" })).toBeVisible();
    await expect(cell("Rate %", "CA Tax")).toHaveValue("7,25");

    await page.getByRole("tab", { name: "Reduced rate" }).click();
    const panel = page.getByRole("tabpanel", { name: "Reduced rate" });
    await panel.getByRole("button", { name: "Add rate" }).focus();
    await page.keyboard.press("Enter");
    await expect(cell("Country", "new rate 1")).toBeFocused();
    await page.keyboard.type("DE");
    await typeInto(page, cell("Name", "new rate 1"), "MwSt ermäßigt");
    const rate = cell("Rate %", "new rate 1");
    const refusal =
      'Enter a percentage as the shop writes numbers, such as 20 or 7,25: digits, "," before at most 4 decimal places, no "." between thousands.';
    // A point, which this shop writes between thousands, is neither read as a decimal nor as a group: refused, no call made.
    let calls = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/admin/v1/tax-rates") && request.method() === "POST") calls += 1;
    });
    for (const typed of ["20.5", "1.000"]) {
      await typeInto(page, rate, typed);
      await page.keyboard.press("Enter");
      await expect(rate).toHaveAttribute("aria-invalid", "true");
      await expect(rate).toHaveAccessibleDescription(`⚠ ${refusal}`);
      await expect(rate).toBeFocused();
    }
    expect(calls).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await typeInto(page, rate, "20,5");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "MwSt ermäßigt saved." })).toBeVisible();
    await expect(cell("Rate %", "MwSt ermäßigt")).toHaveValue("20,5");
    await expect(cell("Rate %", "MwSt ermäßigt")).not.toHaveAttribute("aria-invalid", "true");
    const { rates } = await (await page.request.get("/api/admin/v1/tax-rates?class=reduced-rate")).json();
    expect(rates.map((kept: { name: string; rate: string }) => [kept.name, kept.rate])).toEqual([["MwSt ermäßigt", "20.5000"]]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole("tab", { name: "Reduced rate" }).click();
    await expect(cell("Rate %", "MwSt ermäßigt")).toHaveValue("20,5");
  } finally {
    const { rates } = await (await page.request.get("/api/admin/v1/tax-rates?class=reduced-rate")).json();
    for (const kept of rates as { id: number; name: string }[])
      if (kept.name === "MwSt ermäßigt") await page.request.delete(`/api/admin/v1/tax-rates/${kept.id}`, { headers: { nonce } });
    const { version } = await (await page.request.get("/api/admin/v1/settings/currency")).json();
    const restored = await page.request.put("/api/admin/v1/settings/currency", { headers: { nonce }, data: { ...currency, version } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test("in a decimal-comma shop a shopper reads each tax line's rate with a comma", async ({ page, browser }) => {
  const nonce = await ownerApiNonce(page);
  const currency = await (await page.request.get("/api/admin/v1/settings/currency")).json();
  const taxes = await (await page.request.get("/api/admin/v1/settings/taxes")).json();
  const commas = await page.request.put("/api/admin/v1/settings/currency", {
    headers: { nonce },
    data: { ...currency, decimal_separator: ",", thousand_separator: "." },
  });
  expect(commas.status(), await commas.text()).toBe(200);
  const itemized = await page.request.put("/api/admin/v1/settings/taxes", {
    headers: { nonce },
    data: { ...taxes, display_itemized_taxes: true },
  });
  expect(itemized.status(), await itemized.text()).toBe(200);
  try {
    // Priced at the shop's base in California: the demo's CA Tax of 7.25 %, which the Store API keeps as "7.25%".
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await addToCart(shopper, "classic-t-shirt", "Classic T-Shirt");
    const cart = await (await shopper.request.get("/api/store/v1/cart")).json();
    expect(cart.totals.tax_lines).toEqual([expect.objectContaining({ name: "CA Tax", rate: "7.25%" })]);
    await shopper.goto("/cart");
    await expect(shopper.locator(".totals__item--tax .totals__label")).toHaveText("CA Tax 7,25%");
    await openCheckout(shopper);
    await expect(shopper.locator(".totals__item--tax .totals__label")).toHaveText("CA Tax 7,25%");
    await shopperContext.close();
  } finally {
    for (const [group, was] of [
      ["taxes", taxes],
      ["currency", currency],
    ]) {
      const { version } = await (await page.request.get(`/api/admin/v1/settings/${group}`)).json();
      const restored = await page.request.put(`/api/admin/v1/settings/${group}`, { headers: { nonce }, data: { ...was, version } });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  }
});

test("in a decimal-comma shop a form's number field takes its smallest value and its file field its largest size with a comma, and a point stops the save", async ({
  page,
}) => {
  const nonce = await ownerApiNonce(page);
  const currency = await (await page.request.get("/api/admin/v1/settings/currency")).json();
  const demo = (await (await page.request.get("/api/admin/v1/forms/3")).json()) as { definition: { fields: object[] } };
  const definition = {
    ...demo.definition,
    slug: `comma-bounds-${Date.now()}`,
    title: "Comma bounds",
    fields: [
      { id: 1, page: 1, type: "number", label: "Degrees", required: false, min: 1.5 },
      { id: 2, page: 1, type: "file-upload", label: "Drawing", required: false, extensions: ["png"], maxFileBytes: 2.5 * MB, maxFiles: 1 },
    ],
  };
  const made = await page.request.post("/api/admin/v1/forms", { headers: { nonce }, data: { status: "draft", definition } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const kept = async () =>
    (
      (await (await page.request.get(`/api/admin/v1/forms/${id}`)).json()) as {
        definition: { fields: { min?: number; maxFileBytes?: number }[] };
      }
    ).definition.fields;
  const smallest = async () => (await kept())[0]?.min;
  const largestFile = async () => (await kept())[1]?.maxFileBytes;
  // A field's own button in the builder's list opens its settings.
  const openField = (label: string) =>
    page
      .getByRole("button", { name: new RegExp(`^${label}`) })
      .first()
      .click();
  const saveForm = () => page.getByRole("button", { name: "Save form" }).first().click();
  const commas = await page.request.put("/api/admin/v1/settings/currency", {
    headers: { nonce },
    data: { ...currency, decimal_separator: ",", thousand_separator: "." },
  });
  expect(commas.status(), await commas.text()).toBe(200);
  try {
    await page.goto(`/admin/forms/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit form: Comma bounds" })).toBeVisible();
    await openField("Degrees");
    const field = page.getByRole("textbox", { name: "Smallest" });
    await expect(field).toHaveValue("1,5");

    await typeInto(page, field, "0.5");
    const refusal =
      '"0.5" is not a number as the shop writes numbers, such as -5 or 2,5: digits, "," before decimals, "-" before a number below 0, no thousands separator.';
    await expect(field).toHaveAccessibleDescription(new RegExp(refusal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await saveForm();
    await expect(page.locator(".admin-error-summary")).toContainText(refusal);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(await smallest()).toBe(1.5);
    expect(await seriousViolations(page)).toEqual([]);

    // Typed key by key into the field the refusal named: the focus stays there.
    await field.clear();
    await field.pressSequentially("-0,5");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("-0,5");
    await saveForm();
    await expect(page.locator(".admin-error-summary")).toHaveCount(0);
    await expect.poll(smallest).toBe(-0.5);
    await page.reload();
    await openField("Degrees");
    await expect(page.getByRole("textbox", { name: "Smallest" })).toHaveValue("-0,5");

    // The file field's largest size: MB in the shop's separator, within the server's 50 MB, kept in bytes.
    await openField("Drawing");
    const size = page.getByRole("textbox", { name: "Largest file (MB)" });
    await expect(size).toHaveValue("2,5");
    await expect(size).toHaveAccessibleDescription("From 0,01 to 50 MB, as the shop writes numbers, such as 2,5.");
    const sizeRefusal = (typed: string) =>
      `"${typed}" is not a size the field takes: MB from 0,01 to 50 as the shop writes numbers, such as 2,5: digits, "," before at most 2 decimal places, no thousands separator.`;
    for (const typed of ["7.5", "60"]) {
      await typeInto(page, size, typed);
      await expect(size).toHaveAccessibleDescription(sizeRefusal(typed));
    }
    await saveForm();
    await expect(page.locator(".admin-error-summary")).toContainText(sizeRefusal("60"));
    await expect(size).toHaveAttribute("aria-invalid", "true");
    expect(await largestFile()).toBe(2.5 * MB);
    expect(await seriousViolations(page)).toEqual([]);

    await size.clear();
    await size.pressSequentially("7,5");
    await expect(size).toBeFocused();
    await saveForm();
    await expect(page.locator(".admin-error-summary")).toHaveCount(0);
    await expect.poll(largestFile).toBe(7.5 * MB);
    await page.reload();
    await openField("Drawing");
    await expect(page.getByRole("textbox", { name: "Largest file (MB)" })).toHaveValue("7,5");
  } finally {
    await page.request.delete(`/api/admin/v1/forms/${id}`, { headers: { nonce } });
    const { version } = await (await page.request.get("/api/admin/v1/settings/currency")).json();
    const restored = await page.request.put("/api/admin/v1/settings/currency", { headers: { nonce }, data: { ...currency, version } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
