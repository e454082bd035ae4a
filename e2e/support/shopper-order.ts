/**
 * What the console journeys of issue 18 share: a shopper who creates an account while checking out
 * (the checkout's own "Create an account with us") and pays on delivery, so the order is paid
 * (processing) and theirs; a guest's order the same way; moving by Tab alone; axe's serious findings.
 */
import { expect, type Page } from "@playwright/test";
import { axeScan } from "./axe.ts";
import { addToCart, fillUsAddress, openCheckout } from "./checkout.ts";

export interface PlacedOrder {
  email: string;
  orderId: number;
}

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function placeOrder(page: Page, email: string, register: boolean): Promise<number> {
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, email);
  if (register) {
    await page.getByLabel("Create an account with us").check();
    await page.getByLabel("Create a password").fill("a-much-longer-passphrase-2026");
  }
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  return Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
}

export async function registerAndOrder(page: Page): Promise<PlacedOrder> {
  const email = uniqueEmail("customer");
  const orderId = await placeOrder(page, email, true);
  await page.goto("/my-account");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  return { email, orderId };
}

export async function guestOrder(page: Page): Promise<PlacedOrder> {
  const email = uniqueEmail("guest");
  return { email, orderId: await placeOrder(page, email, false) };
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
  // ones at their final colour; finite animations end first. A constructed sheet: the pages' policy refuses a <style> without its nonce.
  await page.evaluate(
    "(() => { const still = new CSSStyleSheet(); still.replaceSync('*, *::before, *::after { transition: none !important; }'); document.adoptedStyleSheets = [...document.adoptedStyleSheets, still]; globalThis.__axeStill = still; })()",
  );
  try {
    await page.evaluate(
      "Promise.race([Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null))), new Promise((done) => setTimeout(done, 2000))]).then(() => true)",
    );
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
