import { expect, it } from "vitest";
import { createTestShop } from "../../../../../test/app.ts";
import { down, up } from "./050_download_resume_and_uploads.ts";

/**
 * Migration 050 down and up again, on SQLite and PostgreSQL: the staged uploads' table goes and comes back,
 * and the permissions' reach column with it (SQLite drops a column without an index on it).
 */
it("goes down and up again", async () => {
  const shop = await createTestShop({ rateLimit: false });
  await down(shop.db as never);
  await expect(shop.db.selectFrom("download_upload_chunks").selectAll().execute()).rejects.toThrow();
  await expect(shop.db.selectFrom("download_permissions").select("resume_reached").execute()).rejects.toThrow();
  await up(shop.db as never);
  await shop.db
    .insertInto("download_upload_chunks")
    .values({ upload_id: "u", seq: 0, data: Buffer.from("bytes"), created_at: new Date().toISOString() })
    .execute();
  const staged = await shop.db.selectFrom("download_upload_chunks").select("data").executeTakeFirstOrThrow();
  expect(Buffer.from(staged.data).toString()).toBe("bytes");
  expect(await shop.db.selectFrom("download_permissions").select("resume_reached").execute()).toEqual([]);
  await shop.close();
});
