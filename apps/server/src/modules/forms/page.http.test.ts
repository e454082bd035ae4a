/**
 * A public form's own page, /forms/{slug}, and its post without JavaScript, on SQLite and
 * PostgreSQL (issue 17, decision 0026): the payload on the page, no React scripts, errors beside
 * their fields with the values kept, hidden fields' values dropped, the confirmation, the redirect,
 * and bodies over the /ajax limits refused.
 */
import { defaultFormSettings, FORM_MESSAGES, type FormDefinition } from "@cartwright/commerce/forms";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { TEST_HOST, TEST_ORIGIN } from "../../../../../test/browser.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
// biome-ignore lint/style/noRestrictedImports: the contact messages' multipart writer and sample files, shared by the tests
import { multipart, type Part, SAMPLES } from "../contact-widget/messages.test-support.ts";
import { FORM_REPLIES, PAGE_POST_MESSAGES } from "./index.ts";

/** A form with a logic-hidden field, the owner's markup and a file field. */
const PAGE_FORM: FormDefinition = {
  id: 0,
  slug: "page-test",
  title: "Page <test>",
  pages: [{ title: "" }],
  fields: [
    { id: 1, page: 1, type: "name", label: "Name", format: "simple", required: true },
    { id: 2, page: 1, type: "email", label: "Email", confirmation: false, restrictedDomains: [], suggestTypos: false, required: true },
    {
      id: 3,
      page: 1,
      type: "radio",
      label: "Call me?",
      choices: [
        { id: 1, label: "Yes" },
        { id: 2, label: "No" },
      ],
      required: true,
    },
    {
      id: 4,
      page: 1,
      type: "text",
      label: "Phone number",
      required: true,
      logic: { action: "show", match: "all", rules: [{ field: 3, operator: "is", value: "1" }] },
    },
    { id: 5, page: 1, type: "html", label: "Note", content: '<p>Read <b>this</b><script>alert("x")</script></p>', required: false },
    {
      id: 6,
      page: 1,
      type: "file-upload",
      label: "Photo",
      extensions: ["png"],
      maxFileBytes: 5 * 1024 * 1024,
      maxFiles: 1,
      required: false,
    },
  ],
  settings: defaultFormSettings({ confirmation: { type: "message", message: 'Thanks <b>you</b><img src=x onerror="alert(1)">' } }),
};

let shop: TestShop;
let pageFormId = 0;
let addresses = 0;

beforeAll(async () => {
  shop = await createTestShop({ web: true });
  const owner = await signedInOwner(shop);
  const created = await owner.request("POST", "/api/admin/v1/forms", { definition: PAGE_FORM });
  expect(created.statusCode).toBe(201);
  pageFormId = created.json().id;
  const draft = await owner.request("POST", "/api/admin/v1/forms", { status: "draft", definition: { ...PAGE_FORM, slug: "not-yet" } });
  expect(draft.statusCode).toBe(201);
});
afterAll(() => shop?.close());

const get = (url: string) => shop.app.inject({ method: "GET", url, headers: { host: TEST_HOST }, remoteAddress: `10.9.0.${++addresses}` });

/** The token and honeypot the page gave (a visitor's browser sends them back). */
function hiddenInputs(html: string): Part[] {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => ({
    name: match[1] as string,
    value: (match[2] as string).replace(/&amp;/g, "&"),
  }));
}

async function post(slug: string, parts: Part[], extra: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const page = await get(`/forms/${slug}`);
  expect(page.statusCode).toBe(200);
  const body = multipart([...hiddenInputs(page.body), ...parts]);
  return shop.app.inject({
    method: "POST",
    url: `/forms/${slug}`,
    payload: body.payload,
    headers: { host: TEST_HOST, origin: TEST_ORIGIN, ...body.headers, ...extra },
    remoteAddress: `10.9.1.${++addresses}`,
  });
}

