/**
 * The forms' heavy field kinds in Chromium (decision 0028) on the demo forms (DEMO.md "Public
 * forms"): the design upload, the delivery-date picker by keyboard, the signature pad with the
 * mouse and the card's formatting on custom-tee; the time listbox and the camera (Chromium's fake
 * camera, then a refused permission and its file fallback) on feedback; the kinds no demo form has are in
 * forms-kinds-harness.spec.ts. Axe runs with each widget open.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { journeyLaunchOptions } from "./support/chromium.ts";
import { container, field, file, violations } from "./support/forms-kinds.ts";

// The fake camera answers getUserMedia without a prompt (the flags replace the config's launch options, so they are
// built from the same list); with less motion a page change jumps to the form's top instead of scrolling under the mouse.
test.use({
  reducedMotion: "reduce",
  launchOptions: journeyLaunchOptions(["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]),
});

// A 1×1 PNG: the server checks a file by its bytes.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** The newest complete entry of a form: its values and its files' names. */
function lastEntry(slug: string): { values: Record<string, unknown>; files: string[] } | null {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"), { readonly: true });
  try {
    const entry = db
      .prepare(
        "select e.id, e.\"values\" as v from form_entries e join forms f on f.id = e.form_id where f.slug = ? and e.status = 'complete' order by e.id desc limit 1",
      )
      .get(slug) as { id: number; v: string } | undefined;
    if (!entry) return null;
    const files = db.prepare("select file_name from form_files where entry_id = ?").all(entry.id) as { file_name: string }[];
    return { values: JSON.parse(entry.v) as Record<string, unknown>, files: files.map((f) => f.file_name) };
  } finally {
    db.close();
  }
}

