/**
 * The console's order page (issue 18): a shopper who came from a newsletter pays two beanies by
 * test card; the owner opens that order and reads its items, totals, addresses, payment, origin,
 * customer and history; the page is walked with the keyboard alone (address form, status
 * confirmation, refund dialog opened and closed without sending); axe finds nothing serious; an
 * unknown order says so. Runs against the real owner API.
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart, fillUsAddress, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

/** The shopper's order: two beanies, from a newsletter campaign, paid by test card. Answers its id. */
async function placeOrder(page: Page, email: string): Promise<number> {
  await page.goto("/shop?utm_source=newsletter&utm_medium=email&utm_campaign=winter-sale");
  await addToCart(page, "beanie", "Beanie", 2);
  await openCheckout(page);
  await fillUsAddress(page, email);
  await page.getByRole("radio", { name: /Test card/ }).check();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/40");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  return Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
}

/** The focused element's name as a person reads it: aria-label, its label, or its text (run in the page). */
const FOCUSED_NAME = `(() => {
  const element = document.activeElement;
  if (!element) return "";
  const labelled = element.getAttribute("aria-label");
  if (labelled) return labelled;
  const label = element.id ? document.querySelector('label[for="' + element.id + '"]') : element.closest("label");
  return ((label ? label.textContent : element.textContent) || "").trim();
})()`;

