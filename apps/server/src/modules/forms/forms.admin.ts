/**
 * The owner's forms and entries (issue 17 "owner API"): forms created, replaced and deleted with
 * their definition checked (`checkDefinition`, every error by path), entries listed with search
 * and filters (status, payment status, a date range), read with their files and neighbours,
 * deleted, and exported as spreadsheet-safe CSV.
 */

import type { FormEntryList, FormEntrySummary } from "@cartwright/commerce/admin";
import {
  checkDefinition,
  entriesCsv,
  entryColumns,
  type FormDefinition,
  type FormField,
  type FormValues,
  fieldText,
} from "@cartwright/commerce/forms";
import { addDays, dayStart, spreadsheetDateTime, zonedColumn } from "@cartwright/commerce/time-zone";
import { sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, sortedKeys, staleEdit } from "../../http/edit-version.ts";
import { StoreError } from "../../http/errors.ts";
import { changeVia } from "../../http/owner-change.ts";
import { pagingOf } from "../../http/paging.ts";
import { definitionOf } from "./forms.repo.ts";
import { findForm } from "./forms.service.ts";

export const formNotFound = () => new StoreError("cw_rest_form_not_found", "No form has this id.", 404);
export const formChanged = (current: string) => staleEdit("cw_rest_form_changed", "form", current);
export const entryNotFound = () => new StoreError("cw_rest_form_entry_not_found", "No form entry (or file of it) has this id.", 404);

function invalidForm(errors: { path: string; message: string }[]): StoreError {
  const params = Object.fromEntries(errors.map((error) => [error.path || "definition", `${error.path || "definition"} ${error.message}`]));
  return new StoreError("rest_invalid_param", `Invalid parameter(s): ${Object.keys(params).join(", ")}`, 400, { params });
}

const nowOf = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();

/**
 * The fingerprint of what the owner edits (decision 0158): its status and definition. Entries and
 * their answer counts are the visitors', so a form sent meanwhile does not make the builder stale.
 * Keys sorted: `checkDefinition` rebuilds a definition in its own key order, and a form saved unchanged keeps its version.
 */
const formVersion = (status: string, definition: FormDefinition) => editVersion({ status, definition: sortedKeys(definition) });

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input);
  if ("errors" in result) throw invalidForm(result.errors);
  return result.definition;
}

async function slugTaken(db: Db, slug: string, except = 0): Promise<boolean> {
  return Boolean(await db.selectFrom("forms").select("id").where("slug", "=", slug).where("id", "!=", except).executeTakeFirst());
}

export async function listForms(ctx: RequestContext) {
  const rows = await ctx.db
    .selectFrom("forms")
    .leftJoin("form_entries", "form_entries.form_id", "forms.id")
    .select(["forms.id", "forms.slug", "forms.title", "forms.status", "forms.updated_at"])
    .select((eb) => eb.fn.count<number | string>("form_entries.id").as("entries"))
    .select((eb) => eb.fn.max("form_entries.created_at").as("last_entry_at"))
    // The files its entries hold, which a delete takes with them (the console's confirm names both).
    .select((eb) =>
      eb
        .selectFrom("form_files as f")
        .innerJoin("form_entries as fe", "fe.id", "f.entry_id")
        .whereRef("fe.form_id", "=", "forms.id")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .as("files"),
    )
    .groupBy(["forms.id", "forms.slug", "forms.title", "forms.status", "forms.updated_at"])
    .orderBy("forms.id")
    .execute();
  return {
    forms: rows.map((row) => ({
      ...row,
      entries: Number(row.entries),
      files: Number(row.files ?? 0),
      last_entry_at: row.last_entry_at ?? null,
    })),
  };
}

export async function readForm(ctx: RequestContext, id: number) {
  const form = await findForm(ctx.db, id);
  if (!form) throw formNotFound();
  // How many entries answered each field, so the builder can say what removing one leaves behind.
  const counted = await ctx.db
    .selectFrom("form_entry_values")
    .innerJoin("form_entries", "form_entries.id", "form_entry_values.entry_id")
    .select("form_entry_values.field_id")
    .select((eb) => eb.fn.countAll<number | string>().as("entries"))
    .where("form_entries.form_id", "=", id)
    .where("form_entry_values.value", "!=", "")
    .groupBy("form_entry_values.field_id")
    .execute();
  const answers = Object.fromEntries(counted.map((row) => [String(row.field_id), Number(row.entries)]));
  return {
    id: form.id,
    slug: form.slug,
    title: form.title,
    status: form.status,
    definition: form.definition,
    answers,
    version: formVersion(form.status, form.definition),
  };
}

/** A field entries answered that the form no longer has; `known` when a logged definition still names it. */
interface RemovedField {
  field: FormField;
  known: boolean;
}

