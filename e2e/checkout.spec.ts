/** The checkout page (issue 6): guest orders with each offline method, the test card, declines and retries, pickup, shipping and tax rules. */
import { expect, test } from "@playwright/test";
import { axeScan } from "./support/axe.ts";
import { addToCart, fillUsAddress, isHydrated, openCheckout, shippingField } from "./support/checkout.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("a guest who starts typing before the page's scripts have come pays on delivery: nothing typed or chosen is lost", async ({
  page,
}) => {
  await addToCart(page, "classic-t-shirt", "Classic T-Shirt");
  // A slow network: the checkout's scripts held back while the shopper types into the page the server drew.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/checkout", { waitUntil: "domcontentloaded" });
  const heading = page.getByRole("heading", { level: 1, name: "Checkout" });
  expect(await heading.evaluate(isHydrated)).toBe(false);
  await page.getByLabel("Email address").fill("early-typist@example.com");
  await shippingField(page, "First name").fill("Early");
  await shippingField(page, "State").selectOption("NV");
  await page.getByLabel("Create an account with us").check();
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  release();
  await expect.poll(() => heading.evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  // The tick the page took before its scripts came opens what it opens once they have.
  await expect(page.getByLabel("Create a password")).toBeVisible();
  await page.getByLabel("Create an account with us").uncheck();
  await expect(page.getByLabel("Create a password")).toHaveCount(0);
  // The fields re-render as the rest is typed; what came first stays.
  await shippingField(page, "Last name").fill("Typist");
  await shippingField(page, "Address").fill("1 Test Street");
  await shippingField(page, "City").fill("Las Vegas");
  await shippingField(page, "ZIP Code").fill("89101");
  await shippingField(page, "Phone").fill("555-0100");
  await shippingField(page, "Phone").blur();
  await expect(page.getByLabel("Email address")).toHaveValue("early-typist@example.com");
  await expect(shippingField(page, "First name")).toHaveValue("Early");
  await expect(shippingField(page, "State")).toHaveValue("NV");
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText("Classic T-Shirt")).toBeVisible();
  await expect(page.getByText("early-typist@example.com").first()).toBeVisible();
  await expect(page.getByText(/Early Typist/).first()).toBeVisible();
  await expect(page.getByText(/Las Vegas, NV 89101|Nevada/).first()).toBeVisible();
  await expect(page.getByText("Cash on delivery").first()).toBeVisible();
});

test("the address form starts where the cart was priced, the shop's base in California, and the order keeps it", async ({
  page,
  context,
}) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  // The flat rate shown is the United States zone's, worked out for the base location before any address.
  await expect(page.getByText("Flat rate").first()).toBeVisible();
  await expect(shippingField(page, "Country/Region")).toHaveValue("US");
  await expect(shippingField(page, "State")).toHaveValue("CA");
  // The shopper types the rest and never touches the country: what the server keeps is what the form showed.
  await page.getByLabel("Email address").fill("based@example.com");
  await shippingField(page, "First name").fill("Bea");
  await shippingField(page, "Last name").fill("Based");
  await shippingField(page, "Address").fill("1 Base Street");
  await shippingField(page, "City").fill("Los Angeles");
  await shippingField(page, "ZIP Code").fill("90001");
  await shippingField(page, "Phone").fill("555-0123");
  await shippingField(page, "Phone").blur();
  const serverAddress = async () => (await (await context.request.get("/api/store/v1/cart")).json()).shipping_address;
  await expect.poll(async () => (await serverAddress()).phone).toBe("555-0123");
  expect(await serverAddress()).toMatchObject({ country: "US", state: "CA", city: "Los Angeles" });
});

for (const [method, label] of [
  ["bacs", "Direct bank transfer"],
  ["cheque", "Check payments"],
] as const) {
  test(`a guest pays by ${method}: the order waits on hold with its instructions`, async ({ page }) => {
    await addToCart(page, "beanie", "Beanie");
    await openCheckout(page);
    await fillUsAddress(page, `${method}@example.com`);
    await page.getByRole("radio", { name: new RegExp(label) }).check();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
    await expect(page.getByText(label).first()).toBeVisible();
  });
}

test("the test card pays; a declined card says so and keeps the cart, then cash on delivery succeeds", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, "card@example.com");
  await page.getByRole("radio", { name: /Test card/ }).check();
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/40");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Your card was declined. Please use another card or payment method.")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText("Beanie")).toBeVisible();
});