/** Presses Tab until the focused element (the one focused now included) has this name; fails after `max` presses. */
async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
  for (let press = 0; press <= max; press++) {
    if (press > 0) await page.keyboard.press("Tab");
    const focused = String(await page.evaluate(FOCUSED_NAME));
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test("the owner opens a shopper's order and reads its items, totals, addresses, payment, origin, customer and history", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `order-page-${Date.now()}@example.com`;
  const id = await placeOrder(page, email);

  await signInAsOwner(page, `/admin/orders/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Order #${id}`) })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Order #${id} – Shop console`));
  await expect(page.locator(".admin-order-status")).toHaveText("Status: Processing");
  await expect(page.getByRole("link", { name: "Print invoice" })).toHaveAttribute("href", `/admin/orders/print?ids=${id}&document=invoice`);
  await expect(page.getByRole("link", { name: "Print packing slip" })).toHaveAttribute(
    "href",
    `/admin/orders/print?ids=${id}&document=packing-slip`,
  );
  await expect(page.locator(".admin-order-dates time")).toHaveCount(3);

  const lines = page.getByRole("table", { name: `Items of order #${id}` });
  await expect(lines.getByRole("columnheader")).toHaveText(["Product", "SKU", "Variation", "Quantity", "Unit price", "Total", "Refunded"]);
  const beanie = lines.getByRole("row", { name: /Beanie/ });
  await expect(beanie.getByRole("cell")).toHaveText([/.*/, "—", "2", "$18.00", "$36.00", "—"]);

  const totals = page.locator(".admin-order-totals");
  await expect(totals.locator("dt")).toContainText(["Items subtotal", "Order total", "Refunded", "Net payment"]);
  await expect(totals.locator("dt", { hasText: "Items subtotal" }).locator("+ dd")).toHaveText("$36.00");

  const billing = page.getByRole("region", { name: "Billing address" });
  await expect(billing.locator("address span")).toHaveText([
    "Ada Shopper",
    "1 Test Street",
    "Los Angeles, California 90001",
    "United States",
    "555-0100",
    email,
  ]);
  await expect(page.getByRole("region", { name: "Shipping address" }).locator("address")).toContainText("Ada Shopper");

  const payment = page.getByRole("region", { name: "Payment", exact: true });
  await expect(payment.locator("dt", { hasText: "Method" }).locator("+ dd")).toHaveText(/Test card/);
  await expect(payment.locator("dt", { hasText: "Transaction ID" }).locator("+ dd code")).not.toBeEmpty();
  await expect(payment.locator("dt", { hasText: "Card last4" }).locator("+ dd")).toHaveText("4242");
  await expect(payment).not.toContainText("4242 4242");

  const origin = page.getByRole("region", { name: "Origin" });
  await expect(origin.locator("dt", { hasText: /^Origin$/ }).locator("+ dd")).toHaveText("Source: Newsletter");
  await expect(origin.locator("dt", { hasText: "Campaign (utm_campaign)" }).locator("+ dd")).toHaveText("winter-sale");

  const customer = page.getByRole("region", { name: "Customer" });
  await expect(customer.getByRole("link", { name: "Ada Shopper" })).toHaveAttribute(
    "href",
    `/admin/customers/guest?email=${encodeURIComponent(email)}`,
  );
  await expect(customer).toContainText("The customer left no note.");

  const history = page.getByRole("list", { name: "History" });
  const placed = history.getByRole("listitem").filter({ hasText: "Order placed" });
  await expect(placed).toContainText(`by the guest (${email})`);
  await expect(placed.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(history.getByRole("listitem").filter({ hasText: /^Paid \$/ })).toContainText("by the payment gateway");
  // Newest first by default: the order was placed before anything else happened to it.
  await expect(history.getByRole("listitem").last()).toContainText("Order placed");
  await page.getByLabel("Newest first").uncheck();
  await expect(history.getByRole("listitem").first()).toContainText("Order placed");

  await expect(page.getByRole("button", { name: "Refund" })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the order page works with the keyboard alone: address form, status confirmation and the refund dialog", async ({ page }) => {
  test.setTimeout(90_000);
  const id = await placeOrder(page, `order-keys-${Date.now()}@example.com`);
  await signInAsOwner(page, `/admin/orders/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Order #${id}`) })).toBeVisible();
  await page.locator("#admin-main").focus();

  // The billing address opens as a form, first field focused; Cancel gives the focus back to Edit.
  await tabTo(page, "Edit the billing address");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Edit the billing address" })).toBeVisible();
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(/^order-keys-/);
  // The country and state show by name, their codes kept as the values.
  await expect(page.getByLabel("Country/Region").locator("option:checked")).toHaveText("United States");
  await expect(page.getByLabel("State/County").locator("option:checked")).toHaveText("California");
  await expect(page.getByLabel("State/County")).toHaveValue("CA");
  expect(await seriousViolations(page)).toEqual([]);
  // A refused save names the field by its label, not by the API's key, and focuses it.
  await page.getByLabel("Last name").fill("");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Edit the billing address" }).getByRole("alert")).toHaveText(
    "The address was not saved. Check this field: Last name.",
  );
  await expect(page.getByLabel("Last name")).toBeFocused();
  await tabTo(page, "Cancel");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Edit the billing address" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit the billing address" })).toBeFocused();

  // The shipping address's state chosen by name from the keyboard, saved, and printed by name.
  await tabTo(page, "Edit the shipping address");
  await page.keyboard.press("Enter");
  const shippingForm = page.getByRole("form", { name: "Edit the shipping address" });
  await expect(shippingForm).toBeVisible();
  await expect(shippingForm.getByLabel("State/County").getByRole("option", { name: "Nevada" })).toBeAttached();
  await tabTo(page, "State/County");
  await page.keyboard.type("Nevada");
  await expect(shippingForm.getByLabel("State/County")).toHaveValue("NV");
  // At a phone's width the form fits.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await tabTo(page, "Save address");
  await page.keyboard.press("Enter");
  await expect(shippingForm).toHaveCount(0);
  const shipping = page.getByRole("region", { name: "Shipping address" }).locator("address");
  await expect(shipping).toContainText("Los Angeles, Nevada 90001");
  await expect(shipping).toContainText("United States");
  // The history names the change as the address does: by name, not by code.
  await expect(page.locator(".admin-order-timeline")).toContainText("State/County: California → Nevada");

  // Cancelling asks first, saying what goes back; Escape keeps the order as it was, and the select says so again.
  await tabTo(page, "New status");
  // Processing → On hold → Completed → Cancelled.
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("New status")).toHaveValue("cancelled");
  await tabTo(page, "Save");
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: `Cancel order #${id}?` });
  await expect(confirm).toContainText("Its items go back into stock");
  // The safe button is not called "Cancel" beside "Cancel order #…?".
  await expect(confirm.getByRole("button", { name: "Keep status" })).toBeFocused();
  await expect(confirm.getByRole("button", { name: "Change status" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(page.locator(".admin-order-status")).toHaveText("Status: Processing");
  await expect(page.getByLabel("New status")).toHaveValue("processing");
  // The same by the button.
  await page.getByLabel("New status").selectOption("cancelled");
  await page.getByRole("form", { name: "Change status" }).getByRole("button", { name: "Save" }).click();
  await confirm.getByRole("button", { name: "Keep status" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel("New status")).toHaveValue("processing");

  // The refund dialog: one unit fills its amount and the total; Escape closes it, nothing sent.
  await tabTo(page, "Refund");
  await page.keyboard.press("Enter");
  const refund = page.getByRole("dialog", { name: `Refund order #${id}` });
  await expect(refund).toBeVisible();
  await tabTo(page, "Units of Beanie to refund");
  await page.keyboard.press("ArrowUp");
  // One unit with its tax: 18.00 and California's rate on it.
  const amount = refund.getByLabel("Amount for Beanie");
  await expect(amount).toHaveValue(/^(1[89]|2\d)\.\d\d$/);
  const unit = await amount.inputValue();
  await expect(refund.locator(".admin-order-refund__sums dd").first()).toHaveText(`$${unit}`);
  await expect(refund.getByRole("radio", { name: /By hand|Through the payment gateway/ }).first()).toBeChecked();
  await expect(refund.getByRole("button", { name: `Refund $${unit}` })).toBeVisible();
  // An amount edited above what the line has left is refused beside the field, before anything is sent.
  await page.keyboard.press("Tab");
  await expect(amount).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("999");
  await page.keyboard.press("Enter");
  await expect(refund.locator("[id$='-amount-error']")).toContainText("left to refund on this item");
  await expect(amount).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(refund).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Refund" })).toBeFocused();

  // The rest of the actions are reachable in order.
  await tabTo(page, "Note");
  await tabTo(page, "Private (only the shop)");
  await tabTo(page, "Add note");
  await tabTo(page, "Email to send");
  await tabTo(page, "Send");
  await tabTo(page, "Newest first");
});

test("after a status change, a note or an email sent by keyboard, the focus stays on the button pressed", async ({ page }) => {
  test.setTimeout(90_000);
  const id = await placeOrder(page, `order-focus-${Date.now()}@example.com`);
  await signInAsOwner(page, `/admin/orders/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Order #${id}`) })).toBeVisible();
  await page.locator("#admin-main").focus();

  // Processing → On hold, saved with Enter: the next Tab goes on from Save, not from the top of the page.
  await tabTo(page, "New status");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("New status")).toHaveValue("on-hold");
  await tabTo(page, "Save");
  await page.keyboard.press("Enter");
  await expect(page.locator(".admin-order-status")).toHaveText("Status: On hold");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeFocused();

  await tabTo(page, "Note");
  await page.keyboard.type("Packed in the blue box.");
  await tabTo(page, "Add note");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "History" })).toContainText("Packed in the blue box.");
  await expect(page.getByRole("button", { name: "Add note" })).toBeFocused();

  const sent = page.getByRole("list", { name: "History" }).getByRole("listitem").filter({ hasText: "Email sent" });
  const before = await sent.count();
  await tabTo(page, "Send");
  await page.keyboard.press("Enter");
  await expect(sent).toHaveCount(before + 1);
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeFocused();
});

