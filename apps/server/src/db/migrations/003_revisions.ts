/**
 * Revision counters the database bumps itself on every write to a group of tables, so a
 * process may cache what it reads from them and still see another process's change at once.
 * Triggers (not application code) bump them: every writer is covered, a seed or a SQL console too.
 * A bump sets a fresh random value, never value + 1: a rolled-back write restores the old value,
 * and an increment would then hand the same number to the next, different, change.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "./helpers.ts";

/** Which tables each revision watches. */
export const REVISION_TABLES = {
  settings: ["settings"],
  pricing: ["tax_rates", "shipping_zones", "shipping_zone_locations", "shipping_methods"],
  catalogue: [
    "products",
    "media",
    "product_images",
    "categories",
    "product_categories",
    "tags",
    "product_tags",
    "attributes",
    "attribute_terms",
    "product_attributes",
    "product_attribute_terms",
    "variation_attributes",
    "cross_sells",
  ],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("revisions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "bigint", (c) => c.notNull().defaultTo(1))
    .execute();
  const postgres = isPostgres(db);
  if (postgres) {
    await sql`create function cw_bump_revision() returns trigger language plpgsql as $$
      begin update revisions set value = floor(random() * 4503599627370496)::bigint where name = tg_argv[0]; return null; end $$`.execute(
      db,
    );
  }
  for (const [name, tables] of Object.entries(REVISION_TABLES)) {
    await db
      .insertInto("revisions" as never)
      .values({ name, value: 1 } as never)
      .execute();
    for (const table of tables) {
      if (postgres) {
        // One bump per statement, however many rows it touches.
        await sql
          .raw(`create trigger ${table}_revision after insert or update or delete or truncate on ${table}
                for each statement execute function cw_bump_revision('${name}')`)
          .execute(db);
        continue;
      }
      for (const event of ["insert", "update", "delete"]) {
        await sql
          .raw(`create trigger ${table}_revision_${event} after ${event} on ${table}
                begin update revisions set value = random() >> 11 where name = '${name}'; end`)
          .execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const tables of Object.values(REVISION_TABLES)) {
    for (const table of tables) {
      if (postgres) await sql.raw(`drop trigger if exists ${table}_revision on ${table}`).execute(db);
      else
        for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger if exists ${table}_revision_${event}`).execute(db);
    }
  }
  if (postgres) await sql`drop function if exists cw_bump_revision()`.execute(db);
  await db.schema.dropTable("revisions").ifExists().execute();
}