test("required fields and a bad postcode are named, next to the field, when the order is placed", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.locator("#validate-error-billing_email")).toHaveText("Please enter a valid email address");
  await expect(page.locator("#validate-error-shipping_first_name")).toHaveText("Please enter a valid first name");
  await expect(page.getByText("Please fix the following errors before continuing")).toBeVisible();

  await shippingField(page, "Country/Region").selectOption("US");
  // The form starts at the base location's state (decision 0007's amendment): left blank, it is named too.
  await shippingField(page, "State").selectOption("");
  await page.getByRole("button", { name: /Place Order/ }).click();
  // Every required field of a US address names itself (labels lower-cased inside the message).
  const messages: [string, string][] = [
    ["first_name", "Please enter a valid first name"],
    ["last_name", "Please enter a valid last name"],
    ["address_1", "Please enter a valid address"],
    ["city", "Please enter a valid city"],
    ["state", "Please select a state"],
    ["postcode", "Please enter a valid zip code"],
    ["phone", "Please enter a valid phone"],
  ];
  for (const [field, message] of messages) await expect(page.locator(`#validate-error-shipping_${field}`)).toHaveText(message);
  await expect(page.locator("#shipping_first_name")).toHaveAttribute("aria-invalid", "true");

  await shippingField(page, "ZIP Code").fill("ABCDE");
  await shippingField(page, "ZIP Code").blur();
  await expect(page.locator("#validate-error-shipping_postcode")).toHaveText("Please enter a valid postcode");
  await expect(page).toHaveURL(/\/checkout$/);
});

test("local pickup needs no shipping address and costs nothing", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await page.getByLabel("Email address").fill("pickup@example.com");
  await shippingField(page, "Country/Region").selectOption("US");
  await shippingField(page, "State").selectOption("CA");
  await shippingField(page, "ZIP Code").fill("90001");
  await shippingField(page, "ZIP Code").blur();
  await page.getByRole("radio", { name: "Pick up" }).click();
  await expect(page.locator("legend", { hasText: "Pickup location" })).toBeVisible();
  await page.getByRole("radio", { name: /Main Street Store/ }).click();
  await expect(page.getByRole("radio", { name: /Main Street Store/ })).toBeChecked();
  await expect(page.locator("#shipping-fields")).toHaveCount(0);
  const billing = page.locator("#billing-fields");
  await billing.getByLabel("First name").fill("Pat");
  await billing.getByLabel("Last name").fill("Pickup");
  await billing.getByLabel("Address", { exact: true }).fill("9 Home Road");
  await billing.getByLabel("City").fill("Springfield");
  await billing.getByLabel("State").selectOption("CA");
  await billing.getByLabel("ZIP Code").fill("90001");
  await billing.getByLabel("Phone").fill("555-0101");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText("Main Street Store").first()).toBeVisible();
});

test("US orders of 100.00 or more ship free; a GB address pays VAT", async ({ page }) => {
  await addToCart(page, "classic-t-shirt", "Classic T-Shirt", 5);
  await openCheckout(page);
  await fillUsAddress(page, "free@example.com");
  await expect(page.getByRole("radio", { name: /Free shipping/ })).toBeVisible();
  await page.getByRole("radio", { name: /Free shipping/ }).click();
  await expect(page.locator(".totals__item--shipping .totals__value")).toHaveText("Free");

  await shippingField(page, "Country/Region").selectOption("GB");
  await shippingField(page, "City").fill("London");
  await shippingField(page, "Postcode").fill("SW1A 1AA");
  await shippingField(page, "Postcode").blur();
  await expect(page.getByRole("radio", { name: /Flat rate/ })).toBeVisible();
  await expect(page.locator(".totals__item--tax")).toContainText(/VAT|Tax/);
});

test("the checkout has no serious accessibility violation", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await page.getByRole("button", { name: /Place Order/ }).click();
  expect(await seriousViolations(page, ".checkout-page")).toEqual([]);
});

test("order notes and the chosen method reach the draft order once typing settles, and the note stays with the order", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, "notes@example.com");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  const sync = page.waitForRequest(
    (r) => r.url().includes("/api/store/v1/checkout") && r.method() === "PUT" && (r.postDataJSON()?.order_notes ?? "") !== "",
  );
  await page.getByLabel("Add a note to your order").check();
  await page.getByRole("textbox", { name: /Notes about your order/ }).fill("Leave it with the neighbour");
  const request = await sync;
  expect(request.postDataJSON()).toMatchObject({ order_notes: "Leave it with the neighbour", payment_method: "cod" });
  expect(await page.evaluate("window.localStorage.getItem('cw-checkout-customer-data-dirty')")).toBe("true");
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByText("Leave it with the neighbour")).toBeVisible();
  expect(await page.evaluate("window.localStorage.getItem('cw-checkout-customer-data-dirty')")).toBeNull();
});

