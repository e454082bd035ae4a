/** Resume by e-mail (decision 0030) and the /ajax limits of the forms' actions, on SQLite and PostgreSQL. */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FormDefinition } from "@cartwright/commerce/forms";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, type TestShop } from "../../../../../test/app.ts";
import { AJAX_LIMITS } from "../../http/ajax.ts";
// biome-ignore lint/style/noRestrictedImports: the contact messages' multipart writer and sample files, shared by the tests
import { multipart, type Part, SAMPLES } from "../contact-widget/messages.test-support.ts";
// biome-ignore lint/style/noRestrictedImports: the tests' reader of the outbox's messages
import { parseEml } from "../emails/eml.test-support.ts";
import {
  createFormToken,
  deleteExpiredDrafts,
  FORM_REPLIES,
  findForm,
  formResumeValues,
  honeypotName,
  RESUME_FIELD,
  RESUME_REPLIES,
} from "./index.ts";

const SECRET = "test-secret-test-secret-test-secret!";
let shop: TestShop;
let app: FastifyInstance;
const outbox = newOutbox("forms-resume");
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop();
  app = await appWithOutbox(shop, outbox, { rateLimit: true });
  for (const slug of ["contact", "custom-tee", "feedback"]) {
    const form = await findForm(shop.db, slug);
    ids[slug] = form?.id ?? 0;
    // The owner switches resume by e-mail on for the custom tee and the feedback (the contact form keeps it off).
    if (form && slug !== "contact") {
      const { id: _id, ...document } = form.definition;
      const settings = { ...document.settings, saveProgress: { browser: true, email: true } };
      await shop.db
        .updateTable("forms")
        .set({ definition: JSON.stringify({ ...document, settings }) })
        .where("id", "=", form.id)
        .execute();
    }
  }
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

let addresses = 0;
const nextAddress = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
const f = (id: number, sub?: string) => (sub ? `forms[fields][${id}][${sub}]` : `forms[fields][${id}]`);
type Reply = { success: boolean; data: Record<string, unknown> };

async function post(fields: Record<string, string | string[]>, files: Part[] = [], ip = nextAddress(), query = "") {
  const parts: Part[] = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })),
  );
  const { payload, headers } = multipart([...parts, ...files]);
  const response = await app.inject({ method: "POST", url: `/ajax${query}`, payload, headers, remoteAddress: ip });
  return { status: response.statusCode, body: response.json() as Reply, headers: response.headers };
}

const base = (slug: string, action: string) => ({
  action,
  "forms[id]": String(ids[slug]),
  "forms[token]": createFormToken(SECRET, ids[slug] ?? 0, Date.now()),
});
const save = (slug: string, email: string, values: Record<string, string | string[]>, ip?: string, files: Part[] = []) =>
  post({ ...base(slug, "forms_save_progress"), email, ...values }, files, ip);

const TEE_SO_FAR = {
  [f(1, "first")]: "Ada",
  [f(1, "last")]: "Lovelace",
  [f(2)]: "ada@example.com",
  [f(5)]: "2",
  [f(6)]: "2",
  [f(8)]: "Happy birthday!",
  [f(13)]: "Ada Lovelace",
  [f(14, "number")]: "4242 4242 4242 4242",
  [f(14, "expiry")]: "12/30",
  [f(14, "cvc")]: "123",
};
const failure = (header: string, field: Record<string, unknown> = {}) => ({
  success: false,
  data: { errors: { general: { header }, field } },
});

/** The resume e-mail sent to an address, parsed, and the key in its link. */
async function resumeMail(to: string) {
  await Promise.allSettled([...(app.forms?.inFlight ?? [])]);
  // Two in the same millisecond are written as "…-form-resume.eml" and "…-form-resume-2.eml".
  const order = (name: string) => name.replace(/-form-resume(?:-(\d+))?\.eml$/, (_m, n?: string) => `~${(n ?? "1").padStart(2, "0")}`);
  const names = existsSync(outbox) ? readdirSync(outbox).filter((name) => /-form-resume(?:-\d+)?\.eml$/.test(name)) : [];
  names.sort((a, b) => order(a).localeCompare(order(b)));
  const mails = names.map((name) => parseEml(readFileSync(join(outbox, name), "utf8"))).filter((mail) => mail.headers.to === to);
  const keyOf = (text: string) => /\?resume=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
  const mail = mails.at(-1);
  return { mail, key: keyOf(mail?.text ?? ""), keys: mails.map((m) => keyOf(m.text)), count: mails.length };
}
const stored = async (slug: string) => (await findForm(shop.db, slug)) as NonNullable<Awaited<ReturnType<typeof findForm>>>;

