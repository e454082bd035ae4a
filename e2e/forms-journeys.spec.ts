/**
 * The demo's public forms as a visitor meets them in Chromium (issue 17, DEMO.md "Public forms";
 * decision 0027): the contact form with a typo's suggestion taken, an attachment and the captcha
 * solved; the feedback form skipping its page 2 and redirecting to /shop; the custom T-shirt through
 * its three pages with the running total at 61.00 and the test card; one form by keyboard alone;
 * and the one-tag embed sending a form from a page of another origin. axe on each state.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { axeScan } from "./support/axe.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

// With less motion a page change jumps to the form's top: scrolled under the mouse between its press and release,
// a click on the next page's choice landed on two elements and chose nothing (seen once in a full run).
test.use({ reducedMotion: "reduce" });

// A 1×1 PNG: a real image, checked by its bytes on the server.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const f = (id: number, sub?: string) => (sub ? `[name="forms[fields][${id}][${sub}]"]` : `[name="forms[fields][${id}]"]`);

function entries(slug: string): { id: number; values: string; payment_status: string; payment_total: number }[] {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  try {
    return db
      .prepare(
        "select e.id, e.\"values\", e.payment_status, e.payment_total from form_entries e join forms f on f.id = e.form_id where f.slug = ? and e.status = 'complete' order by e.id",
      )
      .all(slug) as { id: number; values: string; payment_status: string; payment_total: number }[];
  } finally {
    db.close();
  }
}

function formIdOf(slug: string): number {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  try {
    return (db.prepare("select id from forms where slug = ?").get(slug) as { id: number }).id;
  } finally {
    db.close();
  }
}

function filesOf(entryId: number): string[] {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  try {
    return (db.prepare("select file_name from form_files where entry_id = ?").all(entryId) as { file_name: string }[]).map(
      (r) => r.file_name,
    );
  } finally {
    db.close();
  }
}

/** The day `days` after today, as the date field's fallback takes it. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function openForm(page: Page, slug: string, query = "") {
  await page.goto(`/forms/${slug}${query}`);
  const form = page.locator("form.cwf");
  await expect(form).toHaveAttribute("data-ready", "");
  return form;
}

/** custom-tee's first page: name, email and a New York address. */
async function fillTeeContact(form: Locator, first: string, last: string, email: string) {
  await form.locator(f(1, "first")).fill(first);
  await form.locator(f(1, "last")).fill(last);
  await form.locator(f(2)).fill(email);
  await form.locator(f(4, "country")).selectOption("US");
  await form.locator(f(4, "state")).selectOption("NY");
  await form.locator(f(4, "address1")).fill("1 Navy Street");
  await form.locator(f(4, "city")).fill("New York");
  await form.locator(f(4, "postal")).fill("10001");
}

test("contact: a typo's suggestion taken, an attachment, the captcha solved, the confirmation shown", async ({ page }) => {
  test.setTimeout(90_000);
  const form = await openForm(page, "contact");
  await form.locator(f(1, "first")).fill("Ada");
  await form.locator(f(1, "last")).fill("Lovelace");
  await form.locator(f(2, "primary")).fill("ada.journey@gmial.com");
  await form.locator(f(2, "primary")).blur();
  const suggestion = form.getByRole("button", { name: "ada.journey@gmail.com" });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(form.locator(f(2, "primary"))).toHaveValue("ada.journey@gmail.com");
  await form.locator(f(2, "secondary")).fill("ada.journey@gmail.com");
  await form.locator(f(3)).selectOption({ label: "Returns" });
  await form.locator(f(4)).fill("The mug arrived chipped; a photo is attached.");
  await form.locator(f(5)).setInputFiles({ name: "mug.png", mimeType: "image/png", buffer: PNG });
  expect(await seriousViolations(page)).toEqual([]);

  await form.locator(".cwf-submit-button").click();
  const confirmation = page.locator(".cwf-confirmation");
  await expect(confirmation).toContainText("Thanks for contacting us! We will be in touch with you shortly.", { timeout: 30_000 });
  await expect(confirmation).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // Other journeys send forms at the same time: the entry is found by its own address.
  const stored = entries("contact").filter((entry) => entry.values.includes("ada.journey@gmail.com"));
  expect(stored.length).toBe(1);
  expect(filesOf(stored[0]?.id ?? 0)).toEqual(["mug.png"]);
});

