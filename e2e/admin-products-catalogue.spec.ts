/**
 * Issue 19's whole journey: by keyboard alone the owner makes a variable product with two
 * attributes and two images (one of them a variation's), a coupon for that product picked by name
 * and a shipping zone for Nevada; a shopper in another browser buys the new variation with the
 * coupon and the new rate and pays exactly what they add up to; then the product exported as CSV
 * imports back as it was (a second export is byte for byte the first). axe on every console
 * page and state visited. It runs in the `catalogue` project (playwright.config.ts) and removes
 * what it made, so the catalogue journeys beside it meet the demo shop.
 */
import { expect, type Page, test } from "@playwright/test";
import { addAttribute, fileChooserByKeyboard, pickTerms, picture, typeInto, uploadImages } from "./support/catalogue.ts";
import { isHydrated, openCheckout, payByTestCard, shippingField } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const axeClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

/** Presses Enter on a control reached by focus: the keyboard's click. */
async function press(page: Page, control: ReturnType<Page["getByRole"]>) {
  await control.focus();
  await page.keyboard.press("Enter");
}

async function makeVariableProduct(page: Page, name: string) {
  await page.goto("/admin/products/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
  await axeClean(page);
  await typeInto(page, page.getByRole("textbox", { name: "Name" }), name);
  const type = page.getByRole("combobox", { name: "Type", exact: true });
  await type.focus();
  await page.keyboard.press("ArrowDown");
  await expect(type).toHaveValue("variable");

  const gallery = await uploadImages(page, [
    { name: "lamp-blue.jpg", buffer: await picture("#1f4e9c", 1200, 1200) },
    { name: "lamp-red.jpg", buffer: await picture("#b3261e", 1200, 1200) },
  ]);
  await expect(gallery.locator("img")).toHaveCount(2);
  await typeInto(page, page.getByRole("textbox", { name: "Alt text, image 1" }), "A blue desk lamp");
  await typeInto(page, page.getByRole("textbox", { name: "Alt text, image 2" }), "A red desk lamp");

  await addAttribute(page, "Color");
  await pickTerms(page, "Color", ["Blue", "Red"]);
  await addAttribute(page, "Size");
  await pickTerms(page, "Size", ["S", "M"]);
  await axeClean(page);

  // Generating saves the product, then adds one variation per pair of terms.
  await press(page, page.getByRole("button", { name: "Generate variations" }));
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "4 variations added." })).toBeVisible();

  // Every variation at 30.00, then Red / M shows the red picture.
  await page.getByRole("combobox", { name: "Field" }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.type("30");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Apply to all variations" })).toBeFocused();
  await page.keyboard.press("Enter");
  const redM = page.getByRole("group", { name: "Red / M", exact: true });
  await expect(redM.getByRole("textbox", { name: "Regular price (USD)" })).toHaveValue("30");
  const redImage = redM.getByRole("combobox", { name: "Image, Red / M" });
  await redImage.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(redImage.locator("option:checked")).toHaveText("Image 2 of 2: A red desk lamp");

  const status = page.getByRole("combobox", { name: "Status", exact: true });
  await status.focus();
  await page.keyboard.press("ArrowUp");
  await expect(status).toHaveValue("publish");
  await press(page, page.getByRole("button", { name: "Save product" }));
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await axeClean(page);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

async function makeCoupon(page: Page, code: string, productName: string) {
  await page.goto("/admin/coupons/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add coupon" })).toBeVisible();
  await typeInto(page, page.getByRole("textbox", { name: "Code" }), code);
  await typeInto(page, page.getByRole("textbox", { name: "Percentage off" }), "10");
  // The product picked by its name, not its id.
  const products = page.getByRole("combobox", { name: "Products", exact: true });
  await products.focus();
  await page.keyboard.type(productName);
  await expect(page.getByRole("option", { name: new RegExp(productName) })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Products", exact: true }).getByRole("listitem")).toHaveCount(1);
  await axeClean(page);
  await press(page, page.getByRole("button", { name: "Create coupon" }));
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Coupon created." })).toBeVisible();
  await axeClean(page);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

async function makeNevadaZone(page: Page, zone: string) {
  await page.goto("/admin/shipping/zones/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add shipping zone" })).toBeVisible();
  await typeInto(page, page.getByRole("textbox", { name: "Zone name" }), zone);
  const states = page.getByRole("combobox", { name: "States" });
  await states.focus();
  await page.keyboard.type("nevada");
  await expect(page.getByRole("option", { name: /^Nevada, United States/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "States" }).getByRole("listitem")).toHaveText(["Nevada, United States×"]);
  await typeInto(page, page.getByRole("textbox", { name: "Name shoppers see" }), "Lamp courier");
  await typeInto(page, page.getByRole("textbox", { name: "Cost (USD)" }), "7.00");
  await axeClean(page);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Shipping zone ${zone}` })).toBeVisible();
  // New zones are matched last: moved above United States, Nevada addresses take it.
  await page.goto("/admin/shipping");
  const up = page.getByRole("button", { name: `Move ${zone} up` });
  await press(page, up);
  await expect(page.getByRole("status").filter({ hasText: `${zone} is now zone 2 of 3.` })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `${zone} is now zone 1 of 3.` })).toBeVisible();
  await axeClean(page);
  return Number(new URL((await page.getByRole("link", { name: zone }).getAttribute("href")) ?? "", page.url()).pathname.split("/").pop());
}

/**
 * The owner's CSV of what the product list shows for a search, as its Export link downloads it. The
 * journey's own product only: other catalogue journeys edit products meanwhile (the whole demo
 * catalogue's round trip is products.csv.http.test.ts's).
 */
async function exportCatalogue(page: Page, search: string): Promise<string> {
  await page.goto(`/admin/products?search=${encodeURIComponent(search)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  const download = page.waitForEvent("download");
  await press(page, page.getByRole("link", { name: "Export CSV" }));
  const file = await (await download).path();
  const { readFile } = await import("node:fs/promises");
  return readFile(file, "utf8");
}

