/**
 * The owner's inbox of contact messages (owner API, issue 16): a page of messages with search and
 * filters, one message with its fields and files (reading it marks it read), the read state, and
 * deletion; each owner change goes into the change log (DESIGN.md §9).
 */

import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { changeVia } from "../../http/owner-change.ts";
import { pagingOf } from "../../http/paging.ts";
import * as repo from "./messages.repo.ts";

export const messageErrors = {
  notFound: () => new StoreError("cw_rest_message_not_found", "No contact message has that id.", 404),
};

const at = (ctx: RequestContext) => (ctx.now ?? new Date()).toISOString();
const actor = (ctx: RequestContext) => ctx.owner?.id ?? 0;

/** The first words of a message, on one line, for the list. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

export interface InboxQuery {
  widgetId?: number;
  search?: string;
  unread?: boolean;
  page: number;
  perPage: number;
}

export async function listInbox(ctx: RequestContext, query: InboxQuery) {
  const { rows, total } = await repo.listMessages(ctx.db, query);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      widget_id: row.widget_id,
      channel_index: row.channel_index,
      name: row.name,
      email: row.email,
      phone: row.phone,
      excerpt: excerpt(row.message),
      files: row.files,
      created_at: row.created_at,
      read: row.read_at !== null,
    })),
    ...pagingOf(total, query.page, query.perPage),
  };
}

/** Where the owner downloads a file (the owner API's own path). */
export const fileUrl = (messageId: number, fileId: number) => `/api/admin/v1/contact-messages/${messageId}/files/${fileId}`;

async function fullMessage(ctx: RequestContext, id: number) {
  const row = await repo.findMessage(ctx.db, id);
  if (!row) throw messageErrors.notFound();
  const files = await repo.messageFiles(ctx.db, id);
  return {
    id: row.id,
    widget_id: row.widget_id,
    channel_index: row.channel_index,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    custom_fields: JSON.parse(row.custom_fields) as repo.StoredCustomField[],
    ref_url: row.ref_url,
    page_id: row.page_id,
    page_title: row.page_title,
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: row.created_at,
    read: row.read_at !== null,
    read_at: row.read_at,
    files: files.map((file) => ({ ...file, url: fileUrl(id, file.id) })),
  };
}

/** One message; reading it marks it read (the first reading time is kept). */
export async function readMessage(ctx: RequestContext, id: number) {
  await repo.markReadOnce(ctx.db, id, at(ctx));
  return fullMessage(ctx, id);
}

export async function setMessageRead(ctx: RequestContext, id: number, read: boolean) {
  if (!(await repo.changeRead(ctx.db, id, read, actor(ctx), at(ctx), changeVia(ctx)))) throw messageErrors.notFound();
  return fullMessage(ctx, id);
}

export async function deleteMessage(ctx: RequestContext, id: number): Promise<void> {
  if (!(await repo.deleteMessage(ctx.db, id, actor(ctx), at(ctx), changeVia(ctx)))) throw messageErrors.notFound();
}

/** A file's bytes with the name it is downloaded under: generated, never the visitor's. */
export async function messageFile(ctx: RequestContext, messageId: number, fileId: number) {
  const file = await repo.findFile(ctx.db, messageId, fileId);
  if (!file) throw messageErrors.notFound();
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.file_name)?.[1]?.toLowerCase() ?? "bin";
  return { data: Buffer.from(file.data), contentType: file.content_type, downloadName: `message-${messageId}-${fileId}.${extension}` };
}