const f = (id: number, sub?: string) => (sub ? `forms[fields][${id}][${sub}]` : `forms[fields][${id}]`);

describe("GET /forms/{slug}", () => {
  it("shows a published form in the shop's frame, with its token, honeypot and title, and no React scripts", async () => {
    const page = await get("/forms/page-test");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Page &lt;test&gt; – Cartwright Demo</title>");
    expect(page.body).toContain('class="site-header"');
    expect(page.body).toContain('class="site-footer"');
    expect(page.body).toMatch(
      new RegExp(
        `<form class="cwf" id="cwf${pageFormId}" data-form-id="${pageFormId}" data-token="[0-9a-z]+\\.[A-Za-z0-9_-]{43}" data-token-time="\\d+" data-slug="page-test" method="post" action="/forms/page-test" enctype="multipart/form-data"`,
      ),
    );
    expect(page.body).toMatch(/<input type="hidden" name="forms\[token\]" value="[0-9a-z]+\.[A-Za-z0-9_-]{43}">/);
    expect(page.body).toMatch(
      /<div class="cwf-honeypot" aria-hidden="true"><label for="cwf\d+-hp">[^<]+<\/label><input type="text" id="cwf\d+-hp" name="forms\[fields\]\[7\]"/,
    );
    expect(page.body).toMatch(/<style nonce="[^"]+">\s*\.cwf\{/);
    // No React: no module scripts, no preloads, no router context; the header's cart is a link.
    expect(page.body).not.toMatch(/<script[^>]*type="module"[^>]*src="\/assets\//);
    expect(page.body).not.toContain("modulepreload");
    expect(page.body).not.toContain("__reactRouterContext");
    expect(page.body).toMatch(/<a href="\/cart" class="mini-cart"/);
    // Banners keep their text but not a dismiss button that could do nothing without React.
    expect(page.body).toContain("store-notice__text");
    expect(page.body).not.toContain("store-notice__dismiss");
    // The forms runtime (built with the storefront) is the page's script, its payload beside the form.
    expect(page.body).toContain(`<script type="application/json" id="cwf${pageFormId}-payload"`);
    expect(page.body).toMatch(/<script type="module" src="\/forms\/static\/main-[\w-]+\.js" nonce="[^"]+"><\/script>/);
  });

  it("allowlists the owner's markup on the way out", async () => {
    const page = await get("/forms/page-test");
    expect(page.body).toContain('<div class="cwf-html"><p>Read <b>this</b></p></div>');
    expect(page.body).not.toContain('alert("x")');
  });

  it("answers 404 for an unknown or unpublished form", async () => {
    expect((await get("/forms/no-such-form")).statusCode).toBe(404);
    expect((await get("/forms/not-yet")).statusCode).toBe(404);
  });

  it("lists countries for an address field, the preferred first, and prices in the shop's currency", async () => {
    const tee = await get("/forms/custom-tee");
    expect(tee.statusCode).toBe(200);
    expect(tee.body).toContain(
      '<option value="">Choose a country</option><option value="US" selected>United States</option><option value="AF">Afghanistan</option>',
    );
    expect(tee.body).toContain('<span>Premium <span class="cwf-choice-extra">– $28.00</span></span>');
    expect((await get("/forms/feedback")).body).not.toContain("Choose a country");
  });

  it("tells a visitor without JavaScript that the contact form's captcha needs it", async () => {
    const page = await get("/forms/contact");
    expect(page.body).toContain("This form&#39;s spam check needs JavaScript.");
  });
});

describe("POST /forms/{slug} without JavaScript", () => {
  it("shows the page again with errors beside their fields and every value kept (422)", async () => {
    const response = await post("page-test", [
      { name: f(1), value: "" },
      { name: f(2), value: "not-an-email" },
      { name: f(3), value: "1" },
      { name: f(4), value: "" },
      { name: f(6), filename: "photo.png", type: "image/png", data: SAMPLES.png },
    ]);
    expect(response.statusCode).toBe(422);
    const id = pageFormId;
    expect(response.body).toContain(`role="alert"><p>${FORM_REPLIES.fieldErrors}</p></div>`);
    expect(response.body).toContain(`<p class="cwf-error" id="cwf${id}-1-error">${FORM_MESSAGES.required}</p>`);
    expect(response.body).toContain(`<p class="cwf-error" id="cwf${id}-2-error">${FORM_MESSAGES.email}</p>`);
    expect(response.body).toContain(`<p class="cwf-error" id="cwf${id}-4-error">${FORM_MESSAGES.required}</p>`);
    expect(response.body).toMatch(
      new RegExp(
        `id="cwf${id}-2" name="forms\\[fields\\]\\[2\\]" aria-describedby="cwf${id}-2-error" aria-invalid="true" value="not-an-email"`,
      ),
    );
    expect(response.body).toMatch(new RegExp(`id="cwf${id}-3-1" name="forms\\[fields\\]\\[3\\]" value="1" checked`));
    expect(response.body).toContain("Files are not kept after a failed send: please choose your files again.");
    expect(await entries()).toBe(0);
  });

  it("stores a good post without the hidden field's value and shows the allowlisted confirmation (200)", async () => {
    const response = await post("page-test", [
      { name: f(1), value: "Ada" },
      { name: f(2), value: "ada@example.com" },
      { name: f(3), value: "2" },
      // Shown without JavaScript, hidden by the rule: its value is dropped.
      { name: f(4), value: "555 0100" },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<div class="cwf-confirmation" id="cwf${pageFormId}-confirmation" role="status" tabindex="-1">Thanks <b>you</b><img src="x" alt=""></div>`,
    );
    expect(response.body).not.toContain('<form class="cwf"');
    const row = await shop.db
      .selectFrom("form_entries")
      .select(["id", "values", "status"])
      .where("form_id", "=", pageFormId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("complete");
    expect(JSON.parse(row.values)).toEqual({ 1: "Ada", 2: "ada@example.com", 3: "2" });
  });

  it("redirects with 303 to the form's confirmation address", async () => {
    const response = await post("feedback", [{ name: f(1), value: "4" }]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/shop");
  });

  it("refuses a body over the limits with a clear error on the page (413), reading no further", async () => {
    const before = await entries();
    const response = await post("page-test", [
      { name: f(1), value: "Ada" },
      { name: f(6), filename: "big.png", type: "image/png", data: Buffer.alloc(12 * 1024 * 1024, 1) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain(PAGE_POST_MESSAGES.tooLarge);
    expect(response.body).toContain('<form class="cwf"');
    expect(await entries()).toBe(before);
  });

  it("refuses a file over the per-file limit and more files than /ajax takes", async () => {
    const big = await post("page-test", [{ name: f(6), filename: "big.png", type: "image/png", data: Buffer.alloc(6 * 1024 * 1024, 1) }]);
    expect(big.statusCode).toBe(413);
    expect(big.body).toContain(PAGE_POST_MESSAGES.fileTooLarge);
    const many = await post(
      "page-test",
      Array.from({ length: 6 }, (_, index) => ({ name: f(6), filename: `p${index}.png`, type: "image/png", data: SAMPLES.png })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.body).toContain(PAGE_POST_MESSAGES.tooManyFiles);
  });

  it("answers 404 to a post for an unpublished form", async () => {
    const body = multipart([{ name: f(1), value: "x" }]);
    const response = await shop.app.inject({
      method: "POST",
      url: "/forms/not-yet",
      payload: body.payload,
      headers: { host: TEST_HOST, origin: TEST_ORIGIN, ...body.headers },
    });
    expect(response.statusCode).toBe(404);
  });
});

async function entries(): Promise<number> {
  const rows = await shop.db.selectFrom("form_entries").select("id").where("form_id", "=", pageFormId).execute();
  return rows.length;
}