describe("forms_save_progress: resume by email", () => {
  it("keeps the values but never the card, the signature or files, and emails a link to the form page", async () => {
    const sent = await save("custom-tee", "ada@example.com", TEE_SO_FAR, undefined, [
      { name: `${f(9)}[]`, filename: "design.png", type: "image/png", data: SAMPLES.png },
    ]);
    const { mail, key } = await resumeMail("ada@example.com");
    // The page gets the key too, to send back in forms[resume] (its submit deletes the draft).
    expect(sent.body).toEqual({ success: true, data: { message: RESUME_REPLIES.sent, resume: key } });
    expect(mail?.headers.subject).toBe('[Cartwright Demo] Finish "Custom T-shirt order" later');
    expect(mail?.text).toContain(`https://shop.example.com/forms/custom-tee?resume=${key}`);
    expect(mail?.html).toContain(`href="https://shop.example.com/forms/custom-tee?resume=${key}"`);
    const rows = await shop.db.selectFrom("form_drafts").selectAll().execute();
    expect(rows).toHaveLength(1);
    // Only the key's hash is kept: the database alone cannot open a draft.
    expect(rows[0]?.key_hash).toBe(createHash("sha256").update(key).digest("base64url"));
    expect(JSON.stringify(rows)).not.toContain(key);
    const days = (Date.parse(rows[0]?.expires_at ?? "") - Date.parse(rows[0]?.created_at ?? "")) / 86_400_000;
    expect(days).toBe(30);
    const values = await formResumeValues({ db: shop.db }, await stored("custom-tee"), key);
    expect(values).toEqual({ 1: { first: "Ada", last: "Lovelace" }, 2: "ada@example.com", 5: "2", 6: "2", 8: "Happy birthday!" });
    expect(rows[0]?.values).not.toContain("4242");
  });

  it("answers nothing for a wrong, malformed, foreign or expired key", async () => {
    await save("feedback", "bob@example.com", { [f(1)]: "4", [f(4)]: "Nice shop" });
    const { key } = await resumeMail("bob@example.com");
    const feedback = await stored("feedback");
    expect(await formResumeValues({ db: shop.db }, feedback, key)).toEqual({ 1: "4", 4: "Nice shop" });
    expect(await formResumeValues({ db: shop.db }, feedback, `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await formResumeValues({ db: shop.db }, feedback, "short")).toBeNull();
    expect(await formResumeValues({ db: shop.db }, await stored("custom-tee"), key)).toBeNull();
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await formResumeValues({ db: shop.db, now: later }, feedback, key)).toBeNull();
    // The sweep deletes it once its time is past, and nothing younger.
    const before = (await shop.db.selectFrom("form_drafts").select("key_hash").execute()).length;
    expect(await deleteExpiredDrafts(shop.db, new Date())).toBe(0);
    expect(await deleteExpiredDrafts(shop.db, later)).toBe(before);
  });

  it("a resumed form saved again replaces its draft, and sent deletes it", async () => {
    await save("feedback", "cy@example.com", { [f(1)]: "4" });
    const first = (await resumeMail("cy@example.com")).key;
    await save("feedback", "cy@example.com", { [f(1)]: "5", [RESUME_FIELD]: first });
    const { keys } = await resumeMail("cy@example.com");
    const key = keys.find((k) => k !== first) ?? "";
    const feedback = await stored("feedback");
    expect(keys).toHaveLength(2);
    expect(await formResumeValues({ db: shop.db }, feedback, first)).toBeNull();
    expect(await formResumeValues({ db: shop.db }, feedback, key)).toEqual({ 1: "5" });
    const sent = await post({ ...base("feedback", "forms_submit"), [f(1)]: "5", [RESUME_FIELD]: key });
    expect(sent.body.success).toBe(true);
    expect(await formResumeValues({ db: shop.db }, feedback, key)).toBeNull();
  });

  it("refuses a form without it, a bad email, an expired token, and too much text", async () => {
    expect((await save("contact", "ada@example.com", { [f(4)]: "Hi" })).body).toEqual(failure(RESUME_REPLIES.disabled));
    expect((await save("feedback", "not an address", { [f(1)]: "4" })).body).toEqual(
      failure(RESUME_REPLIES.email, { email: RESUME_REPLIES.email }),
    );
    const stale = await post({ ...base("feedback", "forms_save_progress"), "forms[token]": "x.y", email: "dee@example.com" });
    expect(stale.body).toEqual(failure(RESUME_REPLIES.expired));
    const long = "x".repeat(20_000);
    const big = await save("custom-tee", "dee@example.com", { [f(1, "first")]: long, [f(1, "last")]: long, [f(2)]: long, [f(8)]: long });
    expect(big.body).toEqual(failure(RESUME_REPLIES.tooLarge));
    expect((await resumeMail("dee@example.com")).count).toBe(0);
  });

  it("a filled honeypot is answered as a visitor and sends nothing", async () => {
    const definition = (await stored("feedback")).definition as FormDefinition;
    const sent = await save("feedback", "eve@example.com", { [f(1)]: "4", [honeypotName(definition)]: "spam" });
    expect(sent.body).toMatchObject({ success: true, data: { message: RESUME_REPLIES.sent } });
    expect(sent.body.data.resume).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await resumeMail("eve@example.com")).count).toBe(0);
    expect(
      await shop.db
        .selectFrom("form_drafts")
        .select("key_hash")
        .where("key_hash", "=", createHash("sha256").update(String(sent.body.data.resume)).digest("base64url"))
        .execute(),
    ).toEqual([]);
  });

  it("is rate limited per recipient across networks, and per network", async () => {
    for (let i = 0; i < 3; i++) expect((await save("feedback", "fay@example.com", { [f(1)]: "3" })).body.success).toBe(true);
    expect((await save("feedback", "FAY@example.com", { [f(1)]: "3" })).body).toEqual(failure(RESUME_REPLIES.rateLimited));
    const ip = nextAddress();
    for (let i = 0; i < 5; i++) expect((await save("feedback", `g${i}@example.com`, { [f(1)]: "3" }, ip)).body.success).toBe(true);
    expect((await save("feedback", "g9@example.com", { [f(1)]: "3" }, ip)).body).toEqual(failure(RESUME_REPLIES.rateLimited));
    expect((await resumeMail("fay@example.com")).count).toBe(3);
  });
});

describe("/ajax limits answered in spec §7's shape for forms_submit", () => {
  const png = (i: number): Part => ({ name: `${f(9)}[]`, filename: `d${i}.png`, type: "image/png", data: SAMPLES.png });

  it("too many files, a file too large, a field too long", async () => {
    const many = await post(base("custom-tee", "forms_submit"), [1, 2, 3, 4, 5, 6].map(png));
    expect(many.status).toBe(200);
    expect(many.body).toEqual(failure(`${FORM_REPLIES.tooLarge} At most ${AJAX_LIMITS.files} files may be sent at once.`));
    const huge: Part = { ...png(0), data: Buffer.concat([SAMPLES.png, Buffer.alloc(AJAX_LIMITS.fileSize)]) };
    const large = await post(base("custom-tee", "forms_submit"), [huge], undefined, "?action=forms_submit");
    expect(large.body).toEqual(failure(`${FORM_REPLIES.tooLarge} Each file may be at most 5 MB.`, { 9: "Each file may be at most 5 MB." }));
    const long = await post({ ...base("custom-tee", "forms_submit"), [f(8)]: "x".repeat(AJAX_LIMITS.fieldSize + 1) });
    expect(long.body).toEqual(failure(`${FORM_REPLIES.tooLarge} A field is too long.`, { 8: "A field is too long." }));
  });

  it("a form-encoded body over the body limit, the action in the query", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/ajax?action=forms_submit",
      payload: new URLSearchParams({ ...base("custom-tee", "forms_submit"), [f(8)]: "x".repeat(1024 * 1024) }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(failure(`${FORM_REPLIES.tooLarge} The form is too large to send at once.`));
    const other = await app.inject({
      method: "POST",
      url: "/ajax?action=forms_get_token",
      payload: `formId=1&x=${"x".repeat(1024 * 1024)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: nextAddress(),
    });
    expect(other.statusCode).toBe(413);
  });

  it("other actions keep the cw_ajax_* answers", async () => {
    const other = await post({ ...base("custom-tee", "forms_save_progress") }, [1, 2, 3, 4, 5, 6].map(png));
    expect(other.status).toBe(413);
    expect((other.body as unknown as { code: string }).code).toBe("cw_ajax_too_many_files");
  });
});

describe("forms_get_token and forms_captcha_challenge are rate limited per address", () => {
  it("answers 429 cw_rest_rate_limit_exceeded with Retry-After after 120 in 10 minutes", async () => {
    const ip = nextAddress();
    const ask = (action: string) =>
      app.inject({
        method: "POST",
        url: "/ajax",
        payload: new URLSearchParams({ action, formId: String(ids.feedback) }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        remoteAddress: ip,
      });
    for (let i = 0; i < 60; i++) expect((await ask("forms_get_token")).statusCode).toBe(200);
    for (let i = 0; i < 60; i++) expect((await ask("forms_captcha_challenge")).statusCode).toBe(200);
    const refused = await ask("forms_get_token");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "cw_rest_rate_limit_exceeded", data: { limit: "form-tokens:address" } });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await ask("forms_captcha_challenge")).statusCode).toBe(429);
  });
});
