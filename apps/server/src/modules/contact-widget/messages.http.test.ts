/** Contact-us messages on POST /ajax and the owner's inbox, on SQLite and PostgreSQL (issue 16, decision 0023). */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { type AddressInfo, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTACT_FORM_MESSAGES, checkContactForm } from "@cartwright/commerce/contact-widget";
import { solveChallenge } from "altcha-lib/v1";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
import { createWidgetNonce } from "../../http/tokens.ts";
import { ensureOwner } from "../customers/index.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { parseEml } from "../emails/eml.test-support.ts";
import { createMailer } from "../emails/index.ts";
import { createAltchaChallenge } from "./captcha/altcha.ts";
import { FORM_FIELDS, insertWidget, messageFields, multipart, type Part, SAMPLES } from "./messages.test-support.ts";
import { MESSAGE_REPLIES } from "./messages.ts";
import { UPLOAD_MESSAGES } from "./uploads.ts";

const SECRET = "test-secret-test-secret-test-secret!";
const OWNER = { email: "owner@example.com", password: "owner-password-2026" };

let shop: TestShop;
let app: FastifyInstance;
const outbox = join(mkdtempSync(join(tmpdir(), "cw-contact-")), "outbox");
/** The fake captcha provider: what it was asked, and its own answers by token. */
let fakeProvider: Server;
const asked: { secret: string; response: string; remoteip: string }[] = [];
let widget: { id: number; token: string };

function startFakeProvider(): Promise<string> {
  const answers: Record<string, object> = {
    good: { success: true },
    bad: { success: false, "error-codes": ["invalid-input-response"] },
    "v3-good": { success: true, score: 0.9, action: "contact_form" },
    "v3-low": { success: true, score: 0.2, action: "contact_form" },
    "v3-other": { success: true, score: 0.9, action: "login" },
  };
  fakeProvider = createServer((socket) => {
    let raw = "";
    socket.on("data", (chunk) => {
      raw += chunk.toString("utf8");
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (Buffer.byteLength(body) < length) return;
      const form = new URLSearchParams(body);
      asked.push({ secret: form.get("secret") ?? "", response: form.get("response") ?? "", remoteip: form.get("remoteip") ?? "" });
      const json = JSON.stringify(answers[form.get("response") ?? ""] ?? { success: false });
      socket.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`);
    });
  });
  return new Promise((resolve) =>
    fakeProvider.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(fakeProvider.address() as AddressInfo).port}/siteverify`)),
  );
}

beforeAll(async () => {
  shop = await createTestShop();
  const endpoint = await startFakeProvider();
  app = await buildApp({
    config: { logLevel: "silent", production: false, secret: SECRET, rateLimit: true },
    db: shop.db,
    logger: false,
    web: false,
    mailer: createMailer({ publicUrl: "https://shop.example.com", mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } }),
    captcha: {
      secrets: { turnstile: "turnstile-secret", "recaptcha-v2": "v2-secret", "recaptcha-v3": "v3-secret" },
      endpoints: { turnstile: endpoint, "recaptcha-v2": endpoint, "recaptcha-v3": endpoint },
    },
  });
  await app.ready();
  await ensureOwner(shop.db, OWNER.email, OWNER.password);
  widget = await insertWidget(shop.db);
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
  fakeProvider?.close();
});

