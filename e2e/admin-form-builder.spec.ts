/**
 * The owner's form builder (issue 17): a two-page form made from the palette — a text field, a
 * dropdown and a field shown only when a choice is picked — fields reordered by keyboard (the move
 * announced) and by dragging, a server error shown beside its field and fixed, the form published
 * and opened to visitors; axe on the builder. Runs against the real owner API.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { chunkText, reachable, readManifest } from "./support/bundle-graph.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

/** The names of the shown page's fields, in order. */
const fieldOrder = (page: Page) =>
  page.locator(".builder-fields__list > li[data-field-id] .builder-field__name > span:first-child").allTextContents();

test("the owner builds a two-page form with logic, reorders it, fixes a server error, publishes it, and visitors can use it", async ({
  page,
}) => {
  await signInAsOwner(page, "/admin/forms/new");
  await expect(page.getByRole("heading", { level: 1, name: "New form" })).toBeVisible();
  const slug = `gift-wrap-${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill("Gift wrap request");
  await expect(page.getByLabel("Address name (slug)")).toHaveValue("gift-wrap-request");
  await page.getByLabel("Address name (slug)").fill(slug);

  // Page 1 starts with a text field; a dropdown and a paragraph join it from the palette.
  await page.getByRole("button", { name: "Add Dropdown" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dropdown added to page 1." })).toBeVisible();
  await page.getByLabel("Label", { exact: true }).fill("Wrapping");
  await page.getByRole("textbox", { name: "Choice label" }).first().fill("Paper");
  await page.getByRole("textbox", { name: "Choice label" }).nth(1).fill("Box");
  await page.getByRole("button", { name: "Add Paragraph text" }).click();
  await page.getByLabel("Label", { exact: true }).fill("Gift message");
  // Shown only when Paper is picked.
  await page.getByLabel("Show or hide this field by other fields' values").check();
  await page.getByLabel("Field", { exact: true }).selectOption({ label: "Wrapping" });
  await expect(page.getByLabel("Operator")).toHaveValue("is");
  await page.getByLabel("Choice", { exact: true }).selectOption({ label: "Paper" });
  expect(await fieldOrder(page)).toEqual(["Your name", "Wrapping", "Gift message"]);
  // The preview draws the form as visitors see it: the gift message waits for Paper.
  const preview = page.getByTestId("form-preview");
  await expect(preview.locator('[data-field-id="2"]')).toContainText("Wrapping");
  await expect(preview.locator('[data-field-id="2"] option', { hasText: "Box" })).toHaveCount(1);
  await expect(preview.locator('[data-field-id="3"]')).toBeHidden();
  // The last edit's redraw is done: a choice made before it would be drawn over.
  await expect(preview).not.toHaveAttribute("aria-busy", "true");
  await preview.getByLabel("Wrapping").selectOption({ label: "Paper" });
  await expect(preview.locator('[data-field-id="3"]')).toBeVisible();
  await preview.getByLabel("Wrapping").selectOption({ label: "Box" });
  await expect(preview.locator('[data-field-id="3"]')).toBeHidden();

  // By keyboard: Wrapping up one place, announced.
  await page.getByRole("button", { name: "Move Wrapping up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Wrapping moved to position 1 of 3 on page 1." })).toBeVisible();
  expect(await fieldOrder(page)).toEqual(["Wrapping", "Your name", "Gift message"]);
  // The button stays focused (and says it can go no further) as its row reaches the top.
  await expect(page.getByRole("button", { name: "Move Wrapping up" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Move Wrapping up" })).toHaveAttribute("aria-disabled", "true");

  // By dragging: Your name dropped on Wrapping lands before it.
  await page.locator('li[data-field-id="1"]').dragTo(page.locator('li[data-field-id="2"]'));
  expect(await fieldOrder(page)).toEqual(["Your name", "Wrapping", "Gift message"]);

  // A second page, named; the gift message moves there by keyboard.
  await page.getByRole("button", { name: "Add page" }).click();
  await page.getByLabel("Page title (Page 2)").fill("Your message");
  // Pages reorder by keyboard too: the button keeps focus and the move is announced.
  await page.getByRole("button", { name: "Move page 2 earlier" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Page 2 is now page 1." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move page 1 earlier" })).toBeFocused();
  await expect(page.getByRole("button", { name: "1. Your message" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Move page 1 later" }).click();
  await expect(page.getByRole("button", { name: "2. Your message" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Page 1", exact: true }).click();
  await page.getByLabel("Move Gift message to page").selectOption("2");
  await expect(page.getByRole("status").filter({ hasText: "Gift message moved to position 1 of 1 on page 2." })).toBeVisible();
  expect(await fieldOrder(page)).toEqual(["Your name", "Wrapping"]);
  expect(await seriousViolations(page)).toEqual([]);

  // An empty label: the server's error beside the field and in the summary, which leads to it.
  await page.getByRole("button", { name: /^Your name/ }).click();
  await page.getByLabel("Label", { exact: true }).fill("");
  await page.getByRole("button", { name: /^Wrapping/ }).click();
  await page.getByRole("button", { name: "Create form" }).first().click();
  const summary = page.locator(".admin-error-summary");
  await expect(summary).toContainText("Single line text #1: Label: Must not be empty");
  await expect(page.locator('li[data-field-id="1"]')).toContainText("has errors");
  await summary.getByRole("link", { name: /Label: Must not be empty/ }).click();
  const label = page.getByLabel("Label", { exact: true });
  await expect(label).toBeFocused();
  await expect(label).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#f-fields-0-label-error")).toHaveText("Must not be empty");
  expect(await seriousViolations(page)).toEqual([]);

  // Fixed key by key, as a keyboard user types: the summary took the focus once, for the refused save, not at each key.
  await label.pressSequentially("Your name");
  await expect(label).toBeFocused();
  await expect(label).toHaveValue("Your name");

  // Fixed and published: the form is created and opened at its id.
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Create form" }).first().click();
  await expect(page).toHaveURL(/\/admin\/forms\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Gift wrap request" })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  // The saved definition, as the owner API holds it.
  const saved = await (await page.request.get(`/api/admin/v1/forms/${id}`)).json();
  expect(saved.status).toBe("published");
  expect(saved.definition.pages.map((p: { title: string }) => p.title)).toEqual(["", "Your message"]);
  expect(saved.definition.fields.map((f: { id: number; page: number }) => [f.id, f.page])).toEqual([
    [1, 1],
    [2, 1],
    [3, 2],
  ]);
  expect(saved.definition.fields[2].logic).toEqual({ action: "show", match: "all", rules: [{ field: 2, operator: "is", value: "1" }] });

  // A visitor opens the form's page and sees what the owner built; its token comes from the public /ajax call.
  const visitorContext = await page.context().browser()?.newContext();
  if (!visitorContext) throw new Error("no browser");
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/forms/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "Gift wrap request" })).toBeVisible();
  await expect(visitor.getByLabel("Your name", { exact: true })).toBeVisible();
  await expect(visitor.getByLabel("Wrapping", { exact: true }).locator("option")).toContainText(["Paper", "Box"]);
  // With the runtime, Paper on page 1 brings the gift message on page 2.
  await visitor.getByLabel("Your name", { exact: true }).fill("Ada");
  await visitor.getByLabel("Wrapping", { exact: true }).selectOption({ label: "Paper" });
  await visitor.getByRole("button", { name: "Next" }).click();
  await expect(visitor.getByLabel("Gift message", { exact: true })).toBeVisible();
  const answer = await (await visitorContext.request.post("/ajax", { form: { action: "forms_get_token", formId: String(id) } })).json();
  expect(answer).toMatchObject({ success: true });
  await visitorContext.close();
});

test("a page is removed after confirmation, its fields moved to the page chosen; ids are never reused; a logic loop is refused beside its switch", async ({
  page,
}) => {
  await signInAsOwner(page, "/admin/forms/new");
  await page.getByRole("button", { name: "Add page" }).click();
  await page.getByRole("button", { name: "Add Email" }).click();
  await page.getByRole("button", { name: "Add Number" }).click();
  await page.getByRole("button", { name: "Remove Number" }).click();
  await page.getByRole("button", { name: "Add Website" }).click();
  // Number was field 3: the website gets 4.
  await expect(page.locator(".builder-settings")).toContainText("id 4");
  await page.getByRole("button", { name: "Remove page 2" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove page 2?" });
  await expect(dialog).toContainText("Its 2 fields will be moved or removed");
  await expect(dialog.getByLabel("Its fields")).toHaveValue("1");
  await dialog.getByRole("button", { name: "Remove page" }).click();
  await expect(page.getByRole("button", { name: "Add page" })).toBeVisible();
  expect(await fieldOrder(page)).toEqual(["Your name", "Email", "Website"]);
  await expect(page.getByRole("button", { name: "Remove page 1" })).toBeDisabled();

  // Two fields each shown by the other: the server's loop error lands beside the logic switch.
  await page.getByLabel("Title", { exact: true }).fill(`Loop ${Date.now()}`);
  await page.getByRole("button", { name: /^Email/ }).click();
  await page.getByLabel("Show or hide this field by other fields' values").check();
  await page.getByLabel("Operator").selectOption("not_empty");
  await page.getByRole("button", { name: /^Your name/ }).click();
  await page.getByLabel("Show or hide this field by other fields' values").check();
  await page.getByLabel("Field", { exact: true }).selectOption({ label: "Email" });
  await page.getByLabel("Operator").selectOption("not_empty");
  await page.getByRole("button", { name: /^Website/ }).click();
  await page.getByRole("button", { name: "Create form" }).first().click();
  const summary = page.locator(".admin-error-summary");
  await expect(summary).toContainText("Rules go round in a loop");
  await summary.getByRole("link").first().click();
  const logicSwitch = page.getByLabel("Show or hide this field by other fields' values");
  await expect(logicSwitch).toBeFocused();
  await expect(logicSwitch).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".builder-logic .admin-field__error")).toContainText("Rules go round in a loop (fields");

  // An error about a field as a whole (a second card field) shows at the top of its panel.
  await logicSwitch.uncheck();
  await page.getByRole("button", { name: "Add Credit card" }).click();
  await page.getByRole("button", { name: "Add Credit card" }).click();
  await page.getByRole("button", { name: "Create form" }).first().click();
  await expect(summary).toContainText("A form has at most one credit-card field");
  await page.getByRole("button", { name: /^Your name/ }).click();
  await summary.getByRole("link", { name: /at most one credit-card/ }).click();
  await expect(page.locator("#f-fields-4-type")).toBeFocused();
  await expect(page.locator("#f-fields-4-type")).toHaveText("A form has at most one credit-card field");
});

test("a demo form opens in the builder: prices as money in minor units, its page previewed, axe clean, unsaved changes guarded", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) refused.push(message.text());
  });
  await signInAsOwner(page, "/admin/forms/2");
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Custom T-shirt order" })).toBeVisible();
  await page.getByRole("button", { name: "2. Your shirt" }).click();
  expect(await fieldOrder(page)).toEqual(["Style", "Quantity", "Extras", "Gift message", "Design", "Delivery date"]);
  await page.getByRole("button", { name: /^Style/ }).click();
  const price = page.getByRole("textbox", { name: "Price" }).first();
  await expect(price).toHaveValue("20.00");
  await price.fill("22.5");
  await expect(page.locator("#f-fields-4-choices-0-priceMinor-hint")).toContainText("In USD: $22.50.");
  // The preview shows the page being edited, with the new price.
  const preview = page.getByTestId("form-preview");
  await expect(preview.locator('[data-field-id="5"]')).toContainText("Classic");
  await expect(preview.locator('[data-field-id="5"]')).toContainText("$22.50");
  await expect(preview.locator('[data-field-id="1"]')).toBeHidden();
  await expect(preview.locator(".cwf-indicator-current")).toHaveText("2");
  // The preview runs the visitors' runtime: Next checks the page first (no style picked), so the builder stays.
  await expect(preview).not.toHaveAttribute("aria-busy", "true");
  await expect(preview.locator("form.cwf")).toHaveAttribute("data-ready", "");
  // Styled as visitors see it: the form's stylesheet is not refused by the console's CSP.
  await expect(preview.locator(".cwf-page:not([hidden]) .cwf-next")).toHaveCSS("color", "rgb(255, 255, 255)");
  expect(refused).toEqual([]);
  await preview.locator(".cwf-page:not([hidden]) .cwf-next").click();
  await expect(preview.locator("#cwf2-5-error")).toHaveText("This field is required.");
  await expect(page.getByRole("button", { name: "2. Your shirt" })).toHaveAttribute("aria-pressed", "true");
  // A page picked in the builder shows in the preview.
  await page.getByRole("button", { name: "3. Review and pay" }).click();
  await expect(preview.locator(".cwf-indicator-title")).toHaveText("Review and pay");
  await page.getByRole("button", { name: "2. Your shirt" }).click();
  await page.getByRole("button", { name: /^Gift message/ }).click();
  await expect(page.getByLabel("Choice", { exact: true })).toHaveValue("1");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.locator(".admin-breadcrumb a").click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/forms\/2$/);
});

test("a choice removed while a rule names it: the rule shows no choice, and the save is refused beside it", async ({ page }) => {
  await signInAsOwner(page, "/admin/forms/2");
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Custom T-shirt order" })).toBeVisible();
  await page.getByRole("button", { name: "2. Your shirt" }).click();
  await page.getByRole("button", { name: /^Extras/ }).click();
  await page.getByRole("button", { name: "Remove Gift wrap" }).click();
  // Gift message is shown when Gift wrap is checked: its rule no longer names one of Extras' choices.
  await page.getByRole("button", { name: /^Gift message/ }).click();
  const choice = page.getByLabel("Choice", { exact: true });
  await expect(choice).toHaveValue("1");
  await expect(choice.locator("option:checked")).toHaveText("Choose a choice");
  await page.getByRole("button", { name: "Save form" }).first().click();
  await expect(page.locator(".admin-error-summary")).toContainText('Names no choice of "Extras" (1): choose one of its choices');
  await expect(choice).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".builder-logic .admin-field__error")).toHaveText('Names no choice of "Extras" (1): choose one of its choices');
  // Nothing was saved: the shop's form still shows Gift message for Gift wrap.
  const saved = await page.request.get("/api/admin/v1/forms/2");
  const extras = (
    (await saved.json()) as { definition: { fields: { id: number; choices?: { label: string }[] }[] } }
  ).definition.fields.find((field) => field.id === 7);
  expect(extras?.choices?.map((c) => c.label)).toEqual(["Gift wrap", "Express printing"]);
});

test("a rule naming a field of a later page is refused beside the rule's field, and nothing is saved", async ({ page }) => {
  await signInAsOwner(page);
  // A draft copy of the demo feedback form, so that no other journey sees it change.
  const demo = (await (await page.request.get("/api/admin/v1/forms/3")).json()) as { definition: Record<string, unknown> };
  const nonce = (await page.request.get("/api/admin/v1/forms/3")).headers().nonce ?? "";
  const slug = `later-page-${Date.now()}`;
  const made = await page.request.post("/api/admin/v1/forms", {
    headers: { nonce },
    data: { status: "draft", definition: { ...demo.definition, slug, title: "Later page" } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const savedRating = async () =>
    ((await (await page.request.get(`/api/admin/v1/forms/${id}`)).json()) as { definition: { fields: { logic?: unknown }[] } }).definition
      .fields[0]?.logic;

  await page.goto(`/admin/forms/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Later page" })).toBeVisible();
  // Rating is on page 1; "What went wrong?" is asked on page 2, after the visitor has rated.
  await page.getByRole("button", { name: /^Rating/ }).click();
  await page.getByLabel("Show or hide this field by other fields' values").check();
  const ruleField = page.getByLabel("Field", { exact: true });
  await ruleField.selectOption({ label: "What went wrong?" });
  await page.getByLabel("Operator").selectOption("not_empty");
  await page.getByRole("button", { name: "Save form" }).first().click();
  const message =
    'Names "What went wrong?" of page 2, which the visitor reaches after this field\'s page 1: choose a field of page 1 or before';
  await expect(page.locator(".admin-error-summary")).toContainText(message);
  await expect(ruleField).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".builder-logic .admin-field__error")).toHaveText(message);
  expect(await savedRating()).toBeUndefined();

  // A field of the same page is taken: the rule is fixed and the form saves.
  await ruleField.selectOption({ label: "Email" });
  await page.getByRole("button", { name: "Save form" }).first().click();
  await expect(page.locator(".admin-error-summary")).toHaveCount(0);
  await expect.poll(savedRating).toEqual({ action: "show", match: "all", rules: [{ field: 3, operator: "not_empty" }] });
  await page.request.delete(`/api/admin/v1/forms/${id}`, { headers: { nonce } });
});

