/**
 * Contact-us messages in the database: the message and its files (bytes included, so every
 * process serves them) written in one transaction, and the owner's inbox queries (decision 0023).
 * The widget a message names is read through the widget's own repo (reports.ts widgetOfCall).
 */
import { type Insertable, type Selectable, sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import type { ContactMessageFilesTable, ContactMessagesTable } from "../../db/schema.ts";

export type MessageRow = Selectable<ContactMessagesTable>;
export type NewMessage = Omit<Insertable<ContactMessagesTable>, "id" | "read_at">;
export type NewMessageFile = Omit<Insertable<ContactMessageFilesTable>, "id" | "message_id" | "created_at">;

/** One stored custom field: files are named by their file ids (comma-separated) once stored. */
export interface StoredCustomField {
  slug: string;
  label: string;
  type: string;
  value: string;
}

/** The message and its files in one transaction; the file fields' values become their file ids. */
export async function insertMessage(
  db: Db,
  message: NewMessage,
  customFields: StoredCustomField[],
  files: NewMessageFile[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("contact_messages")
      .values({ ...message, custom_fields: JSON.stringify(customFields) })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!files.length) return id;
    const stored = await trx
      .insertInto("contact_message_files")
      .values(files.map((file) => ({ ...file, message_id: id, created_at: message.created_at })))
      .returning(["id", "field"])
      .execute();
    const named = customFields.map((field) =>
      field.type === "file"
        ? {
            ...field,
            value: stored
              .filter((file) => file.field === field.slug)
              .map((file) => file.id)
              .sort((a, b) => a - b)
              .join(","),
          }
        : field,
    );
    await trx
      .updateTable("contact_messages")
      .set({ custom_fields: JSON.stringify(named) })
      .where("id", "=", id)
      .execute();
    return id;
  });
}

/** The owner account's address, for the new-message notice when SHOP_OWNER_EMAIL is not set (the e-mails module's). */
export { ownerAccountEmail } from "../emails/index.ts";

export interface MessageFilter {
  widgetId?: number;
  search?: string;
  unread?: boolean;
  page: number;
  perPage: number;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of messages, newest first, with how many files each has and how many match in all. */
export async function listMessages(db: Db, filter: MessageFilter): Promise<{ rows: (MessageRow & { files: number })[]; total: number }> {
  let query = db.selectFrom("contact_messages");
  if (filter.widgetId !== undefined) query = query.where("widget_id", "=", filter.widgetId);
  if (filter.unread) query = query.where("read_at", "is", null);
  const search = filter.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    // Custom fields are searched by their values only, not the JSON's keys, labels or types.
    const customValue = isPostgres(db)
      ? sql<boolean>`exists (select 1 from jsonb_array_elements(contact_messages.custom_fields::jsonb) as f
          where lower(f->>'value') like ${pattern} escape '\\')`
      : sql<boolean>`exists (select 1 from json_each(contact_messages.custom_fields)
          where lower(json_extract(json_each.value, '$.value')) like ${pattern} escape '\\')`;
    query = query.where((eb) =>
      eb.or([
        ...(["name", "email", "phone", "message"] as const).map((column) =>
          eb(sql`lower(${sql.ref(`contact_messages.${column}`)})`, "like", sql`${pattern} escape '\\'`),
        ),
        eb(customValue, "=", sql<boolean>`true`),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    query
      .selectAll("contact_messages")
      .select((eb) =>
        eb
          .selectFrom("contact_message_files")
          .select((inner) => inner.fn.countAll<number | string>().as("n"))
          .whereRef("contact_message_files.message_id", "=", "contact_messages.id")
          .as("files"),
      )
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
  ]);
  return { rows: rows.map((row) => ({ ...row, files: Number(row.files ?? 0) })), total: Number(total) };
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The files of a message without their bytes. */
export async function messageFiles(db: Db, messageId: number) {
  return db
    .selectFrom("contact_message_files")
    .select(["id", "field", "file_name", "content_type", "size"])
    .where("message_id", "=", messageId)
    .orderBy("id")
    .execute();
}

export async function findFile(db: Db, messageId: number, fileId: number) {
  return db
    .selectFrom("contact_message_files")
    .select(["id", "content_type", "data", "file_name"])
    .where("message_id", "=", messageId)
    .where("id", "=", fileId)
    .executeTakeFirst();
}

/** Marks read (now) or unread (null); false when there is no such message. */
export async function setRead(db: Db, id: number, readAt: string | null): Promise<boolean> {
  const result = await db.updateTable("contact_messages").set({ read_at: readAt }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks read only what is unread, so the first reading time stays. */
export async function markReadOnce(db: Db, id: number, readAt: string): Promise<void> {
  await db.updateTable("contact_messages").set({ read_at: readAt }).where("id", "=", id).where("read_at", "is", null).execute();
}

/** One owner change in the change log (DESIGN.md §9), in the caller's transaction. */
export async function logChange(
  db: Db,
  change: {
    actorId: number;
    entityId: number;
    action: "update" | "delete";
    before: unknown;
    after: unknown;
    at: string;
    via?: string | null;
  },
): Promise<void> {
  await db
    .insertInto("change_log")
    .values({
      actor_id: change.actorId,
      entity: "contact_message",
      entity_id: String(change.entityId),
      action: change.action,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
      created_at: change.at,
      via: change.via ?? null,
    })
    .execute();
}

/** Deletes the message and its files with its change-log row, in one transaction; false when missing. */
export async function deleteMessage(db: Db, id: number, actorId: number, at: string, via: string | null = null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await findMessage(trx, id);
    if (!before) return false;
    const files = await messageFiles(trx, id);
    await trx.deleteFrom("contact_message_files").where("message_id", "=", id).execute();
    await trx.deleteFrom("contact_messages").where("id", "=", id).execute();
    await logChange(trx, { actorId, entityId: id, action: "delete", before: { ...before, files }, after: null, at, via });
    return true;
  });
}

/** Changes the read state with its change-log row; false when missing. */
export async function changeRead(
  db: Db,
  id: number,
  read: boolean,
  actorId: number,
  at: string,
  via: string | null = null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await findMessage(trx, id);
    if (!before) return false;
    const readAt = read ? (before.read_at ?? at) : null;
    if (readAt === before.read_at) return true;
    await setRead(trx, id, readAt);
    await logChange(trx, {
      actorId,
      entityId: id,
      action: "update",
      before: { read_at: before.read_at },
      after: { read_at: readAt },
      at,
      via,
    });
    return true;
  });
}
