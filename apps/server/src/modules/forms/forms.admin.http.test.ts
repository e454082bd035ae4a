/** The owner API's forms and entries (/api/admin/v1/forms…, /form-entries…), on SQLite and PostgreSQL (issue 17, decision 0025). */
import { CONTACT_FORM, FEEDBACK_FORM } from "@cartwright/commerce/forms";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { insertFormEntry } from "../../../../../test/form-entries.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
// biome-ignore lint/style/noRestrictedImports: the contact messages' multipart writer and sample files, shared by the tests
import { multipart, SAMPLES } from "../contact-widget/messages.test-support.ts";
import { createFormToken } from "./index.ts";

const ADMIN = "/api/admin/v1";
let shop: TestShop;
let owner: StoreClient;
let addresses = 0;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
});
afterAll(async () => {
  await shop?.close();
});

const f = (id: number, sub?: string) => (sub ? `forms[fields][${id}][${sub}]` : `forms[fields][${id}]`);

/** A feedback entry as a visitor sends it (token signed with the test shop's secret), to form 3 unless told. */
async function sendFeedback(fields: Record<string, string>, formId = 3) {
  const secret = shop.app.forms?.secret ?? "";
  const parts = Object.entries({
    action: "forms_submit",
    "forms[id]": String(formId),
    "forms[token]": createFormToken(secret, formId, Date.now()),
    ...fields,
  }).map(([name, value]) => ({ name, value }));
  const { payload, headers } = multipart(parts);
  const response = await shop.app.inject({ method: "POST", url: "/ajax", payload, headers, remoteAddress: `10.8.0.${++addresses}` });
  expect(response.json().success).toBe(true);
}

