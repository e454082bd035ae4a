/**
 * The cart page keeping up with the server (spec §4 "Cart data refresh", §7 batching): a line
 * removed in another tab is announced, a tab shown again asks for the cart afresh, quick edits
 * travel together in one /batch request, a cart asked for while a write is on its way shows that write,
 * and a write waiting its turn still reaches the server, once, when the page is hidden (decision 0165), as does an
 * edit the page itself still holds back (an address being typed, a quantity: decision 0165, amended), and when the
 * checkout is left for the cart within the app; an order is placed only for the cart, and at the total, the checkout
 * shows (decision 0168 and its amendment), and a press within an address edit's wait is priced with it first, the
 * shopper told why when that moved the total (decision 0175).
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { addToCart, fillUsAddress, openCheckout, openHydrated, shippingField } from "./support/checkout.ts";
import { ownerApiNonce } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

async function addFromProductPage(page: Page, slug: string, name: string) {
  await openHydrated(page, `/product/${slug}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: `“${name}” was added to your cart.` })).toBeVisible();
}

async function openCart(page: Page) {
  await page.goto("/cart");
  const heading = page.locator(".cart-page h1");
  await expect.poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))).toBe(true);
}

/** Tells the page it is hidden or shown again, as switching tabs or apps does (the journey's window stays on screen). */
const setVisibility = (page: Page, state: "hidden" | "visible") =>
  page.evaluate(`(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "${state}" });
    document.dispatchEvent(new Event("visibilitychange"));
  })()`);

