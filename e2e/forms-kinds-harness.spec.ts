/**
 * The forms' kinds no demo form has (decision 0028): the password meter and toggle, text and phone
 * masks, and two upload fields together over the form's total (spec §4.4), on a page of our own
 * carrying the renderer's HTML, its payload and the built runtime from the real server.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultFormSettings, type FormDefinition } from "@cartwright/commerce/forms";
import { expect, type Page, test } from "@playwright/test";
import { payloadFor } from "../apps/web/forms/render/fixtures.ts";
import { FORM_CSS, renderForm } from "../apps/web/forms/render/index.ts";
import { container, field, file, violations } from "./support/forms-kinds.ts";

const HARNESS_FORM: FormDefinition = {
  id: 90,
  slug: "kinds-harness",
  title: "Kinds harness",
  pages: [{ title: "" }],
  fields: [
    { id: 1, page: 1, type: "password", label: "Password", confirmation: true, minStrength: 2, required: false },
    { id: 2, page: 1, type: "tel", label: "Phone", inputMask: "(999) 999-9999", required: false },
    { id: 3, page: 1, type: "text", label: "Order number", inputMask: "aa-9999", required: false },
    {
      id: 4,
      page: 1,
      type: "file-upload",
      label: "Photos",
      extensions: ["png"],
      maxFileBytes: 5 * 1024 * 1024,
      maxFiles: 2,
      required: false,
    },
    {
      id: 5,
      page: 1,
      type: "file-upload",
      label: "Plans",
      extensions: ["pdf"],
      maxFileBytes: 5 * 1024 * 1024,
      maxFiles: 2,
      required: false,
    },
  ],
  settings: defaultFormSettings({ antiSpam: { honeypot: false, captcha: "none", token: false } }),
};

async function openHarness(page: Page) {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../apps/web/build/forms/manifest.json"), "utf8")) as { main: string };
  const payload = payloadFor(HARNESS_FORM, { maxUploadTotalBytes: 6 * 1024 * 1024, honeypot: null });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kinds harness</title><style>${FORM_CSS}</style></head>
<body><main><h1>Kinds harness</h1>${renderForm(payload, { scripted: true })}
<script type="application/json" id="cwf90-payload">${JSON.stringify(payload).replace(/</g, "\\u003c")}</script>
<script type="module" src="/forms/static/${manifest.main}"></script></main></body></html>`;
  await page.route("**/forms-kinds-harness", (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
  await page.goto("/forms-kinds-harness");
  await expect(page.locator("form.cwf")).toHaveAttribute("data-ready", "");
}

test("password meter and toggle, masks, and the combined upload size on a page of our own", async ({ page }) => {
  await openHarness(page);
  const password = field(page, 1, "primary");
  const strength = container(page, 1).getByRole("status");
  await expect(container(page, 1).locator(".cwfk-meter")).toBeVisible();
  await password.pressSequentially("abcde1");
  await expect(strength).toHaveText("Password strength: Weak (Medium needed)");
  await password.pressSequentially("A!xyz");
  await expect(strength).toHaveText("Password strength: Strong");
  await container(page, 1).getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(field(page, 1, "secondary")).toHaveAttribute("type", "text");
  await container(page, 1).getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  const phone = field(page, 2);
  await expect(phone).toHaveAttribute("placeholder", "(___) ___-____");
  await phone.pressSequentially("5551234567");
  await expect(phone).toHaveValue("(555) 123-4567");
  for (let i = 0; i < 5; i++) await page.keyboard.press("Backspace");
  await expect(phone).toHaveValue("(555) 123");
  await field(page, 3).pressSequentially("x1y2345");
  await expect(field(page, 3)).toHaveValue("xy-2345");
  expect(await violations(page)).toEqual([]);

  // Spec §4.4: over the form's total, submit is held back with the message; back under, it returns.
  const submit = page.locator(".cwf-submit-button");
  let chooser = page.waitForEvent("filechooser");
  await container(page, 4)
    .getByRole("button", { name: /Choose files/ })
    .click();
  await (await chooser).setFiles(file("big.png", 4 * 1024 * 1024));
  chooser = page.waitForEvent("filechooser");
  await container(page, 5)
    .getByRole("button", { name: /Choose files/ })
    .click();
  await (await chooser).setFiles(file("plan.pdf", 3 * 1024 * 1024));
  await expect(page.getByText("The selected files come to 7 MB, above the limit of 6 MB.")).toBeVisible();
  await expect(submit).toBeDisabled();
  expect(await violations(page)).toEqual([]);
  await container(page, 5).getByRole("button", { name: "Remove plan.pdf" }).click();
  await expect(page.getByText("The selected files come to 7 MB, above the limit of 6 MB.")).toBeHidden();
  await expect(submit).toBeEnabled();
});
