/** Public forms on POST /ajax, on SQLite and PostgreSQL (issue 17 "Server", decision 0025). */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FORM_MESSAGES } from "@cartwright/commerce/forms";
import { solveChallenge } from "altcha-lib/v1";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedInOwner } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";
import { UPLOAD_MESSAGES } from "../contact-widget/index.ts";
// biome-ignore lint/style/noRestrictedImports: the contact messages' multipart writer and sample files, shared by the tests
import { multipart, type Part, SAMPLES } from "../contact-widget/messages.test-support.ts";
import { CAPTCHA_FIELD, createFormToken, FORM_REPLIES, findForm, honeypotName, installDemoForms } from "./index.ts";

const SECRET = "test-secret-test-secret-test-secret!";
const MB = 1024 * 1024;
let shop: TestShop;
let app: FastifyInstance;
const outbox = newOutbox("forms");
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop();
  app = await appWithOutbox(shop, outbox, { rateLimit: true });
  // The test shop is the seeded demo shop: its three forms are there, and seeding again adds nothing.
  expect(await installDemoForms(shop.db)).toBe(false);
  for (const slug of ["contact", "custom-tee", "feedback"]) ids[slug] = (await findForm(shop.db, slug))?.id ?? 0;
  expect(ids).toEqual({ contact: 1, "custom-tee": 2, feedback: 3 });
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

