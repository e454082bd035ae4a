/**
 * A `webhooks` revision counter (decision 0009), so each process may keep the topics that active
 * webhooks listen to and skip queueing an event no webhook wants (decision 0097, amended): an order
 * placed with no webhook saved costs no statement for its events.
 *
 * It moves when a webhook is added or deleted, or its status or topic is written: what decides which
 * events are queued. Not when the sender counts a failure or records a delivery (`failure_count`,
 * `updated_at` alone), which happens with every delivery and would otherwise, through the cart's
 * stamp of every counter (decision 0015), drop every kept cart reply each time one is sent. On
 * PostgreSQL row triggers (a statement trigger would also fire for the sender's disabling update
 * that matches no row, after every failed attempt), and one statement trigger for a truncate.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "./helpers.ts";

const BUMP_SQLITE = "begin update revisions set value = random() >> 11 where name = 'webhooks'; end";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto("revisions" as never)
    .values({ name: "webhooks", value: 1 } as never)
    .execute();
  if (isPostgres(db)) {
    await sql`create trigger webhooks_revision after insert or delete or update of status, topic on webhooks
              for each row execute function cw_bump_revision('webhooks')`.execute(db);
    await sql`create trigger webhooks_revision_truncate after truncate on webhooks
              for each statement execute function cw_bump_revision('webhooks')`.execute(db);
    return;
  }
  await sql.raw(`create trigger webhooks_revision_insert after insert on webhooks ${BUMP_SQLITE}`).execute(db);
  await sql.raw(`create trigger webhooks_revision_delete after delete on webhooks ${BUMP_SQLITE}`).execute(db);
  await sql.raw(`create trigger webhooks_revision_update after update of status, topic on webhooks ${BUMP_SQLITE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists webhooks_revision on webhooks`.execute(db);
    await sql`drop trigger if exists webhooks_revision_truncate on webhooks`.execute(db);
  } else {
    for (const event of ["insert", "delete", "update"]) await sql.raw(`drop trigger if exists webhooks_revision_${event}`).execute(db);
  }
  await db
    .deleteFrom("revisions" as never)
    .where("name" as never, "=", "webhooks" as never)
    .execute();
}