/**
 * The fields of `ids` the form has dropped, each as it last stood in the form's logged definitions
 * (the change log keeps every save's before and after), newest first; one no log names is "Removed field N".
 */
async function removedFields(db: Db, formId: number, ids: Iterable<number>): Promise<RemovedField[]> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  if (wanted.length === 0) return [];
  const found = new Map<number, FormField>();
  const logged = await db
    .selectFrom("change_log")
    .select(["before", "after"])
    .where("entity", "=", "form")
    .where("entity_id", "=", String(formId))
    .orderBy("id", "desc")
    .execute();
  for (const row of logged) {
    for (const text of [row.after, row.before]) {
      const fields = text ? ((JSON.parse(text) as { definition?: { fields?: FormField[] } }).definition?.fields ?? []) : [];
      for (const field of fields) if (wanted.includes(field.id) && !found.has(field.id)) found.set(field.id, field);
    }
    if (found.size === wanted.length) break;
  }
  return wanted.map((id) => {
    const field = found.get(id);
    // Unknown kind: read as text, so a value still shows as the visitor sent it.
    return field
      ? { field, known: true }
      : { field: { id, page: 1, type: "text", label: `Removed field ${id}`, required: false }, known: false };
  });
}

/** Ids an entry holds answers or files for that are not among the form's fields now. */
function droppedIds(kept: FormValues, fileFieldIds: number[], current: FormField[]): number[] {
  const now = new Set(current.map((field) => field.id));
  return [...Object.keys(kept).map(Number), ...fileFieldIds].filter((id) => Number.isInteger(id) && !now.has(id));
}

function actorOf(ctx: RequestContext): number {
  if (!ctx.owner) throw new Error("Owner services need ctx.owner (the owner API's requireOwner hook sets it).");
  return ctx.owner.id;
}

/** Every owner change (DESIGN.md §9): who, when, what, before and after, in the change's own transaction. */
async function logChange(
  db: Db,
  ctx: RequestContext,
  entity: "form" | "form_entry",
  id: number,
  action: "create" | "update" | "delete",
  before: unknown,
  after: unknown,
) {
  await db
    .insertInto("change_log")
    .values({
      actor_id: actorOf(ctx),
      entity,
      entity_id: String(id),
      action,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      created_at: nowOf(ctx),
      via: changeVia(ctx),
    })
    .execute();
}

const formRow = (db: Db, id: number) =>
  db.selectFrom("forms").select(["id", "slug", "title", "status", "definition"]).where("id", "=", id).executeTakeFirst();

