/**
 * Refusals beside a console field are in the owner's words: a product's minimum quantity of 0 and
 * a coupon's usage limit of 0 once showed the schema's "Must be >= 1". What was typed stays, and
 * nothing is saved.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("a product's minimum quantity of 0 is refused in plain words, the form kept as typed", async ({ page }) => {
  const name = `Zero Min ${Date.now()}`;
  await signInAsOwner(page, "/admin/products/new");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "Regular price (USD)" }).fill("12.50");
  const minimum = page.getByRole("textbox", { name: "Minimum quantity per order" });
  await minimum.fill("0");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(minimum).toHaveAttribute("aria-invalid", "true");
  await expect(minimum).toHaveAccessibleDescription(/Enter a larger number\./);
  await expect(page.getByText(/Must be >=/)).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(name);
  await expect(page.getByRole("textbox", { name: "Regular price (USD)" })).toHaveValue("12.50");
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a coupon's usage limit of 0 is refused beside the field with its range", async ({ page }) => {
  await signInAsOwner(page, "/admin/coupons/new");
  await page.getByRole("textbox", { name: "Code" }).fill(`zero${Date.now()}`);
  await page.getByRole("textbox", { name: "Percentage off" }).fill("10");
  const limit = page.getByRole("textbox", { name: "Uses in total" });
  await limit.fill("0");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(limit).toHaveAttribute("aria-invalid", "true");
  await expect(limit).toHaveAccessibleDescription(/Enter a whole number from 1 to 1,000,000,000\. Leave empty for no limit\./);
  await expect(limit).toHaveValue("0");
  await expect(page).toHaveURL(/\/admin\/coupons\/new$/);
});
