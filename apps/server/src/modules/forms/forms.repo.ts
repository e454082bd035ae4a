/** Form rows ↔ FormDefinition, and an entry with its values and files written in one transaction. */
import type { FormDefinition } from "@cartwright/commerce/forms";
import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { FormEntriesTable, FormsTable } from "../../db/schema.ts";

export interface StoredForm {
  id: number;
  slug: string;
  title: string;
  status: Selectable<FormsTable>["status"];
  definition: FormDefinition;
}

export async function allForms(db: Db): Promise<StoredForm[]> {
  const rows = await db.selectFrom("forms").selectAll().orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug, title: row.title, status: row.status, definition: definitionOf(row) }));
}

/** A row's definition as the shop reads it: the row's id and slug win over the document's copies. */
export function definitionOf(row: { id: number; slug: string; definition: string }): FormDefinition {
  return { ...(JSON.parse(row.definition) as FormDefinition), id: row.id, slug: row.slug };
}

export async function insertForm(db: Db, definition: FormDefinition, now: string): Promise<number> {
  const { id: _id, ...document } = definition;
  const row = await db
    .insertInto("forms")
    .values({
      slug: definition.slug,
      title: definition.title,
      definition: JSON.stringify(document),
      status: "published",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewFormFile {
  field_id: number;
  file_name: string;
  content_type: string;
  size: number;
  data: Buffer;
}

/** The entry, one value row per kept field, and its files; returns the entry id. */
/** The entry a form's send stored under its key (decision 0184), if any. */
export function findSubmittedEntry(db: Db, formId: number, key: string) {
  return db
    .selectFrom("form_entries")
    .select(["id", "payment_status"])
    .where("form_id", "=", formId)
    .where("submission_key", "=", key)
    .executeTakeFirst();
}

export async function insertEntry(
  db: Db,
  entry: Insertable<FormEntriesTable>,
  values: { field_id: number; value: string }[],
  files: NewFormFile[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto("form_entries").values(entry).returning("id").executeTakeFirstOrThrow();
    if (values.length)
      await trx
        .insertInto("form_entry_values")
        .values(values.map((v) => ({ ...v, entry_id: id })))
        .execute();
    for (const file of files)
      await trx
        .insertInto("form_files")
        .values({ ...file, entry_id: id, created_at: entry.created_at })
        .execute();
    return id;
  });
}
