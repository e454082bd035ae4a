/** Order attribution (issue 7): where a visitor came from follows them to the order, under the page's CSP. */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { addToCart, fillUsAddress, isHydrated, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";

const cookie = async (context: BrowserContext, name: string) => {
  const found = (await context.cookies()).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
};

/** Places the order and gives its id. The second order of a session finds the address already kept with the cart. */
async function placeOrderOnDelivery(page: Page, { addressKept = false } = {}): Promise<number> {
  await openCheckout(page);
  if (!addressKept) await fillUsAddress(page);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  // The origin is the owner's marketing data: the shopper's receipt does not show it.
  await expect(page.getByRole("heading", { name: "Order details" })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Origin/ })).toHaveCount(0);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** The origin each order shows on the owner's order page. */
async function ownerSeesOrigins(browser: Browser, orders: number[]): Promise<string[]> {
  const owner = await (await browser.newContext()).newPage();
  await signInAsOwner(owner);
  const origins: string[] = [];
  for (const id of orders) {
    await owner.goto(`/admin/orders/${id}`);
    const origin = owner
      .getByRole("region", { name: "Origin" })
      .locator("dt", { hasText: /^Origin$/ })
      .locator("+ dd");
    origins.push((await origin.innerText()).trim());
  }
  await owner.context().close();
  return origins;
}

test("a visitor from a search with a campaign keeps it through browsing, checkout and a later direct visit", async ({
  page,
  context,
  browser,
}) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    // The script must run under the CSP, and the page must hydrate without a mismatch.
    if (/Content Security Policy|Minified React error|hydrat/i.test(message.text())) blocked.push(message.text());
  });

  await page.goto("/shop?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale", { referer: "https://www.google.com/" });
  await expect.poll(() => cookie(context, "cw_attr_current")).toContain("typ=utm|||src=newsletter|||mdm=email|||cmp=spring-sale");
  expect(await cookie(context, "cw_attr_current_add")).toContain("rf=https://www.google.com/");
  expect(await cookie(context, "cw_attr_session")).toMatch(/^pgs=1\|\|\|cpg=/);

  // Browse inside the app (no reload): each page change counts.
  await expect.poll(() => page.locator("h1").first().evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await page.getByRole("link", { name: "Classic T-Shirt" }).first().click();
  await expect(page).toHaveURL(/\/product\/classic-t-shirt/);
  await expect.poll(() => cookie(context, "cw_attr_session")).toMatch(/^pgs=2\|\|\|cpg=.*classic-t-shirt/);

  await addToCart(page, "classic-t-shirt", "Classic T-Shirt");
  await openCheckout(page);
  await expect(page.locator('input[type="hidden"][name="cw_order_attribution_source_type"]')).toHaveValue("utm");
  await expect(page.locator('input[type="hidden"][name="cw_order_attribution_utm_source"]')).toHaveValue("newsletter");
  await expect(page.locator('input[type="hidden"][name="cw_order_attribution_referrer"]')).toHaveValue("https://www.google.com/");
  const first = await placeOrderOnDelivery(page);

  // Back later, typed in, in the same session: the campaign stays the order's origin.
  await page.goto("/");
  expect(await cookie(context, "cw_attr_current")).toContain("typ=utm|||src=newsletter");
  expect(await cookie(context, "cw_attr_udata")).toMatch(/^vst=1\|\|\|/);
  await addToCart(page, "beanie", "Beanie");
  const second = await placeOrderOnDelivery(page, { addressKept: true });
  expect(blocked).toEqual([]);
  expect(await ownerSeesOrigins(browser, [first, second])).toEqual(["Source: Newsletter", "Source: Newsletter"]);
});

test("a visitor who withdraws consent loses the cookies and sends no attribution", async ({ page, context, browser }) => {
  await page.goto("/shop", { referer: "https://duckduckgo.com/" });
  await expect.poll(() => cookie(context, "cw_attr_current")).toContain("typ=organic|||src=duckduckgo");
  await page.evaluate('window.dispatchEvent(new CustomEvent("cw:consent", { detail: { marketing: false } }))');
  // Handled as soon as its code arrives (it loads with the first consent event).
  const names = async () => (await context.cookies()).map((c) => c.name);
  await expect.poll(async () => (await names()).filter((name) => name.startsWith("cw_attr_"))).toEqual([]);
  expect(await names()).toContain("cw_consent_marketing");

  // Later pages set nothing, and the order's origin is unknown.
  await addToCart(page, "classic-t-shirt", "Classic T-Shirt");
  await openCheckout(page);
  await expect(page.locator('input[name^="cw_order_attribution_"]')).toHaveCount(0);
  const order = await placeOrderOnDelivery(page);
  expect((await context.cookies()).some((c) => c.name.startsWith("cw_attr_"))).toBe(false);
  expect(await ownerSeesOrigins(browser, [order])).toEqual(["Unknown"]);
});
