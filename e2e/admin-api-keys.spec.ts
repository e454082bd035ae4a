/**
 * API keys (decision 0098): the owner makes a read key at /admin/api-keys, sees its secret once
 * (with the warning and copy buttons), uses it from outside the browser to read orders, revokes it
 * after a confirmation, and the same request is then refused with 401. axe on the page with the
 * secret shown and after.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });

test("the owner makes a key, copies its secret once, an app reads orders with it, and the revoked key is refused", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const description = `Warehouse app ${Date.now()}`;
  await signInAsOwner(page);
  await nav(page).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  expect(await seriousViolations(page)).toEqual([]);

  // The description is asked for first, beside its field.
  const field = page.getByRole("textbox", { name: "Description" });
  await page.getByRole("button", { name: "Make key" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();

  await field.fill(description);
  await expect(page.getByRole("combobox", { name: "Acts as" })).toContainText("owner@cartwright.test");
  await page.getByRole("combobox", { name: "Permission" }).selectOption({ label: "Read" });
  await page.getByRole("button", { name: "Make key" }).click();

  const panel = page.getByRole("region", { name: new RegExp(`Copy the secret now: ${description}`) });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("This is the only time the secret is shown.");
  const keyId = await panel.getByRole("textbox", { name: "Key" }).inputValue();
  const secret = await panel.getByRole("textbox", { name: "Secret" }).inputValue();
  expect(keyId).toMatch(/^cwk_/);
  expect(secret).toMatch(/^cws_/);
  await panel.getByRole("button", { name: "Copy the secret" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied." })).toBeVisible();
  // The page function as a string: the journeys have no DOM types.
  expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(secret);
  expect(await seriousViolations(page)).toEqual([]);

  const row = page.getByRole("row", { name: new RegExp(description) });
  await expect(row).toContainText(keyId);
  await expect(row).toContainText(`cws_…${secret.slice(-4)}`);
  await expect(row).toContainText("Never");
  await panel.getByRole("button", { name: "I have copied the secret" }).click();
  await expect(panel).toHaveCount(0);

  // An app outside the browser: no cookie, just the key.
  const origin = new URL(page.url()).origin;
  const authorization = `Basic ${Buffer.from(`${keyId}:${secret}`).toString("base64")}`;
  const orders = await fetch(`${origin}/api/admin/v1/orders`, { headers: { authorization } });
  expect(orders.status).toBe(200);
  expect(Array.isArray(((await orders.json()) as { orders: unknown }).orders)).toBe(true);
  const write = await fetch(`${origin}/api/admin/v1/tags`, {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({ name: "Not with a read key" }),
  });
  expect(write.status).toBe(403);

  // The secret is not on the page once reloaded; the last access is.
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(description) })).not.toContainText("Never");
  expect(await page.content()).not.toContain(secret);

  await page.getByRole("button", { name: `Revoke the key ${description}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke the key “${description}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("status").filter({ hasText: `The key ${description} was revoked.` })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(description) })).toContainText("Revoked");
  expect(await seriousViolations(page)).toEqual([]);

  const refused = await fetch(`${origin}/api/admin/v1/orders`, { headers: { authorization } });
  expect(refused.status).toBe(401);
  expect(refused.headers.get("www-authenticate")).toMatch(/^Basic/);
  expect(((await refused.json()) as { code: string }).code).toBe("cw_rest_api_key_revoked");

  await page.getByRole("button", { name: `Delete the revoked key ${description}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(description) })).toHaveCount(0);
});
