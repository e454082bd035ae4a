/** The coming-soon banner: switched on in the shop's database, dismissed by one visitor, gone for them only. */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

const shopDatabase = () => new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));

function setComingSoon(value: { enabled: boolean; text: string }) {
  const db = shopDatabase();
  try {
    db.prepare("insert into settings (key, value) values ('comingSoon', ?) on conflict (key) do update set value = excluded.value").run(
      JSON.stringify(value),
    );
  } finally {
    db.close();
  }
}

test.afterEach(() => setComingSoon({ enabled: false, text: "" }));

test("dismissing the coming-soon banner tells the shop, hides it, and it stays hidden", async ({ page, browser }) => {
  setComingSoon({ enabled: true, text: "We open on Monday: have a look around." });
  await page.goto("/shop");
  const banner = page.getByRole("complementary", { name: "Coming soon" });
  await expect(banner).toContainText("We open on Monday: have a look around.");

  const call = page.waitForRequest((r) => r.url().endsWith("/api/store/v1/visitor/meta") && r.method() === "POST");
  await banner.getByRole("button", { name: "Dismiss the coming-soon banner" }).click();
  const request = await call;
  expect(request.headers().nonce).toBeTruthy();
  expect(request.postDataJSON()).toEqual({ meta: { coming_soon_banner_dismissed: "yes" } });
  await expect(banner).toBeHidden();

  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();

  // Another visitor still sees it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/shop");
  await expect(otherPage.getByRole("complementary", { name: "Coming soon" })).toBeVisible();
  await other.close();
});