test("a line removed in another tab is announced when the cart next answers", async ({ page, context }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);

  // Another tab of the same shopper removes the T-shirt.
  const other = await context.newPage();
  await openCart(other);
  await other.getByRole("button", { name: "Remove Classic T-Shirt from cart" }).click();
  await expect(other.getByRole("link", { name: "Classic T-Shirt", exact: true })).toHaveCount(0);
  await other.close();

  // This tab still shows it, until its next exchange with the server.
  await expect(page.getByRole("link", { name: "Classic T-Shirt", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Increase quantity of Beanie" }).click();
  await expect(page.getByText('"Classic T-Shirt" was removed from your cart.')).toBeVisible();
  await expect(page.getByRole("link", { name: "Classic T-Shirt", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
});

test("a tab shown again shows what another tab changed meanwhile, before the shopper acts on it", async ({ page, context }) => {
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);
  const total = page.locator(".totals__item").filter({ has: page.getByText("Estimated total", { exact: true }) });
  const before = await total.textContent();
  expect(before).toContain("$");

  // The shopper goes to another tab and adds a second beanie there.
  await setVisibility(page, "hidden");
  const other = await context.newPage();
  await openCart(other);
  // The screen shows 2 at once; the write leaves within the batching window: wait for the server's answer.
  const written = other.waitForResponse(
    (r) => r.request().method() === "POST" && /\/api\/store\/v1\/(cart\/update-item|batch)/.test(r.url()),
  );
  await other.getByRole("button", { name: "Increase quantity of Beanie" }).click();
  expect((await written).ok()).toBe(true);
  await other.close();

  // Back on the first tab: it asks the server at once, without a click.
  const asked = page.waitForResponse((r) => r.request().method() === "GET" && /\/api\/store\/v1\/cart(\?|$)/.test(r.url()));
  await setVisibility(page, "visible");
  expect((await asked).status()).toBe(200);
  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
  await expect(page.getByText('The quantity of "Beanie" was changed to 2.')).toBeVisible();
  await expect(total).not.toHaveText(before ?? "");
});

test("quick edits to several lines go to the server as one batch", async ({ page }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);

  const writes: { url: string; body: unknown }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/store/v1/"))
      writes.push({ url: request.url(), body: request.postDataJSON() });
  });
  const batchReply = page.waitForResponse((r) => r.url().includes("/api/store/v1/batch"));
  // Three clicks inside the 300 ms batching window: sent from the page at once, because separate
  // Playwright clicks can drift past the window on a busy machine.
  // A string runs as a CDP expression, without the DOM types this project does not load.
  await page.evaluate(`(async () => {
    const names = ["Increase quantity of Beanie", "Increase quantity of Classic T-Shirt", "Increase quantity of Classic T-Shirt"];
    for (const name of names) {
      const button = document.querySelector('button[aria-label="' + name + '"]');
      if (!button) throw new Error("no button " + name);
      button.click();
      // A frame between clicks, as a person clicking fast gives the page.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    }
  })()`);
  expect((await batchReply).status()).toBe(200);

  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
  await expect(page.getByLabel("Quantity of Classic T-Shirt in your cart")).toHaveValue("3");
  expect(writes).toHaveLength(1);
  const [batch] = writes as [{ url: string; body: { requests: { path: string; body: { quantity: number } }[] } }];
  expect(batch.url).toContain("/api/store/v1/batch");
  expect(batch.body.requests.length).toBeGreaterThanOrEqual(2);
  expect(batch.body.requests.every((r) => r.path.startsWith("/api/store/v1/cart/update-item"))).toBe(true);

  // What the server holds agrees with the screen.
  await openCart(page);
  await expect(page.getByLabel("Quantity of Beanie in your cart")).toHaveValue("2");
  await expect(page.getByLabel("Quantity of Classic T-Shirt in your cart")).toHaveValue("3");
});

/**
 * Holds the page's first request to `url` (a /batch by default) whose body holds `marker` before it reaches the
 * server, as a slow network may, until `release`; the others pass.
 */
async function holdRequest(page: Page, marker: string, url = "**/api/store/v1/batch*") {
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let holding = false;
  await page.route(url, async (route) => {
    if (holding || !route.request().postData()?.includes(marker)) return route.continue();
    holding = true;
    reached();
    await gate;
    await route.continue();
  });
  return { reached: held, release };
}

const isCartGet = (url: string, method: string) => method === "GET" && /\/api\/store\/v1\/cart(\?|$)/.test(url);

test("the cart asked for while an add is on its way shows the add, not the cart from before it", async ({ page }) => {
  await openHydrated(page, "/shop?orderby=price");
  const slow = await holdRequest(page, "/cart/add-item");
  await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
  await slow.reached;
  // The shopper reaches for the mini-cart while the add has not reached the server: it asks for the cart.
  const asked = page.waitForResponse((r) => isCartGet(r.url(), r.request().method()));
  await page.getByRole("button", { name: /in cart, total price of/ }).hover();
  slow.release();
  expect((await asked).ok()).toBe(true);
  await expect(page.getByRole("button", { name: "1 item in cart, total price of $8.50" })).toBeVisible();
});

test("a rate chosen while an address edit is on its way reaches the server as the tab is hidden, once", async ({ page, context }) => {
  // Over $100 a US cart may ship free or at the flat rate: two rates to choose from.
  await addToCart(page, "classic-t-shirt", "Classic T-Shirt", 5);
  await openCheckout(page);
  await fillUsAddress(page, "leaving@example.com");
  const serverCart = async () => (await context.request.get("/api/store/v1/cart")).json();
  await expect.poll(async () => (await serverCart()).shipping_address.phone).toBe("555-0100");
  const rates = page.locator('input[name="shipping-rate-0"]');
  await expect(rates.first()).toBeVisible();
  expect(await rates.count()).toBeGreaterThan(1);
  const rateRequests: string[] = [];
  page.on("request", (request) => {
    if (request.postData()?.includes("select-shipping-rate") || request.url().includes("/cart/select-shipping-rate"))
      rateRequests.push(request.url());
  });

  // A phone edit leaves and is held on the way; the shopper picks another rate, which waits its turn in the page...
  const slow = await holdRequest(page, "555-0199");
  await shippingField(page, "Phone").fill("555-0199");
  await shippingField(page, "Phone").blur();
  await slow.reached;
  const other = page.locator('input[name="shipping-rate-0"]:not(:checked)').first();
  const chosen = await other.getAttribute("value");
  await other.click();
  expect(rateRequests).toEqual([]);
  // ...and switches to another app: the last a phone may tell a page before it ends it. The rate leaves at once.
  await setVisibility(page, "hidden");
  const selected = (cart: { shipping_rates: { shipping_rates: { rate_id: string; selected: boolean }[] }[] }) =>
    cart.shipping_rates[0]?.shipping_rates.find((rate) => rate.selected)?.rate_id;
  await expect.poll(async () => selected(await serverCart())).toBe(chosen);

  // The shopper comes back and the phone edit arrives: the rate is not sent again, and the server keeps both.
  await setVisibility(page, "visible");
  const phoneAnswered = page.waitForResponse(
    (r) => r.url().includes("/api/store/v1/batch") && Boolean(r.request().postData()?.includes("555-0199")),
  );
  slow.release();
  expect((await phoneAnswered).ok()).toBe(true);
  const after = await serverCart();
  expect([selected(after), after.shipping_address.phone]).toEqual([chosen, "555-0199"]);
  expect(rateRequests).toHaveLength(1);
});

/** At the checkout with a California address the server holds and cash on delivery chosen: one press from an order. */
async function checkoutReadyToPlace(page: Page, context: BrowserContext) {
  await openCheckout(page);
  await fillUsAddress(page);
  await expect.poll(async () => (await (await context.request.get("/api/store/v1/cart")).json()).shipping_address.phone).toBe("555-0100");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
}

/** The Store API writes a page's requests carry to `path`, each batch's one by one. */
function callsTo(page: Page, path: string) {
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" || !request.url().includes("/api/store/v1/")) return;
    const body = request.postDataJSON() as { requests?: { path: string; body: Record<string, unknown> }[] } & Record<string, unknown>;
    const calls = request.url().includes("/api/store/v1/batch") ? (body.requests ?? []) : [{ path: request.url(), body }];
    for (const call of calls) if (call.path.includes(path)) bodies.push(call.body);
  });
  return bodies;
}