test("contact: the browser refuses empty required fields and says so where they are", async ({ page }) => {
  const form = await openForm(page, "contact");
  await form.locator(".cwf-submit-button").click();
  const error = form.locator("#cwf1-4-error");
  await expect(error).toHaveText("This field is required.");
  await expect(form.locator(f(4))).toHaveAttribute("aria-invalid", "true");
  // Typing the answer clears the error once the visitor stops for a second.
  await form.locator(f(4)).fill("Hello");
  await expect(error).toBeHidden({ timeout: 3_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test("contact: the Message counter follows the text, and reaching the limit is said in the polite live region", async ({ page }) => {
  const form = await openForm(page, "contact");
  const message = form.locator(f(4));
  const counter = form.locator("#cwf1-4-counter");
  await expect(message).toHaveAttribute("aria-describedby", /\bcwf1-4-counter\b/);
  await expect(counter).toHaveText("0 of 2000 characters");
  // Not a live region: the count is read with the field, never on each key.
  await expect(counter).not.toHaveAttribute("aria-live");
  await message.pressSequentially("Hi 👋");
  await expect(counter).toHaveText("4 of 2000 characters");
  await message.fill("x".repeat(1999));
  await expect(counter).toHaveText("1999 of 2000 characters");
  await message.press("y");
  await expect(counter).toHaveText("2000 of 2000 characters");
  await expect(form.locator(".cwf-live")).toHaveText("2000 of 2000 characters");
  await message.press("Backspace");
  await expect(counter).toHaveText("1999 of 2000 characters");
  // Below the limit again, "2000 of 2000" is no longer true: the live region lets it go.
  await expect(form.locator(".cwf-live")).toHaveText("");
});

test("feedback: a rating of 4 skips page 2 both ways, and the answer redirects to /shop", async ({ page }) => {
  const form = await openForm(page, "feedback");
  const page1 = form.locator('.cwf-page[data-page="1"]');
  const page3 = form.locator('.cwf-page[data-page="3"]');
  await expect(page1).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.locator('label[for="cwf3-1-4"]').click();
  await page1.getByRole("button", { name: "Next" }).click();
  await expect(page3).toBeVisible();
  await expect(form.locator('.cwf-page[data-page="2"]')).toBeHidden();
  await expect(form.locator('.cwf-step[aria-current="step"]')).toHaveAttribute("data-page", "3");
  await expect(page3.locator(".cwf-page-title")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page3.getByRole("button", { name: "Previous" }).click();
  await expect(page1).toBeVisible();
  await expect(form.locator('.cwf-step[aria-current="step"]')).toHaveAttribute("data-page", "1");
  await page1.getByRole("button", { name: "Next" }).click();
  await expect(page3).toBeVisible();
  await form.locator(".cwf-submit-button").click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("custom-tee: a choice made clears its error at once, so the next click lands where it was aimed", async ({ page }) => {
  const form = await openForm(page, "custom-tee");
  await fillTeeContact(form, "Ada", "Lovelace", "ada.choices@example.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  const page2 = form.locator('.cwf-page[data-page="2"]');
  await expect(page2).toBeVisible();
  // Next with nothing chosen: the errors show, and pushed what follows them down.
  await page2.getByRole("button", { name: "Next" }).click();
  await expect(page2.getByText("This field is required.").first()).toBeVisible();
  await page2.locator('label[for="cwf2-5-2"]').click();
  // Straight on to the next choice: the Style error left when Premium was chosen, not under this click.
  await page2.getByRole("checkbox", { name: /Gift wrap/ }).click();
  await expect(page2.getByRole("checkbox", { name: /Gift wrap/ })).toBeChecked();
  await expect(form.locator(f(8))).toBeVisible();
});

test("custom-tee: an error's announcement goes with the error, so pages 2 and 3 do not still say the email was required", async ({
  page,
}) => {
  const form = await openForm(page, "custom-tee");
  const live = form.locator(".cwf-live");
  await fillTeeContact(form, "Ada", "Lovelace", "");
  await form.getByRole("button", { name: "Next" }).first().click();
  await expect(form.locator("#cwf2-2-error")).toHaveText("This field is required.");
  await expect(live).toHaveText("This field is required.");
  await form.locator(f(2)).fill("ada.announced@example.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  const page2 = form.locator('.cwf-page[data-page="2"]');
  await expect(page2).toBeVisible();
  await expect(live).toHaveText("");
  await page2.locator('label[for="cwf2-5-1"]').click();
  await form.locator(f(9)).setInputFiles({ name: "design.png", mimeType: "image/png", buffer: PNG });
  await page2.getByRole("button", { name: "Next" }).click();
  await expect(form.locator('.cwf-page[data-page="3"]')).toBeVisible();
  await expect(live).toHaveText("");
});

test("custom-tee: a required upload's error goes as the file is chosen, not a moment later nor at Next", async ({ page }) => {
  const form = await openForm(page, "custom-tee");
  await fillTeeContact(form, "Grace", "Hopper", "grace.upload@example.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  const page2 = form.locator('.cwf-page[data-page="2"]');
  await page2.getByRole("button", { name: "Next" }).click();
  const designError = form.locator("#cwf2-9-error");
  await expect(designError).toHaveText("This field is required.");
  // The page's clock stopped: a check waiting out the typing pause would never run, so only one made at once clears it.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await form.locator(f(9)).setInputFiles({ name: "design.png", mimeType: "image/png", buffer: PNG });
  await expect(designError).toHaveText("");
  await expect(page2).toBeVisible();
});

test("custom-tee: a send whose answer the network drops takes the declined card's message away, and sent again is neither stored nor charged twice", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  const form = await openForm(page, "custom-tee");
  await fillTeeContact(form, "Alan", "Turing", "alan.offline@example.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  const page2 = form.locator('.cwf-page[data-page="2"]');
  await expect(page2).toBeVisible();
  await page2.locator('label[for="cwf2-5-1"]').click();
  await form.locator(f(9)).setInputFiles({ name: "design.png", mimeType: "image/png", buffer: PNG });
  await page2.getByRole("button", { name: "Next" }).click();
  await expect(form.locator('.cwf-page[data-page="3"]')).toBeVisible();
  await form.getByRole("button", { name: "Type instead" }).click();
  await form.locator(f(13)).fill("Alan Turing");
  await form.locator(f(14, "number")).fill("4000 0000 0000 0002");
  await form.locator(f(14, "expiry")).fill("12/30");
  await form.locator(f(14, "cvc")).fill("123");
  await form.locator(f(15)).check();
  const submit = form.locator(".cwf-submit-button");
  await submit.click();
  const header = form.locator(".cwf-general--header");
  const declined = "Your card was declined. Please use another card or payment method.";
  await expect(header).toHaveText(declined, { timeout: 30_000 });

  // Another card, and the connection drops on the answer's way back: the shop took the send and the payment, the page
  // heard nothing, so the decline is no answer to it.
  await form.locator(f(14, "number")).fill("4242 4242 4242 4242");
  const sends = (url: URL) => url.pathname === "/ajax" && url.searchParams.get("action") === "forms_submit";
  await page.route(sends, async (route) => {
    await route.fetch();
    await route.abort();
  });
  await submit.click();
  await expect.poll(() => logged.some((text) => text.startsWith("Cartwright Forms AJAX submit error"))).toBe(true);
  await expect(submit).toBeEnabled();
  await expect(header).toBeHidden();
  await expect(form.getByText(declined)).toHaveCount(0);
  const alans = () => entries("custom-tee").filter((entry) => entry.values.includes("alan.offline@example.com"));
  expect(alans().map((entry) => entry.payment_status)).toEqual(["failed", "paid"]);
  // What was typed is kept: sent again once the connection is back, it is the same send (decision 0184), so the
  // visitor sees the confirmation and is neither charged nor entered twice.
  await page.unroute(sends);
  await submit.click();
  await expect(page.locator(".cwf-confirmation")).toContainText("Thank you! Your custom T-shirt order is in.", { timeout: 30_000 });
  expect(alans().map((entry) => entry.payment_status)).toEqual(["failed", "paid"]);
});

test("custom-tee: three pages, Premium × 2 with Gift wrap at 61.00, the test card, the confirmation, and the owner's entry", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const form = await openForm(page, "custom-tee");
  await fillTeeContact(form, "Grace", "Hopper", "grace.journey@example.com");
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole("button", { name: "Next" }).first().click();

  const page2 = form.locator('.cwf-page[data-page="2"]');
  await expect(page2).toBeVisible();
  await page2.locator('label[for="cwf2-5-2"]').click();
  await expect(page2.getByRole("radio", { name: /Premium/ })).toBeChecked();
  await form.locator(f(6)).selectOption("2");
  await expect(form.locator(f(8))).toBeHidden();
  await page2.getByRole("checkbox", { name: /Gift wrap/ }).check({ force: true });
  await expect(form.locator(f(8))).toBeVisible();
  await form.locator(f(8)).fill("Happy birthday, Ada!");
  await form.locator(f(9)).setInputFiles({ name: "design.png", mimeType: "image/png", buffer: PNG });
  await form.locator(f(10)).fill(daysAhead(5));
  expect(await seriousViolations(page)).toEqual([]);
  await page2.getByRole("button", { name: "Next" }).click();

  const page3 = form.locator('.cwf-page[data-page="3"]');
  await expect(page3).toBeVisible();
  await expect(form.locator("#cwf2-total")).toContainText("61.00");
  await expect(form.locator(".cwf-summary tbody tr")).toHaveCount(2);
  // The tip takes digits, "." and "," only, is written in the shop's format on leaving, and counts.
  await form.locator(f(11)).pressSequentially("2x.5");
  await expect(form.locator(f(11))).toHaveValue("2.5");
  await form.locator(f(11)).blur();
  await expect(form.locator(f(11))).toHaveValue("2.50");
  await expect(form.locator("#cwf2-total")).toContainText("63.50");
  await form.locator(f(11)).fill("");
  await expect(form.locator("#cwf2-total")).toContainText("61.00");
  // The signature kind shows its pad first; the typed name is its keyboard way (decision 0028).
  await form.getByRole("button", { name: "Type instead" }).click();
  await form.locator(f(13)).fill("Grace Hopper");
  await form.locator(f(14, "number")).fill("4242 4242 4242 4242");
  await form.locator(f(14, "expiry")).fill("12/30");
  await form.locator(f(14, "cvc")).fill("123");
  const name = form.locator(f(14, "name"));
  if ((await name.count()) > 0) await name.fill("Grace Hopper");
  await form.locator(f(15)).check();
  expect(await seriousViolations(page)).toEqual([]);
  await form.locator(".cwf-submit-button").click();
  await expect(page.locator(".cwf-confirmation")).toContainText("Thank you! Your custom T-shirt order is in.", { timeout: 30_000 });
  const last = entries("custom-tee").find((entry) => entry.values.includes("grace.journey@example.com"));
  expect(last).toMatchObject({ payment_status: "paid", payment_total: 6100 });
  expect(filesOf(last?.id ?? 0)).toEqual(["design.png"]);
  expect(await seriousViolations(page)).toEqual([]);

  // The owner, in a browser of their own, finds the paid entry among the form's entries and opens it.
  const owner = await browser.newPage();
  try {
    await signInAsOwner(owner, `/admin/forms/${formIdOf("custom-tee")}/entries?search=grace.journey`);
    const row = owner.getByRole("row").filter({ hasText: "grace.journey@example.com" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Paid");
    await expect(row).toContainText("$61.00");
    await row.getByRole("link").first().click();
    await expect(owner.getByText("Happy birthday, Ada!")).toBeVisible();
    await expect(owner.getByRole("link", { name: /design\.png/ })).toBeVisible();
  } finally {
    await owner.close();
  }
});

/** The number of files a file input holds. */
const fileCount = (input: Locator) => input.evaluate((element) => (element as unknown as { files: { length: number } }).files.length);

test("custom-tee on its own page: the browser's Back and Forward move between pages with the answers kept, the send goes once, and Back from the thanks leaves", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/shop");
  const form = await openForm(page, "custom-tee");
  const page1 = form.locator('.cwf-page[data-page="1"]');
  const page2 = form.locator('.cwf-page[data-page="2"]');
  const page3 = form.locator('.cwf-page[data-page="3"]');
  const step = form.locator(".cwf-indicator-current");
  await fillTeeContact(form, "Mary", "Somerville", "mary.history@example.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  await expect(page2).toBeVisible();
  await page2.locator('label[for="cwf2-5-2"]').click();
  await form.locator(f(6)).selectOption("2");
  await page2.getByRole("checkbox", { name: /Gift wrap/ }).check({ force: true });
  await form.locator(f(8)).fill("For the stars.");
  await form.locator(f(9)).setInputFiles({ name: "design.png", mimeType: "image/png", buffer: PNG });

  // Back: page 1 as it was left, its title focused as Previous would, on the same address.
  await page.goBack();
  await expect(page1).toBeVisible();
  await expect(page2).toBeHidden();
  await expect(page).toHaveURL(/\/forms\/custom-tee$/);
  await expect(page1.locator(".cwf-page-title")).toBeFocused();
  await expect(step).toHaveText("1");
  await expect(form.locator(f(1, "first"))).toHaveValue("Mary");
  await expect(form.locator(f(2))).toHaveValue("mary.history@example.com");
  await expect(form.locator(f(4, "city"))).toHaveValue("New York");
  expect(await seriousViolations(page)).toEqual([]);

  // Forward: page 2 with every answer, the chosen file too.
  await page.goForward();
  await expect(page2).toBeVisible();
  await expect(page2.locator(".cwf-page-title")).toBeFocused();
  await expect(step).toHaveText("2");
  await expect(page2.getByRole("radio", { name: /Premium/ })).toBeChecked();
  await expect(form.locator(f(6))).toHaveValue("2");
  await expect(page2.getByRole("checkbox", { name: /Gift wrap/ })).toBeChecked();
  await expect(form.locator(f(8))).toHaveValue("For the stars.");
  expect(await fileCount(form.locator(f(9)))).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  // The form's Previous is the browser's Back: Forward after it shows page 2 again, not a page further on.
  await page2.getByRole("button", { name: "Previous" }).click();
  await expect(page1).toBeVisible();
  await page.goForward();
  await expect(page2).toBeVisible();
  await page2.getByRole("button", { name: "Next" }).click();
  await expect(page3).toBeVisible();
  await expect(form.locator("#cwf2-total")).toContainText("61.00");
  await form.getByRole("button", { name: "Type instead" }).click();
  await form.locator(f(13)).fill("Mary Somerville");
  await form.locator(f(14, "number")).fill("4242 4242 4242 4242");
  await form.locator(f(14, "expiry")).fill("12/30");
  await form.locator(f(14, "cvc")).fill("123");
  await form.locator(f(15)).check();
  expect(await seriousViolations(page)).toEqual([]);
  await form.locator(".cwf-submit-button").click();
  await expect(page.locator(".cwf-confirmation")).toContainText("Thank you! Your custom T-shirt order is in.", { timeout: 30_000 });

  // Back from the thanks steps over the sent form's pages to the page the visitor came from; nothing is sent again.
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  const sent = entries("custom-tee").filter((entry) => entry.values.includes("mary.history@example.com"));
  expect(sent).toMatchObject([{ payment_status: "paid", payment_total: 6100 }]);
});

test("custom-tee on its own page: a reload opens the page it was on with the answers this browser kept, and Back reaches page 1's", async ({
  page,
}) => {
  const form = await openForm(page, "custom-tee");
  await fillTeeContact(form, "Emmy", "Noether", "emmy.reload@example.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  const page2 = form.locator('.cwf-page[data-page="2"]');
  await expect(page2).toBeVisible();
  await page2.locator('label[for="cwf2-5-1"]').click();
  const id = await form.getAttribute("data-form-id");
  await expect.poll(() => page.evaluate<string>(`localStorage.getItem("cartwright-form-${id}") ?? ""`)).toContain('"forms[fields][5]","1"');

  await page.reload();
  await expect(form).toHaveAttribute("data-ready", "");
  await expect(page2).toBeVisible();
  await expect(form.locator(".cwf-indicator-current")).toHaveText("2");
  await expect(page2.getByRole("radio", { name: /Classic/ })).toBeChecked();
  await expect(form.locator(".cwf-resume")).toContainText("Your earlier answers were restored from this browser.");
  expect(await seriousViolations(page)).toEqual([]);

  // The entry behind is the earlier load's page 1: opened again, with its answers.
  await page.goBack();
  await expect(form).toHaveAttribute("data-ready", "");
  await expect(form.locator('.cwf-page[data-page="1"]')).toBeVisible();
  await expect(form.locator(f(2))).toHaveValue("emmy.reload@example.com");

  // Start over empties the form and opens its first page, wherever the visitor was.
  await page.goForward();
  await expect(form).toHaveAttribute("data-ready", "");
  await expect(page2).toBeVisible();
  await form.locator(".cwf-resume").getByRole("button", { name: "Start over" }).click();
  await expect(form.locator('.cwf-page[data-page="1"]')).toBeVisible();
  await expect(form.locator(f(2))).toHaveValue("");
});

test("feedback by keyboard alone: stars by arrows, Enter as Next, Enter as Send", async ({ page }) => {
  const form = await openForm(page, "feedback");
  // Tab from the top of the page until the form's first control has the focus.
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if ((await page.locator("form.cwf :focus").count()) > 0) break;
  }
  await expect(form.locator(f(1)).first()).toBeFocused();
  // Arrows move along the stars and choose as they go.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(form.locator(`${f(1)}:checked`)).toHaveValue("4");
  await form.locator(f(3)).focus();
  await page.keyboard.type("keys@example.com");
  await page.keyboard.press("Enter");
  const page3 = form.locator('.cwf-page[data-page="3"]');
  await expect(page3).toBeVisible();
  await expect(page3.locator(".cwf-page-title")).toBeFocused();
  // Past the photo's controls (a file input, or the camera module's buttons) to the time.
  for (let i = 0; i < 8 && (await form.locator(`${f(6)}:focus`).count()) === 0; i++) await page.keyboard.press("Tab");
  await expect(form.locator(f(6))).toBeFocused();
  await page.keyboard.type("10:30 AM");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/shop$/);
});

// With the upload kind in (decision 0028), a file over the field's own size is refused as it is chosen, so the
// contact form's 2 MB files can never add up past the 10 MB total: the total's block is checked with the kind on a
// page of its own (forms-kinds-harness.spec.ts).
test("contact: files above the field's size are refused at once and never count towards the total; a fitting one is kept", async ({
  page,
}) => {
  const form = await openForm(page, "contact");
  const big = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) });
  await form.locator(f(5)).setInputFiles([big("one.png"), big("two.png")]);
  const field = form.locator('.cwf-field[data-field-id="5"]');
  await expect(field.getByRole("alert")).toHaveText("one.png: This file is larger than 2 MB. two.png: This file is larger than 2 MB.");
  await expect(form.locator(".cwf-upload-error")).toHaveCount(0);
  await expect(form.locator(".cwf-submit-button")).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await form.locator(f(5)).setInputFiles({ name: "small.png", mimeType: "image/png", buffer: PNG });
  await expect(field.getByRole("listitem")).toHaveCount(1);
  await expect(field.getByRole("listitem")).toContainText("small.png");
});

test("an old token is fetched again when the form gains focus, and submit comes back after", async ({ page }) => {
  await page.clock.install();
  const form = await openForm(page, "feedback");
  const token = form.locator('input[name="forms[token]"]');
  await expect(token).not.toHaveValue("");
  // A day and a bit later (the payload's tokenLifetimeSeconds is a day); only the page's clock moves.
  await page.clock.fastForward("25:00:00");
  const asked = page.waitForResponse((r) => r.url().endsWith("/ajax") && (r.request().postData() ?? "").includes("action=forms_get_token"));
  await form.locator(f(3)).focus();
  const answer = (await (await asked).json()) as { success: boolean; data: { token: string } };
  expect(answer.success).toBe(true);
  await expect(token).toHaveValue(answer.data.token);
  await expect(form.locator(".cwf-submit-button")).toBeEnabled();
});

test("feedback: a restricted address is refused before Next moves on, the server asked once per address", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    const form = new URLSearchParams(r.method() === "POST" && r.url().endsWith("/ajax") ? (r.postData() ?? "") : "");
    if (form.get("action") === "forms_restricted_email") asked.push(form.get("email") ?? "");
  });
  // A link that named the form (spec §2.2) loses that parameter from the address bar on load.
  const form = await openForm(page, "feedback", "?forms_form_id=3&ref=mail");
  await expect(page).toHaveURL(/\/forms\/feedback\?ref=mail$/);
  await form.locator('label[for="cwf3-1-4"]').click();
  await form.locator(f(3)).fill("bot@mailinator.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  await expect(form.locator("#cwf3-3-error")).toHaveText("This email address is not accepted here.");
  await expect(form.locator('.cwf-page[data-page="1"]')).toBeVisible();
  await expect(form.locator(f(3))).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);
  await form.locator(f(3)).fill("bot@mailinator.com");
  await form.locator(f(3)).blur();
  await form.locator(f(3)).fill("visitor@example.com");
  // The typing check (1 s after the last key) takes the old error away and Next moves up with it: waiting for it keeps
  // the click from landing where Next was (on a busy machine the check could fire between aiming and clicking).
  await expect(form.locator("#cwf3-3-error")).toBeHidden();
  await form.getByRole("button", { name: "Next" }).first().click();
  // Next waits for the server's answer on the new address: on a busy machine that can take seconds.
  await expect(form.locator('.cwf-page[data-page="3"]')).toBeVisible({ timeout: 15_000 });
  expect(asked).toEqual(["bot@mailinator.com", "visitor@example.com"]);
});

test("feedback: a Next pressed with a refused address stays when the visitor corrects it while the answer is awaited", async ({ page }) => {
  // The server's answers on addresses are held until the visitor has typed the new one.
  const held: (() => Promise<void>)[] = [];
  await page.route("**/ajax*", async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? "");
    if (form.get("action") !== "forms_restricted_email") return route.continue();
    held.push(() => route.continue());
  });
  const form = await openForm(page, "feedback");
  await form.locator('label[for="cwf3-1-4"]').click();
  await form.locator(f(3)).fill("bot@mailinator.com");
  await form.getByRole("button", { name: "Next" }).first().click();
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(1);
  await form.locator(f(3)).fill("visitor@example.com");
  await form.locator(f(3)).blur();
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(2);
  for (const release of held.splice(0)) await release();
  // The visitor's own check of the new address is answered; the Next pressed on the old one would have moved on by now.
  await expect(form.locator("#cwf3-3-error")).toBeHidden();
  await page.waitForTimeout(1_500);
  await expect(form.locator('.cwf-page[data-page="1"]')).toBeVisible();
  await form.getByRole("button", { name: "Next" }).first().click();
  await expect(form.locator('.cwf-page[data-page="3"]')).toBeVisible({ timeout: 15_000 });
});

test("save and resume in the browser: answers come back after a reload with a notice, Start over clears them, sending forgets them", async ({
  page,
}) => {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  try {
    const row = db.prepare("select definition from forms where slug = 'feedback'").get() as { definition: string };
    const definition = JSON.parse(row.definition) as { slug: string; title: string; settings: { saveProgress: { browser: boolean } } };
    definition.slug = "feedback-kept";
    definition.title = "Store feedback, kept";
    definition.settings.saveProgress.browser = true;
    const now = new Date().toISOString();
    db.prepare(
      "insert into forms (slug, title, definition, status, created_at, updated_at) values ('feedback-kept', ?, ?, 'published', ?, ?) on conflict (slug) do nothing",
    ).run(definition.title, JSON.stringify(definition), now, now);
  } finally {
    db.close();
  }
  let form = await openForm(page, "feedback-kept");
  const id = await form.getAttribute("data-form-id");
  await form.locator(`label[for="cwf${id}-1-4"]`).click();
  await form.locator(f(3)).fill("kept@example.com");
  // The browser keeps the answers once the typing pauses: the page is opened again once they are kept, not after a fixed wait.
  await expect.poll(() => page.evaluate<string>(`localStorage.getItem("cartwright-form-${id}") ?? ""`)).toContain("kept@example.com");
  form = await openForm(page, "feedback-kept");
  const notice = form.locator(".cwf-resume");
  await expect(notice).toContainText("Your earlier answers were restored from this browser.");
  await expect(form.locator(f(3))).toHaveValue("kept@example.com");
  await expect(form.locator(`${f(1)}:checked`)).toHaveValue("4");
  expect(await seriousViolations(page)).toEqual([]);
  await notice.getByRole("button", { name: "Start over" }).click();
  await expect(notice).toBeHidden();
  await expect(form.locator(f(3))).toHaveValue("");

  await form.locator(`label[for="cwf${id}-1-5"]`).click();
  await form.getByRole("button", { name: "Next" }).first().click();
  await form.locator(".cwf-submit-button").click();
  await expect(page).toHaveURL(/\/shop$/);
  form = await openForm(page, "feedback-kept");
  await expect(form.locator(".cwf-resume")).toHaveCount(0);
});

test("the visitor cookie _formsuuid follows the consent rule and is kept with the entry", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "cw_consent_marketing", value: "deny", url: baseURL as string }]);
  const form = await openForm(page, "feedback");
  await form.locator('label[for="cwf3-1-5"]').click();
  const visitorCookie = async () => (await context.cookies()).find((cookie) => cookie.name === "_formsuuid");
  expect(await visitorCookie()).toBeUndefined();
  // A consent tool says yes: the cookie is set, strict and long-lived.
  await page.evaluate('dispatchEvent(new CustomEvent("cw:consent", { detail: { marketing: true } }))');
  await expect.poll(visitorCookie).toMatchObject({
    sameSite: "Strict",
    value: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
  });
  const cookie = await visitorCookie();
  // 3999 days are asked for; Chromium keeps a cookie at most 400 days.
  expect((cookie?.expires ?? 0) * 1000).toBeGreaterThan(Date.now() + 399 * 86_400_000);
  await form.getByRole("button", { name: "Next" }).first().click();
  await form.locator(".cwf-submit-button").click();
  await expect(page).toHaveURL(/\/shop$/);
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  try {
    const row = db.prepare("select visitor_id from form_entries where visitor_id = ?").get(cookie?.value ?? "") as
      | { visitor_id: string }
      | undefined;
    expect(row?.visitor_id).toBe(cookie?.value);
  } finally {
    db.close();
  }
});

