/** Migration 043 on a shop with files uploaded before it: their bytes move into chunk rows with their SHA-256, a permission's line may be empty; down puts them back. */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../index.ts";
import { CHUNK_BYTES, down, up } from "./043_download_chunks.ts";

describe("migration 043", () => {
  it("splits an existing file into chunks, lets a permission have no line with foreign keys on again, and goes down again", async () => {
    const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
    await migrateToLatest(db);
    await down(db as never);
    const bytes = randomBytes(2 * CHUNK_BYTES + 7);
    const product = await db.selectFrom("products").select("id").executeTakeFirst();
    const productId =
      product?.id ??
      Number(
        (
          await sql<{
            id: number;
          }>`insert into products (name, slug, type, status, created_at, updated_at) values ('E-book', 'e-book', 'simple', 'publish', '2026-01-01', '2026-01-01') returning id`.execute(
            db,
          )
        ).rows[0]?.id,
      );
    await sql`insert into download_files (product_id, name, position, file_name, content_type, size, data, created_at)
      values (${productId}, 'Book', 0, 'book.pdf', 'application/pdf', ${bytes.length}, ${bytes}, '2026-01-01T00:00:00.000Z')`.execute(db);
    await up(db as never);
    const file = await db.selectFrom("download_files").select(["id", "digest", "chunk_bytes"]).executeTakeFirstOrThrow();
    expect(file.digest).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(file.chunk_bytes).toBe(CHUNK_BYTES);
    const chunks = await db
      .selectFrom("download_file_chunks")
      .select(["seq", "data"])
      .where("file_id", "=", file.id)
      .orderBy("seq")
      .execute();
    expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2]);
    expect(Buffer.concat(chunks.map((c) => Buffer.from(c.data))).equals(bytes)).toBe(true);
    const columns = await sql<{ name: string; notnull: number }>`pragma table_info(download_permissions)`.execute(db);
    expect(columns.rows.find((c) => c.name === "order_item_id")?.notnull).toBe(0);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);

    await down(db as never);
    const back = await sql<{ data: Uint8Array }>`select data from download_files`.execute(db);
    expect(Buffer.from(back.rows[0]?.data ?? new Uint8Array()).equals(bytes)).toBe(true);
    await up(db as never);
    await db.destroy();
  });
});
