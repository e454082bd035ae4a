/**
 * axe in Chromium over the storefront's pages and the open mini-cart: no serious or critical violation.
 * The console's pages are checked by the journeys that use them (e2e/admin-*.spec.ts: sign-in,
 * dashboard, orders, one order, printing, customers, staff, account, invitation, widgets, messages,
 * forms and entries); here, the console's states no journey reaches.
 */
import { expect, test } from "@playwright/test";
import { axeScan } from "./support/axe.ts";
import { openHydrated } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { afterAnimations } from "./support/settled.ts";
import { seriousViolations } from "./support/shopper-order.ts";

for (const path of ["/shop", "/product-category/clothing", "/product/hoodie", "/product/socks-3-pack", "/privacy", "/no-such-page"]) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the open mini-cart drawer has no serious accessibility violation", async ({ page }) => {
  await openHydrated(page, "/shop?orderby=price");
  await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
  const drawer = page.getByRole("dialog", { name: /Your cart/ });
  await expect(drawer).toBeVisible();
  // Checked as the shopper reads it, once the drawer has faded and slid in: mid-fade its text is still pale.
  await afterAnimations(page.locator(".drawer-overlay"));
  expect(await seriousViolations(page)).toEqual([]);
});

// WCAG 2.5.3 Label in Name (an axe rule it runs only when asked). The mini-cart button carries the
// spec's name, which holds its visible count and amount in the spec's order (decision 0082): checked apart.
for (const path of ["/shop", "/product/hoodie", "/cart"]) {
  test(`${path}: every control's visible text is part of its name`, async ({ page }) => {
    await page.goto(path);
    const results = await axeScan(page, { exclude: "button.mini-cart", rules: ["label-content-name-mismatch"] });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    const miniCart = page.locator("button.mini-cart");
    const name = (await miniCart.getAttribute("aria-label")) ?? "";
    expect(name).toContain(`${await miniCart.locator(".mini-cart__badge").textContent()} item`);
    expect(name).toContain(`total price of ${await miniCart.locator(".mini-cart__amount").textContent()}`);
  });
}

/** What a console page says when its record is missing or a search finds nothing, and the owner's own account page. */
const CONSOLE_STATES: { path: string; heading: string; says: string }[] = [
  { path: "/admin/account", heading: "Your account", says: "Where you are signed in" },
  { path: "/admin/orders?search=nobody-at-all-accessibility", heading: "Orders", says: "No orders match these filters." },
  { path: "/admin/orders/print?ids=99999999&document=invoice", heading: "Not found", says: "No order has the number 99999999." },
  { path: "/admin/customers?search=nobody-at-all-accessibility", heading: "Customers", says: "No customer matches this search." },
  { path: "/admin/customers/guests?search=nobody-at-all-accessibility", heading: "Guest customers", says: "No guest matches this search." },
  { path: "/admin/customers/99999999", heading: "Not found", says: "No customer has this id." },
  { path: "/admin/customers/guest?email=nobody-at-all%40example.com", heading: "Not found", says: "No guest order has this email." },
  { path: "/admin/messages/99999999", heading: "Not found", says: "No contact message has that id." },
  { path: "/admin/widgets/99999999", heading: "Not found", says: "No widget has this id." },
  { path: "/admin/widgets/99999999/analytics", heading: "Not found", says: "No widget has this id." },
  { path: "/admin/forms/99999999", heading: "Not found", says: "No form has this id." },
  { path: "/admin/forms/99999999/entries", heading: "Not found", says: "No form has this id." },
  { path: "/admin/forms/2/entries/99999999", heading: "Not found", says: "No form entry (or file of it) has this id." },
  { path: "/admin/no-such-page", heading: "Not found", says: "The console has no page at this address." },
];

test("the console's empty and not-found states and the owner's account page have no serious accessibility violation", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsOwner(page, null);
  const found: Record<string, string[]> = {};
  for (const { path, heading, says } of CONSOLE_STATES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.getByText(says, { exact: true }).first()).toBeVisible();
    found[path] = await seriousViolations(page);
  }
  // Every page's findings at once, named by its path.
  expect(found).toEqual(Object.fromEntries(CONSOLE_STATES.map(({ path }) => [path, []])));
});

test("the invitation page with a link that is not an invitation has no serious accessibility violation", async ({ page }) => {
  await page.goto("/admin/invite?token=not-a-real-invitation");
  await expect(page.getByRole("heading", { level: 1, name: "Join the shop's staff" })).toBeVisible();
  await expect(page.getByRole("alert")).not.toBeEmpty();
  await expect(page.getByRole("link", { name: "Go to sign in" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// The scans above pass only if the scan can fail: a page made wrong on purpose, scanned both ways axeScan has (in
// the page; through AxeBuilder once the page holds a frame), and narrowed to one rule.
test("the accessibility scan itself names what is wrong, in the page and inside a frame", async ({ page }) => {
  const wrong = `<main><h1>Wrong on purpose</h1><img src="a.png"><p style="color:#ccc;background:#fff">Too pale to read</p></main>`;
  await page.setContent(`<!doctype html><html lang="en"><head><title>Scan check</title></head><body>${wrong}</body></html>`);
  const found = (await axeScan(page)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found).toEqual(["color-contrast: p", "image-alt: img"]);
  expect((await axeScan(page, { rules: ["image-alt"] })).violations.map((v) => v.id)).toEqual(["image-alt"]);

  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Scan check</title></head><body>${wrong}<iframe title="Inner" srcdoc='<!doctype html><html lang="en"><title>Inner</title><img src="b.png"></html>'></iframe></body></html>`,
  );
  const inFrames = (await axeScan(page)).violations.find((v) => v.id === "image-alt");
  expect(inFrames?.nodes.map((n) => n.target.join(" "))).toEqual(["img", "iframe img"]);
});
