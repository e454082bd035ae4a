/**
 * A settings group saved from a page opened before another tab changed it (decision 0158): refused with the
 * reason above its form, what the owner typed kept, and saved once reloaded, the other tab's change kept.
 * On the settings journeys' own shop (playwright.config.ts), as it saves the store notice; put back at the end.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("a settings group saved from a page opened before another tab changed it is refused, and the other change is kept", async ({
  page,
}) => {
  await signInAsOwner(page, "/admin/settings");
  const notices = page.getByRole("form", { name: "Notices" });
  const notice = notices.getByRole("textbox", { name: "Store notice" });
  const banner = notices.getByRole("textbox", { name: "Coming-soon banner" });
  const [originalNotice, originalBanner] = [await notice.inputValue(), await banner.inputValue()];

  // Meanwhile, in another tab, the coming-soon banner's text changes (the banner stays off).
  const other = await page.context().newPage();
  await other.goto("/admin/settings");
  const theirs = other.getByRole("form", { name: "Notices" });
  await theirs.getByRole("textbox", { name: "Coming-soon banner" }).fill("We open on Monday.");
  await theirs.getByRole("button", { name: "Save notices" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Notices saved." })).toBeVisible();
  await other.close();

  // This page, opened before, changes the store notice: refused, the words above the form, what was typed kept.
  await notice.fill("Winter sale: 20% off");
  await notices.getByRole("button", { name: "Save notices" }).click();
  await expect(notices.getByRole("alert")).toContainText(
    "This group of settings was changed by someone else since you opened it: reload it to see their change, then make yours again.",
  );
  await expect(notice).toHaveValue("Winter sale: 20% off");
  await expect(banner).toHaveValue(originalBanner);
  expect(await seriousViolations(page)).toEqual([]);

  // Reloaded, the other tab's banner text is there and the notice goes through beside it.
  await page.reload();
  await expect(banner).toHaveValue("We open on Monday.");
  await notice.fill("Winter sale: 20% off");
  await notices.getByRole("button", { name: "Save notices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Notices saved." })).toBeVisible();
  await page.reload();
  await expect(notice).toHaveValue("Winter sale: 20% off");
  await expect(banner).toHaveValue("We open on Monday.");

  // Put back as it was, from the copy this save answered: no reload needed between two saves of one page.
  await notice.fill(originalNotice);
  await banner.fill(originalBanner);
  await notices.getByRole("button", { name: "Save notices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Notices saved." })).toBeVisible();
});
