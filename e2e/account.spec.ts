/** My account in Chromium: the demo customer signs in, looks around and signs out, with and without JavaScript. */
import { expect, type Page, test } from "@playwright/test";
import { axeScan } from "./support/axe.ts";
import { addToCart, fillUsAddress, openCheckout } from "./support/checkout.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const JANE = { email: "jane@example.com", password: "demo-jane-2026" };

async function signIn(page: Page, password = JANE.password) {
  await page.goto("/my-account");
  const form = page.getByRole("region", { name: "Sign in" });
  await form.getByLabel("Email address").fill(JANE.email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

async function signInAndOut(page: Page) {
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page.getByText("Hello, Jane Doe.")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Account pages" });
  for (const name of ["Orders", "Addresses", "Payment methods"]) await expect(nav.getByRole("link", { name })).toBeVisible();

  await nav.getByRole("link", { name: "Payment methods" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment methods" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await nav.getByRole("link", { name: "Addresses" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Billing address" })).toBeVisible();
  await expect(page.getByText("1 Market Street").first()).toBeVisible();

  await nav.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You have signed out.");
  await expect(page.getByRole("region", { name: "Sign in" })).toBeVisible();
  // A signed-out account page asks for the sign-in, then comes back to itself.
  await page.goto("/my-account/orders");
  await expect(page).toHaveURL(/\/my-account\?redirect=%2Fmy-account%2Forders$/);
  const form = page.getByRole("region", { name: "Sign in" });
  await form.getByLabel("Email address").fill(JANE.email);
  await form.getByLabel("Password").fill(JANE.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-account\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
}

test("Jane signs in, sees her dashboard and signs out", async ({ page }) => {
  await signInAndOut(page);
});

test("a refused sign-in or registration puts the keyboard back on the field at fault, which reads out why", async ({ page }) => {
  await signIn(page, "not-her-password");
  const signInForm = page.getByRole("region", { name: "Sign in" });
  await expect(signInForm.getByRole("alert")).toHaveText("The email address or password is incorrect.");
  const email = signInForm.getByRole("textbox", { name: "Email address" });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription("The email address or password is incorrect.");
  // The password is typed again where the keyboard already is.
  await page.keyboard.press("Tab");
  await expect(signInForm.getByLabel("Password")).toBeFocused();

  const register = page.getByRole("region", { name: "Create an account" });
  await register.getByLabel("Email address").fill(JANE.email);
  await register.getByLabel("Password").fill("a-long-new-password-2026");
  await register.getByRole("button", { name: "Create account" }).press("Enter");
  await expect(register.getByRole("alert")).toBeVisible();
  await expect(register.getByRole("textbox", { name: "Email address" })).toBeFocused();
});

test("a guest signing in from the checkout comes back to it, the cart kept", async ({ page }) => {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await page.getByRole("group", { name: "Contact information" }).getByRole("link", { name: "Sign in" }).click();
  const form = page.getByRole("region", { name: "Sign in" });
  await form.getByLabel("Email address").fill(JANE.email);
  await form.getByLabel("Password").fill(JANE.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByText("Beanie")).toBeVisible();
  await expect(page.getByRole("group", { name: "Contact information" }).getByRole("link", { name: "Sign in" })).toHaveCount(0);
  // Jane's cart is kept with her account: the beanie leaves it again for the other journeys that sign her in.
  await page.goto("/cart");
  await page.getByRole("button", { name: "Remove Beanie from cart" }).click();
  await expect(page.getByRole("button", { name: "Remove Beanie from cart" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same journey works with plain form posts", async ({ page }) => {
    await signInAndOut(page);
  });

  test("a wrong password is shown beside the form, the email kept", async ({ page }) => {
    await signIn(page, "not-her-password");
    const form = page.getByRole("region", { name: "Sign in" });
    await expect(form.getByRole("alert")).toHaveText("The email address or password is incorrect.");
    await expect(form.getByLabel("Email address")).toHaveValue(JANE.email);
  });
});

test.describe("changing the password", () => {
  test.use({ javaScriptEnabled: false });

  test("a new account changes its password on Account details; its other device is signed out", async ({ page, browser }) => {
    const email = `pat-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto("/my-account");
    const register = page.getByRole("region", { name: "Create an account" });
    await register.getByLabel("Email address").fill(email);
    await register.getByLabel("Password").fill("pats-first-password");
    await register.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText(`Hello, ${email}.`)).toBeVisible();

    const phone = await browser.newContext({ javaScriptEnabled: false });
    const phonePage = await phone.newPage();
    await signInAs(phonePage, email, "pats-first-password");
    await expect(phonePage.getByText(`Hello, ${email}.`)).toBeVisible();

    await page.getByRole("navigation", { name: "Account pages" }).getByRole("link", { name: "Account details" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Account details" })).toBeVisible();
    const form = page.getByRole("region", { name: "Change your password" });
    await form.getByLabel("Current password").fill("not-pats-password");
    await form.getByLabel("New password", { exact: true }).fill("pats-second-password");
    await form.getByLabel("Confirm new password").fill("pats-second-password");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByRole("alert")).toHaveText("The current password is not right.");
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Current password").fill("pats-first-password");
    await form.getByLabel("New password", { exact: true }).fill("pats-second-password");
    await form.getByLabel("Confirm new password").fill("pats-second-password");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password was changed, and your other devices were signed out.");

    await phonePage.goto("/my-account");
    await expect(phonePage.getByRole("region", { name: "Sign in" })).toBeVisible();
    await signInAs(phonePage, email, "pats-second-password");
    await expect(phonePage.getByText(`Hello, ${email}.`)).toBeVisible();
    await phone.close();
  });
});

test("a new password, on Create an account and on Account details, can be shown and has a strength meter", async ({ page }) => {
  await page.goto("/my-account");
  const register = page.getByRole("region", { name: "Create an account" });
  const password = register.getByLabel("Password");
  await password.fill("abc");
  await expect(register.getByText("Password strength: Too weak")).toBeVisible();
  await register.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("abc");
  await register.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  // The sign-in form's password is the one the shopper already has: no meter.
  await expect(page.getByRole("region", { name: "Sign in" }).getByRole("button", { name: "Show password" })).toHaveCount(0);

  await registerSomeone(page);
  await page.getByRole("navigation", { name: "Account pages" }).getByRole("link", { name: "Account details" }).click();
  const change = page.getByRole("region", { name: "Change your password" });
  const next = change.getByLabel("New password", { exact: true });
  await next.fill("Sams-Second-Pass-2026!");
  await expect(change.getByText(/^Password strength: (Strong|Very strong)$/)).toBeVisible();
  await change.getByRole("button", { name: "Show password" }).click();
  await expect(next).toHaveAttribute("type", "text");
  expect(await seriousViolations(page)).toEqual([]);
});

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/my-account");
  const form = page.getByRole("region", { name: "Sign in" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

test("/my-account has no serious accessibility violation, signed out or in", async ({ page }) => {
  await signIn(page, "not-her-password");
  await expect(page.getByRole("region", { name: "Sign in" }).getByRole("alert")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page);
  await expect(page.getByText("Hello, Jane Doe.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/my-account/orders");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/my-account/details");
  expect(await seriousViolations(page)).toEqual([]);
});

test("on a phone a customer's orders fit the screen, each order's View button can be tapped, and WooCommerce's old order address leads there", async ({
  page,
}) => {
  const email = `orders-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/my-account");
  const register = page.getByRole("region", { name: "Create an account" });
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password").fill("phone-orders-2026");
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, email);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/my-account/orders");
  const view = page.getByRole("link", { name: /^View order / });
  await expect(view).toHaveCount(1);
  // The table must not push the page wider than the phone: the View button stays on screen.
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  const box = await view.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await view.click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  expect((await axeScan(page)).violations).toEqual([]);

  // A link from a shop that moved from WooCommerce (an old email's "view order") finds the same page.
  const orderPath = new URL(page.url()).pathname;
  await page.goto(`${orderPath.replace("/orders/", "/view-order/")}/`);
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await page.goto("/my-account/edit-address/billing/");
  await expect(page).toHaveURL(/\/my-account\/addresses\/billing$/);
});

/** A new account of its own, signed in: the other journeys keep Jane's addresses as they are. */
async function registerSomeone(page: Page) {
  const email = `sam-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/my-account");
  const register = page.getByRole("region", { name: "Create an account" });
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password").fill("sams-first-password");
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Hello, ${email}.`)).toBeVisible();
}

/** Sets a US shipping address, first with a postcode that is no ZIP code, on the Edit shipping address page. */
async function editShippingAddress(page: Page, scripted: boolean) {
  await registerSomeone(page);
  await page.getByRole("navigation", { name: "Account pages" }).getByRole("link", { name: "Addresses" }).click();
  await page.getByRole("link", { name: "Edit shipping address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit shipping address" })).toBeVisible();
  await page.getByLabel("Country/Region").selectOption("US");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Carter");
  await page.getByLabel("Address", { exact: true }).fill("1 Test Street");
  await page.getByLabel("City").fill("Los Angeles");
  // Without a script the form keeps the fields it was drawn with until the server draws the country's.
  if (scripted) {
    await page.getByLabel("State", { exact: true }).selectOption("CA");
    await page.getByLabel("ZIP Code").fill("ABC");
  } else {
    await page.getByLabel("State/County").fill("CA");
    await page.getByLabel("Postal code").fill("ABC");
  }
  await page.getByLabel("Phone").fill("555-0100");
  await page.getByRole("button", { name: "Save address" }).click();

  const zip = page.getByLabel("ZIP Code");
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid postcode");
  await expect(zip).toHaveValue("ABC");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Test Street");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("CA");
  // axe runs as a script in the page: checked where scripts run (the markup is the server's either way).
  if (scripted) expect(await seriousViolations(page)).toEqual([]);

  await zip.fill("90001");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status")).toHaveText("Address changed successfully.");
  await expect(page.getByRole("region", { name: "Shipping address" }).getByText("1 Test Street")).toBeVisible();
  if (scripted) expect(await seriousViolations(page)).toEqual([]);
}

test("a customer edits their shipping address, the wrong postcode shown beside its field", async ({ page }) => {
  await editShippingAddress(page, true);
});

test.describe("editing an address without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same edit works with plain form posts", async ({ page }) => {
    await editShippingAddress(page, false);
  });
});
