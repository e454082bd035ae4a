/**
 * Resume by e-mail (issue 17, decision 0030): on a form the owner set to saveProgress.email, a
 * visitor fills page 1, asks for a link from the "Save and continue later" panel, and the link in
 * the e-mail (read from the outbox the test server writes) opens the form in a fresh browser with
 * the answers restored; the form is finished and sent, the draft is gone and the link then says
 * it expired or was used. Axe on the open panel and on the restored page.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { seriousViolations } from "./support/shopper-order.ts";

const DATA = process.env.CW_E2E_DATA as string;

// With less motion a page change jumps to the form's top instead of scrolling under the mouse.
test.use({ reducedMotion: "reduce" });

function withDb<T>(use: (db: Database.Database) => T): T {
  const db = new Database(join(DATA, "shop.db"));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** A two-page form of our own (from the feedback demo's fields), resume by e-mail switched on as the owner's builder would. */
function createResumeForm(slug: string): number {
  return withDb((db) => {
    const row = db.prepare("SELECT definition FROM forms WHERE slug = 'feedback'").get() as { definition: string };
    const feedback = JSON.parse(row.definition);
    const keep = (id: number) => feedback.fields.find((field: { id: number }) => field.id === id);
    const { logic: _logic, ...notes } = keep(4);
    const definition = {
      ...feedback,
      slug,
      title: "Visit follow-up",
      pages: [{ title: "Your visit" }, { title: "Tell us more" }],
      fields: [keep(1), keep(3), { ...notes, label: "Anything else?" }],
      settings: {
        ...feedback.settings,
        saveProgress: { browser: false, email: true },
        confirmation: { type: "message", message: "<p>Thanks, your answers were sent.</p>" },
      },
    };
    const now = new Date().toISOString();
    const result = db
      .prepare("INSERT INTO forms (slug, title, definition, status, created_at, updated_at) VALUES (?, ?, ?, 'published', ?, ?)")
      .run(slug, definition.title, JSON.stringify(definition), now, now);
    return Number(result.lastInsertRowid);
  });
}

/** The resume link's path in the e-mail sent to this address (quoted-printable undone). */
function resumeLinkSentTo(address: string): string | null {
  const outbox = join(DATA, "outbox");
  if (!existsSync(outbox)) return null;
  for (const name of readdirSync(outbox).filter((file) => file.includes("form-resume"))) {
    const raw = readFileSync(join(outbox, name), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!raw.includes(address)) continue;
    const link = /https?:\/\/[^/\s"]+(\/forms\/[\w-]+\?resume=[A-Za-z0-9_-]{43})/.exec(raw);
    if (link?.[1]) return link[1];
  }
  return null;
}

const drafts = (formId: number) =>
  withDb((db) => (db.prepare("SELECT count(*) AS n FROM form_drafts WHERE form_id = ?").get(formId) as { n: number }).n);

test("a visitor saves page 1 by email, resumes from the link in a fresh browser, and sends; the link is then used up", async ({
  page,
  browser,
}) => {
  const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const slug = `visit-follow-up-${run}`;
  const address = `resume-${run}@example.com`;
  const formId = createResumeForm(slug);
  const f = (id: number) => `[name="forms[fields][${id}]"]`;

  await page.goto(`/forms/${slug}`);
  const form = page.locator(`form#cwf${formId}`);
  await expect(form).toHaveAttribute("data-ready", "");
  await form.locator(`label[for="cwf${formId}-1-4"]`).click();
  await form.locator(f(3)).fill(address);

  // The panel opens from the button beside the submit area, the address prefilled from the form's e-mail field.
  const open = form.getByRole("button", { name: "Save and continue later" });
  await expect(open).toHaveAttribute("aria-expanded", "false");
  await open.click();
  await expect(open).toHaveAttribute("aria-expanded", "true");
  const panel = form.getByRole("group", { name: /We will email you a link/ });
  await expect(panel).toBeVisible();
  const email = panel.getByLabel("Your email address");
  await expect(email).toBeFocused();
  await expect(email).toHaveValue(address);
  expect(await seriousViolations(page)).toEqual([]);

  // Cancel closes it and gives the focus back; a bad address is refused beside the input.
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await email.fill("not an address");
  await panel.getByRole("button", { name: "Send me a link" }).click();
  await expect(panel.getByText("Please enter a valid email address to send the link to.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill(address);
  await panel.getByRole("button", { name: "Send me a link" }).click();
  await expect(form.getByRole("status").filter({ hasText: `We sent a link to ${address}. It works for 30 days.` })).toBeVisible();
  await expect(panel).toBeHidden();
  // The page keeps the draft's key, so sending from here would delete the draft.
  await expect(form.locator('input[name="forms[resume]"]')).toHaveValue(/^[A-Za-z0-9_-]{43}$/);

  await expect.poll(() => resumeLinkSentTo(address), { timeout: 10_000 }).not.toBeNull();
  const link = resumeLinkSentTo(address) as string;
  expect(link).toContain(`/forms/${slug}?resume=`);
  expect(drafts(formId)).toBe(1);

  // A fresh browser (another device) opens the link: the answers are back, the key is in the form.
  const other = await browser.newContext({ reducedMotion: "reduce" });
  const later = await other.newPage();
  const response = await later.goto(link);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  const resumed = later.locator(`form#cwf${formId}`);
  await expect(resumed).toHaveAttribute("data-ready", "");
  await expect(resumed.getByRole("status").filter({ hasText: "Your saved answers were restored." })).toBeVisible();
  await expect(resumed.locator(`#cwf${formId}-1-4`)).toBeChecked();
  await expect(resumed.locator(f(3))).toHaveValue(address);
  await expect(resumed.locator('input[name="forms[resume]"]')).toHaveValue(link.split("resume=")[1] as string);
  expect(await seriousViolations(later)).toEqual([]);

  await resumed.getByRole("button", { name: "Next" }).first().click();
  await resumed.locator(f(4)).fill("The parcel came a day early.");
  await resumed.locator(".cwf-submit-button").click();
  await expect(later.getByText("Thanks, your answers were sent.")).toBeVisible();
  expect(drafts(formId)).toBe(0);

  // The link is used up: the empty form, and a notice saying so.
  await later.goto(link);
  await expect(later.getByRole("status").filter({ hasText: "This link has expired or was already used." })).toBeVisible();
  await expect(later.locator(f(3))).toHaveValue("");
  await other.close();
});