/** Each call comes from its own address unless told, so only the rate-limit test meets the limit. */
let addresses = 0;
const nextAddress = () => `10.1.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

interface Sent {
  widget?: { id: number; token: string };
  fields?: Record<string, string>;
  files?: Part[];
  ip?: string;
  omit?: string[];
  /** The page's origin, as a browser sends it from another site. */
  origin?: string;
}

function send({ widget: target = widget, fields = {}, files = [], ip = nextAddress(), omit = [], origin }: Sent = {}) {
  const parts: Part[] = Object.entries(messageFields(target, SECRET, fields))
    .filter(([name]) => !omit.includes(name))
    .map(([name, value]) => ({ name, value }));
  const { payload, headers } = multipart([...parts, ...files]);
  return app.inject({ method: "POST", url: "/ajax", payload, headers: { ...headers, ...(origin ? { origin } : {}) }, remoteAddress: ip });
}

/** A custom field as the widget sends it (spec §7). */
const custom = (index: number, slug: string, type: string, value: string): Record<string, string> => ({
  [`custom_fields[${index}][slug]`]: slug,
  [`custom_fields[${index}][label_${type}]`]: slug,
  [`custom_fields[${index}][${type}]`]: value,
});
const attach = (filename: string, data: Buffer, type = "application/octet-stream"): Part => ({
  name: "custom_fields[6][file][]",
  filename,
  type,
  data,
});
const ATTACHMENT_SLUG = { "custom_fields[6][slug]": "attachment" };

const counts = async () => {
  const [messages, files] = await Promise.all([
    shop.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
    shop.db
      .selectFrom("contact_message_files")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { messages: Number(messages.n), files: Number(files.n) };
};

/** Sends, expects field errors (HTTP 200, status 0, error 1) and that nothing was stored. */
async function refused(sent: Sent): Promise<{ field: string; message: string }[]> {
  const before = await counts();
  const response = await send(sent);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ status: 0, error: 1, message: MESSAGE_REPLIES.fieldErrors });
  expect(await counts()).toEqual(before);
  return body.errors;
}

async function owner(): Promise<StoreClient> {
  const client = new StoreClient(app);
  expect((await client.post("/account/sign-in", OWNER)).statusCode).toBe(200);
  return client;
}

/** The notice of a message, once every notice being sent is written (`{time}-{id}-contact-message.eml`). */
async function noticeOf(id: number): Promise<string> {
  await Promise.allSettled([...(app.contactMessages?.inFlight ?? [])]);
  const names = existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith(`Z-${id}-contact-message.eml`)) : [];
  expect(names).toHaveLength(1);
  return readFileSync(join(outbox, names[0] ?? ""), "utf8");
}

describe("contact_front_form_save_data", () => {
  it("stores a valid message with its custom fields, answers the form settings' reply fields and emails the owner", async () => {
    const response = await send({
      fields: {
        phone: "+4712345678",
        ...custom(0, "company", "text", "  Fjord Traders  "),
        ...custom(1, "website", "url", "https://fjord.example.no"),
        ...custom(2, "topic", "dropdown", "Sales"),
        ...custom(3, "visit", "date", "2026-12-01"),
        ...custom(4, "quantity", "number", "40"),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      message: "Thanks, we will reply soon.",
      redirect_action: "yes",
      link_in_new_tab: "no",
      redirect_link: "https://shop.example.com/thanks",
      close_form_after: "yes",
      close_form_after_seconds: 3,
    });
    // No cart session for widget calls: no cookie is set.
    expect(response.headers["set-cookie"]).toBeUndefined();
    const row = await shop.db.selectFrom("contact_messages").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      widget_id: widget.id,
      channel_index: 1,
      name: "Ada Visitor",
      email: "ada@example.com",
      phone: "+4712345678",
      message: "Do you ship to Norway?",
      ref_url: "https://shop.example.com/product/classic-t-shirt",
      page_title: "Classic T-Shirt",
      page_id: "12",
      read_at: null,
    });
    expect(JSON.parse(row.custom_fields)).toEqual([
      { slug: "company", label: "Company", type: "text", value: "Fjord Traders" },
      { slug: "website", label: "Website", type: "url", value: "https://fjord.example.no" },
      { slug: "topic", label: "Topic", type: "dropdown", value: "Sales" },
      { slug: "visit", label: "Visit", type: "date", value: "2026-12-01" },
      { slug: "quantity", label: "Quantity", type: "number", value: "40" },
      { slug: "details", label: "Details", type: "textarea", value: "" },
      { slug: "attachment", label: "Attachment", type: "file", value: "" },
    ]);

    const mail = parseEml(await noticeOf(row.id));
    // No SHOP_OWNER_EMAIL: the owner account's address.
    expect(mail.headers).toMatchObject({
      to: OWNER.email,
      "reply-to": "ada@example.com",
      subject: "[Cartwright Demo] New contact message from Ada Visitor",
    });
    expect(mail.text).toContain("Your name: Ada Visitor");
    expect(mail.text).toContain("Message: Do you ship to Norway?");
    expect(mail.text).toContain("Company: Fjord Traders");
    expect(mail.text).toContain("Sent from: Classic T-Shirt <https://shop.example.com/product/classic-t-shirt>");
    expect(mail.text).toContain(`https://shop.example.com/admin/messages/${row.id}`);
  });

  it("keeps the message when the notice cannot be sent", async () => {
    const failing = createMailer({ publicUrl: "https://shop.example.com", mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } });
    const errors: unknown[] = [];
    const broken = await buildApp({
      config: { logLevel: "silent", production: false, secret: SECRET, rateLimit: true },
      db: shop.db,
      logger: false,
      web: false,
      mailer: { ...failing, send: () => Promise.reject(new Error("mail server down")) },
    });
    // The app's logger is off: the failure is seen through the one it hands the messages.
    Object.assign(broken.contactMessages ?? {}, { log: { info() {}, error: (detail: unknown) => errors.push(detail) } });
    try {
      const before = await counts();
      const { payload, headers } = multipart([
        { name: "action", value: "contact_front_form_save_data" },
        { name: "widget", value: String(widget.id) },
        { name: "channel", value: "1" },
        { name: "nonce", value: createWidgetNonce(SECRET, widget.id, widget.token) },
        { name: "name", value: "Cy" },
        { name: "email", value: "cy@example.com" },
        { name: "message", value: "Still stored?" },
      ]);
      const response = await broken.inject({ method: "POST", url: "/ajax", payload, headers, remoteAddress: nextAddress() });
      expect(response.json()).toMatchObject({ status: 1 });
      expect(await counts()).toEqual({ ...before, messages: before.messages + 1 });
    } finally {
      await broken.close();
    }
    expect(errors).toEqual([expect.objectContaining({ err: expect.objectContaining({ message: "mail server down" }) })]);
  });

  it("answers a form-encoded message (no files) the same way", async () => {
    const body = new URLSearchParams({
      action: "contact_front_form_save_data",
      widget: String(widget.id),
      channel: "1",
      nonce: createWidgetNonce(SECRET, widget.id, widget.token),
      name: "Bo",
      email: "bo@example.com",
      message: "Hello",
    });
    const response = await app.inject({
      method: "POST",
      url: "/ajax",
      payload: body.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: nextAddress(),
    });
    expect(response.json()).toMatchObject({ status: 1 });
  });

  it("marks required fields left empty or blank, and stores nothing", async () => {
    const errors = await refused({ fields: { name: "   ", message: "" } });
    expect(errors).toEqual([
      { field: "name", message: CONTACT_FORM_MESSAGES.required },
      { field: "message", message: CONTACT_FORM_MESSAGES.required },
    ]);
    expect(CONTACT_FORM_MESSAGES.required).toBe("This field is required.");
    // A required field that is not sent at all is empty too.
    expect(await refused({ omit: ["email"] })).toEqual([{ field: "email", message: CONTACT_FORM_MESSAGES.required }]);
  });

  it("refuses an invalid email address", async () => {
    expect(await refused({ fields: { email: "ada.example.com" } })).toEqual([
      { field: "email", message: "Please enter a valid email address." },
    ]);
  });

  it("refuses a phone that is not an optional + and digits, a dropdown value that is not an option, a bad url, date and number", async () => {
    const values = { phone: "+47 123-abc", website: "javascript:alert(1)", topic: "Refunds", visit: "01/12/2026", quantity: "ten" };
    const expected = checkContactForm(FORM_FIELDS, { name: "Ada", email: "ada@example.com", message: "Hi", ...values }, []);
    expect(expected.map((e) => e.field)).toEqual(["phone", "website", "topic", "visit", "quantity"]);
    const errors = await refused({
      fields: {
        phone: values.phone,
        ...custom(0, "website", "url", values.website),
        ...custom(1, "topic", "dropdown", values.topic),
        ...custom(2, "visit", "date", values.visit),
        ...custom(3, "quantity", "number", values.quantity),
      },
    });
    expect(errors).toEqual(expected);
  });

  it("bounds the length of each text and names the field over it", async () => {
    const tooLong = (limit: number) => `Please enter no more than ${limit} characters.`;
    expect(await refused({ fields: { message: "x".repeat(5001) } })).toEqual([{ field: "message", message: tooLong(5000) }]);
    // The same bounds the widget checks and sets as its inputs' maxlength (CONTACT_TEXT_LIMITS), checked again here.
    expect(
      await refused({
        fields: {
          name: "n".repeat(201),
          phone: "1".repeat(41),
          ...custom(0, "company", "text", "c".repeat(501)),
          ...custom(1, "details", "textarea", "d".repeat(1001)),
        },
      }),
    ).toEqual([
      { field: "name", message: tooLong(200) },
      { field: "phone", message: tooLong(40) },
      { field: "company", message: tooLong(500) },
      { field: "details", message: tooLong(1000) },
    ]);
    const fits = await send({
      fields: {
        name: "n".repeat(200),
        message: "x".repeat(5000),
        ...custom(0, "company", "text", "c".repeat(500)),
        ...custom(1, "details", "textarea", "d".repeat(1000)),
      },
    });
    expect(fits.json()).toMatchObject({ status: 1 });
  });

  it("ignores fields the form does not have (unknown names, slugs and types), storing only its own", async () => {
    const response = await send({
      fields: {
        is_admin: "1",
        ...custom(0, "secret_field", "text", "injected"),
        "custom_fields[1][slug]": "company",
        "custom_fields[1][textarea]": "wrong type, ignored",
        "custom_fields[1][text]": "ACME",
      },
    });
    expect(response.json()).toMatchObject({ status: 1 });
    const row = await shop.db.selectFrom("contact_messages").select("custom_fields").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.custom_fields).not.toContain("injected");
    expect(JSON.parse(row.custom_fields)[0]).toEqual({ slug: "company", label: "Company", type: "text", value: "ACME" });
  });
});

