/** A form entry row written straight into a test shop's database, for dates and payments a submission cannot set. */
import { defaultFormSettings } from "@cartwright/commerce/forms";
import type { Insertable } from "kysely";
import type { Db } from "../apps/server/src/db/index.ts";
import type { Database } from "../apps/server/src/db/schema.ts";

type EntryFields = Partial<Insertable<Database["form_entries"]>> & { form_id: number };

/** A complete entry with no payment and no visitor details unless `fields` set them, made now; answers its id. */
export async function insertFormEntry(db: Db, fields: EntryFields): Promise<number> {
  const row = await db
    .insertInto("form_entries")
    .values({
      status: "complete",
      values: "{}",
      payment_total: 0,
      payment_status: "",
      currency: "",
      visitor_id: "",
      start_timestamp: "",
      end_timestamp: "",
      page_url: "",
      ip: "",
      user_agent: "",
      created_at: new Date().toISOString(),
      ...fields,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A one-field form's definition (one optional text field), for tests that need a form to hold entries. */
export const oneFieldForm = (slug: string) => ({
  slug,
  title: slug,
  pages: [{ title: "" }],
  fields: [{ id: 1, page: 1, type: "text", label: "Message", required: false }],
  settings: defaultFormSettings(),
});