test.describe("the one-tag embed", () => {
  let server: Server;
  let otherSite = "";
  test.beforeAll(async ({ baseURL }) => {
    const feedback = `<script src="${baseURL}/forms/feedback.js"></script>`;
    server = createServer((request, response) => {
      // /strict-csp: a host whose policy runs the shop's scripts but refuses every inline style (no 'unsafe-inline').
      const strict = request.url === "/strict-csp";
      const policy = `default-src 'none'; script-src ${baseURL}; connect-src ${baseURL}; img-src ${baseURL} data:; style-src 'self'`;
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...(strict ? { "content-security-policy": policy } : {}) });
      // /two-copies: the form's tag twice, under a host stylesheet with a tall line height (visitor audit, findings 6 and 8).
      const twice = request.url === "/two-copies";
      response.end(
        `<!doctype html><html lang="en"><head><title>A partner's blog</title>${twice ? "<style>body{line-height:3}</style>" : ""}</head><body><main><h1>A partner's blog</h1><p>Tell the shop what you think:</p>${twice ? `${feedback}<p>Or here:</p>${feedback}` : feedback}</main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    otherSite = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("two copies of one form on a page: landmarks named apart, no id met twice, a draft each, and the host's line height kept out", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["local-network-access"]).catch(() => {});
    await page.goto(`${otherSite}/two-copies`);
    const forms = page.locator("form.cwf");
    await expect(forms).toHaveCount(2);
    for (const form of await forms.all()) await expect(form).toHaveAttribute("data-ready", "");
    const [first, second] = [forms.nth(0), forms.nth(1)];
    await expect(page.getByRole("form", { name: "Store feedback", exact: true })).toHaveCount(1);
    await expect(page.getByRole("form", { name: "Store feedback (2)", exact: true })).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Form progress (2)", exact: true })).toHaveCount(1);
    const unique = await axeScan(page, { rules: ["landmark-unique", "duplicate-id", "duplicate-id-aria", "duplicate-id-active"] });
    expect(unique.violations.map((violation) => violation.id)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // Each copy's ids are its own shadow root's: none repeats within a root, none is in the host page.
    const repeatedIds = await page.evaluate(
      "[...document.querySelectorAll('[data-cartwright-form]')].map((host) => { const ids = [...host.shadowRoot.querySelectorAll('[id]')].map((element) => element.id); return ids.length - new Set(ids).size; })",
    );
    expect(repeatedIds).toEqual([0, 0]);

    // The host's body says line-height 3; the form's text inputs keep the form's own 1.5.
    await expect(page.locator("main > p").first()).toHaveCSS("line-height", "48px");
    await expect(first.locator(f(3))).toHaveCSS("font-size", "16px");
    await expect(first.locator(f(3))).toHaveCSS("line-height", "24px");

    // Answers typed in one copy are kept for that copy only, and come back to it after a reload.
    const drafts = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith("cartwright-form-"))
          .sort(),
      );
    await second.locator(f(3)).fill("second.copy@example.com");
    await expect.poll(drafts).toEqual(["cartwright-form-3-2"]);
    await first.locator(f(3)).fill("first.copy@example.com");
    await expect.poll(drafts).toEqual(["cartwright-form-3", "cartwright-form-3-2"]);
    await page.reload();
    for (const form of await forms.all()) await expect(form).toHaveAttribute("data-ready", "");
    await expect(first.locator(f(3))).toHaveValue("first.copy@example.com");
    await expect(second.locator(f(3))).toHaveValue("second.copy@example.com");
  });

  test("a host page whose CSP refuses inline styles still draws the form styled, its honeypot out of sight", async ({ page, context }) => {
    await context.grantPermissions(["local-network-access"]).catch(() => {});
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) refused.push(message.text());
    });
    await page.goto(`${otherSite}/strict-csp`);
    const form = page.locator("form.cwf");
    await expect(form).toHaveAttribute("data-ready", "");
    // Unstyled, the honeypot showed as one more text box: a visitor who filled it was kept as spam.
    const honeypot = form.locator(".cwf-honeypot input");
    await expect(honeypot).toBeAttached();
    expect((await honeypot.boundingBox())?.x ?? 0).toBeLessThan(0);
    await expect(form.getByRole("button", { name: "Next" }).first()).toHaveCSS("background-color", "rgb(6, 106, 171)");
    expect(await seriousViolations(page)).toEqual([]);
    expect(refused).toEqual([]);
  });

  test("moving between the form's pages adds nothing to the host page's history: Back leaves the host page", async ({ page, context }) => {
    await context.grantPermissions(["local-network-access"]).catch(() => {});
    await page.goto(`${otherSite}/before`);
    await page.goto(`${otherSite}/blog`);
    const form = page.locator("form.cwf");
    await expect(form).toHaveAttribute("data-ready", "");
    await page.evaluate('history.replaceState({ host: "kept" }, "")');
    const hostHistory = () => page.evaluate("[history.length, JSON.stringify(history.state), history.scrollRestoration]");
    const before = await hostHistory();
    await form.locator('label[for="cwf3-1-5"]').click();
    await form.getByRole("button", { name: "Next" }).first().click();
    const page3 = form.locator('.cwf-page[data-page="3"]');
    await expect(page3).toBeVisible();
    await page3.getByRole("button", { name: "Previous" }).click();
    await expect(form.locator('.cwf-page[data-page="1"]')).toBeVisible();
    await form.getByRole("button", { name: "Next" }).first().click();
    await expect(page3).toBeVisible();
    expect(await hostHistory()).toEqual(before);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(`${otherSite}/before`);
  });

  test("shows the form where the tag is, on another origin, and sends it to the shop", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["local-network-access"]).catch(() => {});
    await page.goto(`${otherSite}/blog`);
    const form = page.locator("form.cwf");
    await expect(form).toHaveAttribute("data-ready", "");
    expect(await seriousViolations(page)).toEqual([]);
    await form.locator('label[for="cwf3-1-5"]').click();
    await form.locator(f(3)).fill("embedded.visitor@example.com");
    await form.getByRole("button", { name: "Next" }).first().click();
    await expect(form.locator('.cwf-page[data-page="3"]')).toBeVisible();
    await form.locator(".cwf-submit-button").click();
    // The form's redirect is a path of the shop, read against the shop's address.
    await expect(page).toHaveURL(`${baseURL}/shop`);
    expect(entries("feedback").filter((entry) => entry.values.includes("embedded.visitor@example.com")).length).toBe(1);
  });
});