test("the owner makes a variable product with images, a coupon and a zone by keyboard; a shopper buys it; its CSV round-trips", async ({
  page,
  browser,
}) => {
  // The longest journey: a whole product, a coupon, a zone, a purchase and a CSV round trip.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Desk Lamp ${stamp}`;
  const slug = `desk-lamp-${stamp}`;
  const code = `lamp${stamp}`;
  const zone = `Nevada ${stamp}`;
  await signInAsOwner(page, null);

  const productId = await makeVariableProduct(page, name);
  const couponId = await makeCoupon(page, code, name);
  const zoneId = await makeNevadaZone(page, zone);

  // A shopper buys Red / M with the coupon and the new rate.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/product/${slug}`);
  await expect.poll(() => shopper.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await shopper.getByLabel("Color").selectOption("red");
  await shopper.getByLabel("Size").selectOption("m");
  // The variation's own picture replaces the main image.
  await expect(shopper.locator(".product__gallery > img.product-image")).toHaveAttribute("alt", "A red desk lamp");
  await shopper.getByRole("button", { name: "Add to cart" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: /was added to your cart/ })).toBeVisible();
  await shopper.goto("/cart");
  await expect.poll(() => shopper.locator(".cart-page h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await shopper.getByRole("button", { name: "Add coupons" }).click();
  await shopper.getByLabel("Enter code").fill(code);
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByText(`Coupon code "${code}" has been applied to your cart.`)).toBeVisible();

  await openCheckout(shopper);
  await shopper.getByLabel("Email address").fill(`lamp-${stamp}@example.com`);
  await shippingField(shopper, "Country/Region").selectOption("US");
  await shippingField(shopper, "First name").fill("Ada");
  await shippingField(shopper, "Last name").fill("Shopper");
  await shippingField(shopper, "Address").fill("1 Strip Road");
  await shippingField(shopper, "City").fill("Las Vegas");
  await shippingField(shopper, "State").selectOption("NV");
  await shippingField(shopper, "ZIP Code").fill("89101");
  await shippingField(shopper, "Phone").fill("555-0100");
  await shippingField(shopper, "Phone").blur();
  await expect(shopper.getByRole("radio", { name: /Lamp courier/ })).toBeChecked();
  // 30.00 less 10 % is 27.00, with 7.00 for the courier; the demo taxes nothing in Nevada.
  await expect(shopper.locator(".totals__item--discount .totals__value")).toHaveText("-$3.00");
  await expect(shopper.locator(".totals__item--shipping .totals__value")).toHaveText("$7.00");
  await expect(shopper.locator(".totals__item--total .totals__value")).toHaveText("$34.00");
  await payByTestCard(shopper);
  await shopper.getByRole("button", { name: /Place Order/ }).click();
  await expect(shopper).toHaveURL(/\/checkout\/order-received\/\d+/);
  const orderId = Number(/order-received\/(\d+)/.exec(shopper.url())?.[1]);
  await shopperContext.close();

  // What the order holds, as the owner's API reads it.
  const order = await (await page.request.get(`/api/admin/v1/orders/${orderId}`)).json();
  expect(order).toMatchObject({
    status: "processing",
    totals: { items: 3000, discount: 300, coupons: [{ code }], shipping: 700, tax: 0, total: 3400 },
    shipping: { lines: [expect.objectContaining({ name: "Lamp courier" })] },
  });
  expect(order.lines).toMatchObject([{ product_id: productId, name: expect.stringContaining(name), quantity: 1, total: 2700 }]);

  // The catalogue out as CSV and back in: the check finds nothing new or changed, and a second export is the first.
  const before = await exportCatalogue(page, name);
  // The product and its four variations, each a row under the header.
  expect(before.trim().split(/\r?\n/)).toHaveLength(6);
  expect(before).toContain(name);
  await press(page, page.getByRole("link", { name: "Import CSV" }));
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
  await axeClean(page);
  await page.getByLabel("CSV file").focus();
  await (await fileChooserByKeyboard(page)).setFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(before) });
  await press(page, page.getByRole("button", { name: "Check file" }));
  await expect(page.getByRole("heading", { level: 2, name: "What the import will do" })).toBeFocused();
  await expect(page.getByText("0 new products", { exact: true })).toBeVisible();
  // The file is the shop's own catalogue: its product and variations are unchanged, and nothing would be written.
  await expect(page.getByText("1 unchanged product", { exact: true })).toBeVisible();
  await expect(page.getByText("0 new variations, 0 changed, 4 unchanged", { exact: true })).toBeVisible();
  await expect(page.getByText("Every row matches the shop's products: importing this file changes nothing.")).toBeVisible();
  await axeClean(page);
  await press(page, page.getByRole("button", { name: "Import", exact: true }));
  await expect(page.getByRole("heading", { level: 2, name: "Imported" })).toBeFocused();
  await axeClean(page);
  expect(await exportCatalogue(page, name)).toBe(before);

  // Put back: the zone deleted; the coupon an order used is switched off (it cannot be deleted) and names no product; the product deleted (its order keeps its lines).
  const nonce = (await page.request.get("/api/admin/v1/products?per_page=1")).headers().nonce ?? "";
  const headers = { nonce };
  expect((await page.request.delete(`/api/admin/v1/shipping-zones/${zoneId}`, { headers })).status()).toBe(204);
  // A product a coupon names cannot be deleted: the coupon lets go of it first.
  const coupon = await page.request.patch(`/api/admin/v1/coupons/${couponId}`, { headers, data: { enabled: false, product_ids: [] } });
  expect(coupon.status()).toBe(200);
  const product = await (await page.request.get(`/api/admin/v1/products/${productId}`)).json();
  expect((await page.request.delete(`/api/admin/v1/products/${productId}`, { headers })).status()).toBe(204);
  for (const image of product.images as { id: number }[])
    expect((await page.request.delete(`/api/admin/v1/media/${image.id}`, { headers })).status()).toBe(204);
  const kept = await (await page.request.get(`/api/admin/v1/orders/${orderId}`)).json();
  expect(kept.lines).toMatchObject([{ name: expect.stringContaining(name), total: 2700 }]);
});
