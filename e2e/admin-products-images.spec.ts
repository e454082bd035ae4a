/**
 * Product images in the console (issue 19, decision 0045): by keyboard alone the owner uploads two
 * images to a new product, moves the second to the front, gives each its alt text and publishes
 * it; a shopper's product page then shows the main image with srcset (served as AVIF to Chromium)
 * and both in the gallery. axe on the form with its gallery and on the product page. The product
 * and its images are deleted at the end, so /shop lists the demo's 24 products again. While an upload
 * runs, the file field keeps the keyboard's focus and a second pick opens no chooser, the owner told why.
 */
import { expect, type Page, test } from "@playwright/test";
import { fileChooserByKeyboard, picture } from "./support/catalogue.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

/** The owner API's nonce for this page's session, from any reply (for the clean-up calls). */
async function ownerNonce(page: Page): Promise<string> {
  const reply = await page.request.get("/api/admin/v1/media?per_page=1");
  return reply.headers().nonce ?? "";
}

test("the owner uploads, orders and describes a product's images by keyboard, and the shop shows them with srcset", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const name = `Picture Frame ${stamp}`;
  const slug = `picture-frame-${stamp}`;
  await signInAsOwner(page, "/admin/products/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Images" })).toBeVisible();

  const nameField = page.getByRole("textbox", { name: "Name" });
  await nameField.focus();
  await page.keyboard.type(name);
  const price = page.getByRole("textbox", { name: "Regular price (USD)" });
  await price.focus();
  await page.keyboard.type("18.00");
  const status = page.getByRole("combobox", { name: "Status", exact: true });
  await status.focus();
  await page.keyboard.press("ArrowUp");
  await expect(status).toHaveValue("publish");

  // The file input opened by the keyboard; the chooser is given two pictures.
  const upload = page.getByLabel("Upload images");
  await upload.focus();
  await (await fileChooserByKeyboard(page)).setFiles([
    { name: "frame-front.jpg", mimeType: "image/jpeg", buffer: await picture("#c0392b", 1600, 1600) },
    { name: "frame-back.jpg", mimeType: "image/jpeg", buffer: await picture("#2471a3", 1400, 1400) },
  ]);
  const gallery = page.getByRole("list", { name: "Gallery, in the order shoppers see it" });
  await expect(gallery.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("frame-back.jpg uploaded and added to the gallery.")).toBeAttached();
  // No alt text yet: each says so.
  const firstAlt = page.getByRole("textbox", { name: "Alt text, image 1" });
  await expect(firstAlt).toHaveAccessibleDescription(/No alt text yet/);
  await expect(page.getByRole("textbox", { name: "Alt text, image 2" })).toHaveAccessibleDescription(/No alt text yet/);
  const sources = async () => [
    await gallery.locator("img").nth(0).getAttribute("src"),
    await gallery.locator("img").nth(1).getAttribute("src"),
  ];
  const [frontSrc, backSrc] = await sources();

  // The back view to the front: focus stays on the moved image, whose Up button is now disabled.
  await page.getByRole("button", { name: "Move image 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move image 1 down" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Move image 1 up" })).toBeDisabled();
  await expect(page.getByText("Image moved to place 1 of 2.")).toBeAttached();
  expect(await sources()).toEqual([backSrc, frontSrc]);

  await firstAlt.focus();
  await page.keyboard.type("The frame's back, with its stand");
  await expect(firstAlt).toHaveAccessibleDescription(/What the picture shows/);
  // Past the first image's Move down and Remove buttons (its Move up is disabled) to the second's alt text.
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Alt text, image 2" })).toBeFocused();
  await page.keyboard.type("A red wooden picture frame");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Create product" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Product ${name}` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Alt text, image 1" })).toHaveValue("The frame's back, with its stand");
  await expect(page.getByRole("textbox", { name: "Alt text, image 2" })).toHaveValue("A red wooden picture frame");
  expect(await seriousViolations(page)).toEqual([]);

  // A shopper on a phone: the main image is the back view, from srcset, as AVIF.
  const shopperContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const shopper = await shopperContext.newPage();
  const imageTypes: string[] = [];
  shopper.on("response", (response) => {
    if (response.url().includes("/media/")) imageTypes.push(response.headers()["content-type"] ?? "");
  });
  await shopper.goto(`/product/${slug}`);
  const main = shopper.locator(".product__gallery > img.product-image");
  await expect(main).toHaveAttribute("alt", "The frame's back, with its stand");
  await expect(main).toHaveAttribute("srcset", /-300w-[0-9a-f]{10} 300w, .*-600w-[0-9a-f]{10} 600w, .*-1200w-[0-9a-f]{10} 1200w/);
  await expect(main).toHaveAttribute("width", "600");
  const MAIN = "document.querySelector('.product__gallery > img.product-image')";
  await expect.poll(() => shopper.evaluate(`${MAIN}.complete && ${MAIN}.naturalWidth`)).toBeGreaterThan(0);
  // 390 CSS pixels at 2× want about 780 pixels: the 1200 file, never the 2400-pixel original.
  expect(await shopper.evaluate(`${MAIN}.currentSrc`)).toMatch(/-1200w-/);
  expect(imageTypes).toContain("image/avif");
  const thumbnails = shopper.getByRole("list", { name: "Product images" }).getByRole("link");
  await expect(thumbnails).toHaveCount(2);
  await thumbnails.nth(1).focus();
  await shopper.keyboard.press("Enter");
  await expect(main).toHaveAttribute("alt", "A red wooden picture frame");
  expect(await seriousViolations(shopper)).toEqual([]);
  await shopperContext.close();

  // Deleted again: the product, then its images (refused while the product showed them).
  const productId = Number(new URL(page.url()).pathname.split("/").pop());
  const product = await (await page.request.get(`/api/admin/v1/products/${productId}`)).json();
  await page.getByRole("button", { name: "Delete product" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const nonce = await ownerNonce(page);
  for (const image of product.images as { id: number }[]) {
    expect((await page.request.delete(`/api/admin/v1/media/${image.id}`, { headers: { nonce } })).status()).toBe(204);
  }
});

