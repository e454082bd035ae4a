/**
 * A resume link's form page, /forms/{slug}?resume={key}, on SQLite and PostgreSQL (decision 0030):
 * a good key restores the draft's values with a notice and carries the key in forms[resume]; an
 * expired, used or wrong one shows the empty form and says so; the key stays out of the page's
 * links, the attribution cookies and other sites' referrers; a post without JavaScript deletes it.
 */
import { defaultFormSettings, type FormDefinition } from "@cartwright/commerce/forms";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { TEST_HOST, TEST_ORIGIN } from "../../../../../test/browser.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { RESUME_NOTICES } from "../../../../web/forms/render/index.ts";
// biome-ignore lint/style/noRestrictedImports: the contact messages' multipart writer, shared by the tests
import { multipart, type Part } from "../contact-widget/messages.test-support.ts";
import { formResumeValues, publishedForm, RESUME_FIELD } from "./index.ts";

const RESUME_FORM: FormDefinition = {
  id: 0,
  slug: "resume-test",
  title: "Resume test",
  pages: [{ title: "About you" }, { title: "Your order" }],
  fields: [
    { id: 1, page: 1, type: "text", label: "Full name", required: true },
    { id: 2, page: 1, type: "email", label: "Email", confirmation: false, restrictedDomains: [], suggestTypos: false, required: true },
    { id: 3, page: 2, type: "textarea", label: "Notes", required: true },
  ],
  settings: defaultFormSettings({ saveProgress: { browser: false, email: true } }),
};

let shop: TestShop;
let formId = 0;
let addresses = 0;

beforeAll(async () => {
  shop = await createTestShop({ web: true });
  const owner = await signedInOwner(shop);
  const created = await owner.request("POST", "/api/admin/v1/forms", { definition: RESUME_FORM });
  expect(created.statusCode, created.body).toBe(201);
  formId = created.json().id;
});
afterAll(() => shop?.close());

const get = (url: string) => shop.app.inject({ method: "GET", url, headers: { host: TEST_HOST }, remoteAddress: `10.8.0.${++addresses}` });
const f = (id: number) => `forms[fields][${id}]`;

function hiddenInputs(html: string): Part[] {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => ({
    name: match[1] as string,
    value: (match[2] as string).replace(/&amp;/g, "&"),
  }));
}

async function inject(url: string, parts: Part[]): Promise<LightMyRequestResponse> {
  const body = multipart(parts);
  return shop.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { host: TEST_HOST, origin: TEST_ORIGIN, ...body.headers },
    remoteAddress: `10.8.1.${++addresses}`,
  });
}

/** A visitor's save from the page: the key the server answers (and e-mails). */
async function saveDraft(values: Part[]): Promise<string> {
  const page = await get("/forms/resume-test");
  const saved = await inject("/ajax", [
    ...hiddenInputs(page.body),
    { name: "action", value: "forms_save_progress" },
    { name: "email", value: "ada@example.com" },
    ...values,
  ]);
  const answer = saved.json() as { success: boolean; data: { resume?: string } };
  expect(answer.success).toBe(true);
  return answer.data.resume ?? "";
}

const setCookies = (response: LightMyRequestResponse) => [response.headers["set-cookie"] ?? []].flat().map((c) => decodeURIComponent(c));

describe("GET /forms/{slug}?resume={key}", () => {
  it("restores the draft's values with a notice and the key in forms[resume], and the key goes nowhere else", async () => {
    const key = await saveDraft([
      { name: f(1), value: "Ada Lovelace" },
      { name: f(2), value: "ada@example.com" },
    ]);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await get(`/forms/resume-test?resume=${key}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<div class="cwf-resume-notice cwf-resume-notice--restored" role="status"><p>${RESUME_NOTICES.restored}</p></div>`,
    );
    expect(page.body).toMatch(/name="forms\[fields\]\[1\]"[^>]*value="Ada Lovelace"/);
    expect(page.body).toMatch(/name="forms\[fields\]\[2\]"[^>]*value="ada@example.com"/);
    expect(page.body).toContain(`<input type="hidden" name="forms[resume]" value="${key}">`);
    // The key shows twice only: the hidden input and the address the form posts back to without JavaScript.
    expect(page.body.split(key)).toHaveLength(3);
    expect(page.body).toContain(`action="/forms/resume-test?resume=${key}"`);
    expect(page.body).not.toContain(RESUME_NOTICES.expired);
    // No other site learns the address, no cache keeps it, and the page view is tracked without it.
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const cookies = setCookies(page);
    expect(cookies.some((cookie) => cookie.includes("/forms/resume-test"))).toBe(true);
    expect(cookies.join("\n")).not.toContain(key);
  });

  it("says a wrong or expired link cannot be used and shows the empty form, without a key", async () => {
    const key = await saveDraft([{ name: f(1), value: "Grace Hopper" }]);
    const wrong = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    for (const url of [`/forms/resume-test?resume=${wrong}`, "/forms/resume-test?resume=short"]) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        `<div class="cwf-resume-notice cwf-resume-notice--expired" role="status"><p>${RESUME_NOTICES.expired}</p></div>`,
      );
      expect(page.body).not.toContain('name="forms[resume]"');
      expect(page.body).not.toContain("Grace Hopper");
      expect(page.body).toContain('action="/forms/resume-test"');
      expect(page.headers["referrer-policy"]).toBe("no-referrer");
    }
    // Thirty days on (the sweep not yet run), the same link has expired.
    await shop.db
      .updateTable("form_drafts")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("form_id", "=", formId)
      .execute();
    const expired = await get(`/forms/resume-test?resume=${key}`);
    expect(expired.body).toContain(RESUME_NOTICES.expired);
    expect(expired.body).not.toContain("Grace Hopper");
  });

  it("the plain page has no notice and no key, and keeps the shop's referrer policy", async () => {
    const page = await get("/forms/resume-test");
    expect(page.body).not.toContain('class="cwf-resume-notice');
    expect(page.body).not.toContain('name="forms[resume]"');
    expect(page.headers["referrer-policy"]).not.toBe("no-referrer");
  });

  it("a resumed page refused without JavaScript keeps its key; sent, it deletes the draft and the link says so", async () => {
    const key = await saveDraft([{ name: f(1), value: "Katherine Johnson" }]);
    const url = `/forms/resume-test?resume=${key}`;
    const page = await get(url);
    const hidden = hiddenInputs(page.body);
    expect(hidden).toContainEqual({ name: RESUME_FIELD, value: key });
    const refused = await inject(url, [...hidden, { name: f(1), value: "Katherine Johnson" }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(`<input type="hidden" name="forms[resume]" value="${key}">`);
    const stored = await publishedForm(shop.db, "resume-test");
    expect(await formResumeValues({ db: shop.db }, stored as NonNullable<typeof stored>, key)).toEqual({ 1: "Katherine Johnson" });
    const sent = await inject(url, [
      ...hiddenInputs(refused.body),
      { name: f(1), value: "Katherine Johnson" },
      { name: f(2), value: "kj@example.com" },
      { name: f(3), value: "Done" },
    ]);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain("cwf-confirmation");
    expect(await formResumeValues({ db: shop.db }, stored as NonNullable<typeof stored>, key)).toBeNull();
    expect((await get(url)).body).toContain(RESUME_NOTICES.expired);
  });
});
