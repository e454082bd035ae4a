/**
 * Downloads streamed and resumable (decision 0100): a download file's bytes move into rows of at
 * most 256 KiB (`download_file_chunks`), so a download reads one chunk at a time however large
 * the file is; the file keeps its SHA-256 (its ETag) and the size of its chunks. A permission may
 * belong to the order rather than to one of its lines (`order_item_id` null): the owner's grant of
 * a downloadable product that is not on the order; one such permission per order and file.
 */
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { binaryType, isPostgres, notNull } from "./helpers.ts";

/** Bytes in each chunk row of a file uploaded from now on (decision 0100 gives the measurement). */
export const CHUNK_BYTES = 256 * 1024;

type Row = Record<string, unknown>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("download_file_chunks")
    .addColumn("file_id", "integer", (c) => c.notNull().references("download_files.id").onDelete("cascade"))
    .addColumn("seq", "integer", notNull)
    .addColumn("data", binaryType(db), notNull)
    .addPrimaryKeyConstraint("download_file_chunks_pk", ["file_id", "seq"])
    .execute();
  await db.schema
    .alterTable("download_files")
    .addColumn("digest", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("download_files")
    .addColumn("chunk_bytes", "integer", (c) => c.notNull().defaultTo(CHUNK_BYTES))
    .execute();
  // Files already uploaded: one at a time, so the migration holds one file in memory at most.
  const ids = await sql<{ id: number }>`select id from download_files order by id`.execute(db);
  for (const { id } of ids.rows) {
    const file = await sql<{ data: Uint8Array }>`select data from download_files where id = ${id}`.execute(db);
    const data = Buffer.from(file.rows[0]?.data ?? new Uint8Array());
    for (let seq = 0; seq * CHUNK_BYTES < data.length; seq++)
      await sql`insert into download_file_chunks (file_id, seq, data) values (${id}, ${seq}, ${data.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES)})`.execute(
        db,
      );
    const digest = createHash("sha256").update(data).digest("hex");
    await sql`update download_files set digest = ${digest}, chunk_bytes = ${CHUNK_BYTES} where id = ${id}`.execute(db);
  }
  await db.schema.alterTable("download_files").dropColumn("data").execute();

  if (isPostgres(db)) {
    await sql`alter table download_permissions alter column order_item_id drop not null`.execute(db);
  } else {
    await rebuildPermissionsSqlite(db, "");
  }
  // A grant that is the order's, not a line's: once per order and file, as a line's is once per line and file.
  await db.schema
    .createIndex("download_permissions_order_file")
    .unique()
    .on("download_permissions")
    .columns(["order_id", "file_id"])
    .where(sql.ref("order_item_id"), "is", null)
    .execute();
}

/**
 * SQLite cannot drop a NOT NULL: the table is made again (its documented twelve steps), with
 * foreign keys off so dropping the old table neither cascades to download_log nor is refused.
 * SQLite migrations run outside a transaction (Kysely: no transactional DDL), where the pragma applies.
 */
async function rebuildPermissionsSqlite(db: Kysely<unknown>, itemConstraint: string): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql
      .raw(`create table download_permissions_next (
        id integer primary key autoincrement,
        download_key text not null,
        order_id integer not null references orders(id) on delete cascade,
        order_item_id integer ${itemConstraint} references order_items(id) on delete cascade,
        file_id integer not null references download_files(id) on delete cascade,
        product_id integer not null,
        customer_id integer,
        email text not null,
        downloads_remaining integer,
        access_expires text,
        download_count integer not null default 0,
        granted_at text not null)`)
      .execute(db);
    const columns =
      "id, download_key, order_id, order_item_id, file_id, product_id, customer_id, email, downloads_remaining, access_expires, download_count, granted_at";
    await sql.raw(`insert into download_permissions_next (${columns}) select ${columns} from download_permissions`).execute(db);
    await sql`drop table download_permissions`.execute(db);
    await sql`alter table download_permissions_next rename to download_permissions`.execute(db);
    await db.schema.createIndex("download_permissions_key").unique().on("download_permissions").column("download_key").execute();
    await db.schema
      .createIndex("download_permissions_line_file")
      .unique()
      .on("download_permissions")
      .columns(["order_item_id", "file_id"])
      .execute();
    await db.schema.createIndex("download_permissions_order").on("download_permissions").column("order_id").execute();
    await db.schema.createIndex("download_permissions_customer").on("download_permissions").column("customer_id").execute();
    await db.schema.createIndex("download_permissions_file").on("download_permissions").column("file_id").execute();
    const broken = await sql<Row>`pragma foreign_key_check`.execute(db);
    if (broken.rows.length) throw new Error(`migration 043: ${broken.rows.length} rows break a foreign key`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("download_permissions_order_file").ifExists().execute();
  // Order-level grants have no line to belong to in the older shape.
  await sql`delete from download_permissions where order_item_id is null`.execute(db);
  if (isPostgres(db)) await sql`alter table download_permissions alter column order_item_id set not null`.execute(db);
  else await rebuildPermissionsSqlite(db, "not null");
  await db.schema
    .alterTable("download_files")
    .addColumn("data", binaryType(db), (c) => c.notNull().defaultTo(sql`${isPostgres(db) ? sql`'\\x'::bytea` : sql`x''`}`))
    .execute();
  const ids = await sql<{ id: number }>`select id from download_files order by id`.execute(db);
  for (const { id } of ids.rows) {
    const chunks = await sql<{ data: Uint8Array }>`select data from download_file_chunks where file_id = ${id} order by seq`.execute(db);
    const data = Buffer.concat(chunks.rows.map((c) => Buffer.from(c.data)));
    await sql`update download_files set data = ${data} where id = ${id}`.execute(db);
  }
  await db.schema.dropTable("download_file_chunks").execute();
  await db.schema.alterTable("download_files").dropColumn("chunk_bytes").execute();
  await db.schema.alterTable("download_files").dropColumn("digest").execute();
}