/** The form's row locked for a change (PostgreSQL; SQLite serialises write transactions): racing saves take turns. */
function lockedFormRow(db: Db, id: number) {
  let query = db.selectFrom("forms").select(["id", "slug", "title", "status", "definition"]).where("id", "=", id);
  if (isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}
const asLogged = (row: { id: number; slug: string; title: string; status: string; definition: string }) => ({
  ...row,
  definition: JSON.parse(row.definition),
});

/** Creates (id null) or replaces a form; a `version` that is not the stored form's is refused, 409 (decision 0158). */
export async function saveForm(
  ctx: RequestContext,
  id: number | null,
  body: { status?: "published" | "draft"; definition: unknown; version?: string },
) {
  const definition = checked(body.definition);
  const { id: _ignored, ...document } = definition;
  const values = {
    slug: definition.slug,
    title: definition.title,
    definition: JSON.stringify(document),
    status: body.status ?? "published",
    updated_at: nowOf(ctx),
  };
  const savedId = await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const before = id === null ? undefined : await lockedFormRow(db, id);
    if (id !== null && !before) throw formNotFound();
    if (before) checkVersion(body.version, formVersion(before.status, definitionOf(before)), formChanged);
    if (await slugTaken(db, definition.slug, id ?? 0)) throw invalidForm([{ path: "slug", message: "is used by another form" }]);
    let saved = id;
    if (saved === null) {
      saved = (
        await db
          .insertInto("forms")
          .values({ ...values, created_at: values.updated_at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else await db.updateTable("forms").set(values).where("id", "=", saved).execute();
    const after = await formRow(db, saved);
    await logChange(db, ctx, "form", saved, before ? "update" : "create", before ? asLogged(before) : null, after ? asLogged(after) : null);
    return saved;
  });
  return readForm(ctx, savedId);
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 409: a form's entries go only when the call says so (owner audit 2026-12-06, finding 10; decision 0166). */
export const formHasEntries = (entries: number, files: number) =>
  new StoreError(
    "cw_rest_form_has_entries",
    `This form has ${counted(entries, "entry", "entries")}${files ? ` with ${counted(files, "file", "files")}` : ""}, which would be deleted with it: send the delete with force=true to delete them too.`,
    409,
    { entries, files },
  );

/** How many entries a form holds and how many files they hold. */
async function entriesAndFiles(db: Db, formId: number): Promise<{ entries: number; files: number }> {
  const row = await db
    .selectFrom("form_entries as e")
    .leftJoin("form_files as f", "f.entry_id", "e.id")
    .where("e.form_id", "=", formId)
    .select((eb) => [eb.fn.count<number | string>("e.id").distinct().as("entries"), eb.fn.count<number | string>("f.id").as("files")])
    .executeTakeFirst();
  return { entries: Number(row?.entries ?? 0), files: Number(row?.files ?? 0) };
}

/** Deletes a form; one with entries only with `force` (they and their files go with it), else 409 naming how many. */
export async function deleteForm(ctx: RequestContext, id: number, force = false): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    // Locked (PostgreSQL): an entry being sent meanwhile is counted, or waits and then finds no form.
    const before = await lockedFormRow(db, id);
    if (!before) throw formNotFound();
    if (!force) {
      const { entries, files } = await entriesAndFiles(db, id);
      if (entries > 0) throw formHasEntries(entries, files);
    }
    await db.deleteFrom("forms").where("id", "=", id).execute();
    await logChange(db, ctx, "form", id, "delete", asLogged(before), null);
  });
}

export interface EntryFilters {
  search?: string;
  status?: "complete" | "spam";
  /** "none": entries without a payment. */
  payment_status?: "none" | "pending" | "paid" | "failed";
  /** Days (YYYY-MM-DD) in the shop's time zone (decision 0086), both included. */
  from?: string;
  to?: string;
}

export interface EntryQuery extends EntryFilters {
  page: number;
  perPage: number;
  order?: "newest" | "oldest";
}

function entriesQuery(db: Db, formId: number, query: EntryFilters, zone: string) {
  let q = db.selectFrom("form_entries").where("form_id", "=", formId);
  if (query.status) q = q.where("status", "=", query.status);
  if (query.payment_status) q = q.where("payment_status", "=", query.payment_status === "none" ? "" : query.payment_status);
  // Dates are stored as ISO text in UTC: comparing the text orders them on both databases; the days' bounds are the zone's.
  if (query.from) q = q.where("created_at", ">=", dayStart(query.from, zone).toISOString());
  if (query.to) q = q.where("created_at", "<", dayStart(addDays(query.to, 1), zone).toISOString());
  const words = (query.search ?? "").trim();
  if (words) {
    const pattern = `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("form_entry_values")
          .select("form_entry_values.entry_id")
          .whereRef("form_entry_values.entry_id", "=", "form_entries.id")
          // The same escape character on both databases, so "%" and "_" in a search are plain text.
          .where(sql<boolean>`lower(form_entry_values.value) like ${pattern} escape '\\'`),
      ),
    );
  }
  return q;
}

const entrySummary = (row: Omit<FormEntrySummary, "values">): Omit<FormEntrySummary, "values"> => ({
  id: row.id,
  status: row.status,
  payment_total: row.payment_total,
  payment_status: row.payment_status,
  currency: row.currency,
  created_at: row.created_at,
});

export async function listEntries(ctx: RequestContext, formId: number, query: EntryQuery): Promise<FormEntryList> {
  const form = await findForm(ctx.db, formId);
  if (!form) throw formNotFound();
  const base = entriesQuery(ctx.db, formId, query, (await ctx.shopSettings()).timeZone);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  const direction = query.order === "oldest" ? "asc" : "desc";
  const rows = await base
    .selectAll("form_entries")
    .orderBy("form_entries.created_at", direction)
    .orderBy("form_entries.id", direction)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const values = rows.length
    ? await ctx.db
        .selectFrom("form_entry_values")
        .selectAll()
        .where(
          "entry_id",
          "in",
          rows.map((row) => row.id),
        )
        .execute()
    : [];
  return {
    entries: rows.map((row) => ({
      ...entrySummary(row),
      values: Object.fromEntries(values.filter((v) => v.entry_id === row.id).map((v) => [String(v.field_id), v.value])),
    })),
    ...pagingOf(Number(total), query.page, query.perPage),
  };
}

/** A drawn signature as the validator keeps it: a PNG data URL, nothing else (the console shows it as an image). */
const SIGNATURE_IMAGE = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export async function readEntry(ctx: RequestContext, id: number) {
  const row = await ctx.db.selectFrom("form_entries").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw entryNotFound();
  const form = await findForm(ctx.db, row.form_id);
  const kept = JSON.parse(row.values) as FormValues;
  const neighbour = (direction: "<" | ">") =>
    ctx.db
      .selectFrom("form_entries")
      .select("id")
      .where("form_id", "=", row.form_id)
      .where("id", direction, id)
      .orderBy("id", direction === "<" ? "desc" : "asc")
      .limit(1)
      .executeTakeFirst();
  const [older, newer] = await Promise.all([neighbour("<"), neighbour(">")]);
  const files = await ctx.db
    .selectFrom("form_files")
    .select(["id", "field_id", "file_name", "content_type", "size"])
    .where("entry_id", "=", id)
    .orderBy("id")
    .execute();
  const columns = form ? entryColumns(form.definition) : [];
  const removed = await removedFields(
    ctx.db,
    row.form_id,
    droppedIds(
      kept,
      files.map((file) => file.field_id),
      columns,
    ),
  );
  return {
    ...entrySummary(row),
    form_id: row.form_id,
    // Every field that can hold a value, in form order: an empty one is "" (hidden by logic, or left blank);
    // then the fields removed since that this entry answered, marked `removed`, so no answer is lost from view.
    fields: [...columns.map((field) => ({ field, removed: false })), ...removed.map(({ field }) => ({ field, removed: true }))].map(
      ({ field, removed }) => {
        const value = kept[String(field.id)];
        const image = field.type === "signature" && typeof value === "string" && SIGNATURE_IMAGE.test(value) ? value : undefined;
        return {
          id: field.id,
          label: field.label,
          type: field.type,
          value: fieldText(field, value),
          ...(image ? { image } : {}),
          ...(removed ? { removed } : {}),
        };
      },
    ),
    payment_gateway: row.payment_gateway,
    payment_key: row.payment_key,
    payment_reference: row.payment_reference,
    older_id: older?.id ?? null,
    newer_id: newer?.id ?? null,
    visitor_id: row.visitor_id,
    start_timestamp: row.start_timestamp,
    end_timestamp: row.end_timestamp,
    page_url: row.page_url,
    ip: row.ip,
    user_agent: row.user_agent,
    files: files.map((file) => ({ ...file, url: `/api/admin/v1/form-entries/${id}/files/${file.id}` })),
  };
}

export async function deleteEntry(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const before = await db
      .selectFrom("form_entries")
      .select(["id", "form_id", "status", "created_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) throw entryNotFound();
    await db.deleteFrom("form_entries").where("id", "=", id).execute();
    // The entry's values are the visitor's: the log keeps only which entry went.
    await logChange(db, ctx, "form_entry", id, "delete", before, null);
  });
}

export async function entryFile(ctx: RequestContext, entryId: number, fileId: number) {
  const file = await ctx.db
    .selectFrom("form_files")
    .select(["id", "file_name", "content_type", "data"])
    .where("id", "=", fileId)
    .where("entry_id", "=", entryId)
    .executeTakeFirst();
  if (!file) throw entryNotFound();
  const dot = file.file_name.lastIndexOf(".");
  const extension =
    dot > 0
      ? file.file_name
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 10)
      : "";
  return {
    contentType: file.content_type,
    downloadName: `entry-${entryId}-${file.id}${extension ? `.${extension}` : ""}`,
    data: Buffer.from(file.data),
  };
}

/** A stored total as a spreadsheet reads money: "61.00" in the entry's currency (its own number of decimals). */
function decimalAmount(minor: number, currencyCode: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code keeps two decimals.
  }
  return (minor / 10 ** digits).toFixed(digits);
}

/** Every entry matching the filters, one column per field that holds values, neutralised for spreadsheets. */
export async function entriesExport(ctx: RequestContext, formId: number, query: EntryFilters): Promise<string> {
  const form = await findForm(ctx.db, formId);
  if (!form) throw formNotFound();
  const current = entryColumns(form.definition);
  const { timeZone } = await ctx.shopSettings();
  const rows = await entriesQuery(ctx.db, formId, query, timeZone).selectAll("form_entries").orderBy("form_entries.id").execute();
  const parsed = rows.map((row) => JSON.parse(row.values) as FormValues);
  // Answers to fields removed since get columns of their own after the form's, headed so they are not taken for current ones.
  const removed = await removedFields(
    ctx.db,
    formId,
    parsed.flatMap((kept) => droppedIds(kept, [], current)),
  );
  const columns = [...current, ...removed.map(({ field }) => field)];
  const headings = [
    ...current.map((field) => field.label),
    ...removed.map(({ field, known }) => (known ? `${field.label} (removed field)` : field.label)),
  ];
  return entriesCsv(
    // The times the entries list shows, on the shop's clock, the header naming its zone (decision 0149).
    ["Entry", zonedColumn("Date", timeZone), "Status", ...headings, "Total", "Currency", "Payment"],
    rows.map((row, index) => {
      const kept = parsed[index] ?? {};
      return [
        row.id,
        spreadsheetDateTime(row.created_at, timeZone),
        row.status,
        ...columns.map((field) => fieldText(field, kept[String(field.id)])),
        decimalAmount(row.payment_total, row.currency),
        row.currency,
        row.payment_status,
      ];
    }),
  );
}