describe("files of a contact message", () => {
  const refusedFile = async (filename: string, data: Buffer, type?: string) =>
    refused({ fields: ATTACHMENT_SLUG, files: [attach(filename, data, type)] });

  it("refuses an extension the form does not take", async () => {
    const [error] = await refusedFile("setup.exe", SAMPLES.exe);
    const expected = checkContactForm(FORM_FIELDS, { name: "A", email: "a@example.com", message: "m" }, [
      { field: "attachment", name: "setup.exe" },
    ]);
    expect(error).toEqual(expected[0]);
    expect(error?.field).toBe("attachment");
    expect((await refusedFile("page.svg", SAMPLES.svg))[0]?.field).toBe("attachment");
  });

  it("refuses programs and scripts renamed to an allowed extension", async () => {
    for (const [name, data] of [
      ["invoice.pdf", SAMPLES.exe],
      ["photo.png", SAMPLES.elf],
      ["slides.pptx", SAMPLES.machO],
      ["song.mp3", SAMPLES.script],
    ] as const)
      expect(await refusedFile(name, data, "application/pdf")).toEqual([
        { field: "attachment", message: `${name}: ${UPLOAD_MESSAGES.program}` },
      ]);
  });

  it("refuses an SVG or a web page named as an image, a polyglot of another type, and an empty file", async () => {
    expect(await refusedFile("logo.png", SAMPLES.svg, "image/png")).toEqual([
      { field: "attachment", message: `logo.png: ${UPLOAD_MESSAGES.markup}` },
    ]);
    expect(await refusedFile("cat.jpg", SAMPLES.html, "image/jpeg")).toEqual([
      { field: "attachment", message: `cat.jpg: ${UPLOAD_MESSAGES.markup}` },
    ]);
    expect(await refusedFile("trick.png", SAMPLES.gifPolyglot, "image/png")).toEqual([
      { field: "attachment", message: `trick.png: ${UPLOAD_MESSAGES.mismatch("png")}` },
    ]);
    expect(await refusedFile("report.pdf", SAMPLES.png)).toEqual([
      { field: "attachment", message: `report.pdf: ${UPLOAD_MESSAGES.mismatch("pdf")}` },
    ]);
    expect(await refusedFile("empty.pdf", Buffer.alloc(0), "application/pdf")).toEqual([
      { field: "attachment", message: `empty.pdf: ${UPLOAD_MESSAGES.empty}` },
    ]);
  });

  it("refuses a fourth file on its field, and more than the body's five files with 413", async () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => attach(`scan-${i}.pdf`, SAMPLES.pdf, "application/pdf"));
    expect(await refused({ fields: ATTACHMENT_SLUG, files: files(4) })).toEqual([
      { field: "attachment", message: UPLOAD_MESSAGES.tooMany },
    ]);
    const before = await counts();
    const response = await send({ fields: ATTACHMENT_SLUG, files: files(6) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "cw_ajax_too_many_files", data: { status: 413 } });
    expect(await counts()).toEqual(before);
  });

  it("refuses a file over 5 MB with 413 naming its field", async () => {
    const before = await counts();
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await send({ fields: ATTACHMENT_SLUG, files: [attach("big.pdf", big, "application/pdf")] });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: "cw_ajax_file_too_large",
      message: "Each file may be at most 5 MB.",
      data: { field: "custom_fields[6][file][]" },
    });
    expect(await counts()).toEqual(before);
  });

  it("answers the body's other limits in the error shape: too many fields, a field too long", async () => {
    const before = await counts();
    const many = Object.fromEntries(Array.from({ length: 210 }, (_, i) => [`extra_${i}`, "x"]));
    const tooMany = await send({ fields: many });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: "cw_ajax_too_many_fields", data: { status: 413 } });
    const tooLong = await send({ fields: { message: "x".repeat(101 * 1024) } });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ code: "cw_ajax_field_too_long", data: { status: 413, field: "message" } });
    expect(await counts()).toEqual(before);
  });

  it("answers those refusals so that a page on another site can read them; the origin rule's own refusal stays unreadable", async () => {
    const blog = "https://blog.example.com";
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(5 * 1024 * 1024)]);
    await shop.db
      .updateTable("contact_widgets")
      .set({ allowed_origins: JSON.stringify([blog]) })
      .where("id", "=", widget.id)
      .execute();
    try {
      // Without Access-Control-Allow-Origin the browser hides the answer: the widget could only say it reached no server.
      const answers = [
        await send({ origin: blog, fields: ATTACHMENT_SLUG, files: [attach("big.pdf", big, "application/pdf")] }),
        await send({ origin: blog, fields: { message: "x".repeat(101 * 1024) } }),
        await send({ origin: blog, fields: { name: "Ada\u0000Visitor" } }),
      ];
      expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual([
        [413, "cw_ajax_file_too_large"],
        [413, "cw_ajax_field_too_long"],
        [400, "rest_invalid_param"],
      ]);
      for (const answer of answers) {
        expect(answer.headers["access-control-allow-origin"]).toBe(blog);
        expect(answer.headers.vary).toContain("Origin");
      }
      // A site the widget does not allow learns nothing of a well-formed call.
      const elsewhere = await send({ origin: "https://evil.example" });
      expect(elsewhere.json().code).toBe("cw_widget_origin_not_allowed");
      expect(elsewhere.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await shop.db.updateTable("contact_widgets").set({ allowed_origins: "[]" }).where("id", "=", widget.id).execute();
    }
  });

  it("stores an accepted PDF and PNG in the database, downloadable by the owner only, as attachments", async () => {
    const response = await send({
      fields: ATTACHMENT_SLUG,
      files: [attach("Quote <1>.pdf", SAMPLES.pdf, "text/html"), attach("photo.PNG", SAMPLES.png, "image/png")],
    });
    expect(response.json()).toMatchObject({ status: 1 });
    const message = await shop.db.selectFrom("contact_messages").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    const files = await shop.db
      .selectFrom("contact_message_files")
      .selectAll()
      .where("message_id", "=", message.id)
      .orderBy("id")
      .execute();
    expect(files.map((f) => [f.field, f.file_name, f.content_type, f.size])).toEqual([
      ["attachment", "Quote <1>.pdf", "application/pdf", SAMPLES.pdf.length],
      ["attachment", "photo.PNG", "image/png", SAMPLES.png.length],
    ]);
    expect(JSON.parse(message.custom_fields).find((f: { slug: string }) => f.slug === "attachment").value).toBe(
      files.map((f) => f.id).join(","),
    );

    const [pdf, png] = files;
    const url = `/api/admin/v1/contact-messages/${message.id}/files/${pdf?.id}`;
    const guest = await app.inject({ method: "GET", url });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");
    const shopper = new StoreClient(app);
    await shopper.post("/account/sign-in", { email: "jane@example.com", password: "demo-jane-2026" });
    const forbidden = await shopper.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe("cw_rest_forbidden");

    const boss = await owner();
    const download = await boss.get(url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(download.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="message-${message.id}-${pdf?.id}.pdf"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
    });
    const image = await boss.get(`/api/admin/v1/contact-messages/${message.id}/files/${png?.id}`);
    expect(image.rawPayload.equals(SAMPLES.png)).toBe(true);
    expect(image.headers["content-disposition"]).toBe(`attachment; filename="message-${message.id}-${png?.id}.png"`);
    // A file id of another message is not found through this one.
    expect((await boss.get(`/api/admin/v1/contact-messages/${message.id - 1}/files/${png?.id}`)).json().code).toBe(
      "cw_rest_message_not_found",
    );

    // The notice names the files, never carries them.
    const mail = await noticeOf(message.id);
    expect(parseEml(mail).text).toContain("Quote <1>.pdf");
    expect(mail).not.toContain("Content-Disposition: attachment");
  });
});