test("while an upload is on its way the file field keeps the keyboard's focus and refuses another pick, saying why", async ({ page }) => {
  await signInAsOwner(page, "/admin/products/new");
  await expect(page.getByRole("heading", { level: 2, name: "Images" })).toBeVisible();
  // The upload waits at the network until the journey lets it go: the order of events is the journey's, not the clock's.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/admin/v1/media", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await released;
    await route.continue();
  });
  const answered = page.waitForResponse(
    (response) => response.url().endsWith("/api/admin/v1/media") && response.request().method() === "POST",
  );

  const upload = page.getByLabel("Upload images");
  await upload.focus();
  await (await fileChooserByKeyboard(page)).setFiles([
    { name: "slow-lamp.jpg", mimeType: "image/jpeg", buffer: await picture("#8e44ad", 400, 400) },
  ]);
  await expect(page.getByText("Uploading 1 image…")).toBeVisible();
  await expect(upload).toHaveAttribute("aria-disabled", "true");
  await expect(upload).toBeFocused();

  // A second pick by keyboard opens no chooser: the owner hears why, and the focus stays.
  let choosers = 0;
  page.on("filechooser", () => {
    choosers++;
  });
  await page.keyboard.press("Space");
  await expect(
    page.getByRole("status").filter({ hasText: "An upload is on its way: choose more images once it has finished." }),
  ).toBeVisible();
  await expect(upload).toBeFocused();
  expect(choosers).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  release();
  const media = await (await answered).json();
  await expect(page.getByRole("list", { name: "Gallery, in the order shoppers see it" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("slow-lamp.jpg uploaded and added to the gallery.")).toBeAttached();
  await expect(upload).toHaveAttribute("aria-disabled", "false");
  await expect(upload).toBeFocused();
  // Free again: the next pick opens the chooser.
  await fileChooserByKeyboard(page);

  // The product is never saved: its one upload is deleted again.
  const nonce = await ownerNonce(page);
  expect((await page.request.delete(`/api/admin/v1/media/${media.id}`, { headers: { nonce } })).status()).toBe(204);
});
