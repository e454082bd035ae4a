/**
 * Product reviews (decision 0090): a shopper writes a review with the star radio group, sees the form's
 * errors and that it awaits approval; the owner approves it and replies at /admin/reviews; the shopper then
 * sees it with the reply and the product's stars and count near the price. "More reviews" adds the next page
 * without reloading. Axe on the product page and the console page. Pre-order Poster is the demo product
 * without reviews, so its figures are this journey's alone.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("a shopper reviews a product, the owner approves and replies, and the product's rating follows", async ({ page, browser }) => {
  // Two sessions, six pages and five axe runs: more than one page's work on a busy machine.
  test.slow();
  const text = `Bright colours and thick paper, framed it at once (${Date.now()}).`;
  await page.goto("/product/pre-order-poster");
  const reviews = page.locator("#reviews");
  await expect(reviews.getByText("There are no reviews yet.")).toBeVisible();
  await expect(page.locator(".product__rating")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Sent empty: every field's error, in a summary linking to each.
  await reviews.getByRole("button", { name: "Submit review" }).click();
  const summary = page.locator(".review-form__summary");
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link")).toHaveText([
    "Enter your name.",
    "Enter your email address.",
    "Please select a rating.",
    "Write your review.",
  ]);
  expect(await seriousViolations(page)).toEqual([]);

  const stars = page.getByRole("group", { name: "Your rating (required)" });
  await stars.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel("Your review (required)").fill(text);
  await page.getByLabel("Name (required)").fill("Pat Poster");
  await page.getByLabel("Email (required)").fill("pat@example.com");
  await page.locator("#reviews").getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your review is awaiting approval." })).toBeVisible();
  await expect(page.locator("#reviews").getByText(text)).toHaveCount(0);

  // The owner approves and replies.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAsOwner(owner);
  // The dashboard points at the reviews waiting; the navigation leads to them too.
  await expect(owner.getByRole("link", { name: /^\d+ product reviews? (is|are) awaiting approval$/ })).toHaveAttribute(
    "href",
    "/admin/reviews?status=pending",
  );
  // The navigation's Reviews carries the number waiting, as its description (its name stays "Reviews").
  const navReviews = owner.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Reviews", exact: true });
  await expect(navReviews).toHaveAccessibleDescription(/^\d+ awaiting approval$/);
  await navReviews.click();
  await expect(owner.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await owner.getByRole("link", { name: /^Pending \(\d+\)$/ }).click();
  const row = owner.getByRole("row").filter({ hasText: text });
  await expect(row).toBeVisible();
  await expect(row.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByText("1 review approved.")).toBeAttached();
  // The number follows the page's own count once the review left the pending tab.
  const pendingTab = owner.getByRole("link", { name: /^Pending \(\d+\)$/ });
  const waiting = Number((await pendingTab.textContent())?.match(/\d+/)?.[0]);
  if (waiting > 0) await expect(navReviews).toHaveAccessibleDescription(`${waiting} awaiting approval`);
  else await expect(navReviews).not.toHaveAttribute("aria-describedby");
  await owner.getByRole("link", { name: /^Approved \(\d+\)$/ }).click();
  const approved = owner.getByRole("row").filter({ hasText: text });
  await approved.getByRole("button", { name: "Reply" }).click();
  await approved.getByLabel("Reply as the shop").fill("Thank you, Pat! Enjoy the poster.");
  await approved.getByRole("button", { name: "Save reply" }).click();
  await expect(approved.getByText("Thank you, Pat! Enjoy the poster.")).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  // A stale link past the last page of the poster's approved reviews says where they end and links it, tab and product kept.
  const posterReviews = (await approved.getByRole("link", { name: "Only reviews of Pre-order Poster" }).getAttribute("href")) as string;
  expect(posterReviews).toMatch(/^\/admin\/reviews\?status=approved&product=\d+$/);
  await owner.goto(`${posterReviews}&page=5`);
  await expect(owner.getByText("Nothing on page 5: the list ends at page 1.")).toBeVisible();
  await expect(owner.getByText("No reviews here.")).toHaveCount(0);
  await owner.getByRole("link", { name: "Page 1 of 1" }).click();
  await expect(owner).toHaveURL(posterReviews);
  await expect(owner.getByRole("row").filter({ hasText: text })).toBeVisible();
  await ownerContext.close();

  // The shopper sees the review, the reply, and the stars near the price.
  await page.goto("/product/pre-order-poster");
  const review = page.locator(".review").filter({ hasText: text });
  await expect(review.getByText("Pat Poster")).toBeVisible();
  await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(review.getByText("Reply from Cartwright Demo")).toBeVisible();
  await expect(review.getByText("Thank you, Pat! Enjoy the poster.")).toBeVisible();
  const rating = page.locator(".product__rating");
  await expect(rating.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await rating.getByRole("link", { name: "(1 customer review)" }).click();
  await expect(page).toHaveURL(/#reviews$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("more reviews come without reloading the page", async ({ page }) => {
  await page.goto("/product/classic-t-shirt");
  const items = page.locator("#reviews .review");
  await expect(items).toHaveCount(5);
  await expect(page.locator(".product__rating").getByRole("link", { name: "(41 customer reviews)" })).toBeVisible();
  // A mark on the window survives only if the page is not reloaded.
  await page.evaluate(() => {
    (globalThis as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole("link", { name: "More reviews" }).click();
  await expect(items).toHaveCount(10);
  await expect(page.getByRole("status").filter({ hasText: "5 more reviews shown." })).toBeAttached();
  expect(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page).toHaveURL(/\/product\/classic-t-shirt$/);
});

test("the shop filters by rating with counts", async ({ page }) => {
  await page.goto("/shop");
  const group = page.getByRole("group", { name: "Rating" });
  const five = group.getByRole("checkbox", { name: /^Rated 5 out of 5 \(\d+ products?\)$/ });
  await expect(five).toBeVisible();
  await five.check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/shop\?rating_filter=5$/);
  await expect(page.getByRole("list", { name: "Products" }).getByRole("heading", { name: "Limited Print" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Remove filter Rating: 5 stars" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the review form posts to the page and says the review awaits approval", async ({ page }) => {
    await page.goto("/product/signed-book");
    await page.getByRole("radio", { name: "5 stars" }).check();
    await page.getByLabel("Your review (required)").fill(`Signed and dedicated, a lovely copy (${Date.now()}).`);
    await page.getByLabel("Name (required)").fill("Noor Reader");
    await page.getByLabel("Email (required)").fill("not-an-email");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.locator(".review-form__summary").getByRole("link")).toHaveText(["Enter a valid email address."]);
    // What was typed is kept.
    await expect(page.getByLabel("Name (required)")).toHaveValue("Noor Reader");
    await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await page.getByLabel("Email (required)").fill("noor@example.com");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByText("Thank you! Your review is awaiting approval.")).toBeVisible();
    await expect(page).toHaveURL(/\/product\/signed-book#review-form$/);
  });

  test("More reviews opens the next page", async ({ page }) => {
    await page.goto("/product/classic-t-shirt");
    await page.getByRole("link", { name: "More reviews" }).click();
    await expect(page).toHaveURL(/\?reviews_page=2#reviews$/);
    await expect(page.locator("#reviews .review")).toHaveCount(5);
  });
});
