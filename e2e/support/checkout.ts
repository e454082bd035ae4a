/** Steps the checkout journeys share: put a product in the cart, open the checkout once it is live, fill an address (a US one). */
import { expect, type Page } from "@playwright/test";
import { TEST_ADDRESS } from "../../test/store-client.ts";

/** React marks the elements it has hydrated; before that, clicks and choices may be lost. */
export const isHydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith("__reactFiber"));

/**
 * Opens a storefront page and waits until React has hydrated it: a press before that is the page without
 * JavaScript (a form posted, a link followed), which a journey of the scripted page must not meet by chance.
 */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await expect.poll(() => page.locator("h1").first().evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
}

export async function addToCart(page: Page, slug: string, name: string, quantity = 1) {
  await openHydrated(page, `/product/${slug}`);
  if (quantity > 1) await page.getByLabel(/quantity/i).fill(String(quantity));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: `“${name}” was added to your cart.` })).toBeVisible();
}

export async function openCheckout(page: Page) {
  await page.goto("/checkout");
  const heading = page.getByRole("heading", { level: 1, name: "Checkout" });
  await expect.poll(() => heading.evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
}

export const shippingField = (page: Page, label: string | RegExp) =>
  page.locator("#shipping-fields").getByLabel(label, { exact: typeof label === "string" });

/** The journeys' US address, as the Store and owner APIs take it (Los Angeles: taxed by the demo's CA rate): the HTTP tests' own, without their shopper's name. */
const { first_name: _first, last_name: _last, ...usAddress } = TEST_ADDRESS;
export const US_ADDRESS = usAddress;

/** A shopper's address as the checkout's fields take it; the postcode under the label the country gives it. */
export interface CheckoutAddress {
  country: string;
  address: string;
  city: string;
  state?: string;
  postcode: { label: string; value: string };
  phone?: string;
}

/** Fills the email and shipping address as Ada Shopper, leaving the last field so the cart is priced for the address. */
export async function fillShippingAddress(page: Page, email: string, address: CheckoutAddress) {
  await page.getByLabel("Email address").fill(email);
  await shippingField(page, "Country/Region").selectOption(address.country);
  await shippingField(page, "First name").fill("Ada");
  await shippingField(page, "Last name").fill("Shopper");
  await shippingField(page, "Address").fill(address.address);
  await shippingField(page, "City").fill(address.city);
  if (address.state) await shippingField(page, "State").selectOption(address.state);
  await shippingField(page, address.postcode.label).fill(address.postcode.value);
  if (address.phone) await shippingField(page, "Phone").fill(address.phone);
  await shippingField(page, address.phone ? "Phone" : address.postcode.label).blur();
}

export async function fillUsAddress(page: Page, email = "guest@example.com") {
  await fillShippingAddress(page, email, {
    country: "US",
    address: "1 Test Street",
    city: "Los Angeles",
    state: "CA",
    postcode: { label: "ZIP Code", value: "90001" },
    phone: "555-0100",
  });
}

/** Chooses the test card and fills it; 4242… pays, 4000 0000 0000 0002 is declined (DEMO.md). */
export async function payByTestCard(page: Page, number = "4242 4242 4242 4242") {
  await page.getByRole("radio", { name: /Test card/ }).check();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date (MM/YY)").fill("12/40");
  await page.getByLabel("Security code").fill("123");
}

/** The part of window.cartwright (the checkout's extension API) the journeys use, typed for code run in the page. */
export interface ExtensionWindow {
  cartwright?: {
    registerCheckoutBlock(options: {
      metadata: { name: string; parent: string };
      component: (props: { cart: { items_count: number } }) => unknown;
    }): void;
    element: { createElement(type: string, props: Record<string, unknown> | null, ...children: unknown[]): unknown };
  };
}

/** Waits until the checkout has put its extension API on window. */
export const extensionApiReady = (page: Page) => page.waitForFunction(() => Boolean((globalThis as unknown as ExtensionWindow).cartwright));