/** A reply to a request of the page whose body holds `marker`. */
const answerTo = (page: Page, marker: string) => page.waitForResponse((r) => r.request().postData()?.includes(marker) === true);

// In the two journeys below a request on its way is held, as a page that is gone never sends what waits behind one:
// what reaches the server meanwhile is what left as the page hid.

test("a quantity typed, then the tab hidden before the page sent it, reaches the server, once", async ({ page, context }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);
  const serverQuantity = async (name: string) =>
    ((await (await context.request.get("/api/store/v1/cart")).json()).items as { name: string; quantity: number }[]).find(
      (item) => item.name === name,
    )?.quantity;
  const quantityUpdates = callsTo(page, "/cart/update-item");
  const slow = await holdRequest(page, "/cart/update-item");
  await page.getByRole("button", { name: "Increase quantity of Classic T-Shirt" }).click();
  await slow.reached;

  // Typed, the field still focused: the page waits for the typing to stop, then for more changes, before it sends.
  await page.getByLabel("Quantity of Beanie in your cart").fill("3");
  await setVisibility(page, "hidden");
  await expect.poll(() => serverQuantity("Beanie")).toBe(3);

  // Back on the tab, once the T-shirt's change arrives: a later edit of the T-shirt, which waits as long, is answered
  // after the Beanie's waits would have ended, and the Beanie's change was not sent again.
  await setVisibility(page, "visible");
  const tShirtAnswered = answerTo(page, '"quantity":2');
  slow.release();
  expect((await tShirtAnswered).ok()).toBe(true);
  const answered = answerTo(page, '"quantity":4');
  await page.getByLabel("Quantity of Classic T-Shirt in your cart").fill("4");
  expect((await answered).ok()).toBe(true);
  expect(quantityUpdates.map((body) => body.quantity)).toEqual([2, 3, 4]);
  expect([await serverQuantity("Beanie"), await serverQuantity("Classic T-Shirt")]).toEqual([3, 4]);
});

