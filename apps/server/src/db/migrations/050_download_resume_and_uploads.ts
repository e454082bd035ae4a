/**
 * Downloads (decision 0100, amended):
 * - `download_permissions.resume_reached`: how far the sending of the link's last counted download
 *   has reached, in bytes from the file's start (its continuations included); a range may continue
 *   that download only at or a little before that point. null: no counted download yet, or one
 *   counted before this migration (it is resumed by nobody: the grace was a day, now an hour).
 * - `download_upload_chunks` (decision 0110): an owner's upload of a download file, stored chunk by
 *   chunk as it arrives, each chunk in its own short statement; moved into `download_file_chunks`
 *   with the file's row in one transaction once the upload ended well, deleted when it did not.
 */
import type { Kysely } from "kysely";
import { binaryType, notNull } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("download_permissions").addColumn("resume_reached", "integer").execute();
  await db.schema
    .createTable("download_upload_chunks")
    .addColumn("upload_id", "text", notNull)
    .addColumn("seq", "integer", notNull)
    .addColumn("data", binaryType(db), notNull)
    .addColumn("created_at", "text", notNull)
    .addPrimaryKeyConstraint("download_upload_chunks_pk", ["upload_id", "seq"])
    .execute();
  await db.schema.createIndex("download_upload_chunks_created").on("download_upload_chunks").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("download_upload_chunks").ifExists().execute();
  await db.schema.alterTable("download_permissions").dropColumn("resume_reached").execute();
}