test("a form saved from a builder opened before another tab changed it is refused, and the other change is kept (decision 0158)", async ({
  page,
}) => {
  await signInAsOwner(page);
  // A draft copy of the demo feedback form, so that no other journey sees it change.
  const demo = (await (await page.request.get("/api/admin/v1/forms/3")).json()) as { definition: Record<string, unknown> };
  const nonce = (await page.request.get("/api/admin/v1/forms/3")).headers().nonce ?? "";
  const made = await page.request.post("/api/admin/v1/forms", {
    headers: { nonce },
    data: { status: "draft", definition: { ...demo.definition, slug: `two-editors-${Date.now()}`, title: "Two editors" } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await page.goto(`/admin/forms/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Two editors" })).toBeVisible();

  // Meanwhile, in another tab, the title changes.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByLabel("Title", { exact: true }).fill("Their title");
  await other.getByRole("button", { name: "Save form" }).first().click();
  await expect(other.getByRole("status").filter({ hasText: "Form saved." })).toBeVisible();
  await other.close();

  // This builder, opened before, saves its own title: refused, the words above the form, the draft kept.
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("My title");
  await page.getByRole("button", { name: "Save form" }).first().click();
  await expect(page.locator(".admin-error-summary")).toContainText(
    "This form was changed by someone else since you opened it: reload it to see their change, then make yours again.",
  );
  await expect(title).toHaveValue("My title");
  expect(await seriousViolations(page)).toEqual([]);

  // Reloaded, the other tab's title is there, and the change can be made again.
  await page.reload();
  await expect(title).toHaveValue("Their title");
  await title.fill("My title");
  await page.getByRole("button", { name: "Save form" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Form saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: My title" })).toBeVisible();
  await page.request.delete(`/api/admin/v1/forms/${id}`, { headers: { nonce } });
});

test("a price that is not an amount is refused beside its field, even once another field is chosen, and nothing is saved", async ({
  page,
}) => {
  await signInAsOwner(page, "/admin/forms/2");
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Custom T-shirt order" })).toBeVisible();
  await page.getByRole("button", { name: "2. Your shirt" }).click();
  await page.getByRole("button", { name: /^Style/ }).click();
  const premium = page.getByRole("textbox", { name: "Price" }).nth(1);
  await expect(premium).toHaveValue("28.00");
  // A comma before other than three digits: no amount in a shop that groups thousands with commas.
  await premium.fill("1,00");
  // The owner moves on before saving: the price's panel closes.
  await page.getByRole("button", { name: /^Extras/ }).click();
  await page.getByRole("button", { name: "Save form" }).first().click();
  const message =
    '"1,00" is not an amount. Enter an amount of 0 or more as the shop writes it, such as 1250.50 or 1,250.50: digits, "." before at most 2 decimal places, "," only between groups of three digits.';
  const summary = page.locator(".admin-error-summary");
  await expect(summary).toContainText(message);
  await summary.getByRole("link").first().click();
  await expect(page.locator("#f-fields-4-choices-1-priceMinor")).toBeFocused();
  await expect(page.locator("#f-fields-4-choices-1-priceMinor-error")).toHaveText(message);
  const saved = await page.request.get("/api/admin/v1/forms/2");
  const style = (
    (await saved.json()) as { definition: { fields: { id: number; choices?: { priceMinor?: number }[] }[] } }
  ).definition.fields.find((field) => field.id === 5);
  expect(style?.choices?.map((choice) => choice.priceMinor)).toEqual([2000, 2800]);
});

test("the owner turns on a minimum time to fill in: a visitor who sends at once is asked to wait, keeps the answers, and is taken later (decision 0163)", async ({
  page,
  browser,
}) => {
  await signInAsOwner(page, null);
  // A form of its own, so that no other journey meets the rule.
  const slug = `quick-${Date.now()}`;
  const nonce = (await page.request.get("/api/admin/v1/forms")).headers().nonce ?? "";
  const made = await page.request.post("/api/admin/v1/forms", {
    headers: { nonce },
    data: {
      definition: { slug, title: "Call me back", pages: [{}], fields: [{ id: 1, type: "text", label: "Your name", required: true }] },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await page.goto(`/admin/forms/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit form: Call me back" })).toBeVisible();

  // Beside the other spam options; off (0) as every form starts; 601 refused beside the field, 600 saved.
  const minimum = page.locator("#builder-form-settings").getByLabel("Minimum seconds to fill in (0: off)");
  await expect(minimum).toHaveValue("0");
  const save = async (seconds: string) => {
    await minimum.fill(seconds);
    await page.getByRole("button", { name: "Save form" }).first().click();
  };
  await save("601");
  await expect(page.locator("#f-settings-antiSpam-minSeconds-error")).toHaveText("Must be from 0 to 600");
  await expect(minimum).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);
  await save("600");
  await expect(page.getByRole("status").filter({ hasText: "Form saved." })).toBeVisible();

  // A visitor sends at once: asked to wait, the answer still there, nothing kept.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/forms/${slug}`);
  const form = visitor.locator("form.cwf");
  await expect(form).toHaveAttribute("data-ready", "");
  await form.getByRole("textbox", { name: "Your name" }).fill("Ada");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.locator(".cwf-general--header")).toHaveText(
    "This form was sent too quickly. Please wait a few seconds, then send it again.",
  );
  await expect(form.getByRole("textbox", { name: "Your name" })).toHaveValue("Ada");
  expect(await seriousViolations(visitor)).toEqual([]);
  const entries = async () =>
    ((await (await page.request.get(`/api/admin/v1/forms/${id}/entries`)).json()) as { entries: unknown[] }).entries;
  expect(await entries()).toEqual([]);

  // The owner settles on 1 second; once the visitor's form is that old (counted from its token), Submit is taken.
  await save("1");
  await expect(page.getByRole("status").filter({ hasText: "Form saved." })).toBeVisible();
  const token = await form.locator('input[name="forms[token]"]').inputValue();
  const issuedAt = Number.parseInt(token.split(".")[0] ?? "", 36);
  await visitor.waitForTimeout(Math.max(0, issuedAt + 1000 - Date.now()));
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(visitor.getByText("Thanks for contacting us! We will be in touch with you shortly.")).toBeVisible();
  expect(await entries()).toHaveLength(1);
  await visitorContext.close();
  await page.request.delete(`/api/admin/v1/forms/${id}`, { headers: { nonce } });
});

test("the builder's code stays in the console's chunks", () => {
  const manifest = readManifest();
  const routes = Object.values(manifest.routes);
  const builder = routes.filter((route) => route.id === "routes/admin/form-new" || route.id === "routes/admin/form-edit");
  expect(builder).toHaveLength(2);
  const shop = routes.filter((route) => !route.id.startsWith("routes/admin/"));
  const shopChunks = reachable([manifest.entry.module, ...shop.flatMap((route) => [route.module, ...(route.imports ?? [])])]);
  // The builder's texts are its marks: no chunk a shop page loads carries them.
  expect([...shopChunks].filter((name) => /Conditional logic|builder-fields|Add a field/.test(chunkText(name)))).toEqual([]);
  // The preview runs the shop's built runtime by its address: no console chunk carries the runtime's own texts.
  const consoleChunks = reachable(builder.flatMap((route) => [route.module, ...(route.imports ?? [])]));
  expect([...consoleChunks].filter((name) => /checked but not sent|Cartwright Forms AJAX submit error/.test(chunkText(name)))).toEqual([]);
});

/** Every entry of a form, whatever its status, as the database holds them. */
/** Entries of a form that carry `text` (other journeys send the demo forms at the same time). */
function entryCount(formId: number, text: string): number {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"), { readonly: true });
  try {
    return (
      db.prepare(`select count(*) as n from form_entries where form_id = ? and "values" like ?`).get(formId, `%${text}%`) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

// A 1×1 PNG for the design upload.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test.describe("the builder's preview runs the visitors' runtime", () => {
  // With less motion a page change jumps to the form's top instead of scrolling under the mouse.
  test.use({ reducedMotion: "reduce" });

  test("custom-tee: checks on Next, the email typo offer, the running total, the heavy kinds, and a Submit that sends nothing", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsOwner(page, null);
    const calls: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/ajax" || (path.startsWith("/forms/") && request.method() === "POST")) calls.push(`${request.method()} ${path}`);
    });
    const before = entryCount(2, "ada@gmail.com");
    await page.goto("/admin/forms/2");
    await expect(page.getByRole("heading", { level: 1, name: "Edit form: Custom T-shirt order" })).toBeVisible();
    const preview = page.getByTestId("form-preview");
    const input = (id: number, sub?: string) =>
      preview.locator(`[name="forms[fields][${id}]${sub === undefined ? "" : `[${sub}]`}"]`).first();
    await expect(preview.locator("form.cwf")).toHaveAttribute("data-ready", "");
    expect(await page.locator('script[src^="/forms/static/"]').count()).toBe(1);

    // Page 1: Next with the name left empty says so beside it; the builder stays on the page.
    await preview.locator(".cwf-page:not([hidden]) .cwf-next").click();
    await expect(preview.locator('.cwf-field[data-field-id="1"] .cwf-error:not([hidden])').first()).toHaveText("This field is required.");
    await expect(input(1, "first")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "1. Your details" })).toHaveAttribute("aria-pressed", "true");
    await input(1, "first").fill("Ada");
    await input(1, "last").fill("Lovelace");
    // The e-mail typo is offered on leaving the field, and applied by its button.
    await input(2).fill("ada@gmial.com");
    await input(3).focus();
    await preview.getByRole("button", { name: "ada@gmail.com" }).click();
    await expect(input(2)).toHaveValue("ada@gmail.com");
    await input(4, "address1").fill("1 Main Street");
    await input(4, "city").fill("Springfield");
    await input(4, "state").fill("IL");
    await input(4, "postal").fill("62701");
    await preview.locator(".cwf-page:not([hidden]) .cwf-next").click();
    // The preview's Next turns the builder's page.
    await expect(page.getByRole("button", { name: "2. Your shirt" })).toHaveAttribute("aria-pressed", "true");
    await expect(preview.locator(".cwf-indicator-title")).toHaveText("Your shirt");

    // Page 2: the running total follows the style and the quantity.
    const total = preview.locator("#cwf2-total");
    await expect(total).toHaveText("$0.00");
    await preview.locator('[name="forms[fields][5]"][value="1"]').check();
    await expect(total).toHaveText("$20.00");
    await input(6).selectOption("2");
    await expect(total).toHaveText("$40.00");
    // The upload kind takes the design (no file leaves the preview).
    const chooser = page.waitForEvent("filechooser");
    await preview
      .locator('.cwf-field[data-field-id="9"]')
      .getByRole("button", { name: /Choose a file/ })
      .click();
    await (await chooser).setFiles({ name: "tee.png", mimeType: "image/png", buffer: PNG });
    await expect(preview.locator('.cwf-field[data-field-id="9"]')).toContainText("tee.png");

    // A page picked in the builder shows in the preview with what was typed kept.
    await page.getByRole("button", { name: "1. Your details" }).click();
    await expect(preview.locator(".cwf-indicator-title")).toHaveText("Your details");
    await expect(input(1, "first")).toHaveValue("Ada");
    await page.getByRole("button", { name: "2. Your shirt" }).click();
    await expect(preview.locator('[name="forms[fields][5]"][value="1"]')).toBeChecked();
    await preview.locator(".cwf-page:not([hidden]) .cwf-next").click();
    await expect(page.getByRole("button", { name: "3. Review and pay" })).toHaveAttribute("aria-pressed", "true");

    // Page 3: the summary's total, and the signature pad (a kind loaded on use) drawn by mouse.
    await expect(total).toBeVisible();
    await expect(total).toHaveText("$40.00");
    const pad = preview.locator('.cwf-field[data-field-id="13"]').getByRole("img", { name: /Signature pad/ });
    await expect(pad).toBeVisible();
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("the signature pad is not shown");
    await page.mouse.move(box.x + 30, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 100, { steps: 8 });
    await page.mouse.move(box.x + 220, box.y + 40, { steps: 8 });
    await page.mouse.up();
    await expect(preview.locator('.cwf-field[data-field-id="13"]').getByRole("status")).toHaveText("Signature drawn.");
    await input(14, "number").pressSequentially("4242424242424242");
    await input(14, "expiry").pressSequentially("1230");
    await input(14, "cvc").pressSequentially("123");
    await input(15).check({ force: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Submit checks everything, then says the preview sent nothing: no request, no entry.
    await preview.locator(".cwf-submit-button").click();
    await expect(preview.getByRole("status").filter({ hasText: "Preview: the form is checked but not sent." })).toBeVisible();
    await expect(preview.locator("form.cwf")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(calls).toEqual([]);
    expect(entryCount(2, "ada@gmail.com")).toBe(before);
  });

  test("a redrawn preview is mounted afresh, leaving no listener behind: a required field left empty is refused on Submit", async ({
    page,
  }) => {
    await signInAsOwner(page, null);
    // The window's and document's listeners the runtime's scripts hold, as the browser keeps them (one per function and type).
    await page.addInitScript(() => {
      const held = new Map<unknown, string>();
      (globalThis as unknown as { runtimeListeners: () => number }).runtimeListeners = () =>
        [...held.values()].filter((stack) => stack.includes("/forms/static/")).length;
      const target = EventTarget.prototype;
      const add = target.addEventListener;
      const remove = target.removeEventListener;
      target.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget["addEventListener"]>) {
        const g = globalThis as unknown as { window: unknown; document: unknown };
        if ((this === g.window || this === g.document) && args[1]) held.set(args[1], `${args[0]} ${new Error().stack ?? ""}`);
        return add.apply(this, args);
      };
      target.removeEventListener = function (this: EventTarget, ...args: Parameters<EventTarget["removeEventListener"]>) {
        held.delete(args[1]);
        return remove.apply(this, args);
      };
    });
    await page.goto("/admin/forms/new");
    const preview = page.getByTestId("form-preview");
    await expect(preview.locator("form.cwf")).toHaveAttribute("data-ready", "");
    await page.getByRole("button", { name: /^Your name/ }).click();
    await page.getByLabel("Label", { exact: true }).fill("Full name");
    await page.waitForTimeout(400);
    await page.getByLabel("Required").check();
    // Each edit redraws the preview: Submit waits for the running form that has both (the label's star says required).
    const edited = preview.locator("form.cwf[data-ready] .cwf-label").first();
    await expect(edited).toContainText("Full name");
    await expect(edited.locator(".cwf-required")).toBeAttached();
    await preview.locator(".cwf-submit-button").click();
    await expect(preview.locator(".cwf-field .cwf-error").first()).toHaveText("This field is required.");
    await expect(preview.getByText("Preview: the form is checked but not sent.")).toHaveCount(0);
    await preview.getByLabel("Full name").fill("Ada");
    await preview.locator(".cwf-submit-button").click();
    await expect(preview.getByText("Preview: the form is checked but not sent.")).toBeVisible();
    // Only the form in the page is mounted: the redrawn ones are gone, and so are their listeners (pageshow is held once for all).
    expect(await preview.locator("form.cwf").count()).toBe(1);
    const held = () => page.evaluate(() => (globalThis as unknown as { runtimeListeners: () => number }).runtimeListeners());
    const first = await held();
    for (const label of ["Name", "Your full name", "Full name"]) {
      await page.getByLabel("Label", { exact: true }).fill(label);
      await expect(preview.locator("form.cwf[data-ready] label").first()).toContainText(label);
    }
    expect(await held()).toBe(first);
    expect(first).toBe(1);
  });
});