test("an address typed, then the tab hidden before the page sent it, reaches the server, once", async ({ page, context }) => {
  // Over $100 a US cart may ship free or at the flat rate: two rates to choose from.
  await addToCart(page, "classic-t-shirt", "Classic T-Shirt", 5);
  await openCheckout(page);
  await fillUsAddress(page, "typing@example.com");
  const serverCart = async () => (await context.request.get("/api/store/v1/cart")).json();
  await expect.poll(async () => (await serverCart()).shipping_address.phone).toBe("555-0100");
  const updates = callsTo(page, "/cart/update-customer");
  const other = page.locator('input[name="shipping-rate-0"]:not(:checked)').first();
  const chosen = (await other.getAttribute("value")) ?? "";
  const slow = await holdRequest(page, chosen, "**/api/store/v1/cart/select-shipping-rate*");
  await other.click();
  await slow.reached;

  // Typed, the field still focused: the page sends an address once typing pauses (1.5 s) or the field is left.
  await shippingField(page, "Phone").fill("555-0177");
  await setVisibility(page, "hidden");
  await expect.poll(async () => (await serverCart()).shipping_address.phone).toBe("555-0177");

  // Back on the tab, once the rate arrives: the shopper types their email and pauses, a wait that ends after the
  // phone's would have, and the phone was not sent again.
  await setVisibility(page, "visible");
  const rateAnswered = page.waitForResponse((r) => r.url().includes("/cart/select-shipping-rate"));
  slow.release();
  expect((await rateAnswered).ok()).toBe(true);
  const emailAnswered = answerTo(page, "back@example.com");
  await page.getByLabel("Email address").fill("back@example.com");
  expect((await emailAnswered).ok()).toBe(true);
  // The phone's address went once; the email's update carries billing alone (the same address, one for both).
  const phoneSent = (body: Record<string, unknown>) => (body.shipping_address as { phone?: string } | undefined)?.phone === "555-0177";
  expect(updates.filter(phoneSent)).toHaveLength(1);
  expect(updates.at(-1)).toEqual({ billing_address: expect.objectContaining({ phone: "555-0177", email: "back@example.com" }) });
  const after = await serverCart();
  const selected = after.shipping_rates[0]?.shipping_rates.find((rate: { selected: boolean }) => rate.selected)?.rate_id;
  expect([after.shipping_address.phone, after.billing_address.email, selected]).toEqual(["555-0177", "back@example.com", chosen]);
});

test("an address and a note typed at the checkout, then the cart link followed at once, reach the server, once", async ({
  page,
  context,
}) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, "returning@example.com");
  await expect.poll(async () => (await (await context.request.get("/api/store/v1/cart")).json()).shipping_address.phone).toBe("555-0100");
  const updates = callsTo(page, "/cart/update-customer");
  const drafts = callsTo(page, "/checkout");

  // Typed, the phone field still focused: the page would send the address 1.5 s after the typing stops, the note as long.
  await page.getByLabel("Add a note to your order").check();
  await page.getByRole("textbox", { name: /Notes about your order/ }).fill("Ring twice");
  await shippingField(page, "Phone").fill("555-0166");
  // The link followed as a tap in Safari follows it: a link takes no focus there, so the field is never left (no blur).
  await page.getByRole("link", { name: "Return to Cart" }).dispatchEvent("click");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByLabel("Quantity of Beanie in your cart")).toBeVisible();

  const serverCart = async () => (await context.request.get("/api/store/v1/cart")).json();
  await expect.poll(async () => (await serverCart()).shipping_address.phone).toBe("555-0166");
  await expect.poll(async () => (await (await context.request.get("/api/store/v1/checkout")).json()).customer_note).toBe("Ring twice");
  expect(updates.filter((body) => (body.shipping_address as { phone?: string } | undefined)?.phone === "555-0166")).toHaveLength(1);
  expect(drafts.filter((body) => body.order_notes === "Ring twice")).toHaveLength(1);

  // Back at the checkout, the address and the note are the ones typed.
  await openCheckout(page);
  await expect(page.locator("#shipping-fields")).toContainText("555-0166");
  await expect(page.getByRole("textbox", { name: /Notes about your order/ })).toHaveValue("Ring twice");
});

