/**
 * The owner manages accounts (decision 0103): adds a customer (a taken email refused beside its
 * field; the link to choose a password mailed), edits the shipping address (a bad postcode named
 * beside it) at phone width too, exports the list's search as CSV and deletes the customer behind
 * a confirmation that says the orders stay; each save opens the account's page with the account it
 * answered, not read again; an edit from an editor opened before another tab's save is refused
 * (decision 0158). Axe on each page. Runs against the real owner API.
 */
import { expect, test } from "@playwright/test";
import { mailedLink } from "./support/outbox.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the owner adds a customer, edits their address, exports them and deletes them", async ({ page }) => {
  // Four pages, each checked with axe, and two saves: longer than one page's journey.
  test.setTimeout(90_000);
  const email = `added-${Date.now()}@example.com`;
  await signInAsOwner(page, "/admin/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByRole("link", { name: "Add customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add customer" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const account = page.getByRole("group", { name: "Account" });
  const billing = page.getByRole("group", { name: "Billing address" });
  // Another account's email in other letters: refused beside the field, nothing made.
  await account.getByLabel("Email", { exact: true }).fill("JANE@example.com");
  await account.getByLabel("First name").fill("Grace");
  await account.getByLabel("Last name").fill("Hopper");
  await expect(account.getByLabel(/Email the customer a link/)).toBeChecked();
  await billing.getByLabel("First name").fill("Grace");
  await billing.getByLabel("Last name").fill("Hopper");
  await billing.getByLabel("Address line 1").fill("1 Navy Way");
  await billing.getByLabel("City").fill("Arlington");
  await billing.getByLabel("Country/Region").selectOption("US");
  await billing.getByRole("combobox", { name: "State/County" }).selectOption("VA");
  await billing.getByLabel("Postcode").fill("22202");
  await billing.getByLabel("Phone").fill("555-0199");
  await page.getByRole("button", { name: "Add customer" }).click();
  await expect(account.getByText("Another account already uses this email address.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Each save's answer is the account as read: the page the save opens shows it without asking for it again.
  const accountReads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && /^\/api\/admin\/v1\/customers\/\d+$/.test(new URL(request.url()).pathname))
      accountReads.push(request.url());
  });
  await account.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Add customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper", exact: true })).toBeVisible();
  await expect(page.getByText("1 Navy Way")).toBeVisible();
  expect(accountReads).toEqual([]);
  const id = Number(/\/admin\/customers\/(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  // The customer is mailed the link that chooses their first password.
  expect(await mailedLink(email, "new-account", /\/my-account\/reset-password\?key=([A-Za-z0-9_-]{43})/)).toHaveLength(43);

  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Grace Hopper" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const shipping = page.getByRole("group", { name: "Shipping address" });
  await shipping.getByLabel("First name").fill("Grace");
  await shipping.getByLabel("Last name").fill("Hopper");
  await shipping.getByLabel("Address line 1").fill("5 Harbour Road");
  await shipping.getByLabel("City").fill("New York");
  await shipping.getByLabel("Country/Region").selectOption("US");
  await shipping.getByRole("combobox", { name: "State/County" }).selectOption("NY");
  await shipping.getByLabel("Phone").fill("555-0123");
  await shipping.getByLabel("Postcode").fill("not a zip");
  await page.getByRole("button", { name: "Save customer" }).click();
  await expect(shipping.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  // At phone width the form fits without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shipping.getByLabel("Postcode").fill("10001");
  // The editor read the account when it opened; the save's page reads it no more.
  accountReads.length = 0;
  await page.getByRole("button", { name: "Save customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper", exact: true })).toBeVisible();
  await expect(page.getByText("5 Harbour Road")).toBeVisible();
  expect(accountReads).toEqual([]);

  // Export CSV downloads the list's search.
  await page.goto(`/admin/customers?search=${encodeURIComponent(email)}`);
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  const href = (await exportLink.getAttribute("href")) ?? "";
  expect(href).toContain("/api/admin/v1/customers/export.csv?search=");
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${id},${email},Grace,Hopper,customer,,1 Navy Way,,Arlington,VA,22202,US,555-0199,0,0.00,USD`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/admin/customers/${id}`);
  await page.getByRole("button", { name: "Delete customer" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this customer?" });
  await expect(dialog).toContainText("Its orders stay in the shop as guest orders");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete customer" }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  expect((await page.request.get(`/api/admin/v1/customers/${id}`)).status()).toBe(404);
});

test("an account saved from an editor opened before another tab changed it is refused, and the other change is kept (decision 0158)", async ({
  page,
}) => {
  await signInAsOwner(page, "/admin/customers");
  const nonce = (await page.request.get("/api/admin/v1/customers")).headers().nonce ?? "";
  const made = await page.request.post("/api/admin/v1/customers", {
    headers: { nonce },
    data: { email: `two-editors-${Date.now()}@example.com`, first_name: "Ada", last_name: "Byron", send_password_link: false },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await page.goto(`/admin/customers/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Ada Byron" })).toBeVisible();

  // Meanwhile, in another tab, the first name changes.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole("group", { name: "Account" }).getByLabel("First name").fill("Augusta");
  await other.getByRole("button", { name: "Save customer" }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Augusta Byron", exact: true })).toBeVisible();
  await other.close();

  // This editor, opened before, changes the last name: refused, the words above the form, what was typed kept.
  const lastName = page.getByRole("group", { name: "Account" }).getByLabel("Last name");
  await lastName.fill("Lovelace");
  await page.getByRole("button", { name: "Save customer" }).click();
  await expect(page.locator(".admin-error-summary")).toContainText(
    "This customer was changed by someone else since you opened it: reload it to see their change, then make yours again.",
  );
  await expect(lastName).toHaveValue("Lovelace");
  expect(await seriousViolations(page)).toEqual([]);

  // Reloaded, the other tab's first name is there, and the last name can be changed again.
  await page.reload();
  await expect(page.getByRole("group", { name: "Account" }).getByLabel("First name")).toHaveValue("Augusta");
  await lastName.fill("Lovelace");
  await page.getByRole("button", { name: "Save customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Augusta Lovelace", exact: true })).toBeVisible();
  await page.request.delete(`/api/admin/v1/customers/${id}`, { headers: { nonce } });
});
