/**
 * Downloadable products (decision 0094): the owner makes a product downloadable in the product
 * editor's Downloads card with a file and a limit of 2; a shopper who creates an account at the
 * checkout pays by test card, the order completes itself, the order-received page lists the file
 * and its download is the file; My account > Downloads lists it with one download left, and once
 * used up the link lands on the shop's page saying so; the owner's order page shows the count and
 * grants another downloadable product's files, one not on the order.
 * axe on the new card, the order-received page, the Downloads page and the refused link's page. The product (hidden from listings, so no journey counting /shop sees it) is
 * deleted at the end.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { isHydrated, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const PATTERN = Buffer.from("%PDF-1.4\n% Sock pattern, size 38 to 44\n%%EOF\n");

async function ownerHeaders(page: Page) {
  const nonce = (await page.request.get("/api/admin/v1/products?per_page=1")).headers().nonce ?? "";
  return { nonce };
}

test("the owner makes a product downloadable; a shopper buys it, downloads it and sees the limit", async ({ page, browser }) => {
  // Two journeys' worth: the purchase and downloads, then the owner's grant of another product.
  test.setTimeout(90_000);
  const stamp = Date.now();
  await signInAsOwner(page);
  const created = await page.request.post("/api/admin/v1/products", {
    headers: await ownerHeaders(page),
    data: {
      name: `Sock pattern ${stamp}`,
      slug: `sock-pattern-${stamp}`,
      status: "publish",
      regular_price: 900,
      virtual: true,
      catalog_visibility: "hidden",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).id as number;
  let extraId = 0;

  try {
    // The owner: Downloadable, a limit of 2, a file with its name.
    await page.goto(`/admin/products/${productId}`);
    const card = page.getByRole("region", { name: "Downloads" });
    await expect(card.getByRole("checkbox", { name: "Downloadable" })).toBeVisible();
    await card.getByRole("checkbox", { name: "Downloadable" }).check();
    await card.getByRole("textbox", { name: "Download limit" }).fill("2");
    await card.getByRole("button", { name: "Save download settings" }).click();
    await expect(page.getByText("Download settings saved.")).toBeAttached();
    await card
      .getByLabel("Add a file", { exact: true })
      .setInputFiles({ name: "sock-pattern.pdf", mimeType: "application/pdf", buffer: PATTERN });
    await card.getByRole("textbox", { name: "Name shown to buyers" }).fill("Sock pattern (PDF)");
    await card.getByRole("button", { name: "Upload" }).click();
    await expect(card.getByRole("textbox", { name: "Name of Sock pattern (PDF)" })).toHaveValue("Sock pattern (PDF)");
    expect(await seriousViolations(page)).toEqual([]);

    // The shopper: buys it with the test card, creating an account, on a page of its own.
    const context = await browser.newContext();
    const shopper = await context.newPage();
    const email = `reader-${stamp}@example.com`;
    await shopper.goto(`/product/sock-pattern-${stamp}`);
    await expect.poll(() => shopper.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
    await shopper.getByRole("button", { name: "Add to cart" }).click();
    await expect(shopper.getByRole("status").filter({ hasText: "was added to your cart." })).toBeVisible();
    await openCheckout(shopper);
    await shopper.getByLabel("Email address").fill(email);
    const billing = shopper.locator("#billing-fields");
    await billing.getByLabel("Country/Region").selectOption("US");
    await billing.getByLabel("First name").fill("Rita");
    await billing.getByLabel("Last name").fill("Reader");
    await billing.getByLabel("Address", { exact: true }).fill("1 Test Street");
    await billing.getByLabel("City").fill("Los Angeles");
    await billing.getByLabel("State").selectOption("CA");
    await billing.getByLabel("ZIP Code").fill("90001");
    await billing.getByLabel("Phone").fill("555-0100");
    await shopper.getByLabel("Create an account with us").check();
    await shopper.getByLabel("Create a password").fill("a-much-longer-passphrase-2026");
    await shopper.getByRole("radio", { name: /Test card/ }).check();
    await shopper.getByLabel("Card number").fill("4242 4242 4242 4242");
    await shopper.getByLabel("Expiry date (MM/YY)").fill("12/40");
    await shopper.getByLabel("Security code").fill("123");
    await shopper.getByRole("button", { name: /Place Order/ }).click();
    await expect(shopper).toHaveURL(/\/checkout\/order-received\/\d+/);
    const orderId = Number(/order-received\/(\d+)/.exec(shopper.url())?.[1]);

    // Nothing to send: the order is complete, and its file is listed with both downloads left.
    const downloads = shopper.getByRole("region", { name: "Downloads" });
    await expect(downloads.getByRole("row", { name: /Sock pattern/ })).toContainText("2 left");
    expect(await seriousViolations(shopper)).toEqual([]);
    const link = (await downloads.getByRole("link", { name: "Download Sock pattern (PDF)" }).getAttribute("href")) ?? "";
    const [download] = await Promise.all([
      shopper.waitForEvent("download"),
      downloads.getByRole("link", { name: "Download Sock pattern (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("sock-pattern.pdf");
    expect((await readFile(await download.path())).equals(PATTERN)).toBe(true);

    // My account > Downloads: the same file, one download left.
    await shopper.goto("/my-account");
    await shopper.getByRole("navigation", { name: "Account pages" }).getByRole("link", { name: "Downloads" }).click();
    await expect(shopper.getByRole("heading", { level: 1, name: "Downloads" })).toBeVisible();
    const row = shopper.getByRole("row", { name: /Sock pattern/ });
    await expect(row).toContainText("1 left");
    expect(await seriousViolations(shopper)).toEqual([]);
    const [second] = await Promise.all([shopper.waitForEvent("download"), row.getByRole("link", { name: /Download/ }).click()]);
    expect(second.suggestedFilename()).toBe("sock-pattern.pdf");
    // Used up: gone from the list, and the link says so on the shop's page.
    await shopper.reload();
    await expect(shopper.getByText("You have no downloads available yet.")).toBeVisible();
    const refused = await shopper.goto(link);
    expect(refused?.status()).toBe(410);
    await expect(shopper.getByRole("heading", { level: 1, name: "No downloads left" })).toBeVisible();
    expect(await seriousViolations(shopper)).toEqual([]);
    await context.close();

    // The owner sees the count on the order's page.
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Completed");
    const granted = page.getByRole("region", { name: "Downloads" });
    const grantedRow = granted.getByRole("row", { name: /Sock pattern \(PDF\)/ });
    // Downloaded twice, none left.
    await expect(grantedRow.getByRole("cell").nth(0)).toHaveText("2");
    await expect(grantedRow.getByRole("cell").nth(1)).toHaveText("0");
    expect(await seriousViolations(page)).toEqual([]);

    // The owner grants another downloadable product's files, one not on the order (decision 0100).
    const extra = await page.request.post("/api/admin/v1/products", {
      headers: await ownerHeaders(page),
      data: { name: `Mitten pattern ${stamp}`, slug: `mitten-pattern-${stamp}`, status: "draft", regular_price: 500, virtual: true },
    });
    expect(extra.status(), await extra.text()).toBe(201);
    extraId = (await extra.json()).id as number;
    const settings = await page.request.put(`/api/admin/v1/products/${extraId}/downloads`, {
      headers: await ownerHeaders(page),
      data: { downloadable: true },
    });
    expect(settings.status()).toBe(200);
    const file = await page.request.post(`/api/admin/v1/products/${extraId}/downloads/files`, {
      headers: await ownerHeaders(page),
      multipart: { name: "Mitten pattern (PDF)", file: { name: "mittens.pdf", mimeType: "application/pdf", buffer: PATTERN } },
    });
    expect(file.status(), await file.text()).toBe(201);
    await page.reload();
    const orderCard = page.getByRole("region", { name: "Downloads" });
    const choice = orderCard.getByRole("combobox", { name: "Grant access to a product's files" });
    await expect(choice.locator("optgroup", { has: page.locator("option", { hasText: "Mitten pattern" }) })).toHaveAttribute(
      "label",
      "Other downloadable products",
    );
    await choice.selectOption({ label: `Mitten pattern ${stamp}, 1 file` });
    await orderCard.getByRole("button", { name: "Grant access" }).click();
    await expect(page.getByText("1 file granted.")).toBeAttached();
    await expect(orderCard.getByRole("row", { name: /Mitten pattern \(PDF\)/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await page.request.delete(`/api/admin/v1/products/${productId}`, { headers: await ownerHeaders(page) });
    if (extraId) await page.request.delete(`/api/admin/v1/products/${extraId}`, { headers: await ownerHeaders(page) });
  }
});