test("a quantity typed on the cart page, then the checkout link followed at once, reaches the server, once", async ({ page, context }) => {
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);
  const quantityUpdates = callsTo(page, "/cart/update-item");
  // Typed, the field still focused: the page commits it after 600 ms of quiet and sends it 400 ms later.
  await page.getByLabel("Quantity of Beanie in your cart").fill("3");
  // Followed as a tap in Safari follows it: the field is never left (no blur).
  await page.getByRole("link", { name: "Proceed to checkout" }).dispatchEvent("click");
  await expect(page).toHaveURL(/\/checkout$/);
  const serverQuantity = async () => (await (await context.request.get("/api/store/v1/cart")).json()).items[0]?.quantity;
  await expect.poll(serverQuantity).toBe(3);
  expect(quantityUpdates.map((body) => body.quantity)).toEqual([3]);
});

test("an order is not placed for a cart another tab changed: the checkout shows the new cart, and the next press places it", async ({
  page,
  context,
}) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await openCheckout(page);
  await fillUsAddress(page);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText("Beanie")).toHaveCount(0);

  // Another tab adds a beanie while this one still shows the T-shirt alone.
  const other = await context.newPage();
  await addFromProductPage(other, "beanie", "Beanie");
  await other.close();

  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(
    page.getByText("Your cart was changed in another window or on another device. Please check your order below and place it again."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(summary.getByText("Beanie")).toBeVisible();

  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByRole("row", { name: /Beanie × 1/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Classic T-Shirt × 1/ })).toBeVisible();
});

