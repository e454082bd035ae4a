/**
 * The `forms` scenario's requests (issue 17): the demo contact form and the custom-tee form sent to
 * POST /ajax as a browser sends them (multipart, a fresh form token, the honeypot present and
 * empty), and the count of entries the bench checks each answer against.
 */
import { chromium } from "@playwright/test";
import Database from "better-sqlite3";
import { createFormToken } from "../apps/server/src/modules/forms/index.ts";
import { honeypotFieldId } from "../packages/commerce/src/forms/index.ts";
import type { FormDefinition } from "../packages/commerce/src/forms/types.ts";

/** A 1×1 PNG: the tee's design upload, which the server checks by content. */
const DESIGN_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082",
  "hex",
);
const BOUNDARY = "----cartwright-bench-7d1e";
const f = (id: number, sub?: string) => (sub ? `forms[fields][${id}][${sub}]` : `forms[fields][${id}]`);

interface BenchForm {
  id: number;
  token: string;
  honeypot: string;
}

/**
 * Reads the demo forms from the bench's database, switching the contact form's captcha off (a
 * bench cannot solve a proof of work per request and measure the server) and keeping its honeypot.
 */
export function prepareForms(file: string, secret: string): Record<"contact" | "custom-tee", BenchForm> {
  const db = new Database(file);
  try {
    db.prepare("update forms set definition = json_set(definition, '$.settings.antiSpam.captcha', 'none') where slug = 'contact'").run();
    const read = (slug: string): BenchForm => {
      const row = db.prepare("select id, definition from forms where slug = ?").get(slug) as { id: number; definition: string } | undefined;
      if (!row) throw new Error(`the demo form ${slug} was not seeded`);
      const definition = { ...(JSON.parse(row.definition) as FormDefinition), id: row.id };
      return { id: row.id, token: createFormToken(secret, row.id, Date.now()), honeypot: f(honeypotFieldId(definition)) };
    };
    return { contact: read("contact"), "custom-tee": read("custom-tee") };
  } finally {
    db.close();
  }
}

/** Entries stored for a form: complete ones, and of those the paid ones. */
export function countEntries(file: string, formId: number): { complete: number; paid: number } {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        "select count(*) as complete, coalesce(sum(payment_status = 'paid'), 0) as paid from form_entries where form_id = ? and status = 'complete'",
      )
      .get(formId) as { complete: number; paid: number };
  } finally {
    db.close();
  }
}

function multipart(fields: [string, string][], files: { name: string; filename: string; type: string; data: Buffer }[] = []) {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return chunks;
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const head = (form: BenchForm, n: number): [string, string][] => [
  ["action", "forms_submit"],
  ["forms[id]", String(form.id)],
  ["forms[token]", form.token],
  ["start_timestamp", String(Math.floor(Date.now() / 1000) - 60)],
  ["end_timestamp", String(Math.floor(Date.now() / 1000))],
  ["page_url", `http://127.0.0.1/forms/bench-${n % 10}`],
  [form.honeypot, ""],
];

/** The contact form filled in (the attachment is optional and left out, as most visitors do). */
export function contactBody(form: BenchForm, n: number): Buffer {
  return Buffer.concat(
    multipart([
      ...head(form, n),
      [f(1, "first"), "Bench"],
      [f(1, "last"), `Visitor ${n}`],
      [f(2, "primary"), `bench${n}@example.com`],
      [f(2, "secondary"), `bench${n}@example.com`],
      [f(3), String(1 + (n % 3))],
      [f(4), `Where is my order ${n}? It was due last week.`],
    ]),
  );
}

/** The custom tee (Premium × 2 with gift wrap, 61.00), its design and the test card that pays it. */
export function teeBody(form: BenchForm, n: number): Buffer {
  return Buffer.concat(
    multipart(
      [
        ...head(form, n),
        [f(1, "first"), "Bench"],
        [f(1, "last"), `Buyer ${n}`],
        [f(2), `buyer${n}@example.com`],
        [f(4, "address1"), "1 Load Street"],
        [f(4, "city"), "Springfield"],
        [f(4, "state"), "IL"],
        [f(4, "postal"), "62701"],
        [f(4, "country"), "US"],
        [f(5), "2"],
        [f(6), "2"],
        [`${f(7)}[]`, "1"],
        [f(8), "Happy birthday!"],
        [f(13), `Bench Buyer ${n}`],
        [f(14, "number"), "4242 4242 4242 4242"],
        [f(14, "expiry"), "12/30"],
        [f(14, "cvc"), "123"],
        [f(14, "name"), `Bench Buyer ${n}`],
        [f(15), "1"],
      ],
      [{ name: `${f(9)}[]`, filename: "design.png", type: "image/png", data: DESIGN_PNG }],
    ),
  );
}

/**
 * The scripts a form's page really makes Chromium fetch (issue 17: "a form page's first-load
 * JavaScript stays within the /shop budget"): on load, until the form is mounted with the kind
 * modules its fields use; then what the first focus in a field adds (the full validator). The
 * HTML's own script tags would show only the tiny entry. The contact widget's scripts are counted apart.
 */
export async function formPageScripts(base: string, path: string): Promise<{ onLoad: string[]; onFocus: string[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    const fetched: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === "script" && url.origin === base && !url.pathname.startsWith("/widget/")) fetched.push(url.pathname);
    });
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.locator("form.cwf[data-ready]").waitFor();
    await page.waitForLoadState("networkidle");
    const onLoad = [...new Set(fetched)];
    await page.locator("form.cwf .cwf-page:not([hidden]) input:not([type=hidden])").first().focus();
    // The validator is imported on the first focus: give it the time a fetch from this machine takes.
    await page.waitForTimeout(1000);
    await page.waitForLoadState("networkidle");
    return { onLoad, onFocus: [...new Set(fetched)].filter((script) => !onLoad.includes(script)) };
  } finally {
    await browser.close();
  }
}
