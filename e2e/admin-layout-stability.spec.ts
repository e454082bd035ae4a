/**
 * The console and the shop hold still while they load (decision 0180). Each main page, opened at 1280×720, at 390×844
 * and on a wide desktop (1920×1080, where a console page waiting for its data does not fill the window) and left to
 * settle (hydrated, its data in, every request answered), shifts its layout by no more than Web Vitals' "good" 0.1,
 * and its frame (the console's header and menu, the shop's header) stands where the first frame drew it. The browser
 * draws classic scrollbars, as on Windows and Linux desktops: one that came as the page grew narrowed the page and
 * moved the console's header links and the shop's centred page. An owner who reaches for the menu's last link while
 * a console page's data is still on its way finds the link where they scrolled it when the data comes: React Router
 * ended the first load by scrolling the window back to where it stood at hydration, and the link jumped away.
 */
import { expect, type Page, type Request, type Route, test } from "@playwright/test";
import { addToCart, isHydrated } from "./support/checkout.ts";
import { journeyLaunchOptions } from "./support/chromium.ts";
import { CONSOLE_FRAME, GOOD_LAYOUT_SHIFT, layoutSoFar, SHOP_FRAME, watchLayout } from "./support/layout-shift.ts";
import { signInAsOwner } from "./support/owner.ts";

// Playwright hides a headless browser's scrollbars; these journeys keep them (the config's launch options otherwise).
test.use({ launchOptions: { ...journeyLaunchOptions(), ignoreDefaultArgs: ["--hide-scrollbars"] } });

/** The window's sizes; `menuScrolls`: the console's menu is taller than the window, so the owner scrolls to its end. */
const SIZES = [
  { viewport: { width: 1280, height: 720 }, menuScrolls: true },
  { viewport: { width: 390, height: 844 }, menuScrolls: true },
  // A wide desktop: a console page waiting for its data does not fill the window, so the scrollbar comes with the data.
  { viewport: { width: 1920, height: 1080 }, menuScrolls: false },
] as const;

/** The console's main pages and their headings. */
const CONSOLE_PAGES = [
  ["/admin", "Dashboard"],
  ["/admin/orders", "Orders"],
  ["/admin/products", "Products"],
  ["/admin/customers", "Customers"],
  ["/admin/coupons", "Coupons"],
  ["/admin/reviews", "Reviews"],
  ["/admin/forms", "Forms"],
  ["/admin/widgets", "Widgets"],
  ["/admin/reports", "Reports"],
  ["/admin/settings", "Settings"],
  ["/admin/payments", "Payment methods"],
  ["/admin/shipping", "Shipping"],
  ["/admin/taxes", "Taxes"],
] as const;

/** The shop's main pages (a product in the cart first, so the cart and the checkout are whole). */
const SHOP_PAGES = ["/shop", "/product/hoodie", "/cart", "/checkout", "/forms/custom-tee"] as const;

/** How many of the page's requests made from now on are still unanswered. */
function unansweredRequests(page: Page): () => number {
  const open = new Set<Request>();
  page.on("request", (request) => open.add(request));
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return () => open.size;
}

/** A console page is settled once its heading shows, nothing says "Loading…" and every request it made is answered. */
async function consoleSettled(page: Page, heading: string, pending: () => number) {
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expect.poll(pending, { intervals: [50] }).toBe(0);
  // What the last answer brought is drawn in the next frame.
  await page.evaluate("new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))");
}

/** A shop page is settled once React has hydrated it (a form's page never is) and every request it made is answered. */
async function shopSettled(page: Page, path: string, pending: () => number) {
  if (!path.startsWith("/forms/")) await expect.poll(() => page.locator("h1").first().evaluate(isHydrated)).toBe(true);
  await expect.poll(pending, { intervals: [50] }).toBe(0);
  await page.evaluate("new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))");
}

/** The page's shifts add up to no more than the bound, and its frame stands where the first frame drew it. */
async function heldStill(page: Page, path: string) {
  const { score, shifts, moved } = await layoutSoFar(page);
  expect(score, `${path} shifts: ${shifts.join("; ")}`).toBeLessThanOrEqual(GOOD_LAYOUT_SHIFT);
  expect(moved, path).toEqual([]);
}

for (const { viewport, menuScrolls } of SIZES) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the console's main pages shift by no more than 0.1 and their header and menu stay where the first frame drew them", async ({
      page,
    }) => {
      // Thirteen pages, each waited for whole.
      test.setTimeout(90_000);
      await signInAsOwner(page, null);
      await watchLayout(page, CONSOLE_FRAME);
      const pending = unansweredRequests(page);
      for (const [path, heading] of CONSOLE_PAGES) {
        await page.goto(path);
        await consoleSettled(page, heading, pending);
        await heldStill(page, path);
      }
    });

    test("the shop's main pages shift by no more than 0.1 and their header stays where the first frame drew it", async ({ page }) => {
      await addToCart(page, "classic-t-shirt", "Classic T-Shirt");
      await watchLayout(page, SHOP_FRAME);
      const pending = unansweredRequests(page);
      for (const path of SHOP_PAGES) {
        await page.goto(path);
        await shopSettled(page, path, pending);
        await heldStill(page, path);
      }
    });

    if (menuScrolls)
      test("the menu's last link, scrolled to while a console page's data is on its way, is still there when the data comes", async ({
        page,
      }) => {
        await signInAsOwner(page, null);
        const nav = page.getByRole("navigation", { name: "Console" });
        const pending = unansweredRequests(page);
        for (const [path, heading] of [
          ["/admin", "Dashboard"],
          ["/admin/settings", "Settings"],
        ] as const) {
          // The page's owner API calls wait until the owner has reached for the link.
          const asked = Promise.withResolvers<void>();
          const released = Promise.withResolvers<void>();
          const hold = async (route: Route) => {
            asked.resolve();
            await released.promise;
            await route.fallback();
          };
          await page.route("**/api/admin/v1/**", hold);
          await page.goto(path);
          // The page asks for its data once React has hydrated it.
          await asked.promise;
          await expect(page.getByText("Loading…")).toBeVisible();
          // On a phone the menu is behind its button.
          if (viewport.width < 760) await page.getByRole("button", { name: "Console" }).click();
          const last = nav.getByRole("link").last();
          await last.scrollIntoViewIfNeeded();
          const reached = await last.boundingBox();
          expect(await page.evaluate<number>("scrollY"), path).toBeGreaterThan(0);
          released.resolve();
          await consoleSettled(page, heading, pending);
          expect(await last.boundingBox(), path).toEqual(reached);
          await page.unroute("**/api/admin/v1/**", hold);
        }
      });
  });
}