test("an order is not placed at a total the owner changed since the checkout showed it: the page shows the new total, and the next press places it", async ({
  page,
  context,
  browser,
}) => {
  // The owner, in a browser of their own, makes a product only this journey buys (hidden: no listing beside it counts it).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const nonce = await ownerApiNonce(owner);
  const stamp = Date.now();
  const created = await owner.request.post("/api/admin/v1/products", {
    headers: { nonce },
    data: {
      name: `Totals Candle ${stamp}`,
      slug: `totals-candle-${stamp}`,
      status: "publish",
      regular_price: 1200,
      catalog_visibility: "hidden",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const candle = (await created.json()) as { id: number; slug: string; name: string };
  const serverTotal = async () => {
    const { totals } = (await (await context.request.get("/api/store/v1/cart")).json()) as { totals: { total_price: string } };
    return `$${(Number(totals.total_price) / 100).toFixed(2)}`;
  };
  try {
    await addToCart(page, candle.slug, candle.name);
    await openCheckout(page);
    await fillUsAddress(page);
    await expect.poll(async () => (await (await context.request.get("/api/store/v1/cart")).json()).shipping_address.phone).toBe("555-0100");
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    const shown = await serverTotal();
    const placeOrder = page.getByRole("button", { name: /Place Order/ });
    await expect(placeOrder).toHaveText(`Place Order · ${shown}`);

    // The owner raises the price while the page still shows the first total.
    const raised = await owner.request.patch(`/api/admin/v1/products/${candle.id}`, { headers: { nonce }, data: { regular_price: 1500 } });
    expect(raised.status(), await raised.text()).toBe(200);
    const now = await serverTotal();
    expect(now).not.toBe(shown);

    await placeOrder.click();
    // Told as a price change, not another window's (decision 0175).
    await expect(
      page.getByText("Prices, taxes or shipping costs for your order have changed. Please check your order below and place it again."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page.getByText(`The price of “${candle.name}” has changed since you added it to your cart: it is now $15.00.`),
    ).toBeVisible();
    await expect(placeOrder).toHaveText(`Place Order · ${now}`);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText(now)).toBeVisible();

    await placeOrder.click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
    await expect(page.getByRole("row", { name: new RegExp(`${candle.name} × 1`) })).toBeVisible();
    await expect(page.locator(".order-details__total")).toContainText(now);
  } finally {
    await owner.request.delete(`/api/admin/v1/products/${candle.id}`, { headers: { nonce } });
    await ownerContext.close();
  }
});

test("a state chosen and Place Order pressed at once: nothing is placed at a total the page did not show, the notice says the address moved it, and the next press places it", async ({
  page,
  context,
}) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await checkoutReadyToPlace(page, context);
  const placeOrder = page.getByRole("button", { name: /Place Order/ });
  // The T-shirt, 20.00, and the flat rate, 5.00, taxed at California's 7.25 % (DEMO.md).
  await expect(placeOrder).toHaveText("Place Order · $26.81");
  const updates = callsTo(page, "/cart/update-customer");
  // The checkout's calls: an order's carry its addresses, the draft's updates none.
  const orders = callsTo(page, "/checkout");

  // New York's 4 %: chosen, and Place Order pressed within the address's wait, the select still focused (as a pointer
  // leaves it: selectOption alone focuses nothing).
  await shippingField(page, "State").focus();
  await shippingField(page, "State").selectOption("NY");
  await expect(shippingField(page, "State")).toBeFocused();
  await placeOrder.click();
  const notice = page
    .getByRole("alert")
    .filter({ hasText: "Taxes and shipping were updated for the address you entered: your total is now $26.00." });
  await expect(notice).toBeVisible();
  await expect(placeOrder).toHaveText("Place Order · $26.00");
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByText("$26.00")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  // The press sent the address at once, once, and no order.
  expect(updates.map((body) => (body.shipping_address as { state?: string } | undefined)?.state)).toEqual(["NY"]);
  expect(orders.filter((body) => "billing_address" in body)).toEqual([]);
  expect(await seriousViolations(page, ".checkout-actions")).toEqual([]);

  await placeOrder.click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.locator(".order-details__total")).toContainText("$26.00");
  expect(updates).toHaveLength(1);
});

test("a ZIP Code typed and Enter pressed at once: priced first, the total unchanged, the order is placed with it in one press", async ({
  page,
  context,
}) => {
  await addFromProductPage(page, "beanie", "Beanie");
  await checkoutReadyToPlace(page, context);
  const shown = await page.getByRole("button", { name: /Place Order/ }).textContent();
  const updates = callsTo(page, "/cart/update-customer");

  // Another Los Angeles ZIP Code: California's rate still, the same total. Enter sends the form from the field.
  await shippingField(page, "ZIP Code").fill("90012");
  await shippingField(page, "ZIP Code").press("Enter");
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  expect(updates.map((body) => (body.shipping_address as { postcode?: string } | undefined)?.postcode)).toEqual(["90012"]);
  await expect(page.getByText(/90012/).first()).toBeVisible();
  await expect(page.locator(".order-details__total")).toContainText(shown?.replace("Place Order · ", "") ?? "");
});

test("a City changed, then a ZIP Code typed and Enter pressed at once while the City is priced: the Enter waits for both and places the order, once", async ({
  page,
  context,
}) => {
  // The lead's trial (decision 0175, amended): a phone's width, the beanie, cash on delivery, a California address.
  await page.setViewportSize({ width: 390, height: 844 });
  await addFromProductPage(page, "beanie", "Beanie");
  await checkoutReadyToPlace(page, context);
  const placeOrder = page.getByRole("button", { name: /Place Order/ });
  const shown = await placeOrder.textContent();
  const updates = callsTo(page, "/cart/update-customer");
  const orders = callsTo(page, "/checkout");
  // The City's update is held on its way, so the Enter surely lands while the cart is calculating.
  const cityPriced = await holdRequest(page, '"city":"Pasadena"');

  // Another California city: its blur, as the ZIP Code is focused, sends it, and the button waits disabled (spec §4).
  await shippingField(page, "City").fill("Pasadena");
  await shippingField(page, "ZIP Code").focus();
  await cityPriced.reached;
  await expect(placeOrder).toBeDisabled();
  await shippingField(page, "ZIP Code").fill("91101");
  await shippingField(page, "ZIP Code").press("Enter");
  cityPriced.release();

  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const sentAddresses = updates.map((body) => body.shipping_address as { city?: string; postcode?: string });
  expect(sentAddresses.map((address) => [address.city, address.postcode])).toEqual([
    ["Pasadena", "90001"],
    ["Pasadena", "91101"],
  ]);
  expect(orders.filter((body) => "billing_address" in body)).toHaveLength(1);
  await expect(page.getByText(/91101/).first()).toBeVisible();
  await expect(page.locator(".order-details__total")).toContainText(shown?.replace("Place Order · ", "") ?? "");
});
