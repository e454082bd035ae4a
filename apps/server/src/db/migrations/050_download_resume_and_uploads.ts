/**
 * Downloads (decision 0100, amended):
 * - `download_permissions.resume_reached`: how far the sending of the link's last counted download
 *   has reached, in bytes from the file's start (its continuations included); a range may continue
 *   that download only at or a little before that point. null: no counted download yet, or one
 *   counted before this migration (it is resumed by nobody: the grace was a day, now an hour).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("download_permissions").addColumn("resume_reached", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("download_permissions").dropColumn("resume_reached").execute();
}