test("an order that does not exist says so", async ({ page }) => {
  await signInAsOwner(page, "/admin/orders/999999");
  await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
  await expect(page.getByText("No order has the number 999999.")).toBeVisible();
  await expect(page.getByRole("link", { name: "All orders" })).toHaveAttribute("href", "/admin/orders");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a coupon's discount and a discount fee are written with the same minus sign on the order page and its invoice", async ({ page }) => {
  await signInAsOwner(page);
  // An order taken by phone: a T-shirt ($20.00), the 5OFF coupon and a $5.50 goodwill fee taken off.
  const nonce = (await page.request.get("/api/admin/v1/orders?per_page=1")).headers().nonce ?? "";
  const tShirt = (await (await page.request.get("/api/store/v1/products?per_page=100")).json()) as { id: number; slug: string }[];
  const made = await page.request.post("/api/admin/v1/orders", {
    headers: { nonce },
    data: {
      billing: { first_name: "Sign", last_name: "Check", email: `signs-${Date.now()}@example.com` },
      line_items: [{ product_id: tShirt.find((product) => product.slug === "classic-t-shirt")?.id, quantity: 1 }],
      coupon_lines: [{ code: "5OFF" }],
      fee_lines: [{ name: "Goodwill", total: -550, tax_status: "none" }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };

  await page.goto(`/admin/orders/${id}`);
  const totals = page.locator(".admin-order-totals");
  await expect(totals.locator("dt", { hasText: "Coupon" }).locator("+ dd")).toHaveText("-$5.00");
  await expect(totals.locator("dt", { hasText: "Goodwill" }).locator("+ dd")).toHaveText("-$5.50");
  await expect(totals).not.toContainText("\u2212");

  await page.goto(`/admin/orders/print?ids=${id}&document=invoice`);
  const invoice = page.locator("tfoot");
  await expect(invoice.getByRole("row", { name: /Discount/ })).toContainText("-$5.00");
  await expect(invoice.getByRole("row", { name: /Goodwill/ })).toContainText("-$5.50");
  await expect(invoice).not.toContainText("\u2212");
});
