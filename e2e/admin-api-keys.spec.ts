/**
 * API keys (decision 0098): the owner makes a read key at /admin/api-keys, sees its secret once
 * (with the warning and copy buttons), uses it from outside the browser to read orders, revokes it
 * after a confirmation, and the same request is then refused with 401. axe on the page with the
 * secret shown and after. Then: the owner edits a key's description and permission in place (the
 * server's message beside its field, Escape to close, success announced, the key follows), at desktop
 * and phone width, and a revoked key offers no Edit.
 */
import { expect, type Page, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

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

test("the owner edits a key's description and permission in place, by keyboard, and a revoked key cannot be edited", async ({ page }) => {
  const description = `Exporter ${Date.now()}`;
  await signInAsOwner(page, "/admin/api-keys");
  await page.getByRole("textbox", { name: "Description" }).fill(description);
  await page.getByRole("combobox", { name: "Permission" }).selectOption({ label: "Read" });
  await page.getByRole("button", { name: "Make key" }).click();
  const panel = page.getByRole("region", { name: new RegExp(`Copy the secret now: ${description}`) });
  const keyId = await panel.getByRole("textbox", { name: "Key" }).inputValue();
  const secret = await panel.getByRole("textbox", { name: "Secret" }).inputValue();
  await panel.getByRole("button", { name: "I have copied the secret" }).click();

  // Opened from the keyboard: the editor takes the focus, filled with the key as it is.
  const edit = page.getByRole("button", { name: `Edit the key ${description}` });
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(edit).toHaveAttribute("aria-expanded", "true");
  const editor = page.getByRole("form", { name: `Edit the key “${description}”` });
  const field = editor.getByRole("textbox", { name: "Description" });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(description);
  await expect(editor.getByRole("combobox", { name: "Permission" })).toHaveValue("read");
  expect(await seriousViolations(page)).toEqual([]);

  // Escape closes it unsaved, back on its Edit button.
  await field.fill("Something else");
  await page.keyboard.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(page.getByRole("row", { name: new RegExp(description) })).toBeVisible();

  // The server's message beside its field, nothing changed.
  await page.keyboard.press("Enter");
  await field.fill("x".repeat(201));
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  await expect(editor).toContainText("Keep the description to 200 characters.");
  expect(await seriousViolations(page)).toEqual([]);

  const renamed = `${description} v2`;
  await field.fill(renamed);
  await editor.getByRole("combobox", { name: "Permission" }).selectOption({ label: "Read/Write" });
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: `The key ${renamed} was saved.` })).toBeVisible();
  await expect(editor).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(renamed) });
  await expect(row).toContainText("Read/Write");
  await expect(page.getByRole("button", { name: `Edit the key ${renamed}` })).toBeFocused();

  // The key follows: it may write now, and its writes carry the new name.
  const origin = new URL(page.url()).origin;
  const authorization = `Basic ${Buffer.from(`${keyId}:${secret}`).toString("base64")}`;
  const tag = await fetch(`${origin}/api/admin/v1/tags`, {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({ name: `Tag from ${renamed}` }),
  });
  expect(tag.status).toBe(201);
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toContainText("Read/Write");

  // At phone width the editor fits the screen, and stays clean for axe.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: `Edit the key ${renamed}` }).click();
  const phoneEditor = page.getByRole("form", { name: `Edit the key “${renamed}”` });
  await expect(phoneEditor.getByRole("textbox", { name: "Description" })).toBeFocused();
  const box = await phoneEditor.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await page.evaluate<boolean>("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await phoneEditor.getByRole("button", { name: "Cancel" }).click();
  await expect(phoneEditor).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Revoked, it offers Delete only.
  await page.getByRole("button", { name: `Revoke the key ${renamed}` }).click();
  await page
    .getByRole("dialog", { name: `Revoke the key “${renamed}”?` })
    .getByRole("button", { name: "Revoke key" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toContainText("Revoked");
  await expect(page.getByRole("button", { name: `Edit the key ${renamed}` })).toHaveCount(0);
  await page.getByRole("button", { name: `Delete the revoked key ${renamed}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);
});
