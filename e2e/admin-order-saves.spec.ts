/**
 * The order page's saves as a busy owner meets them: the same order open in two tabs, each changing one field
 * of its billing address, keeps both changes; a status chosen in a tab opened before another tab completed the order
 * is refused beside the status control, and the page shows the order as it now is, and a list read before leaves such an
 * order alone when marked in bulk; a save the network drops says so in words and leaves the focus on
 * the button pressed, the form as typed, so pressing it again sends it; a whole refund is filled in one press, shipping
 * and its tax included, and leaves the order refunded.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { guestOrderByApi } from "./support/shopper-order.ts";

test("two tabs changing different fields of one address keep both changes", async ({ page, context }) => {
  const { orderId } = await guestOrderByApi(page.request);
  await signInAsOwner(page, `/admin/orders/${orderId}`);
  const other = await context.newPage();
  await other.goto(`/admin/orders/${orderId}`);
  for (const tab of [page, other]) {
    await tab.getByRole("button", { name: "Edit the billing address" }).click();
    await expect(tab.getByLabel("Phone")).toBeVisible();
  }

  await page.getByLabel("Phone").fill("555-0199");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("region", { name: "Billing address" }).locator("address")).toContainText("555-0199");
  // The second tab opened before that save: it still shows the old phone, and changes the postcode only.
  await other.getByLabel("Postcode").fill("90002");
  await other.getByRole("button", { name: "Save address" }).click();
  const billing = other.getByRole("region", { name: "Billing address" }).locator("address");
  await expect(billing).toContainText("90002");
  await expect(billing).toContainText("555-0199");

  await page.reload();
  const reloaded = page.getByRole("region", { name: "Billing address" }).locator("address");
  await expect(reloaded).toContainText("90002");
  await expect(reloaded).toContainText("555-0199");
});

test("a tab opened before another completed the order cannot cancel it: refused beside the status, the order shown as it is", async ({
  page,
  context,
}) => {
  const { orderId } = await guestOrderByApi(page.request);
  await signInAsOwner(page, `/admin/orders/${orderId}`);
  const other = await context.newPage();
  await other.goto(`/admin/orders/${orderId}`);
  await expect(other.locator(".admin-order-status")).toHaveText("Status: Processing");

  await page.getByLabel("New status").selectOption("completed");
  await page.getByRole("form", { name: "Change status" }).getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".admin-order-status")).toHaveText("Status: Completed");

  // The second tab still shows Processing, and cancels: it asks first, as cancelling does, then is refused.
  const statusForm = other.getByRole("form", { name: "Change status" });
  const cancelFromOther = async () => {
    await other.getByLabel("New status").selectOption("cancelled");
    await statusForm.getByRole("button", { name: "Save" }).click();
    await other
      .getByRole("dialog", { name: /^Cancel order #/ })
      .getByRole("button", { name: "Change status" })
      .click();
  };
  await cancelFromOther();
  await expect(statusForm.getByRole("alert")).toHaveText(
    "This order was changed by someone else since you opened it and is now completed: nothing was changed. Look at it as it is now, then change its status again if you still mean to.",
  );
  await expect(other.locator(".admin-order-status")).toHaveText("Status: Completed");
  await expect(other.getByLabel("New status")).toHaveValue("completed");
  await expect(statusForm.getByRole("button", { name: "Save" })).toBeFocused();

  const order = (await (await page.request.get(`/api/admin/v1/orders/${orderId}`)).json()) as { status: string };
  expect(order.status).toBe("completed");
  // Seen as it is now, the owner may still cancel it: the change goes.
  await cancelFromOther();
  await expect(other.locator(".admin-order-status")).toHaveText("Status: Cancelled");
  await expect(statusForm.getByRole("alert")).toHaveCount(0);
});

test("a list opened before another tab cancelled an order leaves that order as it is when the owner marks it completed", async ({
  page,
  context,
}) => {
  const { orderId } = await guestOrderByApi(page.request);
  await signInAsOwner(page, `/admin/orders?search=%23${orderId}`);
  await expect(page.getByLabel(`Select order #${orderId}`)).toBeVisible();
  const other = await context.newPage();
  await other.goto(`/admin/orders/${orderId}`);
  await other.getByLabel("New status").selectOption("cancelled");
  await other.getByRole("form", { name: "Change status" }).getByRole("button", { name: "Save" }).click();
  await other
    .getByRole("dialog", { name: /^Cancel order #/ })
    .getByRole("button", { name: "Change status" })
    .click();
  await expect(other.locator(".admin-order-status")).toHaveText("Status: Cancelled");

  // The list still shows it processing: ticked and marked completed, it is named among those not changed.
  await page.getByLabel(`Select order #${orderId}`).check();
  await page.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByRole("alert")).toContainText(
    `#${orderId}: This order was changed by someone else since you opened it and is now cancelled`,
  );
  const order = (await (await page.request.get(`/api/admin/v1/orders/${orderId}`)).json()) as { status: string };
  expect(order.status).toBe("cancelled");
});

test("a refund or an address the network drops says so, keeps the focus on its button, and goes once pressed again", async ({ page }) => {
  const { orderId } = await guestOrderByApi(page.request);
  await signInAsOwner(page, `/admin/orders/${orderId}`);
  const unreachable = "The shop could not be reached. Check your connection and try again.";

  await page.getByRole("button", { name: "Edit the billing address" }).click();
  await page.getByLabel("Phone").fill("555-0142");
  await page.route(`**/api/admin/v1/orders/${orderId}/addresses/billing`, (route) => route.abort());
  const saveAddress = page.getByRole("button", { name: "Save address" });
  await saveAddress.focus();
  await page.keyboard.press("Enter");
  const addressForm = page.getByRole("form", { name: "Edit the billing address" });
  await expect(addressForm.getByRole("alert")).toHaveText(unreachable);
  await expect(saveAddress).toBeFocused();
  await expect(page.getByLabel("Phone")).toHaveValue("555-0142");
  await page.unroute(`**/api/admin/v1/orders/${orderId}/addresses/billing`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Billing address" }).locator("address")).toContainText("555-0142");

  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /^Refund order #/ });
  await dialog.getByLabel("Units of Beanie to refund").fill("1");
  await page.route(`**/api/admin/v1/orders/${orderId}/refunds`, (route) => route.abort());
  const refund = dialog.getByRole("button", { name: /^Refund \$/ });
  const asked = Number((await refund.textContent())?.replace(/[^\d]/g, ""));
  await refund.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(unreachable);
  await expect(refund).toBeFocused();
  await page.unroute(`**/api/admin/v1/orders/${orderId}/refunds`);
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("region", { name: "Billing address" }).locator("address")).toContainText("555-0142");
  const order = (await (await page.request.get(`/api/admin/v1/orders/${orderId}`)).json()) as { totals: { refunded: number } };
  // One refund of the beanie, not two.
  expect(asked).toBeGreaterThan(0);
  expect(order.totals.refunded).toBe(asked);
});

test("the owner refunds a whole order in one press, shipping and its tax included, and the order is refunded", async ({ page }) => {
  const { orderId } = await guestOrderByApi(page.request);
  await signInAsOwner(page, `/admin/orders/${orderId}`);
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /^Refund order #/ });
  await dialog.getByRole("button", { name: "Fill in everything left to refund" }).click();
  await expect(dialog.getByLabel("Units of Beanie to refund")).toHaveValue("1");
  // The shipping and its tax, which no line holds, are the other amount.
  await expect(dialog.getByLabel("Other amount (shipping, fees, goodwill)")).not.toHaveValue("0.00");
  const sums = dialog.locator(".admin-order-refund__sums dd");
  await expect(sums.first()).toHaveText((await sums.nth(1).textContent()) ?? "");
  await dialog.getByRole("button", { name: /^Refund \$/ }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Refunded");
  const order = (await (await page.request.get(`/api/admin/v1/orders/${orderId}`)).json()) as {
    status: string;
    totals: { total: number; refunded: number };
  };
  expect(order.status).toBe("refunded");
  expect(order.totals.refunded).toBe(order.totals.total);
});