describe("the widget nonce", () => {
  it("refuses a missing or wrong nonce with 403, and a switched-off widget with 404, storing nothing", async () => {
    const before = await counts();
    for (const nonce of [undefined, "not-the-nonce", createWidgetNonce(SECRET, widget.id, "another-token")]) {
      const response = await send(nonce === undefined ? { omit: ["nonce"] } : { fields: { nonce } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "cw_widget_invalid_nonce", data: { status: 403 } });
    }
    const off = await insertWidget(shop.db, { active: false });
    const response = await send({ widget: off });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("cw_widget_not_found");
    expect((await send({ fields: { channel: "0" } })).json().code).toBe("cw_widget_channel_not_found");
    expect(await counts()).toEqual(before);
  });

  it("accepts the previous 12-hour tick's nonce, not an older one", async () => {
    const hours = (h: number) => Date.now() - h * 3600 * 1000;
    expect((await send({ fields: { nonce: createWidgetNonce(SECRET, widget.id, widget.token, hours(12)) } })).json().status).toBe(1);
    expect((await send({ fields: { nonce: createWidgetNonce(SECRET, widget.id, widget.token, hours(25)) } })).statusCode).toBe(403);
  });
});

describe("the captcha", () => {
  let altcha: { id: number; token: string };
  beforeAll(async () => {
    altcha = await insertWidget(shop.db, { captcha: "altcha" });
  });

  const challenge = async (target: { id: number; token: string }, nonce?: string) => {
    const body = new URLSearchParams({ action: "contact_captcha_challenge", widget: String(target.id) });
    if (nonce !== undefined) body.set("nonce", nonce);
    return app.inject({
      method: "POST",
      url: "/ajax",
      payload: body.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  };
  type Given = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const token = (given: Given, number: number) =>
    Buffer.from(
      JSON.stringify({ algorithm: given.algorithm, challenge: given.challenge, number, salt: given.salt, signature: given.signature }),
    ).toString("base64");
  /** The widget's way: altcha's own solver. */
  const solveAsWidget = async (given: Given) => {
    const solution = await solveChallenge(given.challenge, given.salt, given.algorithm, given.maxnumber).promise;
    if (!solution) throw new Error("unsolved");
    return token(given, solution.number);
  };
  /** The same search done synchronously, many times faster, for the test that solves several. */
  const solve = async (given: Given, tamper = 0) => {
    for (let n = 0; n <= given.maxnumber; n++)
      if (
        createHash("sha256")
          .update(given.salt + n)
          .digest("hex") === given.challenge
      )
        return token(given, n + tamper);
    throw new Error("unsolved");
  };

  it("hands out an altcha challenge only with the widget's nonce", async () => {
    expect((await challenge(altcha)).statusCode).toBe(403);
    const response = await challenge(altcha, createWidgetNonce(SECRET, altcha.id, altcha.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      algorithm: "SHA-256",
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      maxnumber: 100_000,
      salt: expect.stringContaining(`subject=widget%3A${altcha.id}`),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("refuses a message without a solution, with a wrong one, a replayed one or an expired one; takes a right one once", async () => {
    const fresh = async () => (await challenge(altcha, createWidgetNonce(SECRET, altcha.id, altcha.token))).json();
    const before = await counts();
    expect((await send({ widget: altcha })).json()).toEqual({ status: 0, message: MESSAGE_REPLIES.captchaMissing });
    expect((await send({ widget: altcha, fields: { token: "bm90LWpzb24=" } })).json()).toEqual({
      status: 0,
      message: MESSAGE_REPLIES.captchaFailed,
    });
    expect((await send({ widget: altcha, fields: { token: await solve(await fresh(), 1) } })).json().message).toBe(
      MESSAGE_REPLIES.captchaFailed,
    );
    const expired = await createAltchaChallenge(SECRET, `widget:${altcha.id}`, Date.now() - 11 * 60 * 1000);
    expect((await send({ widget: altcha, fields: { token: await solve(expired) } })).json().message).toBe(MESSAGE_REPLIES.captchaFailed);
    // A challenge made for another widget is not this widget's.
    const other = await createAltchaChallenge(SECRET, `widget:${widget.id}`, Date.now());
    expect((await send({ widget: altcha, fields: { token: await solve(other) } })).json().message).toBe(MESSAGE_REPLIES.captchaFailed);
    // Nor one made for a public form that happens to have the same id.
    const form = await createAltchaChallenge(SECRET, `form:${altcha.id}`, Date.now());
    expect((await send({ widget: altcha, fields: { token: await solve(form) } })).json().message).toBe(MESSAGE_REPLIES.captchaFailed);
    expect(await counts()).toEqual(before);

    const token = await solve(await fresh());
    expect((await send({ widget: altcha, fields: { token } })).json().status).toBe(1);
    expect((await send({ widget: altcha, fields: { token } })).json()).toEqual({ status: 0, message: MESSAGE_REPLIES.captchaFailed });
    expect((await counts()).messages).toBe(before.messages + 1);
    const spent = await shop.db.selectFrom("captcha_solutions").selectAll().execute();
    expect(spent).toHaveLength(1);
    expect(Number(spent[0]?.expires_ms)).toBeGreaterThan(Date.now());
  });

  it("keeps the captcha for last: field errors come first and do not use up the solution", async () => {
    const given = (await challenge(altcha, createWidgetNonce(SECRET, altcha.id, altcha.token))).json();
    const token = await solveAsWidget(given);
    expect((await send({ widget: altcha, fields: { token, email: "nope" } })).json().errors).toEqual([
      { field: "email", message: CONTACT_FORM_MESSAGES.email },
    ]);
    expect((await send({ widget: altcha, fields: { token } })).json().status).toBe(1);
  }, 20_000);

  it("asks the owner's chosen provider (Turnstile, reCAPTCHA v2 and v3) with its secret and the visitor's address", async () => {
    const turnstile = await insertWidget(shop.db, { captcha: "turnstile" });
    asked.length = 0;
    expect((await send({ widget: turnstile, fields: { token: "bad" } })).json().message).toBe(MESSAGE_REPLIES.captchaFailed);
    expect((await send({ widget: turnstile, fields: { token: "good" }, ip: "192.0.2.7" })).json().status).toBe(1);
    expect(asked).toEqual([
      { secret: "turnstile-secret", response: "bad", remoteip: expect.any(String) },
      { secret: "turnstile-secret", response: "good", remoteip: "192.0.2.7" },
    ]);

    const v2 = await insertWidget(shop.db, { captcha: "recaptcha-v2" });
    expect((await send({ widget: v2, fields: { token: "good" } })).json().message).toBe(MESSAGE_REPLIES.captchaMissing);
    expect((await send({ widget: v2, fields: { v2token: "good" } })).json().status).toBe(1);

    const v3 = await insertWidget(shop.db, { captcha: "recaptcha-v3" });
    expect((await send({ widget: v3, fields: { token: "v3-low" } })).json().message).toBe(MESSAGE_REPLIES.captchaFailed);
    expect((await send({ widget: v3, fields: { token: "v3-other" } })).json().message).toBe(MESSAGE_REPLIES.captchaFailed);
    expect((await send({ widget: v3, fields: { token: "v3-good" } })).json().status).toBe(1);
    expect(asked.at(-1)?.secret).toBe("v3-secret");
  });

  it("takes no message for a provider the shop has no secret for", async () => {
    const hcaptcha = await insertWidget(shop.db, { captcha: "hcaptcha" });
    const before = await counts();
    expect((await send({ widget: hcaptcha, fields: { token: "good" } })).json()).toEqual({
      status: 0,
      message: MESSAGE_REPLIES.captchaUnavailable,
    });
    expect(await counts()).toEqual(before);
  });
});

describe("the rate limit", () => {
  it("answers 429 with Retry-After once an address has sent 10 attempts in 10 minutes, field errors included", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < 10; i++) {
      const response = await send({ ip, fields: i % 2 ? { email: "bad" } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBe("10");
      expect(response.headers["ratelimit-remaining"]).toBe(String(9 - i));
    }
    const before = await counts();
    const response = await send({ ip });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: "cw_rest_rate_limit_exceeded",
      message: expect.stringMatching(/^Too many messages were sent from your network\. Please try again in \d+ (seconds|minutes?)\.$/),
      data: { status: 429, limit: "submissions:address" },
    });
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.headers["ratelimit-remaining"]).toBe("0");
    expect(await counts()).toEqual(before);
    // Another address is not limited.
    expect((await send({ ip: "203.0.113.10" })).statusCode).toBe(200);
  });
});

describe("the owner's inbox", () => {
  let boss: StoreClient;
  let ids: number[];
  beforeAll(async () => {
    boss = await owner();
    const second = await insertWidget(shop.db);
    await send({ widget: second, fields: { name: "Zed Searcher", message: "Looking for the blue mug\nthanks", email: "zed@example.com" } });
    await send({ widget: second, fields: { name: "Yan", message: "Second one", ...custom(0, "company", "text", "Mugworks") } });
    const rows = await shop.db
      .selectFrom("contact_messages")
      .select("id")
      .where("widget_id", "=", second.id)
      .orderBy("id", "desc")
      .execute();
    ids = rows.map((r) => r.id);
  });

  it("is for the owner only", async () => {
    expect((await app.inject({ method: "GET", url: "/api/admin/v1/contact-messages" })).statusCode).toBe(401);
    const shopper = new StoreClient(app);
    await shopper.post("/account/sign-in", { email: "jane@example.com", password: "demo-jane-2026" });
    expect((await shopper.get("/api/admin/v1/contact-messages")).statusCode).toBe(403);
    expect((await shopper.request("DELETE", `/api/admin/v1/contact-messages/${ids[0]}`)).statusCode).toBe(403);
  });

  it("lists newest first with excerpts, filters by widget, search and unread, and pages", async () => {
    const widgetId = (
      await shop.db
        .selectFrom("contact_messages")
        .select("widget_id")
        .where("id", "=", ids[0] ?? 0)
        .executeTakeFirstOrThrow()
    ).widget_id;
    const list = (await boss.get(`/api/admin/v1/contact-messages?widget_id=${widgetId}`)).json();
    expect(list).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(list.messages.map((m: { id: number }) => m.id)).toEqual(ids);
    expect(list.messages[1]).toEqual({
      id: ids[1],
      widget_id: widgetId,
      channel_index: 1,
      name: "Zed Searcher",
      email: "zed@example.com",
      phone: "",
      excerpt: "Looking for the blue mug thanks",
      files: 0,
      created_at: expect.any(String),
      read: false,
    });
    const search = (await boss.get("/api/admin/v1/contact-messages?search=BLUE%20MUG")).json();
    expect(search.messages.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
    expect((await boss.get("/api/admin/v1/contact-messages?search=mugworks")).json().messages.map((m: { id: number }) => m.id)).toEqual([
      ids[0],
    ]);
    expect((await boss.get("/api/admin/v1/contact-messages?search=100%25_")).json().total).toBe(0);
    // The custom fields' keys, slugs and types are not searched, only their values.
    for (const word of ["company", "slug", "textarea"])
      expect((await boss.get(`/api/admin/v1/contact-messages?search=${word}`)).json().total).toBe(0);
    const paged = (await boss.get(`/api/admin/v1/contact-messages?per_page=1&page=2&widget_id=${widgetId}`)).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pages: 2 });
    expect(paged.messages.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
    const bad = await boss.get("/api/admin/v1/contact-messages?per_page=500");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("rest_invalid_param");
  });

  it("reads a message whole and marks it read; PATCH sets the read state; DELETE removes it", async () => {
    const id = ids[0] ?? 0;
    const read = await boss.get(`/api/admin/v1/contact-messages/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id,
      name: "Yan",
      message: "Second one",
      read: true,
      read_at: expect.any(String),
      custom_fields: expect.arrayContaining([{ slug: "company", label: "Company", type: "text", value: "Mugworks" }]),
      files: [],
    });
    const unread = (await boss.get("/api/admin/v1/contact-messages?unread=true")).json();
    expect(unread.messages.map((m: { id: number }) => m.id)).not.toContain(id);
    expect(unread.messages.map((m: { id: number }) => m.id)).toContain(ids[1]);

    const patched = await boss.request("PATCH", `/api/admin/v1/contact-messages/${id}`, { read: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id, read: false, read_at: null });
    expect((await boss.request("PATCH", `/api/admin/v1/contact-messages/${id}`, { read: "maybe" })).statusCode).toBe(400);

    const deleted = await boss.request("DELETE", `/api/admin/v1/contact-messages/${id}`);
    expect(deleted.statusCode).toBe(204);
    const gone = await boss.get(`/api/admin/v1/contact-messages/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("cw_rest_message_not_found");
    expect((await boss.request("DELETE", `/api/admin/v1/contact-messages/${id}`)).statusCode).toBe(404);
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "contact_message")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(log.map((l) => l.action)).toEqual(["update", "delete"]);
    expect(JSON.parse(log[1]?.before ?? "{}")).toMatchObject({ id, name: "Yan" });
  });

  it("is in the OpenAPI document under the owner tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/admin/v1/contact-messages",
        "/api/admin/v1/contact-messages/{id}",
        "/api/admin/v1/contact-messages/{id}/files/{fileId}",
      ]),
    );
    expect(doc.paths["/api/admin/v1/contact-messages/{id}"].delete.tags).toEqual(["owner"]);
  });
});