describe("forms", () => {
  it("lists the demo forms with their entry counts, and reads one with its definition", async () => {
    const list = await owner.get(`${ADMIN}/forms`);
    expect(list.statusCode).toBe(200);
    expect(list.json().forms.map((form: { slug: string }) => form.slug)).toEqual(["contact", "custom-tee", "feedback"]);
    const one = await owner.get(`${ADMIN}/forms/3`);
    expect(one.json()).toMatchObject({ id: 3, slug: "feedback", status: "published", definition: { title: "Store feedback" } });
    expect((await owner.get(`${ADMIN}/forms/999`)).json().code).toBe("cw_rest_form_not_found");
  });

  it("creates, replaces and deletes a form, refusing a definition with errors by path and a slug in use", async () => {
    const bad = await owner.request("POST", `${ADMIN}/forms`, { definition: { ...CONTACT_FORM, slug: "Not A Slug", fields: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("rest_invalid_param");
    expect(Object.keys(bad.json().data.params)).toEqual(expect.arrayContaining(["slug", "fields"]));
    const taken = await owner.request("POST", `${ADMIN}/forms`, { definition: { ...CONTACT_FORM, slug: "contact" } });
    expect(taken.json().data.params.slug).toBe("slug is used by another form");

    const created = await owner.request("POST", `${ADMIN}/forms`, {
      status: "draft",
      definition: { ...CONTACT_FORM, slug: "wholesale", title: "Wholesale" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ slug: "wholesale", status: "draft" });
    const replaced = await owner.request("PUT", `${ADMIN}/forms/${id}`, {
      definition: { ...CONTACT_FORM, slug: "wholesale", title: "Trade orders" },
    });
    expect(replaced.json()).toMatchObject({ id, title: "Trade orders", status: "published" });
    expect((await owner.request("DELETE", `${ADMIN}/forms/${id}`)).statusCode).toBe(204);
    expect((await owner.get(`${ADMIN}/forms/${id}`)).statusCode).toBe(404);
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "form")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(log.map((row) => row.action)).toEqual(["create", "update", "delete"]);
    expect(JSON.parse(log[1]?.before ?? "{}").title).toBe("Wholesale");
    expect(JSON.parse(log[1]?.after ?? "{}").title).toBe("Trade orders");
  });

  it("refuses a save on a copy someone changed since (409, nothing written) and takes one without a version", async () => {
    const created = await owner.request("POST", `${ADMIN}/forms`, {
      definition: { ...CONTACT_FORM, slug: "two-editors", title: "Two editors" },
    });
    const id = created.json().id as number;
    const first = (await owner.get(`${ADMIN}/forms/${id}`)).json();
    const second = (await owner.get(`${ADMIN}/forms/${id}`)).json();
    expect(first.version).toMatch(/^[\w-]{22}$/);
    expect(second.version).toBe(first.version);

    const kept = await owner.request("PUT", `${ADMIN}/forms/${id}`, {
      definition: { ...first.definition, title: "First editor's title" },
      version: first.version,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().version).not.toBe(first.version);
    const logged = (await shop.db.selectFrom("change_log").select("id").where("entity", "=", "form").execute()).length;

    const stale = await owner.request("PUT", `${ADMIN}/forms/${id}`, {
      status: "draft",
      definition: second.definition,
      version: second.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "cw_rest_form_changed", data: { version: kept.json().version } });
    expect(stale.json().message).toContain("This form was changed by someone else since you opened it");
    const stored = (await owner.get(`${ADMIN}/forms/${id}`)).json();
    expect(stored).toMatchObject({ title: "First editor's title", status: "published", version: kept.json().version });
    expect((await shop.db.selectFrom("change_log").select("id").where("entity", "=", "form").execute()).length).toBe(logged);

    const unversioned = await owner.request("PUT", `${ADMIN}/forms/${id}`, { status: "draft", definition: stored.definition });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json()).toMatchObject({ title: "First editor's title", status: "draft" });
    expect(unversioned.json().version).not.toBe(stored.version);
    expect((await owner.request("DELETE", `${ADMIN}/forms/${id}`)).statusCode).toBe(204);
  });

  it("refuses a rule left naming a removed choice, beside the rule's value, and keeps the form as it was", async () => {
    const before = (await owner.get(`${ADMIN}/forms/2`)).json();
    const definition = structuredClone(before.definition);
    const extras = definition.fields.find((field: { id: number }) => field.id === 7);
    extras.choices = extras.choices.filter((choice: { label: string }) => choice.label !== "Gift wrap");
    const refused = await owner.request("PUT", `${ADMIN}/forms/2`, { definition });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toEqual({
      "fields.7.logic.rules.0.value": 'fields.7.logic.rules.0.value names no choice of "Extras" (1): choose one of its choices',
    });
    expect((await owner.get(`${ADMIN}/forms/2`)).json().definition).toEqual(before.definition);
  });

  it("refuses a rule over a field of a later page, naming it beside the rule's field, and keeps the form as it was", async () => {
    const before = (await owner.get(`${ADMIN}/forms/2`)).json();
    const definition = structuredClone(before.definition);
    // Gift message (page 2) shown by the phone number, which the visitor gives on page 1: fine.
    const giftMessage = definition.fields.find((field: { id: number }) => field.id === 8);
    giftMessage.logic.rules = [{ field: 3, operator: "not_empty" }];
    const earlier = await owner.request("PUT", `${ADMIN}/forms/2`, { definition });
    expect(earlier.statusCode, earlier.body).toBe(200);
    // Phone (page 1) shown by the delivery date, asked on page 2: refused.
    const phone = definition.fields.find((field: { id: number }) => field.id === 3);
    phone.logic = { action: "show", match: "all", rules: [{ field: 10, operator: "not_empty" }] };
    const refused = await owner.request("PUT", `${ADMIN}/forms/2`, { definition });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toEqual({
      "fields.2.logic.rules.0.field":
        'fields.2.logic.rules.0.field names "Delivery date" of page 2, which the visitor reaches after this field\'s page 1: choose a field of page 1 or before',
    });
    expect((await owner.get(`${ADMIN}/forms/2`)).json().definition.fields[2].logic).toBeUndefined();
    expect((await owner.request("PUT", `${ADMIN}/forms/2`, { definition: before.definition })).statusCode).toBe(200);
  });

  it("still reads, serves and saves once fixed a form stored with a rule over a later page", async () => {
    const before = (await owner.get(`${ADMIN}/forms/3`)).json();
    const stored = await shop.db.selectFrom("forms").select("definition").where("id", "=", 3).executeTakeFirstOrThrow();
    const document = JSON.parse(stored.definition);
    // Saved before the check: Rating (page 1) hidden once "What went wrong?" (page 2) is answered.
    document.fields[0].logic = { action: "hide", match: "all", rules: [{ field: 4, operator: "not_empty" }] };
    await shop.db
      .updateTable("forms")
      .set({ definition: JSON.stringify(document) })
      .where("id", "=", 3)
      .execute();
    try {
      const read = await owner.get(`${ADMIN}/forms/3`);
      expect(read.statusCode).toBe(200);
      expect(read.json().definition.fields[0].logic.rules).toEqual([{ field: 4, operator: "not_empty" }]);
      expect((await shop.app.inject({ url: "/forms/feedback.js" })).statusCode).toBe(200);
      const again = await owner.request("PUT", `${ADMIN}/forms/3`, { definition: read.json().definition });
      expect(again.statusCode).toBe(400);
      expect(Object.keys(again.json().data.params)).toEqual(["fields.0.logic.rules.0.field"]);
      const { logic: _dropped, ...rating } = read.json().definition.fields[0];
      const fixed = { ...read.json().definition, fields: [rating, ...read.json().definition.fields.slice(1)] };
      const saved = await owner.request("PUT", `${ADMIN}/forms/3`, { definition: fixed });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().definition).toEqual(before.definition);
    } finally {
      await shop.db.updateTable("forms").set({ definition: stored.definition }).where("id", "=", 3).execute();
    }
  });
});

describe("entries", () => {
  it("lists with search and status, reads one, exports spreadsheet-safe CSV and deletes", async () => {
    await sendFeedback({ [f(1)]: "2", [f(4)]: '=HYPERLINK("http://evil.example") parcel late' });
    await sendFeedback({ [f(1)]: "5", [f(3)]: "happy@example.com" });
    const all = await owner.get(`${ADMIN}/forms/3/entries`);
    expect(all.json().total).toBe(2);
    const found = await owner.get(`${ADMIN}/forms/3/entries?search=PARCEL`);
    expect(found.json().entries).toHaveLength(1);
    const id = found.json().entries[0].id as number;
    expect(found.json().entries[0].values).toEqual({ 1: "2 / 5", 4: '=HYPERLINK("http://evil.example") parcel late' });
    expect((await owner.get(`${ADMIN}/forms/3/entries?search=50%25`)).json().total).toBe(0);
    expect((await owner.get(`${ADMIN}/forms/3/entries?status=spam`)).json().total).toBe(0);

    const entry = await owner.get(`${ADMIN}/form-entries/${id}`);
    expect(entry.json()).toMatchObject({
      id,
      form_id: 3,
      status: "complete",
      fields: [
        { id: 1, label: "Rating", value: "2 / 5" },
        { id: 2, value: "" },
        { id: 3, value: "" },
        { id: 4, value: '=HYPERLINK("http://evil.example") parcel late' },
        { id: 5, value: "" },
        { id: 6, value: "" },
      ],
      files: [],
    });

    const csv = await owner.get(`${ADMIN}/forms/3/entries.csv`);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="form-3-entries.csv"');
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe(
      `Entry,Date (UTC),Status,${FEEDBACK_FORM.fields.map((field) => (field.label.includes(",") ? `"${field.label}"` : field.label)).join(",")},Total,Currency,Payment`,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"") parcel late"`);

    expect((await owner.request("DELETE", `${ADMIN}/form-entries/${id}`)).statusCode).toBe(204);
    expect((await owner.get(`${ADMIN}/form-entries/${id}`)).json().code).toBe("cw_rest_form_entry_not_found");
    const logged = await shop.db
      .selectFrom("change_log")
      .select(["action", "before"])
      .where("entity", "=", "form_entry")
      .where("entity_id", "=", String(id))
      .execute();
    expect(logged.map((row) => row.action)).toEqual(["delete"]);
    expect(logged[0]?.before).not.toContain("HYPERLINK");
  });

  it("filters by payment status and days, sorts oldest first, and reads an entry's neighbours, payment and signature", async () => {
    const signature = `data:image/png;base64,${Buffer.from("not really a png").toString("base64")}`;
    const stored = async (day: string, values: Record<string, string>, payment: "" | "paid" | "failed") => ({
      id: await insertFormEntry(shop.db, {
        form_id: 2,
        values: JSON.stringify(values),
        payment_total: payment ? 6100 : 0,
        payment_status: payment,
        currency: "USD",
        payment_gateway: payment ? "test-card" : "",
        payment_key: payment ? `form-entry-${day}` : "",
        created_at: `${day}T12:00:00.000Z`,
      }),
    });
    const first = await stored("2026-03-01", { 13: signature }, "paid");
    const second = await stored("2026-03-02", { 13: "Ada Lovelace" }, "failed");
    const third = await stored("2026-03-03", {}, "");
    const ids = async (query: string) =>
      ((await owner.get(`${ADMIN}/forms/2/entries?${query}`)).json().entries as { id: number }[]).map((entry) => entry.id);

    expect(await ids("payment_status=paid")).toEqual([first.id]);
    expect(await ids("payment_status=none")).toEqual([third.id]);
    expect(await ids("from=2026-03-02&to=2026-03-02")).toEqual([second.id]);
    expect(await ids("from=2026-03-02")).toEqual([third.id, second.id]);
    expect(await ids("to=2026-03-02&order=oldest")).toEqual([first.id, second.id]);
    expect((await owner.get(`${ADMIN}/forms/2/entries?from=yesterday`)).statusCode).toBe(400);
    // In the shop's time zone (decision 0086): noon UTC is 1 AM the next day in Auckland's summer (+13:00).
    const { version: _version, ...store } = (await owner.get(`${ADMIN}/settings/store`)).json();
    expect((await owner.request("PUT", `${ADMIN}/settings/store`, { ...store, time_zone: "Pacific/Auckland" })).statusCode).toBe(200);
    try {
      expect(await ids("from=2026-03-03&to=2026-03-03")).toEqual([second.id]);
      expect(await ids("from=2026-03-04")).toEqual([third.id]);
    } finally {
      expect((await owner.request("PUT", `${ADMIN}/settings/store`, store)).statusCode).toBe(200);
    }
    const csv = await owner.get(`${ADMIN}/forms/2/entries.csv?payment_status=failed`);
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(csv.body).toContain("Ada Lovelace");

    const drawn = (await owner.get(`${ADMIN}/form-entries/${first.id}`)).json();
    expect(drawn).toMatchObject({
      payment_status: "paid",
      payment_total: 6100,
      payment_gateway: "test-card",
      payment_key: "form-entry-2026-03-01",
    });
    expect(drawn.older_id).toBeNull();
    expect(drawn.newer_id).toBe(second.id);
    expect(drawn.fields.find((field: { id: number }) => field.id === 13)).toEqual({
      id: 13,
      label: "Signature",
      type: "signature",
      value: "(signed)",
      image: signature,
    });
    const typed = (await owner.get(`${ADMIN}/form-entries/${second.id}`)).json();
    expect(typed).toMatchObject({ older_id: first.id, newer_id: third.id });
    expect(typed.fields.find((field: { id: number }) => field.id === 13)).toEqual({
      id: 13,
      label: "Signature",
      type: "signature",
      value: "Ada Lovelace",
    });

    const forms = (await owner.get(`${ADMIN}/forms`)).json().forms as { id: number; entries: number; last_entry_at: string | null }[];
    expect(forms.find((form) => form.id === 2)).toMatchObject({ entries: 3, last_entry_at: "2026-03-03T12:00:00.000Z" });
    for (const entry of [first, second, third]) await owner.request("DELETE", `${ADMIN}/form-entries/${entry.id}`);
    expect((await owner.get(`${ADMIN}/forms`)).json().forms.find((form: { id: number }) => form.id === 2).last_entry_at).toBeNull();
  });

  it("serves an entry's file as an attachment under a generated name", async () => {
    const entry = { id: await insertFormEntry(shop.db, { form_id: 1 }) };
    const file = await shop.db
      .insertInto("form_files")
      .values({
        entry_id: entry.id,
        field_id: 5,
        file_name: "<b>receipt</b>.pdf",
        content_type: "application/pdf",
        size: SAMPLES.pdf.length,
        data: SAMPLES.pdf,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await owner.get(`${ADMIN}/form-entries/${entry.id}/files/${file.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="entry-${entry.id}-${file.id}.pdf"`);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBe("sandbox");
    expect(response.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect((await owner.get(`${ADMIN}/form-entries/${entry.id}/files/${file.id + 1}`)).statusCode).toBe(404);
  });

  it("keeps showing answers to removed fields, under the label they last had, in the entry and the CSV", async () => {
    const created = await owner.request("POST", `${ADMIN}/forms`, {
      definition: { ...FEEDBACK_FORM, slug: "removals", title: "Removals" },
    });
    const formId = created.json().id as number;
    await sendFeedback({ [f(1)]: "2", [f(3)]: "ada@example.com", [f(4)]: "Parcel late" }, formId);
    // The builder is told how many entries answered each field before it removes one.
    expect((await owner.get(`${ADMIN}/forms/${formId}`)).json().answers).toEqual({ 1: 1, 3: 1, 4: 1 });

    const fields = FEEDBACK_FORM.fields.map((field) => (field.id === 3 ? { ...field, label: "Your email" } : field));
    await owner.request("PUT", `${ADMIN}/forms/${formId}`, { definition: { ...FEEDBACK_FORM, slug: "removals", fields } });
    const kept = fields.filter((field) => field.id !== 3 && field.id !== 4);
    const saved = await owner.request("PUT", `${ADMIN}/forms/${formId}`, {
      definition: { ...FEEDBACK_FORM, slug: "removals", fields: kept },
    });
    expect(saved.statusCode).toBe(200);
    // An answer to a field no logged definition names (written before the log, say) keeps a plain label.
    const older = {
      id: await insertFormEntry(shop.db, { form_id: formId, values: JSON.stringify({ 1: "5", 9: "Left by an old field" }) }),
    };

    const [sent] = (await owner.get(`${ADMIN}/forms/${formId}/entries?order=oldest`)).json().entries as { id: number }[];
    const entry = (await owner.get(`${ADMIN}/form-entries/${sent?.id}`)).json();
    expect(entry.fields.map((field: { id: number }) => field.id)).toEqual([1, 2, 5, 6, 3, 4]);
    expect(entry.fields.slice(4)).toEqual([
      { id: 3, label: "Your email", type: "email", value: "ada@example.com", removed: true },
      { id: 4, label: "What went wrong?", type: "textarea", value: "Parcel late", removed: true },
    ]);
    expect(entry.fields[0]).toEqual({ id: 1, label: "Rating", type: "rating", value: "2 / 5" });
    const unknown = (await owner.get(`${ADMIN}/form-entries/${older.id}`)).json();
    expect(unknown.fields.at(-1)).toEqual({ id: 9, label: "Removed field 9", type: "text", value: "Left by an old field", removed: true });

    const lines = (await owner.get(`${ADMIN}/forms/${formId}/entries.csv`)).body.split("\r\n");
    expect(lines[0]).toBe(
      "Entry,Date (UTC),Status,Rating,How was your visit?,Photo,Best time to call,Your email (removed field),What went wrong? (removed field),Removed field 9,Total,Currency,Payment",
    );
    expect(lines[1]).toContain(",2 / 5,,,,ada@example.com,Parcel late,,");
    expect(lines[2]).toContain(",5 / 5,,,,,,Left by an old field,");
    expect((await owner.request("DELETE", `${ADMIN}/forms/${formId}?force=true`)).statusCode).toBe(204);
  });

  it("refuses to delete a form with entries unless told to (409 with the counts), then deletes them and their files with it", async () => {
    const created = await owner.request("POST", `${ADMIN}/forms`, { definition: { ...FEEDBACK_FORM, slug: "kept-entries" } });
    const formId = created.json().id as number;
    await sendFeedback({ [f(1)]: "4", [f(3)]: "ada@example.com" }, formId);
    const withFile = await insertFormEntry(shop.db, { form_id: formId });
    for (const name of ["one.pdf", "two.pdf"])
      await shop.db
        .insertInto("form_files")
        .values({
          entry_id: withFile,
          field_id: 5,
          file_name: name,
          content_type: "application/pdf",
          size: SAMPLES.pdf.length,
          data: SAMPLES.pdf,
          created_at: new Date().toISOString(),
        })
        .execute();
    const stored = async () => ({
      entries: Number(
        (
          await shop.db
            .selectFrom("form_entries")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("form_id", "=", formId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
      files: Number(
        (
          await shop.db
            .selectFrom("form_files")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("entry_id", "=", withFile)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    // The list counts both, for the console's confirm.
    expect((await owner.get(`${ADMIN}/forms`)).json().forms.find((form: { id: number }) => form.id === formId)).toMatchObject({
      entries: 2,
      files: 2,
    });

    for (const url of [`${ADMIN}/forms/${formId}`, `${ADMIN}/forms/${formId}?force=false`]) {
      const refused = await owner.request("DELETE", url);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "cw_rest_form_has_entries", data: { entries: 2, files: 2 } });
      expect(refused.json().message).toBe(
        "This form has 2 entries with 2 files, which would be deleted with it: send the delete with force=true to delete them too.",
      );
    }
    expect((await owner.get(`${ADMIN}/forms/${formId}`)).statusCode).toBe(200);
    expect(await stored()).toEqual({ entries: 2, files: 2 });
    expect((await owner.request("DELETE", `${ADMIN}/forms/${formId}?force=maybe`)).statusCode).toBe(400);

    expect((await owner.request("DELETE", `${ADMIN}/forms/${formId}?force=true`)).statusCode).toBe(204);
    expect((await owner.get(`${ADMIN}/forms/${formId}`)).statusCode).toBe(404);
    expect(await stored()).toEqual({ entries: 0, files: 0 });
  });

  it("is for the owner only", async () => {
    const guest = new StoreClient(shop.app, "browser");
    expect((await guest.get(`${ADMIN}/forms`)).statusCode).toBe(401);
  });
});

describe("the builder's version", () => {
  it("stays through a visitor's entry, so an open builder can still save", async () => {
    const opened = (await owner.get(`${ADMIN}/forms/3`)).json();
    await sendFeedback({ [f(1)]: "4", [f(3)]: "versions@example.com" });
    const after = (await owner.get(`${ADMIN}/forms/3`)).json();
    expect(after.answers).not.toEqual(opened.answers);
    expect(after.version).toBe(opened.version);
    const saved = await owner.request("PUT", `${ADMIN}/forms/3`, { definition: opened.definition, version: opened.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(opened.version);
  });
});
