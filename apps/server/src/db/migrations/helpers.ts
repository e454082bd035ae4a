/** Column helpers that differ between SQLite and PostgreSQL. */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from "kysely";

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith("Postgres");
}

/** An auto-incrementing integer primary key named id. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, "id"> {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

export function binaryType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`bytea` : sql`blob`;
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * A revision counter (decision 0009) that any write to `table` moves, in either dialect: a
 * statement trigger on PostgreSQL (cw_bump_revision, migration 003), row triggers on SQLite.
 */
export async function addRevisionCounter(db: Kysely<unknown>, name: string, table: string): Promise<void> {
  await db
    .insertInto("revisions" as never)
    .values({ name, value: 1 } as never)
    .execute();
  await addRevisionTrigger(db, name, table);
}

/** Makes any write to `table` move the existing revision `name` too (a new table an existing cache reads). */
export async function addRevisionTrigger(db: Kysely<unknown>, name: string, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(`create trigger ${table}_revision after insert or update or delete or truncate on ${table}
            for each statement execute function cw_bump_revision('${name}')`)
      .execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql
      .raw(`create trigger ${table}_revision_${event} after ${event} on ${table}
            begin update revisions set value = random() >> 11 where name = '${name}'; end`)
      .execute(db);
  }
}

/** Undoes addRevisionTrigger. */
export async function dropRevisionTrigger(db: Kysely<unknown>, table: string): Promise<void> {
  if (isPostgres(db)) await sql.raw(`drop trigger if exists ${table}_revision on ${table}`).execute(db);
  else for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger if exists ${table}_revision_${event}`).execute(db);
}

/** Undoes addRevisionCounter. */
export async function dropRevisionCounter(db: Kysely<unknown>, name: string, table: string): Promise<void> {
  await dropRevisionTrigger(db, table);
  await db
    .deleteFrom("revisions" as never)
    .where("name" as never, "=", name as never)
    .execute();
}
