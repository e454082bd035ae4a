/**
 * What the console journeys of issue 18 share: a shopper's order paid on delivery, so it is paid (processing),
 * through the checkout page or, for journeys about what the console shows of it, through the Store API (a guest's,
 * or a new customer's whose account the checkout creates); moving by Tab alone; axe's serious findings.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { axeScan } from "./axe.ts";
import { addToCart, fillUsAddress, openCheckout, US_ADDRESS } from "./checkout.ts";

export interface PlacedOrder {
  email: string;
  orderId: number;
}

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function placeOrder(page: Page, email: string): Promise<number> {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, email);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  return Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
}

/** A guest's order through the checkout page, for journeys that go on from its order-received page. */
export async function guestOrder(page: Page): Promise<PlacedOrder> {
  const email = uniqueEmail("guest");
  return { email, orderId: await placeOrder(page, email) };
}

/**
 * The same beanie, address and cash on delivery, sent by a headless shopper through the Store API (the cart's token,
 * the item, the checkout): for journeys about what the console shows of an order, which need no checkout page of
 * their own (the checkout's form has its journeys). Some 0.5 s where the checkout page took 4–8 s.
 */
async function placeOrderByApi(request: APIRequestContext, email: string, register: boolean): Promise<number> {
  const cart = await request.get("/api/store/v1/cart");
  const headers = { "cart-token": cart.headers()["cart-token"] ?? "" };
  const product = (await (await request.get("/api/store/v1/products/beanie")).json()) as { id: number };
  const added = await request.post("/api/store/v1/cart/add-item", { headers, data: { id: product.id, quantity: 1 } });
  expect(added.status(), await added.text()).toBe(201);
  const address = { first_name: "Ada", last_name: "Shopper", ...US_ADDRESS };
  const placed = await request.post("/api/store/v1/checkout", {
    headers,
    data: {
      billing_address: { ...address, email },
      shipping_address: address,
      payment_method: "cod",
      ...(register ? { create_account: true, customer_password: "a-much-longer-passphrase-2026" } : {}),
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { order_id, status } = (await placed.json()) as { order_id: number; status: string };
  expect(status, "paid on delivery: processing").toBe("processing");
  return order_id;
}

/** A guest's paid order, placed through the Store API. */
export async function guestOrderByApi(request: APIRequestContext): Promise<PlacedOrder> {
  const email = uniqueEmail("guest");
  return { email, orderId: await placeOrderByApi(request, email, false) };
}

/** A new customer's paid order, the account created by the checkout itself, through the Store API. */
export async function customerOrderByApi(request: APIRequestContext): Promise<PlacedOrder> {
  const email = uniqueEmail("customer");
  return { email, orderId: await placeOrderByApi(request, email, true) };
}

/** Money as the console writes it in the journeys' browser (en-US). */
export const usd = (minor: number, currency = "USD") => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(minor / 100);

/**
 * The focused element's name as assistive tech reads it, near enough: its aria-label, else its label's text,
 * else its own text without what is hidden from it (aria-hidden figures, hidden descriptions).
 */
export const FOCUSED_NAME = `(() => {
  const element = document.activeElement;
  if (!element) return "";
  const label = element.getAttribute("aria-label") ?? element.labels?.[0]?.textContent;
  if (label != null) return label.trim();
  const copy = element.cloneNode(true);
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], [hidden]')) hidden.remove();
  return (copy.textContent ?? "").trim();
})()`;

/** Presses Tab (Shift+Tab when `backwards`) until the focused element's name is `name` (FOCUSED_NAME). */
export async function tabTo(page: Page, name: string | RegExp, limit = 120, backwards = false): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    // The e2e project has no DOM types: the page function is a string.
    const focused = String(await page.evaluate(FOCUSED_NAME));
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** axe's serious and critical violations on the page (or only inside `within`, a selector), each with its nodes. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // A button just enabled fades its background in: the first style read after the change (axe's, on a busy machine) starts the
  // fade and answers its first colour under the text's final one. Transitions are off while axe reads, which also ends running
  // ones at their final colour; finite animations end first (axeScan waits for them). A constructed sheet: the pages' policy refuses
  // a <style> without its nonce.
  await page.evaluate(
    "(() => { const still = new CSSStyleSheet(); still.replaceSync('*, *::before, *::after { transition: none !important; }'); document.adoptedStyleSheets = [...document.adoptedStyleSheets, still]; globalThis.__axeStill = still; })()",
  );
  try {
    const results = await axeScan(page, within ? { include: within } : {});
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  } finally {
    await page
      .evaluate("document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== globalThis.__axeStill)")
      .catch(() => null);
  }
}
