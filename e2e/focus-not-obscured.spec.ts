/**
 * Nothing fixed or sticky on screen hides a control a user needs (WCAG 2.4.11, focus not obscured; decision 0179): on
 * a phone (390 px) and a desktop (1280 px), Tab and Shift+Tab through every control of the demo shop's pages with its
 * contact widget showing, of a public form and of console pages, and none is under the widget's button, a sticky head
 * or the console's toast; scrolled to a page's end, its last controls are clear too.
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart, openCheckout } from "./support/checkout.ts";
import { coveredAtPageEnd, coveredWhileTabbing } from "./support/obscured.ts";
import { signInAsOwner } from "./support/owner.ts";

const WIDTHS = [
  { width: 390, height: 740 },
  { width: 1280, height: 800 },
] as const;

/** The demo widget's button (DEMO.md: shown at once), and its core loaded: it keeps the page's focus clear of it. */
async function widgetShown(page: Page) {
  await expect(page.locator("[data-contact-widget]").getByRole("button", { name: "Need help? Contact us" })).toBeVisible();
  // The core comes when the browser is idle; the room it takes at the window's foot says it is there.
  await expect.poll(() => page.evaluate("getComputedStyle(document.documentElement).scrollPaddingBottom")).not.toBe("auto");
}

/** Every control, forwards from the page's top and backwards from its end, and the page's end itself: nothing covered. */
async function nothingCovered(page: Page) {
  expect(await coveredWhileTabbing(page)).toEqual([]);
  expect(await coveredWhileTabbing(page, { backwards: true })).toEqual([]);
  expect(await coveredAtPageEnd(page)).toEqual([]);
}

for (const size of WIDTHS) {
  test.describe(`${size.width} px wide`, () => {
    test.use({ viewport: size });
    // Every control of several pages, each press read in the page: more than the default minute on a busy machine.
    test.setTimeout(180_000);

    test("the shop and a product page: the widget covers no control", async ({ page }) => {
      for (const path of ["/shop", "/product/classic-t-shirt"]) {
        await page.goto(path);
        await widgetShown(page);
        await nothingCovered(page);
      }
    });

    test("the cart, its drawer and the checkout, Place Order and the last field: the widget covers none", async ({ page }) => {
      await addToCart(page, "classic-t-shirt", "Classic T-Shirt");
      await page.goto("/cart");
      await widgetShown(page);
      await nothingCovered(page);
      // The mini-cart's drawer is modal: the keyboard stays in it, and the widget lies under its backdrop.
      await page.getByRole("button", { name: /in cart/ }).click();
      await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeFocused();
      expect(await coveredWhileTabbing(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await openCheckout(page);
      await widgetShown(page);
      await nothingCovered(page);
    });

    test("a public form of several pages: the widget covers neither its fields nor Next", async ({ page }) => {
      await page.goto("/forms/custom-tee");
      await widgetShown(page);
      await nothingCovered(page);
    });

    test("console pages: no sticky head hides a field the keyboard comes back to", async ({ page }) => {
      await signInAsOwner(page, "/admin/coupons/new");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      for (const path of ["/admin/coupons/new", "/admin/widgets/1", "/admin/settings", "/admin/orders"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await nothingCovered(page);
      }
    });
  });
}

test("a page of another site with a form's and the widget's one-tag embeds: the widget covers none of the form's controls", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 740 });
  // A page the shop does not render, at an address the widget's embed allows (the shop's own origin): the widget keeps
  // its room from the page's own layout, which it does not own.
  const hostPage = `${baseURL}/a-partner-page`;
  await page.route(hostPage, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><title>A partner's page</title><meta name="viewport" content="width=device-width"></head><body><main><h1>A partner's page</h1><script src="${baseURL}/forms/feedback.js"></script></main><script src="${baseURL}/widget/1.js" async></script></body></html>`,
    }),
  );
  await page.goto(hostPage);
  await expect(page.locator("form.cwf")).toHaveAttribute("data-ready", "");
  await widgetShown(page);
  expect(await coveredWhileTabbing(page)).toEqual([]);
  expect(await coveredWhileTabbing(page, { backwards: true })).toEqual([]);
});

test("the open channel list closes when the keyboard leaves it for the page, so it never covers the control reached", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 740 });
  await page.goto("/shop");
  await widgetShown(page);
  const button = page.locator("[data-contact-widget]").getByRole("button", { name: "Need help? Contact us" });
  await button.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("list", { name: "Contact channels" });
  await expect(list).toBeVisible();
  // Back from the widget's button into the page: the footer's last link, where the list stood.
  await page.keyboard.press("Shift+Tab");
  await expect(list).toBeHidden();
  expect(await coveredWhileTabbing(page, { backwards: true })).toEqual([]);

  // Only the keyboard leaving it closes the list: opened by the mouse, it stays open as a field of the page is pressed.
  await page.evaluate("window.scrollTo(0, 0)");
  await button.click();
  await expect(list).toBeVisible();
  await page.getByLabel("Sort by").click();
  await expect(page.getByLabel("Sort by")).toBeFocused();
  await expect(list).toBeVisible();
});

test("on a 360 px phone the console's error toast, however long, covers no control, nor the page's last", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 640 });
  await signInAsOwner(page, "/admin/taxes");
  // The shop cannot be reached when the rate is saved: the error stays on screen until dismissed.
  await page.route("**/api/admin/v1/tax-rates/*", (route) => (route.request().method() === "GET" ? route.fallback() : route.abort()));
  await page.getByRole("button", { name: "Save CA Tax" }).click();
  await expect(page.locator(".admin-toast")).toContainText("The shop could not be reached");
  await nothingCovered(page);
});