/** The day n days after today (the visitor's calendar) as YYYY-MM-DD. */
function daysAhead(n: number): string {
  const day = new Date();
  day.setDate(day.getDate() + n);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

async function next(page: Page, title: string) {
  const shown = page.locator("section.cwf-page:not([hidden]) .cwf-page-title");
  // Next waits for checks still under way (spec §4.4: repeated every 800 ms); a click that came too early is repeated.
  await expect(async () => {
    if ((await shown.textContent()) !== title) await page.locator("section.cwf-page:not([hidden]) .cwf-next").click();
    await expect(shown).toHaveText(title, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** custom-tee page 1: the required details, then on to "Your shirt". */
async function fillDetails(page: Page) {
  await field(page, 1, "first").fill("Ada");
  await field(page, 1, "last").fill("Lovelace");
  await field(page, 2).fill("ada@example.com");
  await field(page, 4, "address1").fill("1 Main Street");
  await field(page, 4, "city").fill("Springfield");
  const state = field(page, 4, "state");
  if ((await state.evaluate((e) => (e as unknown as { tagName: string }).tagName)) === "SELECT") await state.selectOption({ index: 1 });
  else await state.fill("IL");
  await field(page, 4, "postal").fill("62701");
  await next(page, "Your shirt");
}

test.describe("custom-tee: design, delivery date, signature, card", () => {
  test("the kinds load only with the form and each works by mouse or keyboard", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/forms/custom-tee");
    await expect(page.locator("form.cwf")).toHaveAttribute("data-ready", "");
    await fillDetails(page);
    await page.locator('[name="forms[fields][5]"][value="1"]').check();

    // Upload: a refused type is named at once; the design is listed with its size and can be removed.
    const design = container(page, 9);
    const choose = design.getByRole("button", { name: /Choose a file/ });
    await expect(choose).toBeVisible();
    let chooser = page.waitForEvent("filechooser");
    await choose.click();
    await (await chooser).setFiles(file("design.exe", "MZ"));
    await expect(design.getByRole("alert")).toHaveText("design.exe: Files of this type are not accepted here.");
    chooser = page.waitForEvent("filechooser");
    await choose.click();
    await (await chooser).setFiles(file("tee.png", PNG));
    await expect(design.getByRole("list", { name: /chosen files/ })).toContainText("tee.png");
    await expect(design.getByRole("alert")).toHaveText("");
    await expect(design.getByRole("button", { name: "Remove tee.png" })).toBeVisible();
    // A dropped file over the field's 5 MB is refused; the chosen design stays.
    const big = await page.evaluateHandle(() => {
      const g = globalThis as unknown as {
        DataTransfer: new () => { items: { add(f: unknown): void } };
        File: new (parts: unknown[], name: string) => unknown;
        Uint8Array: Uint8ArrayConstructor;
      };
      const transfer = new g.DataTransfer();
      transfer.items.add(new g.File([new g.Uint8Array(6 * 1024 * 1024)], "huge.png"));
      return transfer;
    });
    await design.locator(".cwfk-drop").dispatchEvent("drop", { dataTransfer: big });
    await expect(design.getByRole("alert")).toHaveText("huge.png: This file is larger than 5 MB.");
    await expect(design.getByRole("list", { name: /chosen files/ })).toContainText("tee.png");
    expect(await violations(page)).toEqual([]);

    // Date: the dialog opens on the first allowed day (3 days ahead), too-early days are marked, the keyboard picks.
    const opener = container(page, 10).getByRole("button", { name: /Choose date/ });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: /Delivery date/ });
    await expect(dialog).toBeVisible();
    // Popups open in 150 ms (spec §9).
    expect(
      await dialog.evaluate(
        (e) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { animationDuration: string } }).getComputedStyle(e).animationDuration,
      ),
    ).toBe("0.15s");
    const first = daysAhead(3);
    await expect(dialog.locator(`[data-date="${first}"]`)).toBeFocused();
    const early = daysAhead(2);
    if (early.slice(0, 7) === first.slice(0, 7))
      await expect(dialog.locator(`[data-date="${early}"]`)).toHaveAttribute("aria-disabled", "true");
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(field(page, 10)).toHaveValue(daysAhead(11));
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("PageDown");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(field(page, 10)).toHaveValue(daysAhead(11));

    await next(page, "Review and pay");

    // Signature: drawn with the mouse into a PNG data URL; the typed way is one toggle away.
    const signature = container(page, 13);
    const pad = signature.getByRole("img", { name: /Signature pad/ });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("the signature pad is not shown");
    await page.mouse.move(box.x + 30, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 100, { steps: 8 });
    await page.mouse.move(box.x + 220, box.y + 40, { steps: 8 });
    await page.mouse.up();
    await expect(signature.getByRole("status")).toHaveText("Signature drawn.");
    const input = field(page, 13);
    await expect(input).toBeHidden();
    const drawn = await input.inputValue();
    expect(drawn).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    await signature.getByRole("button", { name: "Type instead" }).click();
    await expect(input).toBeFocused();
    await expect(input).toHaveValue("");
    await expect(pad).toBeHidden();
    await page.keyboard.type("Ada Lovelace");
    await signature.getByRole("button", { name: "Draw instead" }).click();
    await expect(input).toBeHidden();
    await expect(input).toHaveValue(drawn);
    expect(await violations(page)).toEqual([]);

    // Card: groups by brand, the brand named, Luhn said on leaving, expiry as MM / YY, the code cut to its length.
    const number = field(page, 14, "number");
    await number.pressSequentially("378282246310005");
    await expect(number).toHaveValue("3782 822463 10005");
    await expect(container(page, 14).locator(".cwfk-brand")).toHaveText("American Express");
    await expect(number).toHaveAttribute("autocomplete", "cc-number");
    await number.fill("");
    await number.pressSequentially("4111111111111112");
    await expect(number).toHaveValue("4111 1111 1111 1112");
    await field(page, 14, "expiry").pressSequentially("1230");
    await expect(container(page, 14).locator(".cwfk-brand")).toHaveText("Visa: Please enter a valid card number.");
    await expect(field(page, 14, "expiry")).toHaveValue("12 / 30");
    await field(page, 14, "cvc").pressSequentially("12345");
    await expect(field(page, 14, "cvc")).toHaveValue("123");
    expect(await violations(page)).toEqual([]);

    // Sent: the server takes the drawn signature, the design the upload kind chose and the test card.
    await number.fill("");
    await number.pressSequentially("4242424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await page.locator('[name="forms[fields][15]"]').check({ force: true });
    await page.locator(".cwf-submit-button").click();
    await expect(page.locator(".cwf-confirmation")).toContainText("Thank you! Your custom T-shirt order is in.", { timeout: 30_000 });
    const entry = lastEntry("custom-tee");
    expect(entry?.files).toEqual(["tee.png"]);
    expect(entry?.values["13"]).toBe(drawn);
    expect(entry?.values["10"]).toBe(daysAhead(11));
  });
});

test("contact: several attachments are listed with their sizes and each can be removed", async ({ page }) => {
  await page.goto("/forms/contact");
  await expect(page.locator("form.cwf")).toHaveAttribute("data-ready", "");
  const attachment = container(page, 5);
  const choose = attachment.getByRole("button", { name: /Choose files/ });
  const chooser = page.waitForEvent("filechooser");
  await choose.click();
  await (await chooser).setFiles([file("receipt.pdf", 3000), file("photo.jpg", 150 * 1024), file("notes.txt", 10)]);
  const list = attachment.getByRole("list", { name: /chosen files/ });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("receipt.pdf");
  await expect(list.getByRole("listitem").nth(1)).toContainText("150 KB");
  await expect(attachment.getByRole("alert")).toHaveText("notes.txt: Files of this type are not accepted here.");
  expect(await violations(page)).toEqual([]);
  await attachment.getByRole("button", { name: "Remove receipt.pdf" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(choose).toBeFocused();
  const sent = await field(page, 5).evaluate((input) => [...(input as unknown as { files: { name: string }[] }).files].map((f) => f.name));
  expect(sent).toEqual(["photo.jpg"]);
});

test.describe("feedback: time listbox and camera", () => {
  async function toLastPage(page: Page) {
    const scripts: string[] = [];
    page.on("request", (request) => {
      const name = /\/forms\/static\/([a-z-]+)-[\w-]+\.js$/.exec(request.url())?.[1];
      if (name) scripts.push(name);
    });
    await page.goto("/forms/feedback");
    await expect(page.locator("form.cwf")).toHaveAttribute("data-ready", "");
    await page.locator('[name="forms[fields][1]"][value="5"]').check({ force: true });
    // A rating of 5 skips "What went wrong" (its only field is hidden by logic).
    await page.locator("section.cwf-page:not([hidden]) .cwf-next").click();
    await expect(page.locator("section.cwf-page:not([hidden]) .cwf-page-title")).toHaveText("Stay in touch");
    // Only the kinds this form has were loaded.
    expect(scripts).toEqual(expect.arrayContaining(["camera", "time"]));
    for (const kind of ["signature", "date", "card", "upload", "password", "mask"]) expect(scripts).not.toContain(kind);
  }

  test("the time listbox lists 9:00 AM to 5:00 PM every 15 minutes, by keyboard and by mouse", async ({ page }) => {
    await toLastPage(page);
    const time = field(page, 6);
    await time.focus();
    await page.keyboard.press("ArrowDown");
    const list = page.getByRole("listbox", { name: /Best time to call/ });
    await expect(list).toBeVisible();
    await expect(list.getByRole("option")).toHaveCount(33);
    await expect(list.getByRole("option").first()).toHaveText("9:00 AM");
    await expect(list.getByRole("option").last()).toHaveText("5:00 PM");
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(time).toHaveValue("9:30 AM");
    await expect(list).toBeHidden();
    await time.fill("4:");
    await page.keyboard.press("ArrowDown");
    await list.getByRole("option", { name: "4:30 PM" }).click();
    await expect(time).toHaveValue("4:30 PM");
    await time.fill("11:05 PM");
    await expect(time).toHaveValue("11:05 PM");
  });

  test("the fake camera takes a photo that can be retaken or removed", async ({ page }) => {
    await toLastPage(page);
    const camera = container(page, 5);
    await camera.getByRole("button", { name: "Take a photo" }).click();
    const video = camera.locator("video");
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v) => (v as unknown as { videoWidth: number }).videoWidth)).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    await camera.getByRole("button", { name: "Capture" }).click();
    await expect(camera.getByRole("img", { name: "Your photo" })).toBeVisible();
    const chosen = await field(page, 5).evaluate((input) => {
      const files = (input as unknown as { files: { name: string; type: string }[] }).files;
      return [...files].map((f) => `${f.type} ${f.name.split(".").pop()}`);
    });
    expect(chosen).toEqual(["image/jpeg jpg"]);
    await expect(camera.getByRole("button", { name: "Retake" })).toBeFocused();
    await camera.getByRole("button", { name: "Remove photo" }).click();
    await expect(camera.getByRole("img", { name: "Your photo" })).toHaveCount(0);
    await expect(camera.getByRole("button", { name: "Take a photo" })).toBeFocused();
  });

  test("a refused camera falls back to choosing a photo", async ({ page }) => {
    await page.addInitScript(() => {
      const g = globalThis as unknown as {
        navigator: { mediaDevices: { getUserMedia: () => Promise<never> } };
        DOMException: typeof DOMException;
      };
      g.navigator.mediaDevices.getUserMedia = () => Promise.reject(new g.DOMException("Permission denied", "NotAllowedError"));
    });
    await toLastPage(page);
    const camera = container(page, 5);
    await camera.getByRole("button", { name: "Take a photo" }).click();
    await expect(camera.getByRole("alert")).toHaveText("The camera is not available. Choose a photo instead.");
    await expect(camera.getByRole("button", { name: "Take a photo" })).toHaveCount(0);
    const input = field(page, 5);
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute("capture", "user");
    await input.setInputFiles(file("photo.png", 2048));
    await expect(camera.getByRole("alert")).toHaveText("");
    expect(await violations(page)).toEqual([]);
  });
});
