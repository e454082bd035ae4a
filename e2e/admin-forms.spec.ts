/**
 * The console's forms (issue 17): the forms list with its embed tag, a visitor's feedback entry
 * (posted through /ajax as the runtime posts it) found by search in the entries table, read in
 * full, exported as CSV and deleted; several entries deleted at once; a form deleted from the list;
 * the list → entries → entry path by keyboard alone; axe on every page. Runs against the real owner API.
 * The console's toast on the way: a refused copy stays until dismissed (its close button gives the
 * keyboard back), a "copied" stays while hovered and then leaves by itself (the page's clock moved on).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { FEEDBACK_ID, sendFeedback } from "./support/feedback.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const shopDatabase = () => new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));

async function searchEntries(page: Page, words: string): Promise<void> {
  await page.getByLabel("Search entries").fill(words);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(words).replace(/%20/g, "\\+")}`));
}

test("the owner finds a visitor's feedback entry by search, reads every value, downloads the CSV and deletes it", async ({ page }) => {
  const tag = `parcel-${Date.now()}`;
  await sendFeedback(page.request, { 1: "2", 3: "ada@example.com", 4: `The ${tag} came late\nand torn.` });
  await signInAsOwner(page);

  // The page's clock runs as ever, and the journey can move it on: a toast's seconds pass at once.
  await page.clock.install();
  await page.goto("/admin/forms");
  await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Forms" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.getByRole("row", { name: /Store feedback/ });
  await expect(row.getByRole("link", { name: "/forms/feedback" })).toHaveAttribute("href", "/forms/feedback");
  await expect(row).toContainText("Published");
  await expect(row.getByRole("textbox", { name: "Embed tag for Store feedback" })).toHaveValue(
    /^<script src="http:\/\/127\.0\.0\.1:\d+\/forms\/feedback\.js" async><\/script>$/,
  );
  const embed = row.getByRole("textbox", { name: "Embed tag for Store feedback" });
  const copy = row.getByRole("button", { name: "Copy the embed tag for Store feedback" });
  const toast = page.locator(".admin-toast");
  // A browser that refuses the clipboard: the error, in the toast, stays however long the owner takes.
  await page.evaluate("navigator.clipboard.writeText = () => Promise.reject(new DOMException('Refused', 'NotAllowedError'))");
  await copy.click();
  const refused = page.getByRole("status").filter({ hasText: "Copying was refused: the tag is selected, copy it with Ctrl+C." });
  await expect(refused).toBeVisible();
  await expect(embed).toBeFocused();
  await page.clock.fastForward(60_000);
  await expect(refused).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Its close button, pressed from the keyboard, closes it and gives the focus back to where it was.
  const dismiss = page.getByRole("button", { name: "Dismiss this message" });
  await dismiss.focus();
  await page.keyboard.press("Enter");
  await expect(refused).toHaveCount(0);
  await expect(dismiss).toHaveCount(0);
  await expect(embed).toBeFocused();

  await page.evaluate("delete navigator.clipboard.writeText");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await copy.click();
  const copied = page.getByRole("status").filter({ hasText: "Embed tag copied." });
  await expect(copied).toBeVisible();
  // Hovered, it waits for the owner; left alone, it leaves by itself.
  await toast.hover();
  await expect(toast).toHaveAttribute("data-held", "");
  await page.clock.fastForward(60_000);
  await expect(copied).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).not.toHaveAttribute("data-held");
  await page.clock.fastForward(10_000);
  await expect(copied).toHaveCount(0);
  expect(await page.evaluate("navigator.clipboard.readText()")).toMatch(/\/forms\/feedback\.js" async><\/script>$/);
  await expect(row.getByRole("link", { name: "Edit Store feedback" })).toHaveAttribute("href", `/admin/forms/${FEEDBACK_ID}`);
  await expect(page.getByRole("link", { name: "New form" })).toHaveAttribute("href", "/admin/forms/new");
  await expect(row.locator("time")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole("link", { name: "Entries of Store feedback" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Entries: Store feedback" })).toBeVisible();
  await expect(page).toHaveTitle(/^Entries: Store feedback – Shop console/);
  await searchEntries(page, tag);
  await expect(page.getByText("1 entry", { exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "Entries of Store feedback" });
  await expect(table.getByRole("columnheader")).toContainText([
    "Entry",
    "Rating",
    "How was your visit?",
    "Email",
    "Date",
    "Status",
    "Payment",
    "Total",
  ]);
  const entryRow = table.getByRole("row").nth(1);
  await expect(entryRow).toContainText("2 / 5");
  await expect(entryRow).toContainText("ada@example.com");
  await expect(entryRow).toContainText("Complete");
  expect(await seriousViolations(page)).toEqual([]);
  // A stale link past the search's last page says where the list ends and links it, the search kept.
  await page.goto(`/admin/forms/${FEEDBACK_ID}/entries?search=${tag}&page=3`);
  await expect(page.getByText("Nothing on page 3: the list ends at page 1.")).toBeVisible();
  await page.getByRole("link", { name: "Page 1 of 1" }).click();
  await expect(page).toHaveURL(`/admin/forms/${FEEDBACK_ID}/entries?search=${tag}`);
  await expect(entryRow).toContainText("ada@example.com");

  // The CSV of the current filter: this one entry under the header row.
  const csvLink = page.getByRole("link", { name: "Download CSV" });
  await expect(csvLink).toHaveAttribute("href", `/api/admin/v1/forms/${FEEDBACK_ID}/entries.csv?search=${tag}`);
  const [download] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
  expect(download.suggestedFilename()).toBe(`form-${FEEDBACK_ID}-entries.csv`);
  const csv = readFileSync(await download.path(), "utf8")
    .split("\r\n")
    .filter(Boolean);
  expect(csv[0]).toMatch(/^Entry,Date \(UTC\),Status,Rating,/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(tag);

  const link = entryRow.getByRole("link", { name: /^#\d+$/ });
  const id = ((await link.textContent()) ?? "").slice(1);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `Entry #${id}` })).toBeVisible();
  const values = page.locator(".admin-entry-values");
  await expect(values.locator("dt")).toHaveText([
    "Rating",
    "How was your visit?",
    "Email",
    "What went wrong?",
    "Photo",
    "Best time to call",
  ]);
  await expect(values.locator("dd")).toHaveText([
    "2 / 5",
    "(empty)",
    "ada@example.com",
    `The ${tag} came late\nand torn.`,
    "(empty)",
    "(empty)",
  ]);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("This entry has no payment.");
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("Complete");
  await expect(details.getByRole("link", { name: "http://127.0.0.1/forms/feedback" })).toBeVisible();
  await expect(details).toContainText("127.0.0.1");
  await expect(details.locator("time")).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Delete entry" }).click();
  await page.getByRole("dialog", { name: "Delete this entry?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/forms/${FEEDBACK_ID}/entries$`));
  await searchEntries(page, tag);
  await expect(page.getByText("No entries match.")).toBeVisible();
  expect((await page.request.get(`/api/admin/v1/form-entries/${id}`)).status()).toBe(404);
});

test("several entries are selected and deleted at once, after a confirmation", async ({ page }) => {
  const tag = `batch-${Date.now()}`;
  for (const rating of ["4", "5", "4"]) await sendFeedback(page.request, { 1: rating, 3: `${tag}-${rating}@example.com` });
  await signInAsOwner(page, `/admin/forms/${FEEDBACK_ID}/entries`);
  await searchEntries(page, tag);
  await expect(page.getByText("3 entries", { exact: true })).toBeVisible();
  await page.getByLabel("Payment", { exact: true }).selectOption("none");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/payment=none/);
  await expect(page.getByText("3 entries", { exact: true })).toBeVisible();

  const rows = page.getByRole("table").getByRole("row");
  await rows.nth(1).getByRole("checkbox").check();
  await rows.nth(2).getByRole("checkbox").check();
  await expect(page.getByText("2 entries selected")).toBeVisible();
  await page.getByRole("button", { name: "Delete selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 2 entries?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 entries deleted." })).toBeVisible();
  await expect(page.getByText("1 entry", { exact: true })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);

  // Sorting by date keeps the filters; the last one goes through the "select all" box.
  await page.getByRole("link", { name: "Date, sort oldest first" }).click();
  await expect(page).toHaveURL(/order=oldest/);
  await expect(page).toHaveURL(/payment=none/);
  await page.getByLabel("Select every entry on this page").check();
  await page.getByRole("button", { name: "Delete selected" }).click();
  await page.getByRole("dialog", { name: "Delete 1 entry?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No entries match.")).toBeVisible();
});

test("a form is deleted from the list after a confirmation that counts its entries", async ({ page }) => {
  await signInAsOwner(page, null);
  const feedback = await page.request.get(`/api/admin/v1/forms/${FEEDBACK_ID}`);
  const slug = `wholesale-${Date.now()}`;
  const created = await page.request.post("/api/admin/v1/forms", {
    headers: { nonce: feedback.headers().nonce as string },
    data: { status: "draft", definition: { ...(await feedback.json()).definition, slug, title: "Wholesale enquiries" } },
  });
  expect(created.status()).toBe(201);
  await page.goto("/admin/forms");
  const row = page.getByRole("row", { name: /Wholesale enquiries/ });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("None yet");
  await row.getByRole("button", { name: "Delete Wholesale enquiries" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete the form “Wholesale enquiries”?" });
  await expect(dialog).toContainText("The form and its page are deleted.");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Form “Wholesale enquiries” deleted." })).toBeVisible();
  expect((await page.request.get(`/api/admin/v1/forms/${(await created.json()).id}`)).status()).toBe(404);
});

test("a form with entries goes only after a confirmation that counts them and their files; one sent meanwhile is told", async ({
  page,
}) => {
  await signInAsOwner(page, null);
  const feedback = await page.request.get(`/api/admin/v1/forms/${FEEDBACK_ID}`);
  const created = await page.request.post("/api/admin/v1/forms", {
    headers: { nonce: feedback.headers().nonce as string },
    data: { definition: { ...(await feedback.json()).definition, slug: `fair-${Date.now()}`, title: "Trade fair survey" } },
  });
  const formId = (await created.json()).id as number;
  await page.goto("/admin/forms");
  const row = page.getByRole("row", { name: /Trade fair survey/ });
  await expect(row).toContainText("None yet");

  // A visitor sends an entry with a photo after the page counted none: the delete is refused, nothing goes.
  const photo = { name: "stand.png", mimeType: "image/png", buffer: Buffer.from(PNG, "base64") };
  await sendFeedback(page.request, { 1: "5", 3: "lin@example.com", 5: photo }, formId);
  await row.getByRole("button", { name: "Delete Trade fair survey" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete the form “Trade fair survey”?" });
  await expect(dialog).toContainText("The form and its page are deleted.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "“Trade fair survey” now has 1 entry, sent since this page opened: nothing was deleted. Delete again to delete it too.",
  );
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  expect((await page.request.get(`/api/admin/v1/forms/${formId}/entries`)).ok()).toBe(true);

  // Asked again, the confirmation names the entry and its file, and the form goes with them.
  await row.getByRole("button", { name: "Delete Trade fair survey" }).click();
  await expect(dialog).toContainText("The form, its page, its entry and the file sent with them are deleted. This cannot be undone.");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Form “Trade fair survey” deleted." })).toBeVisible();
  expect((await page.request.get(`/api/admin/v1/forms/${formId}`)).status()).toBe(404);
});

test("removing a field that entries answered asks first, and the entry keeps showing its answer as a removed field", async ({ page }) => {
  await signInAsOwner(page, null);
  const feedback = await page.request.get(`/api/admin/v1/forms/${FEEDBACK_ID}`);
  const slug = `survey-${Date.now()}`;
  const created = await page.request.post("/api/admin/v1/forms", {
    headers: { nonce: feedback.headers().nonce as string },
    data: { definition: { ...(await feedback.json()).definition, slug, title: "Shop survey" } },
  });
  const formId = (await created.json()).id as number;
  await sendFeedback(page.request, { 1: "4", 3: "grace@example.com" }, formId);

  await page.goto(`/admin/forms/${formId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Shop survey" })).toBeVisible();
  // A field no entry answered goes at once.
  await page.getByRole("button", { name: "Remove How was your visit?" }).click();
  await expect(page.getByRole("button", { name: "Remove How was your visit?" })).toHaveCount(0);
  // One with answers asks, saying the entries keep them; cancelling keeps the field.
  await page.getByRole("button", { name: "Remove Email" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Email?" });
  await expect(dialog).toContainText("1 entry holds an answer to this field. Entries keep their answers");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Remove Email" })).toBeVisible();
  await page.getByRole("button", { name: "Remove Email" }).click();
  await dialog.getByRole("button", { name: "Remove field" }).click();
  await expect(page.getByRole("button", { name: "Remove Email" })).toHaveCount(0);
  await page.getByRole("button", { name: "Save form" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Form saved." })).toBeVisible();

  const entries = await page.request.get(`/api/admin/v1/forms/${formId}/entries`);
  const entryId = (await entries.json()).entries[0].id as number;
  await page.goto(`/admin/forms/${formId}/entries/${entryId}`);
  const values = page.locator(".admin-entry-values");
  await expect(values).toContainText("Rating4 / 5");
  await expect(values.locator(".admin-details__row").last()).toHaveText("Emailremoved from the formgrace@example.com");
  expect(await seriousViolations(page)).toEqual([]);
});

/** Presses Tab until the focused element's name (aria-label, else its label's or its own text) is `name`. */
async function tabTo(page: Page, name: string | RegExp, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press("Tab");
    // The e2e project has no DOM types: the page function is a string.
    const focused = String(
      await page.evaluate(`(() => {
        const element = document.activeElement;
        return (element?.getAttribute("aria-label") ?? element?.labels?.[0]?.textContent ?? element?.textContent ?? "").trim();
      })()`),
    );
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test("the keyboard alone goes from the forms list to the entries, to one entry, and back", async ({ page }) => {
  const tag = `keys-${Date.now()}`;
  await sendFeedback(page.request, { 1: "1", 4: `Keyboard ${tag}` });
  await signInAsOwner(page, "/admin/forms");
  await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();

  await tabTo(page, "Entries of Store feedback");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Entries: Store feedback" })).toBeVisible();
  await tabTo(page, "Search entries");
  await page.keyboard.type(tag);
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 entry", { exact: true })).toBeVisible();

  await tabTo(page, /^#\d+$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: /^Entry #\d+$/ })).toBeVisible();
  await expect(page.locator(".admin-entry-values")).toContainText(`Keyboard ${tag}`);

  await tabTo(page, "Delete entry");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete this entry?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Entries: Store feedback" })).toBeVisible();
  await tabTo(page, "All forms");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Forms" })).toBeVisible();
});

/** A 1×1 PNG, as a drawn signature's data URL holds one. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** A paid custom-tee entry with a drawn signature and a design file, as forms_submit stores them (migration 015's rows). */
function storeTeeEntry(): { id: number; fileId: number } {
  const db = shopDatabase();
  try {
    const now = new Date().toISOString();
    const values = {
      1: { first: "Grace", last: "Hopper" },
      2: "grace@example.com",
      5: "2",
      9: ["design.pdf"],
      13: `data:image/png;base64,${PNG}`,
    };
    const row = db
      .prepare(
        `insert into form_entries (form_id, status, "values", payment_total, payment_status, currency, payment_gateway, payment_key, payment_reference,
           visitor_id, start_timestamp, end_timestamp, page_url, ip, user_agent, created_at)
         values (2, 'complete', ?, 6100, 'paid', 'USD', 'test_card', 'form-entry-9b2f', 'txn-4242', '', ?, ?, '', '127.0.0.1', 'Playwright', ?) returning id`,
      )
      .get(JSON.stringify(values), now, now, now) as { id: number };
    const bytes = Buffer.from("%PDF-1.4\n%%EOF\n");
    const file = db
      .prepare(
        "insert into form_files (entry_id, field_id, file_name, content_type, size, data, created_at) values (?, 9, 'design.pdf', 'application/pdf', ?, ?, ?) returning id",
      )
      .get(row.id, bytes.length, bytes, now) as { id: number };
    return { id: row.id, fileId: file.id };
  } finally {
    db.close();
  }
}

test("a paid entry shows its signature as an image, its file with a download, its payment and its neighbours", async ({ page }) => {
  const first = storeTeeEntry();
  const second = storeTeeEntry();
  await signInAsOwner(page, `/admin/forms/2/entries/${first.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Entry #${first.id}` })).toBeVisible();
  const signature = page.getByRole("img", { name: "Signature: the drawn signature" });
  await expect(signature).toBeVisible();
  await expect(signature).toHaveJSProperty("naturalWidth", 1);
  const values = page.locator(".admin-entry-values");
  await expect(values).toContainText("NameGrace Hopper");
  await expect(values).toContainText("StylePremium");
  await expect(values).toContainText("application/pdf, 15 B");
  const file = page.getByRole("link", { name: "Download design.pdf" });
  await expect(file).toHaveAttribute("href", `/api/admin/v1/form-entries/${first.id}/files/${first.fileId}`);
  const [download] = await Promise.all([page.waitForEvent("download"), file.click()]);
  expect(download.suggestedFilename()).toBe(`entry-${first.id}-${first.fileId}.pdf`);

  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment).toContainText("Paid");
  await expect(payment).toContainText("$61.00");
  await expect(payment).toContainText("test_card");
  await expect(payment).toContainText("form-entry-9b2f");
  await expect(payment).toContainText("txn-4242");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("navigation", { name: "Other entries" }).getByRole("link", { name: "Newer entry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Entry #${second.id}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Older entry" })).toHaveAttribute("href", `/admin/forms/2/entries/${first.id}`);

  // The table says the payment and total; an entry under another form's address is not found.
  await page.goto("/admin/forms/2/entries?payment=paid");
  await expect(page.getByRole("row", { name: new RegExp(`#${first.id}\\b`) })).toContainText("Paid$61.00");
  await page.goto(`/admin/forms/${FEEDBACK_ID}/entries/${first.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
});
