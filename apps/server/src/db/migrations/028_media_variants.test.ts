/** Migration 028 on a shop seeded before it: the demo's drawings get their size and hash, so their resized files can be named. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { productSvg } from "../../seed/images.ts";
import { migrateToLatest, openDatabase } from "../index.ts";
import { down, up } from "./028_media_variants.ts";

describe("migration 028", () => {
  it("fills an existing image's width, height and hash, and goes down again", async () => {
    const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
    await migrateToLatest(db);
    await down(db as never);
    const svg = new TextEncoder().encode(productSvg("Beanie", "#334e68", "#f0b429"));
    await sql`insert into media (filename, content_type, alt, bytes, created_at) values ('beanie.svg', 'image/svg+xml', 'Beanie', ${svg}, '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await up(db as never);
    const row = await db.selectFrom("media").select(["width", "height", "hash"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 600, height: 600, hash: expect.stringMatching(/^[0-9a-f]{10}$/) });
    expect(await db.selectFrom("media_variants").selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