/** Each call comes from its own address unless told, so only the rate-limit test meets the limit. */
let addresses = 0;
const nextAddress = () => `10.7.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

interface Sent {
  fields?: Record<string, string | string[]>;
  files?: Part[];
  ip?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

const f = (id: number, sub?: string) => (sub ? `forms[fields][${id}][${sub}]` : `forms[fields][${id}]`);

async function send(slug: string, { fields = {}, files = [], ip = nextAddress(), token, headers = {} }: Sent = {}) {
  const formId = ids[slug] ?? 0;
  const base: Record<string, string | string[]> = {
    action: "forms_submit",
    "forms[id]": String(formId),
    start_timestamp: "1795000000",
    end_timestamp: "1795000090",
    ...fields,
  };
  const chosen = token === undefined ? createFormToken(SECRET, formId, Date.now()) : token;
  if (chosen !== null) base["forms[token]"] = chosen;
  const parts: Part[] = Object.entries(base).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })),
  );
  const { payload, headers: head } = multipart([...parts, ...files]);
  const response = await app.inject({ method: "POST", url: "/ajax", payload, headers: { ...head, ...headers }, remoteAddress: ip });
  return { status: response.statusCode, body: response.json() as { success: boolean; data: Record<string, unknown> } };
}

const ajax = async (fields: Record<string, string>) => {
  const response = await app.inject({
    method: "POST",
    url: "/ajax",
    payload: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    remoteAddress: nextAddress(),
  });
  return response.json() as { success: boolean; data: unknown };
};

const CONTACT = {
  [f(1, "first")]: "Ada",
  [f(1, "last")]: "Lovelace",
  [f(2, "primary")]: "ada@example.com",
  [f(2, "secondary")]: "ada@example.com",
  [f(3)]: "2",
  [f(4)]: "Where is my order?",
};
const CONTACT_FORM_CAPTCHA = async () => {
  const challenge = (await ajax({ action: "forms_captcha_challenge", formId: String(ids.contact) })) as {
    data: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  };
  const solution = await solveChallenge(challenge.data.challenge, challenge.data.salt, challenge.data.algorithm, challenge.data.maxnumber)
    .promise;
  return Buffer.from(JSON.stringify({ ...challenge.data, number: solution?.number })).toString("base64");
};

const TEE = {
  [f(1, "first")]: "Ada",
  [f(1, "last")]: "Lovelace",
  [f(2)]: "ada@example.com",
  [f(4, "address1")]: "1 Main St",
  [f(4, "city")]: "Springfield",
  [f(4, "state")]: "IL",
  [f(4, "postal")]: "62701",
  [f(4, "country")]: "US",
  [f(5)]: "2",
  [f(6)]: "2",
  [`${f(7)}[]`]: "1",
  [f(8)]: "Happy birthday!",
  [f(13)]: "Ada Lovelace",
  [f(14, "number")]: "4242 4242 4242 4242",
  [f(14, "expiry")]: "12/30",
  [f(14, "cvc")]: "123",
  [f(14, "name")]: "Ada Lovelace",
  [f(15)]: "1",
};
const DESIGN: Part = { name: `${f(9)}[]`, filename: "design.png", type: "image/png", data: SAMPLES.png };

const lastEntry = async (formId: number) => {
  const entry = await shop.db
    .selectFrom("form_entries")
    .selectAll()
    .where("form_id", "=", formId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const values = await shop.db.selectFrom("form_entry_values").selectAll().where("entry_id", "=", entry.id).orderBy("field_id").execute();
  const files = await shop.db.selectFrom("form_files").selectAll().where("entry_id", "=", entry.id).execute();
  return { entry, values, files };
};
const rowCount = async (table: "form_entries" | "gateway_charges") =>
  Number(
    (
      await shop.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const entryCount = () => rowCount("form_entries");

describe("forms_submit: the demo forms sent right", () => {
  it("contact: stores the entry, its values, its file, answers the confirmation and emails the owner", async () => {
    const captcha = await CONTACT_FORM_CAPTCHA();
    const sent = await send("contact", {
      fields: { ...CONTACT, [CAPTCHA_FIELD]: captcha },
      files: [{ name: `${f(5)}[]`, filename: "receipt.pdf", type: "application/pdf", data: SAMPLES.pdf }],
      headers: { cookie: "_formsuuid=0b7c3e1a-5d2f-4c8e-9a1b-2c3d4e5f6a7b", "user-agent": "FormsTest/1.0" },
    });
    expect(sent.body).toEqual({ success: true, data: { confirmation: "Thanks for contacting us! We will be in touch with you shortly." } });
    const { entry, values, files } = await lastEntry(ids.contact ?? 0);
    expect(entry).toMatchObject({
      status: "complete",
      payment_total: 0,
      payment_status: "",
      visitor_id: "0b7c3e1a-5d2f-4c8e-9a1b-2c3d4e5f6a7b",
      start_timestamp: new Date(1795000000 * 1000).toISOString(),
      end_timestamp: new Date(1795000090 * 1000).toISOString(),
      user_agent: "FormsTest/1.0",
    });
    expect(JSON.parse(entry.values)).toEqual({
      1: { first: "Ada", last: "Lovelace" },
      2: "ada@example.com",
      3: "2",
      4: "Where is my order?",
    });
    expect(values.map((v) => [v.field_id, v.value])).toEqual([
      [1, "Ada Lovelace"],
      [2, "ada@example.com"],
      [3, "Returns"],
      [4, "Where is my order?"],
    ]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ field_id: 5, file_name: "receipt.pdf", content_type: "application/pdf", size: SAMPLES.pdf.length });
    await Promise.allSettled([...(app.forms?.inFlight ?? [])]);
    const notices = existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith(`Z-${entry.id}-form-entry.eml`)) : [];
    expect(notices).toHaveLength(1);
    const eml = readFileSync(join(outbox, notices[0] ?? ""), "utf8");
    expect(eml).toContain("New entry: Contact us");
    expect(eml).toContain("Where is my order?");
    // The owner's notice links straight to the entry in the console.
    expect(eml).toMatch(new RegExp(`Read it in the console: \\S*/admin/forms/\\d+/entries/${entry.id}\\b`));
  });

  it("contact: without the captcha solution the entry is refused in data.errors.general.recaptcha", async () => {
    const before = await entryCount();
    const sent = await send("contact", { fields: CONTACT });
    expect(sent.body).toEqual({ success: false, data: { errors: { general: { recaptcha: FORM_REPLIES.captchaMissing }, field: {} } } });
    const wrong = await send("contact", { fields: { ...CONTACT, [CAPTCHA_FIELD]: "bm90IGEgc29sdXRpb24=" } });
    expect(wrong.body.data).toEqual({ errors: { general: { recaptcha: FORM_REPLIES.captchaFailed }, field: {} } });
    expect(await entryCount()).toBe(before);
  });

  it("custom-tee: Premium × 2 with Gift wrap is 61.00, computed by the server whatever total the browser sends", async () => {
    const sent = await send("custom-tee", { fields: { ...TEE, [f(12)]: "0.01", "forms[total]": "0.01" }, files: [DESIGN] });
    expect(sent.body).toEqual({ success: true, data: { confirmation: "Thank you! Your custom T-shirt order is in." } });
    const { entry, values, files } = await lastEntry(ids["custom-tee"] ?? 0);
    expect(entry).toMatchObject({
      status: "complete",
      payment_total: 6100,
      payment_status: "paid",
      currency: "USD",
      payment_gateway: "test_card",
    });
    expect(entry.payment_key).toMatch(/^form-entry-[0-9a-f-]{36}$/);
    expect(entry.payment_reference).toMatch(/^test_/);
    const charges = await shop.db.selectFrom("gateway_charges").selectAll().where("idempotency_key", "=", entry.payment_key).execute();
    expect(charges.map((c) => [c.gateway, c.order_id, c.amount, c.currency])).toEqual([["test_card", entry.id, 6100, "USD"]]);
    expect(charges[0]?.outcome).not.toContain("4242424242424242");
    const kept = JSON.parse(entry.values) as Record<string, unknown>;
    expect(kept[14]).toEqual({ brand: "visa", last4: "4242", name: "Ada Lovelace" });
    expect(kept[12]).toBeUndefined();
    expect(entry.values).not.toContain("4242424242424242");
    expect(values.map((v) => [v.field_id, v.value])).toContainEqual([5, "Premium"]);
    expect(values.map((v) => [v.field_id, v.value])).toContainEqual([14, "visa ending 4242"]);
    expect(values.map((v) => v.value).join(" ")).not.toContain("4242 4242");
    expect(files.map((file) => [file.field_id, file.content_type])).toEqual([[9, "image/png"]]);
  });

  it("custom-tee: a design may be an SVG drawing, never one that carries script or a page named .svg", async () => {
    const drawing = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
    );
    const svg = (data: Buffer): Part => ({ ...DESIGN, filename: "design.svg", type: "image/svg+xml", data });
    expect((await send("custom-tee", { fields: TEE, files: [svg(drawing)] })).body.success).toBe(true);
    expect((await lastEntry(ids["custom-tee"] ?? 0)).files.map((file) => file.content_type)).toEqual(["image/svg+xml"]);
    const design = (body: { data: Record<string, unknown> }) => (body.data.errors as { field: Record<string, unknown> }).field[9];
    expect(design((await send("custom-tee", { fields: TEE, files: [svg(SAMPLES.svg)] })).body)).toBe(
      `design.svg: ${UPLOAD_MESSAGES.scriptedSvg}`,
    );
    expect(design((await send("custom-tee", { fields: TEE, files: [svg(SAMPLES.html)] })).body)).toBe(
      `design.svg: ${UPLOAD_MESSAGES.mismatch("svg")}`,
    );
  });

  it("custom-tee: a declined card answers the gateway's message on the card field and keeps the entry as failed", async () => {
    const sent = await send("custom-tee", { fields: { ...TEE, [f(14, "number")]: "4000 0000 0000 0002" }, files: [DESIGN] });
    const declined = "Your card was declined. Please use another card or payment method.";
    expect(sent.body).toEqual({ success: false, data: { errors: { general: { header: declined }, field: { 14: { number: declined } } } } });
    const { entry } = await lastEntry(ids["custom-tee"] ?? 0);
    expect(entry).toMatchObject({ payment_total: 6100, payment_status: "failed", payment_reference: "" });
  });

  it("custom-tee: a send repeated under its key is answered from its entry, never stored or charged twice (decision 0184)", async () => {
    const key = "0123456789abcdef0123456789abcdef";
    const charges = () => rowCount("gateway_charges");
    const [entriesBefore, chargesBefore] = [await entryCount(), await charges()];
    const paid = await send("custom-tee", { fields: { ...TEE, "forms[submission]": key }, files: [DESIGN] });
    const confirmation = { success: true, data: { confirmation: "Thank you! Your custom T-shirt order is in." } };
    expect(paid.body).toEqual(confirmation);
    expect((await lastEntry(ids["custom-tee"] ?? 0)).entry).toMatchObject({ submission_key: key, payment_status: "paid" });
    // The answer was lost on the way: the page sends again, from another address, or someone replays the body.
    expect((await send("custom-tee", { fields: { ...TEE, "forms[submission]": key }, files: [DESIGN] })).body).toEqual(confirmation);
    expect([await entryCount(), await charges()]).toEqual([entriesBefore + 1, chargesBefore + 1]);

    // Both copies of one send arriving at once: one is stored and charged, the other told to wait.
    const twin = "fedcba9876543210fedcba9876543210";
    const both = await Promise.all(
      [1, 2].map(() => send("custom-tee", { fields: { ...TEE, "forms[submission]": twin }, files: [DESIGN] })),
    );
    // Which one is stored depends on the turns they take; the other is either told to wait or answered from its entry.
    expect(both[0]?.body.success || both[1]?.body.success).toBe(true);
    for (const sent of both)
      if (!sent.body.success)
        expect(sent.body).toEqual({
          success: false,
          data: { errors: { general: { header: FORM_REPLIES.stillSending }, field: {} } },
          in_progress: true,
        });
    expect([await entryCount(), await charges()]).toEqual([entriesBefore + 2, chargesBefore + 2]);

    // A declined send is answered as declined again; the page sends a corrected card under a new key.
    const declinedKey = "declined-send-key-0001";
    const declined = { ...TEE, [f(14, "number")]: "4000 0000 0000 0002", "forms[submission]": declinedKey };
    expect((await send("custom-tee", { fields: declined, files: [DESIGN] })).body.success).toBe(false);
    expect((await send("custom-tee", { fields: declined, files: [DESIGN] })).body.data).toEqual({
      errors: { general: { header: FORM_REPLIES.paymentFailed }, field: {} },
    });
    expect([await entryCount(), await charges()]).toEqual([entriesBefore + 3, chargesBefore + 3]);
    expect(
      (await send("custom-tee", { fields: { ...TEE, "forms[submission]": "corrected-send-key-0002" }, files: [DESIGN] })).body,
    ).toEqual(confirmation);
    expect([await entryCount(), await charges()]).toEqual([entriesBefore + 4, chargesBefore + 4]);

    // No key, or text that is no key a page makes: each send is its own entry, as before.
    for (const sent of [undefined, "short", "x".repeat(65), "not a key at all!!"]) {
      const fields = sent === undefined ? TEE : { ...TEE, "forms[submission]": sent };
      expect((await send("custom-tee", { fields, files: [DESIGN] })).body).toEqual(confirmation);
    }
    expect([await entryCount(), await charges()]).toEqual([entriesBefore + 8, chargesBefore + 8]);
    expect((await lastEntry(ids["custom-tee"] ?? 0)).entry.submission_key).toBe("");
  });

  it("a key is a send of one form: the same key on another form is another send", async () => {
    const key = "shared-between-forms-0001";
    const before = await entryCount();
    const feedback = { [f(1)]: "2", [f(4)]: "The parcel was late.", [f(6)]: "10:30 AM", "forms[submission]": key };
    expect((await send("feedback", { fields: feedback })).body.success).toBe(true);
    expect(
      (await send("contact", { fields: { ...CONTACT, "forms[submission]": key, [CAPTCHA_FIELD]: await CONTACT_FORM_CAPTCHA() } })).body
        .success,
    ).toBe(true);
    expect(await entryCount()).toBe(before + 2);
  });

  it("feedback: a low rating shows 'What went wrong?' and the answer redirects as the form says", async () => {
    const sent = await send("feedback", { fields: { [f(1)]: "2", [f(4)]: "The parcel was late.", [f(6)]: "10:30 AM" } });
    expect(sent.body).toEqual({ success: true, data: { redirect_url: "/shop", new_tab: false } });
    const { entry } = await lastEntry(ids.feedback ?? 0);
    expect(JSON.parse(entry.values)).toEqual({ 1: "2", 4: "The parcel was late.", 6: "10:30 AM" });
  });
});

describe("forms_submit: the rules, checked again", () => {
  it("answers required and format errors under their field names, with the general header", async () => {
    const before = await entryCount();
    const sent = await send("custom-tee", {
      fields: { ...TEE, [f(1, "last")]: "", [f(2)]: "not-an-email", [f(4, "postal")]: "", [f(15)]: "" },
      files: [DESIGN],
    });
    expect(sent.body).toEqual({
      success: false,
      data: {
        errors: {
          general: { header: FORM_REPLIES.fieldErrors },
          field: {
            1: { last: FORM_MESSAGES.required },
            2: FORM_MESSAGES.email,
            4: { postal: FORM_MESSAGES.required },
            15: FORM_MESSAGES.required,
          },
        },
      },
    });
    expect(await entryCount()).toBe(before);
  });

  it("drops the values of hidden fields: no gift message without Gift wrap, no 'What went wrong?' for a good rating", async () => {
    const tee = await send("custom-tee", { fields: { ...TEE, [`${f(7)}[]`]: "2", [f(8)]: "should be dropped" }, files: [DESIGN] });
    expect(tee.body.success).toBe(true);
    const { entry, values } = await lastEntry(ids["custom-tee"] ?? 0);
    expect(entry.payment_total).toBe(2 * 2800 + 1200);
    expect(JSON.parse(entry.values)[8]).toBeUndefined();
    expect(values.map((v) => v.field_id)).not.toContain(8);

    const feedback = await send("feedback", { fields: { [f(1)]: "5", [f(4)]: "hidden text" } });
    expect(feedback.body.success).toBe(true);
    expect(JSON.parse((await lastEntry(ids.feedback ?? 0)).entry.values)).toEqual({ 1: "5" });
  });

  it("refuses a tip with more decimals than the currency, by field, rather than round the money charged", async () => {
    const before = await entryCount();
    const charges = () => rowCount("gateway_charges");
    const charged = await charges();
    const sent = await send("custom-tee", { fields: { ...TEE, [f(11)]: "0.005" }, files: [DESIGN] });
    expect(sent.body).toEqual({
      success: false,
      data: {
        errors: {
          general: { header: FORM_REPLIES.fieldErrors },
          field: { 11: "Please enter no more than 2 decimal places, such as 10.50." },
        },
      },
    });
    expect([await entryCount(), await charges()]).toEqual([before, charged]);
    // The amount the field writes on leaving it is taken, and charged as written.
    expect((await send("custom-tee", { fields: { ...TEE, [f(11)]: "0.01" }, files: [DESIGN] })).body.success).toBe(true);
    expect((await lastEntry(ids["custom-tee"] ?? 0)).entry.payment_total).toBe(6101);
  });

  it("refuses an address on the field's restricted domains", async () => {
    const sent = await send("feedback", { fields: { [f(1)]: "4", [f(3)]: "someone@mailinator.com" } });
    expect(sent.body.data).toEqual({
      errors: { general: { header: FORM_REPLIES.fieldErrors }, field: { 3: FORM_MESSAGES.emailRestricted } },
    });
  });
});

describe("forms_submit: token, honeypot, rate limit", () => {
  it("refuses a missing, expired, foreign or forged token in data.errors.general.header", async () => {
    const before = await entryCount();
    const day = 24 * 60 * 60 * 1000;
    const tokens = [
      null,
      createFormToken(SECRET, ids.feedback ?? 0, Date.now() - 3 * day),
      createFormToken(SECRET, ids.contact ?? 0, Date.now()),
      createFormToken("another-shop-secret-another-shop-secret", ids.feedback ?? 0, Date.now()),
      "garbage",
    ];
    for (const token of tokens) {
      const sent = await send("feedback", { fields: { [f(1)]: "4" }, token });
      expect(sent.body).toEqual({ success: false, data: { errors: { general: { header: FORM_REPLIES.token }, field: {} } } });
    }
    expect(await entryCount()).toBe(before);
    // A day-old token is still in the window.
    expect(
      (await send("feedback", { fields: { [f(1)]: "4" }, token: createFormToken(SECRET, ids.feedback ?? 0, Date.now() - day) })).body
        .success,
    ).toBe(true);
  });

  it("answers a filled honeypot as a success but keeps the entry as spam, without telling the owner", async () => {
    const form = await findForm(shop.db, "feedback");
    const sent = await send("feedback", {
      fields: { [f(1)]: "4", [honeypotName(form?.definition ?? ({ fields: [] } as never))]: "buy now" },
    });
    expect(sent.body).toEqual({ success: true, data: { redirect_url: "/shop", new_tab: false } });
    const { entry } = await lastEntry(ids.feedback ?? 0);
    expect(entry.status).toBe("spam");
    await Promise.allSettled([...(app.forms?.inFlight ?? [])]);
    expect(readdirSync(outbox).some((name) => name.endsWith(`Z-${entry.id}-form-entry.eml`))).toBe(false);
    // Even with field errors the bot is told it succeeded.
    const honeypot = honeypotName(form?.definition ?? ({ fields: [] } as never));
    const broken = await send("feedback", { fields: { [f(1)]: "9", [honeypot]: "buy now" } });
    expect(broken.body).toEqual({ success: true, data: { redirect_url: "/shop", new_tab: false } });
    expect((await lastEntry(ids.feedback ?? 0)).entry).toMatchObject({ status: "spam", values: "{}" });
  });

  it("stops an address after submissionsPerAddress attempts", async () => {
    const ip = "10.9.9.9";
    const answers: boolean[] = [];
    for (let i = 0; i < 11; i++) answers.push((await send("feedback", { fields: { [f(1)]: "4" }, ip })).body.success);
    expect(answers.slice(0, 10).every(Boolean)).toBe(true);
    const refused = await send("feedback", { fields: { [f(1)]: "4" }, ip });
    expect(refused.body).toEqual({ success: false, data: { errors: { general: { header: FORM_REPLIES.rateLimited }, field: {} } } });
  });
});

describe("forms_submit: the form's minimum time to fill in (decision 0163)", () => {
  const feedback = { [f(1)]: "4" };
  const tooQuick = { success: false, data: { errors: { general: { header: FORM_REPLIES.tooQuick }, field: {} } } };
  const issuedAt = (token: string) => Number.parseInt(token.split(".")[0] ?? "", 36);

  let owner: StoreClient;
  beforeAll(async () => {
    owner = await signedInOwner({ app, db: shop.db });
  });
  /** The owner sets feedback's minimum time through the owner API, as the console does. */
  async function setMinSeconds(minSeconds: number) {
    const { definition } = (await adminCall(owner, "GET", `/forms/${ids.feedback}`)).json();
    definition.settings.antiSpam.minSeconds = minSeconds;
    return adminCall(owner, "PUT", `/forms/${ids.feedback}`, { definition });
  }
  afterAll(async () => {
    expect((await setMinSeconds(0)).statusCode).toBe(200);
  });

  it("is off by default: a send at the instant its token was issued is taken", async () => {
    const form = await findForm(shop.db, "feedback");
    expect(form?.definition.settings.antiSpam.minSeconds).toBe(0);
    const token = createFormToken(SECRET, ids.feedback ?? 0, Date.now());
    expect((await send("feedback", { fields: feedback, token })).body.success).toBe(true);
  });

  it("is whole seconds from 0 to 600", async () => {
    const refused = await setMinSeconds(601);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toEqual({ "settings.antiSpam.minSeconds": "settings.antiSpam.minSeconds must be from 0 to 600" });
  });

  it("refuses a send sooner than that after the token was issued, whatever the browser's timestamps say, and keeps nothing", async () => {
    expect((await setMinSeconds(600)).statusCode).toBe(200);
    const before = await entryCount();
    // `send` claims the visitor took 90 s (start and end timestamps): the server counts from its own signed issue time.
    const early = await send("feedback", { fields: feedback, token: createFormToken(SECRET, ids.feedback ?? 0, Date.now() - 599_000) });
    expect(early.body).toEqual(tooQuick);
    const forged = await send("feedback", {
      fields: { ...feedback, start_timestamp: "1700000000", end_timestamp: String(Math.floor(Date.now() / 1000)) },
      token: createFormToken(SECRET, ids.feedback ?? 0, Date.now()),
    });
    expect(forged.body).toEqual(tooQuick);
    expect(await entryCount()).toBe(before);
    const late = await send("feedback", { fields: feedback, token: createFormToken(SECRET, ids.feedback ?? 0, Date.now() - 601_000) });
    expect(late.body.success).toBe(true);
    expect(await entryCount()).toBe(before + 1);
  });

  it("with 1 s: a token from forms_get_token sent at once is refused, the same token a second after its issue is taken", async () => {
    expect((await setMinSeconds(1)).statusCode).toBe(200);
    const answer = (await ajax({ action: "forms_get_token", formId: String(ids.feedback) })) as { data: { token: string } };
    const token = answer.data.token;
    const before = await entryCount();
    expect((await send("feedback", { fields: feedback, token })).body).toEqual(tooQuick);
    expect(await entryCount()).toBe(before);
    // Waits out only what is left of the second since the server issued the token.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, issuedAt(token) + 1000 - Date.now())));
    expect((await send("feedback", { fields: feedback, token })).body).toEqual({
      success: true,
      data: { redirect_url: "/shop", new_tab: false },
    });
    expect(await entryCount()).toBe(before + 1);
  });
});

describe("forms_submit: uploads", () => {
  const upload = (filename: string, data: Buffer): Part => ({ name: `${f(5)}[]`, filename, type: "application/octet-stream", data });
  // Field errors are answered before the captcha is asked for, so no solution is needed here.
  const contactWith = (files: Part[]) => send("contact", { fields: CONTACT, files });
  const fieldError = (body: { data: Record<string, unknown> }) => (body.data.errors as { field: Record<string, unknown> }).field[5];

  it("refuses a type the field does not list", async () => {
    expect(fieldError((await contactWith([upload("notes.docx", SAMPLES.pdf)])).body)).toBe(FORM_MESSAGES.fileExtension);
  });
  it("refuses a renamed executable by its content", async () => {
    expect(fieldError((await contactWith([upload("invoice.pdf", SAMPLES.exe)])).body)).toBe(`invoice.pdf: ${UPLOAD_MESSAGES.program}`);
    expect(fieldError((await contactWith([upload("photo.png", SAMPLES.svg)])).body)).toBe(`photo.png: ${UPLOAD_MESSAGES.markup}`);
  });
  it("refuses a polyglot: a real image that also carries a page (issue 21's abuse scenario)", async () => {
    const page = Buffer.from("<html><body><script>alert(document.domain)</script></body></html>");
    const answer = await contactWith([upload("photo.png", Buffer.concat([SAMPLES.png, page]))]);
    expect(fieldError(answer.body)).toBe(`photo.png: ${UPLOAD_MESSAGES.hidden}`);
  });
  it("refuses a file above the field's size", async () => {
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(2 * MB)]);
    expect(fieldError((await contactWith([upload("big.pdf", big)])).body)).toBe("This file is larger than 2 MB.");
  });
  it("refuses more files than the field takes", async () => {
    const three = [upload("a.pdf", SAMPLES.pdf), upload("b.pdf", SAMPLES.pdf), upload("c.pdf", SAMPLES.pdf)];
    expect(fieldError((await contactWith(three)).body)).toBe("Please choose no more than 2 files.");
  });
});

describe("forms_get_token and forms_restricted_email", () => {
  it("hands out a token for a published form that forms_submit accepts", async () => {
    const answer = (await ajax({ action: "forms_get_token", formId: String(ids.feedback) })) as {
      success: boolean;
      data: { token: string };
    };
    expect(answer.success).toBe(true);
    expect(answer.data.token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect((await send("feedback", { fields: { [f(1)]: "4" }, token: answer.data.token })).body.success).toBe(true);
    expect(await ajax({ action: "forms_get_token", formId: "999" })).toMatchObject({ success: false });
  });

  it("answers whether an address is accepted by the field's restricted domains", async () => {
    const ask = (email: string) => ajax({ action: "forms_restricted_email", form_id: String(ids.feedback), field_id: "3", email });
    expect(await ask("ada@example.com")).toEqual({ success: true, data: true });
    expect(await ask("bot@mailinator.com")).toEqual({ success: true, data: false });
    expect(await ask("bot@eu.mailinator.com")).toEqual({ success: true, data: false });
    expect(await ajax({ action: "forms_restricted_email", form_id: String(ids.feedback), field_id: "1", email: "a@b.co" })).toMatchObject({
      success: false,
    });
  });
});

describe("the visitor's copy", () => {
  it("goes to the address in the form's named email field, with the owner's words as text", async () => {
    const row = await shop.db
      .selectFrom("forms")
      .select("definition")
      .where("id", "=", ids.feedback ?? 0)
      .executeTakeFirstOrThrow();
    const definition = JSON.parse(row.definition);
    definition.settings.notifications.visitor = {
      enabled: true,
      emailField: 3,
      subject: "Thanks for your {form_title}",
      message: "We read every answer.\n<b>Not markup</b>",
    };
    await shop.db
      .updateTable("forms")
      .set({ definition: JSON.stringify(definition) })
      .where("id", "=", ids.feedback ?? 0)
      .execute();
    try {
      const sent = await send("feedback", { fields: { [f(1)]: "4", [f(3)]: "visitor@example.com" } });
      expect(sent.body.success).toBe(true);
      const { entry } = await lastEntry(ids.feedback ?? 0);
      await Promise.allSettled([...(app.forms?.inFlight ?? [])]);
      const names = readdirSync(outbox).filter((name) => name.endsWith(`Z-${entry.id}-form-visitor.eml`));
      expect(names).toHaveLength(1);
      const eml = readFileSync(join(outbox, names[0] ?? ""), "utf8");
      expect(eml).toMatch(/^To: visitor@example\.com/m);
      expect(eml).toMatch(/^Subject: Thanks for your Store feedback/m);
      expect(eml).toContain("&lt;b&gt;Not markup&lt;/b&gt;");
      // Without an address there is no copy.
      await send("feedback", { fields: { [f(1)]: "4" } });
      const other = (await lastEntry(ids.feedback ?? 0)).entry.id;
      await Promise.allSettled([...(app.forms?.inFlight ?? [])]);
      expect(readdirSync(outbox).some((name) => name.endsWith(`Z-${other}-form-visitor.eml`))).toBe(false);
    } finally {
      await shop.db
        .updateTable("forms")
        .set({ definition: row.definition })
        .where("id", "=", ids.feedback ?? 0)
        .execute();
    }
  });
});