test("Jane, signed in, sees her saved address as a summary and pays with her saved card", async ({ page }) => {
  await page.goto("/my-account");
  await page.getByLabel("Email address").first().fill("jane@example.com");
  await page.getByLabel("Password").first().fill("demo-jane-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await expect(page.getByLabel("Email address")).toHaveValue("jane@example.com");
  await expect(page.locator("#shipping-fields .address-card")).toContainText("1 Market Street");
  // One line per part, as an address is written, for sighted and screen-reader users alike.
  const summary = page.locator("#shipping-fields .address-card address");
  expect((await summary.innerText()).split("\n")).toEqual([
    "Jane Doe",
    "1 Market Street",
    "Suite 300",
    "San Francisco, California 94105",
    "United States",
    "(415) 555-0134",
  ]);
  await expect(summary.locator("br")).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Edit shipping address" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Visa ending in 4242/ })).toBeChecked();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  await expect(page.getByText("4242").first()).toBeVisible();
});

test("the address line suggests addresses from three characters and fills in the rest", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await shippingField(page, "Country/Region").selectOption("US");
  const line = page.locator("#shipping_address_1");
  await line.pressSequentially("Ju");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await line.pressSequentially("nip");
  const option = page.getByRole("listbox").getByRole("option", { name: /1842 Juniper Street/ });
  await expect(option).toBeVisible();
  expect(await page.getByRole("listbox").getByRole("option").count()).toBeLessThanOrEqual(5);
  await line.press("ArrowDown");
  await line.press("Enter");
  await expect(line).toHaveValue("1842 Juniper Street");
  await expect(shippingField(page, "City")).toHaveValue("Los Angeles");
  await expect(shippingField(page, "ZIP Code")).toHaveValue("90001");
  await expect(shippingField(page, "State")).toHaveValue("CA");
});

test("a guest creates an account while checking out and is signed in afterwards", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  const email = `new-${Date.now()}@example.com`;
  await fillUsAddress(page, email);
  await page.getByLabel("Create an account with us").check();
  await page.getByLabel("Create a password").fill("a-much-longer-passphrase-2026");
  await expect(page.getByText(/Password strength: (Strong|Very strong)/)).toBeVisible();
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  await page.goto("/my-account");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test("a shopper checks out with the keyboard alone", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await page.getByLabel("Email address").focus();
  await page.keyboard.type("keys@example.com");
  // Tab through to the country, choose it with the keyboard, and fill the rest the same way.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Create an account with us")).toBeFocused();
  // A select takes its value from the keyboard; selectOption does the same without a pointer.
  await shippingField(page, "Country/Region").focus();
  await shippingField(page, "Country/Region").selectOption("US");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Kim");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Keys");
  await page.keyboard.press("Tab");
  await page.keyboard.type("5 Key Street");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Los Angeles");
  await page.keyboard.press("Tab");
  await expect(shippingField(page, "State")).toBeFocused();
  await shippingField(page, "State").selectOption("CA");
  await page.keyboard.press("Tab");
  await page.keyboard.type("90001");
  await page.keyboard.press("Tab");
  await page.keyboard.type("555-0199");
  await page.getByRole("radio", { name: /Cash on delivery/ }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  const place = page.getByRole("button", { name: /Place Order/ });
  // The button waits while the new address is priced, as a shopper would.
  await expect(place).toBeEnabled();
  await place.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
});

test("on a phone the test card's form fits the screen: nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await page.getByRole("radio", { name: /Test card/ }).check();
  await expect(page.getByLabel("Security code")).toBeVisible();
  // The expiry and security code side by side must shrink with the screen instead of widening the page.
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  const code = await page.getByLabel("Security code").boundingBox();
  expect((code?.x ?? 0) + (code?.width ?? 0)).toBeLessThanOrEqual(390);
});

test("on a phone a long word the shopper typed (a search, a coupon code, a name) wraps instead of widening the page", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const pageWidth = () => page.evaluate<number>("document.documentElement.scrollWidth");
  await page.goto(`/shop?s=${"a".repeat(150)}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Search results/ })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(360);

  await addToCart(page, "beanie", "Beanie");
  await page.goto("/cart");
  await page.getByRole("button", { name: /Add coupons/ }).click();
  await page.getByRole("textbox", { name: "Enter code" }).fill("X".repeat(60));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(/^Coupon "x{60}" does not exist!$/)).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(360);

  await openCheckout(page);
  await fillUsAddress(page);
  await shippingField(page, "Last name").fill("Wolfeschlegelsteinhausenbergerdorffvortrefflichundsorgfaeltigkeitbeschuetzen");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("Wolfeschlegelsteinhausenberger");
  expect(await pageWidth()).toBeLessThanOrEqual(360);
});

test("the checkout's and the cart's notices share one named area at the top of the page", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  // A coupon's notice (the cart's) stays for 10 s; the order placed empty adds the checkout's summary.
  await page.getByRole("button", { name: "Add coupons" }).click();
  await page.getByLabel("Enter code").fill("SAVE10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText('Coupon code "SAVE10" has been applied to your cart.')).toBeVisible();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Please fix the following errors before continuing")).toBeVisible();
  await expect(page.locator(".checkout-page .notice-list")).toHaveCount(1);
  const area = page.getByRole("region", { name: "Checkout notices", exact: true });
  await expect(area).toContainText("Please fix the following errors");
  await expect(area).toContainText('Coupon code "SAVE10"');
  const results = await axeScan(page, { include: ".checkout-page", rules: ["landmark-unique"] });
  expect(results.violations).toEqual([]);
});
